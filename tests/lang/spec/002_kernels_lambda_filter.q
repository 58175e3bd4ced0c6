% spec: 002 "Running kernels on the GPU" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 in the parenthesization (`...+x[pos+[0,1]])+3*x[pos])/9`).
parallel_do(size(im), __kernel__ (pos) -> y[pos] =
    (x[pos+[0,-2]]+x[pos+[0,2]]+2*(x[pos+[0,-1]]+x[pos+[0,1]])+3*x[pos])/9)
