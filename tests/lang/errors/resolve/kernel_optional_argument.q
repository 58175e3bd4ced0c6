% Kernel functions and kernel lambdas cannot have optional arguments.
% run: check
% expect error: line 5: kernel functions cannot have optional arguments
% expect error: line 8: kernel functions cannot have optional arguments
function [] = __kernel__ fill(y : vec, value : scalar = 0, pos : int)
    y[pos] = value
endfunction
k = __kernel__ (y : vec, v : scalar = 1, pos : int) -> y[pos] = v
