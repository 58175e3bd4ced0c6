% A kernel function with its special parameters, launched with parallel_do.
% run: check
function [] = __kernel__ add_one(y : vec, pos : int)
    y[pos] = y[pos] + 1
    syncthreads
endfunction
v = zeros(16)
parallel_do(size(v), v, add_one)
