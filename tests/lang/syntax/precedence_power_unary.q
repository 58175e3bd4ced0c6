% run: dump
% pins: ^ binds tighter than a prefix sign: -a^2 is -(a^2), and the right operand of ^ may carry a sign: 2^-1
a = -x^2
b = 2^-1
c = x^-y
d = !x^2
e = x.^-2
f = -2^-2
% expect: (= a (neg (^ x 2)))
% expect: (= b (^ 2 (neg 1)))
% expect: (= c (^ x (neg y)))
% expect: (= d (! (^ x 2)))
% expect: (= e (.^ x (neg 2)))
% expect: (= f (neg (^ 2 (neg 2))))
