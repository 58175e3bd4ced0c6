% A named __device__ function with loops and locals, called from a kernel and from the host.
function y = __device__ poly(c : vec, x : scalar)
    y = 0.0
    for i = 0..numel(c) - 1
        y = y * x + c[i]
    endfor
endfunction
function [] = __kernel__ k(c : vec, x : vec, y : vec, pos : int)
    y[pos] = poly(c, x[pos])
endfunction
c = [1, -2, 3]
x = [0, 1, 2, -1]
y = zeros(4)
parallel_do(4, c, x, y, k)
print y, " ", poly(c, 10)
% expect: [3,2,3,6] 83
