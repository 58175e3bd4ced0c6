% Quasar's imshow opens a new window per call unless hold("on"), which "will make sure that
% the image is updated in the current display window" (CUDA guide, OpenGL interop); the
% demos' `fig0 = imshow(a); fig1 = imshow(b); fig0.connect(fig1)` links two windows.
% figure() and subplot() choose where the next imshow draws.
a = imshow(zeros(2, 2))
% expect warning: line 5: imshow: no display; figures are not shown
b = imshow(ones(2, 2))
a.connect(b)
print a.id, " ", b.id
% expect: 1 2
hold("on")
print imshow(ones(2, 2)).id, " ", imshow(ones(2, 2)).id
% expect: 2 2
hold("off")
figure(1)
print imshow(ones(2, 2)).id, " ", imshow(ones(2, 2)).id
% expect: 1 3
s = subplot(1, 2, 1)
imshow(ones(2, 2))
subplot(1, 2, 2)
print imshow(ones(2, 2)).id, " ", s.id
% expect: 3 3
