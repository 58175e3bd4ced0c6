% A[i, :] is row i as a vector.
A = [[1,2,3],[4,5,6]]
print A[0,:]
print A[1,:]
% expect: [1,2,3]
% expect: [4,5,6]
