% sqrt of a negative real scalar is NaN (it stays real).
print sqrt(-1)
print isnan(sqrt(-4))
% expect: nan
% expect: 1
