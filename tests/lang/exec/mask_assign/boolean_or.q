% A mask combined with ||, as in the spec's A[A < -0.1 || A > 0.1] = 5.
A = [-0.5, 0, 0.05, 0.2]
A[A < -0.1 || A > 0.1] = 5
print A
% expect: [5,0,0.05,5]
