% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: matrix of 8-bit integers
A = mat[int8](rows,cols)
