% A kernel parameter of function type [__device__ (scalar, scalar) -> scalar] calls whichever device function is passed.
add = __device__ (x : scalar, y : scalar) -> x + y
mul = __device__ (x : scalar, y : scalar) -> x * y
hyp = __device__ (x : scalar, y : scalar) -> sqrt(x * x + y * y)
function [] = __kernel__ apply(y : vec, a : vec, b : vec, fn : [__device__ (scalar, scalar) -> scalar], pos : int)
    y[pos] = fn(a[pos], b[pos])
endfunction
a = [3, 5, 8]
b = [4, 12, 15]
y = zeros(3)
parallel_do(3, y, a, b, add, apply)
print y
parallel_do(3, y, a, b, mul, apply)
print y
parallel_do(3, y, a, b, hyp, apply)
print y
% expect: [7,17,23]
% expect: [12,60,120]
% expect: [5,13,17]
