% frac(x) is the fractional part x - floor(x) of a positive x.
print frac(2.75), " ", frac(3), " ", frac(0.5)
% expect: 0.75 0 0.5
