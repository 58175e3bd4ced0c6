% A device lambda with a closure variable, passed to a kernel as a function argument, keeps the captured value.
function f = make_scaler(c)
    f = __device__ (x : scalar) -> c * x + 1
endfunction
function [] = __kernel__ k(y : vec, fn : [__device__ scalar -> scalar], pos : int)
    y[pos] = fn(pos)
endfunction
y = zeros(4)
parallel_do(4, y, make_scaler(3), k)
print y
parallel_do(2, y, make_scaler(-1), k)
print y
% expect: [1,4,7,10]
% expect: [1,0,7,10]
