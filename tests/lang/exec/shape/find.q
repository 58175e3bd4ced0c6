% find gives the zero-based positions of the nonzero elements, one row each in storage
% order: K x 2 [row, col] for a vector (a 1 x N row) or a matrix, K x d for a d-D array.
% Research code reads a column of it: find(x <= 0)[:, 1] are the indices along a row.
print find([0,3,0,5])
print size(find([0,0]))
print find([[0,1],[1,0]])
print find([1,5,3] > 2)
% expect: [[0,1],[0,3]]
% expect: [0,2]
% expect: [[0,1],[1,0]]
% expect: [[0,1],[0,2]]
c = zeros(2, 2, 3)
c[1, 0, 2] = 1
c[0, 1, 1] = 1
print find(c)
% expect: [[0,1,1],[1,0,2]]
x = [3, -1, 0.5, -2]
k = find(x <= 0)[:, 1]
print k, " ", x[k]
% expect: [[1],[3]] [-1,-2]
% [r, c] = find(A) gives the columns as vectors, as in MATLAB
[r, q] = find([[0, 7, 0], [8, 0, 9]])
print r, " ", q
% expect: [0,1,1] [1,0,2]
