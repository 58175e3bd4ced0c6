% exp in a kernel gives the very floats the host's exp gives (compiled kernels call
% qp_exp_r, which vectorizes; docs/kernels.md): arguments over the whole range where a
% float exp is neither 0 nor infinite, and beyond it, with NaN and the infinities.
function [] = __kernel__ ek(x : vec, y : vec, pos : int)
    y[pos] = exp(x[pos])
endfunction
n = 200000
x = zeros(n)
for i = 0..n - 1
    x[i] = -120 + 220 * i / n + i / 7919
endfor
x[0] = 1 / 0
x[1] = -1 / 0
x[2] = 0 / 0
y = zeros(n)
parallel_do(n, x, y, ek)
h = exp(x)
print sum(y[3..n - 1] != h[3..n - 1]), " ", y[0], " ", y[1], " ", isnan(y[2])
% expect: 0 inf 0 1
