% The out-of-range error names the matrix, the index and the size.
A = zeros(2,2)
x = A[2,0]
% expect error: line 3: index out of range: A[2,0] with size(A) = [2,2]
