% 'safe on a matrix.
M : mat'safe = ones(2,2)
print M[2,0] + M[0,-1] + M[1,1]
% expect: 1
