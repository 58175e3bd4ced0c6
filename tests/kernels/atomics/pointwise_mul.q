% Atomic .*= on one element and on a vector region [0..2] from many threads (spec 000: pointwise ops for vectors).
function [] = __kernel__ k(a : vec, b : vec, pos : int)
    a[0] .*= 2
    b[0..2] .*= [2, -1, 0.5]
endfunction
a = [3]
b = [1, 1, 1024]
parallel_do(10, a, b, k)
print a, " ", b
% expect: [3072] [1024,1,1]
