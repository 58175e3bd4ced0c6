% run: dump
% pins: decimal and scientific literals: integers stay integers, non-integral reals print in their shortest form, 0. is 0.0
a = 5
b = 5.678
c = 0.
e = 1e-10
f = 0.5
% expect: (= a 5)
% expect: (= b 5.678)
% expect: (= c 0.0)
% expect: (= e 1e-10)
% expect: (= f 0.5)
