% / of two ints is a scalar even when the result is integral.
print 7 / 2, " ", type(7 / 2)
print 8 / 2, " ", type(8 / 2)
% expect: 3.5 scalar
% expect: 4 scalar
