% spec: 004 §2.1 "Sequences" (reference manual excerpt)
% repaired: inline snippets of the prose, one per line; "size(A,0)1" is "size(A,0)-1"
% run: parse
% example: implicit sequences
print A[:,0], A[0,:]
A[0..size(A,0)-1,0]
