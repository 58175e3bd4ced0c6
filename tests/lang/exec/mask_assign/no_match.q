% A mask that selects nothing changes nothing.
A = [1,2]
A[A > 5] = 0
print A
% expect: [1,2]
