% C[i,j,k] on a cube; missing trailing indices are 0.
C = [[[1,2],[3,4]],[[5,6],[7,8]]]
print C[1,0,1], " ", C[0,1,0]
print C[1,1], " ", C[0,1]
% expect: 6 3
% expect: 7 3
