% spec: 000 "Running kernels on the GPU" (CUDA support guide)
% repaired: lost `+` in `x[pos[0,2]]` restored to `x[pos+[0,2]]` (as in the 2015 edition); parenthesization kept as in this edition
% run: parse
parallel_do(size(im),__kernel__ (pos) -> y[pos] =
    (x[pos+[0,-2]]+x[pos+[0,2]]+2*(x[pos+[0,-1]]+x[pos+[0,1]]+3*x[pos]))/9)
