% Without a dimension, cumsum and cumprod run along the last dimension longer than 1: along
% each row of a matrix (Quasar; MATLAB would run down the columns). Programs rely on it:
% a running sum over x is cumsum(m), over y transpose(cumsum(transpose(m))).
A = [[1, 2, 3], [4, 5, 6]]
print cumsum(A)
% expect: [[1,3,6],[4,9,15]]
print cumprod(A)
% expect: [[1,2,6],[4,20,120]]
print transpose(cumsum(transpose(A)))
% expect: [[1,2,3],[5,7,9]]
% a column (N x 1) has one dimension longer than 1
print cumsum(transpose([1, 2, 3]))
% expect: [[1],[3],[6]]
C = ones(2, 2, 3)
print cumsum(C)[1, 1, :]
% expect: [1,2,3]
% a 3 x 3 box sum from the two running sums (values checked with NumPy)
m = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
cy = transpose(cumsum(transpose(m)))
rows = cy[2..3, :]
rows[1, :] = rows[1, :] - cy[0, :]
print rows
% expect: [[15,18,21,24],[27,30,33,36]]
cx = cumsum(rows)
box = cx[:, 2..3]
box[:, 1] = box[:, 1] - cx[:, 0]
print box
% expect: [[54,63],[90,99]]
