% run: dump
% pins: .* ./ share the level of * /, .^ that of ^
a = x .* y + z ./ w
b = x * y .* z
c = x .^ 2 .* y
d = x ./ y ./ z
% expect: (= a (+ (.* x y) (./ z w)))
% expect: (= b (.* (* x y) z))
% expect: (= c (.* (.^ x 2) y))
% expect: (= d (./ (./ x y) z))
