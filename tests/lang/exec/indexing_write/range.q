% Writing a range from a vector or a scalar.
a = zeros(5)
a[1..3] = [7,8,9]
print a
a[0..1] = 1
print a
% expect: [0,7,8,9,0]
% expect: [1,1,8,9,0]
