% A range index on a matrix is a run of linear indices; a 2-vector variable is a position.
M = [[1, 2], [3, 4]]
p = [1, 0]
print M[0..2], " ", M[p]
% expect: [1,2,3] 3
