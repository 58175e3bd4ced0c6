% A decimal integer literal that does not fit in 64 bits is a real.
x = 100000000000000000000
print x
print type(x)
% expect: 1e+20
% expect: scalar
