% A mask combined with &&.
A = [1,2,3,4,5]
A[A > 1 && A < 4] = 0
print A
% expect: [1,0,0,4,5]
