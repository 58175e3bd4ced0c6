% run: dump
% pins: a prefix sign binds tighter than * and +
a = -x * y
b = -x + y
c = x * -y + z
d = !a && b
% expect: (= a (* (neg x) y))
% expect: (= b (+ (neg x) y))
% expect: (= c (+ (* x (neg y)) z))
% expect: (= d (&& (! a) b))
