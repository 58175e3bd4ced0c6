% The placeholder _ drops a value in a multiple assignment.
[a, _] = [1, 2]
[_, b] = [7, 8]
print a, " ", b
% expect: 1 8
