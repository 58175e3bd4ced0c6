% imshow figures at one pixel per element: a gray gradient with the default range
% (0..255), an explicit range, the automatic range [], and an RGB cube (run_figures.py).
g = zeros(4, 6)
for i = 0..3
    for j = 0..5
        g[i, j] = j * 40 + i
    endfor
endfor
h = imshow(g)
figure()
imshow(g, [0, 100])
figure()
imshow(g, [])
figure()
c = zeros(3, 5, 3)
for i = 0..2
    for j = 0..4
        c[i, j, :] = [i * 50, j * 30, 300 - j]
    endfor
endfor
imshow(c)
figure(7)
imshow(g)
title("gradient")
print h.id, " ", hold("on")
