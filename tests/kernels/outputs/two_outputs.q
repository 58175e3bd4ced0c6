% A kernel with two outputs, [s, q] = parallel_do(...): the sum and the sum of squares of a vector.
function [s : scalar, q : scalar] = __kernel__ moments(x : vec, pos : int)
    s += x[pos]
    q += x[pos] ^ 2
endfunction
x = [1, 2, 3, 4, -5]
[s, q] = parallel_do(numel(x), x, moments)
print s, " ", q
% expect: 5 55
