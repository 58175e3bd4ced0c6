% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: dimensions as a vector
dims = [4, 5, 6]
a = ones(dims)
