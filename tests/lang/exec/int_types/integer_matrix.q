% A mat[int] holds ints.
A = mat[int](2,2)
A[0,0] = 5
A[1,1] = -3
print A, " ", type(A)
% expect: [[5,0],[0,-3]] mat[int]
