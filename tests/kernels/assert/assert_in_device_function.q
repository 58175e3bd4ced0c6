% An assert inside a __device__ function called from a kernel fails the launch, naming the kernel.
function y = __device__ safe_log(x : scalar)
    assert(x > 0)
    y = log(x)
endfunction
function [] = __kernel__ logs(x : vec, y : vec, pos : int)
    y[pos] = safe_log(x[pos])
endfunction
x = [1, 2, -1]
y = zeros(3)
parallel_do(3, x, y, logs)
% expect error: line 3: (parallel_do) logs - assertion failed
