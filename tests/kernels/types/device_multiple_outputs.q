% A named __device__ function with two outputs, destructured inside a kernel.
function [q, r] = __device__ divmod(a : int, b : int)
    q = int(floor(a / b))
    r = a - q * b
endfunction
function [] = __kernel__ k(a : vec[int], y : mat, pos : int)
    [q, r] = divmod(a[pos], 4)
    y[pos, 0] = q
    y[pos, 1] = r
endfunction
a = int([9, -9, 4, 0])
y = zeros(4, 2)
parallel_do(4, a, y, k)
print y
% expect: [[2,1],[-3,3],[1,0],[0,0]]
