% spec: 004 §2.1 "Sequences" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: matrix indexing
A=randn(64,64)
A_sub = A[a,b]
