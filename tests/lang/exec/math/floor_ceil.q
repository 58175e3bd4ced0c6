% floor and ceil, also of negative values and vectors.
print floor(2.7), " ", floor(-2.5), " ", floor(3)
print ceil(2.1), " ", ceil(-2.5)
print floor([1.5, -1.5]), " ", ceil([1.5, -1.5])
% expect: 2 -3 3
% expect: 3 -2
% expect: [1,-2] [2,-1]
