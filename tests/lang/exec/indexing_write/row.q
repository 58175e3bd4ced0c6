% Writing a row from a vector.
A = zeros(2,3)
A[0,:] = [1,2,3]
print A
% expect: [[1,2,3],[0,0,0]]
