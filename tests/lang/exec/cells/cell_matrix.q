% cell(m, n) makes a cell matrix.
A = cell(2,2)
print size(A)
print size(A)*2
A[1,1] = 3
print A[1,1]
% expect: [2,2]
% expect: [4,4]
% expect: 3
