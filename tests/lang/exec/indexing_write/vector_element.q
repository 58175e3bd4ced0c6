% Writing one element of a vector.
a = zeros(3)
a[1] = 5
print a
a[0] = a[1] * 2
print a
% expect: [0,5,0]
% expect: [10,5,0]
