% The matrix product of a 2x3 and a 3x2 matrix is 2x2; a matrix times a column is a column.
A = [[1,2,3],[4,5,6]]
B = [[1,0],[0,1],[1,1]]
print A * B
print([[1,2],[3,4]] * [[1],[1]])
% expect: [[4,5],[10,11]]
% expect: [[3],[7]]
