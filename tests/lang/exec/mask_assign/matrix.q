% Mask assignment on a matrix.
M = [[1,-2],[-3,4]]
M[M < 0] = 0
print M
% expect: [[1,0],[0,4]]
