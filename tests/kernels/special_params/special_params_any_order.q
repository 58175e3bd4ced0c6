% Special parameters are bound by name wherever they appear; the other parameters take the arguments in order.
function [] = __kernel__ k(pos : int, a : vec, blkdim : int, b : vec, c : scalar)
    b[pos] = a[pos] * c + blkdim * 0
endfunction
a = [1, 2, 3]
b = zeros(3)
parallel_do(3, a, b, 5, k)
print b
% expect: [5,10,15]
