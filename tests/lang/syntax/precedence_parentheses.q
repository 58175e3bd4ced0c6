% run: dump
% pins: parentheses override precedence and leave no node
a = (x + y) * z
b = -(x^2)
c = (-x)^2
d = ((x))
e = 2^(1..7)
% expect: (= a (* (+ x y) z))
% expect: (= b (neg (^ x 2)))
% expect: (= c (^ (neg x) 2))
% expect: (= d x)
% expect: (= e (^ 2 (.. 1 7)))
