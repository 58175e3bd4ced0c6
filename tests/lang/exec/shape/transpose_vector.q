% A vector is a row: its transpose is an n x 1 column.
print size(transpose([1,2,3]))
print transpose([1,2,3])
% expect: [3,1]
% expect: [[1],[2],[3]]
