% imshow, figure, subplot and plot return a figure handle with the figure's number;
% figure(n) selects or creates figure n; h.connect(other) links two figures. Without a
% display each drawing function warns once per run, however often it is called. Each
% imshow without hold("on") opens a new figure (imshow_new_window.q).
im = zeros(4, 4)
for k = 1..3
    h = imshow(im)
endfor
% expect warning: line 7: imshow: no display; figures are not shown
print h.id
% expect: 3
f = figure()
print f.id, " ", figure(5).id, " ", figure(f).id, " ", figure().id
% expect: 4 5 4 6
s = subplot(2, 2, 3)
print s.id
% expect: 6
title("t")
xlabel("x")
ylabel("y")
legend("a", "b")
legend({"a", "b"})
f.connect(h)
print type(h.connect)
% expect: function
