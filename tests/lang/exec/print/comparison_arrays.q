% Comparisons of arrays give 0/1 arrays of the same shape.
print([1,2,3] > 1)
print([[1,2],[3,4]] == 4)
% expect: [0,1,1]
% expect: [[0,0],[0,1]]
