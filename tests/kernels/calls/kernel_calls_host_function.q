% Spec 001 "Functions in Quasar": kernel and device functions are low-level code that may
% call device functions only. Calling a host function from a kernel is an error (compiled
% kernels fall back to the interpreter, which reports it), not silently run.
function y = host_twice(x)
    y = 2 * x
endfunction

function y = __device__ dev_twice(x)
    y = 2 * x
endfunction

function [] = __kernel__ ok(y : vec, pos : int)
    y[pos] = dev_twice(pos)
endfunction

function [] = __kernel__ bad(y : vec, pos : int)
    y[pos] = host_twice(pos)
endfunction

y = zeros(3)
parallel_do(3, y, ok)
print y
parallel_do(3, y, bad)
% expect: [0,2,4]
% expect error: line 17: the host function 'host_twice' cannot be called from a kernel or device function
