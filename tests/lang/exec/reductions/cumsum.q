% cumsum of a vector and along each dimension of a matrix.
A = [[1,2,3],[4,5,6]]
print cumsum([1,2,3,4])
print cumsum(A, 0)
print cumsum(A, 1)
% expect: [1,3,6,10]
% expect: [[1,2,3],[5,7,9]]
% expect: [[1,3,6],[4,9,15]]
