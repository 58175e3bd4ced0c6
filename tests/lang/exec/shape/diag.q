% diag of a vector is a diagonal matrix; diag of a matrix is its diagonal.
print diag([1,2,3])
print diag([[1,2],[3,4]])
% expect: [[1,0,0],[0,2,0],[0,0,3]]
% expect: [1,4]
