% Ranges in two dimensions select a submatrix.
M = reshape(0..8, [3,3])
print M[0..1, 1..2]
print M[:, 0..1]
% expect: [[1,2],[4,5]]
% expect: [[0,1],[3,4],[6,7]]
