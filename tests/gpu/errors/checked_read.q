% checked_read.q - a 'checked read past the end inside a kernel (tests/gpu/run.sh): on the
% GPU the launch returns before the kernel ran and its status is read when the host next
% needs it (docs/cuda.md "Status of a launch"); the error must be the CPU's, word for word,
% notes included, and nothing printed after it.
function [] = __kernel__ shift(x : vec'checked, y : vec, pos : int)
    y[pos] = x[pos + 1]
endfunction
x = linspace(0, 1, 64)
y = zeros(64)
parallel_do(64, x, y, shift)
print y[0]
