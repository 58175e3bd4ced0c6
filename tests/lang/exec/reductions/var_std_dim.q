% var and std along a dimension.
A = [[1,2],[3,6]]
print var(A, 0)
print std(A, 1)
% expect: [[2,8]]
% expect: [[0.707107],[2.12132]]
