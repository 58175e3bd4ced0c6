% sum(A, d) reduces dimension d to size 1.
A = [[1,2,3],[4,5,6]]
print sum(A, 0)
print sum(A, 1)
print size(sum(A, 0))
% expect: [[5,7,9]]
% expect: [[6],[15]]
% expect: [1,3]
