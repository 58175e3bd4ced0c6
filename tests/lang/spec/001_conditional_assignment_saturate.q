% spec: 001 "Matrix Conditional Assignment" (language notes)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: saturate
A = saturate(A)
