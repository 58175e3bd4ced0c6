% Writing a slice of a cube along its last dimension.
C = zeros(2,2,3)
C[1,1,:] = [1,2,3]
print C[1,1,:]
print sum(C)
C[0,0,0..2] = 5
print sum(C)
% expect: [1,2,3]
% expect: 6
% expect: 21
