% A typed device lambda lerp = __device__ (a : scalar, b : scalar, d : scalar) -> a + (b - a) * d called from a kernel.
lerp = __device__ (a : scalar, b : scalar, d : scalar) -> a + (b - a) * d
function [] = __kernel__ k(x : vec, y : vec, d : scalar, pos : int)
    y[pos] = lerp(x[pos], 100, d)
endfunction
x = [0, 20, 100, -100]
y = zeros(4)
parallel_do(4, x, y, 0.25, k)
print y
print lerp(2, 4, 0.5)
% expect: [25,40,100,-50]
% expect: 3
