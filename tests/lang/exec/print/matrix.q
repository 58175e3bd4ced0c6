% A matrix prints on one line as its rows: [[1,2],[3,4]].
print([[1,2],[3,4]])
print([[1],[2],[3]])
print([[0.5, 1, 1.5], [2, 2.5, 3]])
% expect: [[1,2],[3,4]]
% expect: [[1],[2],[3]]
% expect: [[0.5,1,1.5],[2,2.5,3]]
