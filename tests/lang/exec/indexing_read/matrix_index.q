% A[i, j] is row i, column j, both zero-based.
A = [[1,2,3],[4,5,6]]
print A[0,0], " ", A[1,2], " ", A[0,1], " ", A[1,0]
% expect: 1 6 2 4
