% A __device__ function is callable both from host code and from a kernel (spec 004 §2.4.2, sinc).
sinc = __device__ (x : scalar) -> x == 0 ? 1.0 : sin(x) / x
print sinc(0)
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    y[pos] = sinc(x[pos])
endfunction
x = [0, pi / 2, pi]
y = ones(3)
parallel_do(3, x, y, k)
print y[0], " ", y[1], " ", abs(y[2]) < 1e-6
% expect: 1
% expect: 1 0.63662 1
