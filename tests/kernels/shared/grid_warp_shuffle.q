% A grid barrier in a kernel with cooperative groups: after syncthreads(grid) each thread reads a value written by another block, then shfl_down within its warp, which is its block of 8 (the group of a warp never spans blocks); this_thread_block.thread_idx is the thread's number in its block.
function [] = __kernel__ k(x : vec, y : vec, coalesced_threads : thread_block, this_thread_block : thread_block, pos : int)
    x[pos] = pos * 2
    syncthreads(grid)
    v = x[23 - pos]
    y[pos] = coalesced_threads.shfl_down(v, 1) + 100 * this_thread_block.thread_idx
endfunction
x = zeros(24)
y = zeros(24)
parallel_do([[24], [8]], x, y, k)
print y
% expect: [44,142,240,338,436,534,632,732,28,126,224,322,420,518,616,716,12,110,208,306,404,502,600,700]
