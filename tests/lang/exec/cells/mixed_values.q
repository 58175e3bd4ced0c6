% The spec's `1,2,3j,zeros(4,4)': numbers, complex numbers and matrices in one cell.
A = `1,2,3j,zeros(2,2)'
print A[2]
print A[3]
print numel(A)
% expect: 0+3j
% expect: [[0,0],[0,0]]
% expect: 4
