% zeros(n) is a vec of n zeros, zeros(m, n) an m x n matrix.
a = zeros(5)
print a
print size(a)
b = zeros(2,3)
print b
print size(b)
% expect: [0,0,0,0,0]
% expect: [5]
% expect: [[0,0,0],[0,0,0]]
% expect: [2,3]
