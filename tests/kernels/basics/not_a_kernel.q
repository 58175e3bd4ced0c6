% The last argument of parallel_do must be a __kernel__ function: a plain function is refused.
function [] = plain(y : vec, pos : int)
    y[pos] = 1
endfunction
y = zeros(2)
parallel_do(2, y, plain)
% expect error: line 6: __kernel__
