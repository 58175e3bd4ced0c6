% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: unspecified types
type point : class
    x : ??
    y : ??
endtype
type cell_vec : vec[??]
type cell_mat : mat[??]
type cell_cube : cube[??]
