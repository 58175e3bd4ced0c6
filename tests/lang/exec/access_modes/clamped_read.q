% 'clamped: indices are clamped to the boundaries.
a : vec'clamped = [1,2,3]
print a[-5], " ", a[7], " ", a[1]
M : mat'clamped = [[1,2],[3,4]]
print M[-1,5], " ", M[5,-3]
% expect: 1 3 2
% expect: 2 3
