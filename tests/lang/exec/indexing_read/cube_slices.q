% Slices of a cube: one scalar index drops one dimension.
C = [[[1,2],[3,4]],[[5,6],[7,8]]]
print C[1,:,:]
print C[:,0,0]
print C[0,1,:]
% expect: [[5,6],[7,8]]
% expect: [1,5]
% expect: [3,4]
