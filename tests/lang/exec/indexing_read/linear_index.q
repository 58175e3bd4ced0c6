% A[i] on a matrix is the linear index in row-major order.
A = [[1,2,3],[4,5,6]]
print A[1], " ", A[3], " ", A[5]
% expect: 2 4 6
