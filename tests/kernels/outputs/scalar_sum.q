% A kernel with a scalar output: every thread adds into y (atomically) and parallel_do returns the total.
function y : scalar = __kernel__ total(x : vec, pos : int)
    y += x[pos]
endfunction
x = [1.5, 2, 3.25, -4, 10]
s = parallel_do(numel(x), x, total)
print s
print parallel_do(2, x, total)
% expect: 12.75
% expect: 3.5
