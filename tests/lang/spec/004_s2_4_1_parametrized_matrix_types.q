% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: the types named in the prose written as declarations
% run: parse
% example: parametrized matrix types for cell matrices
a : vec[cube]
b : mat[cube]
c : mat[vec]
