% spec: 001 "Summary" (language notes)
% repaired: the types named in the list written as declarations
% run: parse
% example: parametrized matrix types
a : vec[??]
b : mat[??]
c : cube[??]
