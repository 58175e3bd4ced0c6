% any and all along a dimension.
B = [[0,1],[0,0]]
print any(B, 0)
print any(B, 1)
C = [[1,1],[0,1]]
print all(C, 0)
print all(C, 1)
% expect: [[0,1]]
% expect: [[1],[0]]
% expect: [[0,1]]
% expect: [[1],[0]]
