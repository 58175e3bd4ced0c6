% spec: 000 "Datatypes and working precision" (CUDA support guide)
% repaired: nothing
% run: parse
A_half = typename(mat[scalar'half])(100,100)
A_single = typename(mat[scalar'single])(100,100)
A_double = typename(mat[scalar'double])(100,100)
