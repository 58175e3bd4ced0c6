% The spec's A = randn(64,64) indexed with two sequences.
a = 0..9
b = 0..2..6
A = randn(64,64)
A_sub = A[a,b]
print size(A_sub)
print A_sub[1,2] == A[1,4]
% expect: [10,4]
% expect: 1
