% sum of complex values.
print sum([1+1j, 2-3j])
% expect: 3-2j
