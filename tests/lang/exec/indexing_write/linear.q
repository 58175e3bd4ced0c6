% A linear index writes in row-major order.
A = zeros(2,2)
A[3] = 1
A[1] = 2
print A
% expect: [[0,2],[0,1]]
