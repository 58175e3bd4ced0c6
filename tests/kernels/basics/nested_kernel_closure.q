% A kernel defined inside a function reads and writes variables of the enclosing function (captures).
function y = scaled_shift(x, a, b)
    y = zeros(size(x))
    function [] = __kernel__ kernel(pos : int)
        y[pos] = a * x[pos] + b
    endfunction
    parallel_do(numel(x), kernel)
endfunction
print scaled_shift([1, 2, 3, 4], 3, -1)
print scaled_shift([0.5, 0.25], 4, 1)
% expect: [2,5,8,11]
% expect: [3,2]
