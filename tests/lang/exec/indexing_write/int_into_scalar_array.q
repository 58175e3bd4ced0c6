% An int written into a scalar array is stored as a scalar.
a = zeros(2)
a[0] = 3
print a, " ", type(a[0])
% expect: [3,0] scalar
