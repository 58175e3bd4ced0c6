% spec: 001 "Type parameters" (language notes)
% repaired: the types named in the prose written as declarations
% run: parse
% example: parametric array types
a : vec[int8]
b : cube[int]
