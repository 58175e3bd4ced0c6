% parallel_do with fewer arguments than the kernel's non-special parameters is an error.
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    y[pos] = x[pos]
endfunction
x = [1, 2]
parallel_do(2, x, k)
% expect error: line 6: takes 2 arguments besides its special parameters, 1 given
