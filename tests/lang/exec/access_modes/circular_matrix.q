% 'circular in two dimensions.
M : mat'circular = [[1,2],[3,4]]
print M[-1,-1], " ", M[2,3]
% expect: 4 2
