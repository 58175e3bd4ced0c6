% Writing a submatrix from a matrix.
A = zeros(3,3)
A[0..1, 0..1] = [[1,2],[3,4]]
print A
% expect: [[1,2,0],[3,4,0],[0,0,0]]
