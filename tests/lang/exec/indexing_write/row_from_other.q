% Copying a row of one matrix into another.
A = [[1,2],[3,4]]
B = zeros(2,2)
B[1,:] = A[0,:]
print B
% expect: [[0,0],[1,2]]
