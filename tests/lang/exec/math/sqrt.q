% sqrt of scalars and vectors.
print sqrt(16), " ", sqrt(2), " ", sqrt(0)
print sqrt([1,4,9])
print type(sqrt(16))
% expect: 4 1.41421 0
% expect: [1,2,3]
% expect: scalar
