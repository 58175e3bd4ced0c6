% Reading under a condition gives the selected elements in row-major order.
M = [[1, 5], [7, 2]]
print M[M > 2], " ", numel(M[M > 10])
% expect: [5,7] 0
