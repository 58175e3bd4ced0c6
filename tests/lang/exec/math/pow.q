% pow(x, y).
print pow(2, 10), " ", pow(2, 0.5), " ", pow(9, 0.5), " ", pow(2, -2)
print pow([1,2,3], 2)
% expect: 1024 1.41421 3 0.25
% expect: [1,4,9]
