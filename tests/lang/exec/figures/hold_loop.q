% The plotting loop of real Quasar programs: hold("on") says whether the window is still
% open; without a display it is 0, so the loop runs once and ends. plot warns once.
x = [0.1..0.1..1]
n = 0
repeat
    plot(x, x .* x)
    n += 1
until !hold("on")
print n, " ", hold("off")
% expect: 1 0
% expect warning: line 6: plot: no display; figures are not shown
