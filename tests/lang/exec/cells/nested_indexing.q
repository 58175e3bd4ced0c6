% Cells inside cells, indexed and assigned as A[0,1][1][0,0] (the spec's example).
A = cell(2,2)
A[0,1] = cell(4)
A[0,1][1] = ones(2,2)
A[0,1][1][0,0] = 5
print A[0,1][1]
print A[0,1][1]*3
% expect: [[5,1],[1,1]]
% expect: [[15,3],[3,3]]
