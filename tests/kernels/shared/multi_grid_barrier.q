% syncthreads(multi_grid) waits for all blocks of every device, so at least the whole grid (it disagreed before: the interpreter synchronised only the block): after it, a thread reads what a thread of another block wrote.
function [] = __kernel__ k(x : vec, y : vec, z : vec, pos : int)
    z[pos] = x[pos] * 2
    syncthreads(multi_grid)
    y[pos] = z[numel(z) - 1 - pos] + 1
endfunction
x = 0..11
y = zeros(12)
z = zeros(12)
parallel_do([[12], [3]], x, y, z, k)
print y
% expect: [23,21,19,17,15,13,11,9,7,5,3,1]
