% run: dump
% pins: a dot before '..', '*', '/' or '^' is not part of the number: 0..3, 1./x, 0.0..0.1..1.0, 5. * x
a = 0..3
b = 1./x
c = 0.0..0.1..1.0
d = 1.*x
e = 2.^x
f = 5. * x
g = 0..2..6
% expect: (= a (.. 0 3))
% expect: (= b (./ 1 x))
% expect: (= c (.. 0.0 0.1 1.0))
% expect: (= d (.* 1 x))
% expect: (= e (.^ 2 x))
% expect: (= f (* 5.0 x))
% expect: (= g (.. 0 2 6))
