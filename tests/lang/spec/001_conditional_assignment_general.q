% spec: 001 "Matrix Conditional Assignment" (language notes)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: general conditional assignment
A[A > B] = C
