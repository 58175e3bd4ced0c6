% transpose swaps rows and columns.
A = [[1,2,3],[4,5,6]]
print transpose(A)
print size(transpose(A))
print all(transpose(transpose(A)) == A)
% expect: [[1,4],[2,5],[3,6]]
% expect: [3,2]
% expect: 1
