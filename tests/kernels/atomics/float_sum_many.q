% 2000 threads atomically add small integers into 4 float bins: exact in single precision whatever the order.
function [] = __kernel__ k(a : vec, pos : int)
    a[mod(pos, 4)] += mod(pos, 7)
endfunction
a = zeros(4)
parallel_do(2000, a, k)
print a
% expect: [1496,1499,1502,1498]
