% A[:, j] is column j; a scalar index drops its dimension, so it is a vector.
A = [[1,2,3],[4,5,6]]
print A[:,1]
% expect: [2,5]
