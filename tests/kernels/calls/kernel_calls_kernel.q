% Spec 001: a kernel function is launched with parallel_do; from a kernel that is dynamic
% parallelism (spec 000), allowed. Calling it like a function from a kernel is an error.
function [] = __kernel__ inner(y : vec, pos : int)
    y[pos] += 1
endfunction

function [] = __kernel__ nested(y : vec, pos : int)
    if pos == 0
        parallel_do(3, y, inner)
    endif
endfunction

function [] = __kernel__ direct(y : vec, pos : int)
    inner(y, pos)
endfunction

y = zeros(3)
parallel_do(1, y, nested)
print y
parallel_do(3, y, direct)
% expect: [1,1,1]
% expect error: line 14: the kernel function 'inner' cannot be called from a kernel or device function; launch it with parallel_do
