% run: dump
% pins: ^ and .^ are left-associative, also after a signed right operand
a = x^y^z
b = x.^2.^3
c = x^-y^z
% expect: (= a (^ (^ x y) z))
% expect: (= b (.^ (.^ x 2) 3))
% expect: (= c (^ (^ x (neg y)) z))
