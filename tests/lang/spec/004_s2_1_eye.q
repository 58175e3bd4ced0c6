% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: identity matrix
Q = eye(n)
