% eye(n) is the n x n identity matrix.
print eye(3)
print eye(2) * [[3],[4]]
% expect: [[1,0,0],[0,1,0],[0,0,1]]
% expect: [[3],[4]]
