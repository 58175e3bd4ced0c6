% cumprod of a vector and along each dimension of a matrix.
A = [[1,2,3],[4,5,6]]
print cumprod([1,2,3,4])
print cumprod(A, 0)
print cumprod(A, 1)
% expect: [1,2,6,24]
% expect: [[1,2,3],[4,10,18]]
% expect: [[1,2,6],[4,20,120]]
