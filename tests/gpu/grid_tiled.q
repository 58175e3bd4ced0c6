% A grid barrier over a grid larger than the device holds at once: a prefix sum over 2^20
% values in 4096 blocks of 256 threads (an H100 holds about 1000 such blocks). The CUDA
% engine runs it tiled (docs/cuda.md "The CUDA text": the QPK_GRID_TILED variant, one-thread
% CUDA blocks running the grid's blocks in turn between grid barriers), not on the CPU;
% tests/gpu/run.sh compares the output with the CPU engine's. The sums are of 0s and 1s,
% exact in single precision; the last one is 1048576 / 3 rounded up (349526), computed by hand.
function [] = __kernel__ scan(x : vec, y : vec, z : vec, pos : int)
    y[pos] = x[pos]
    syncthreads(grid)
    d = 1
    while d < numel(x)
        if pos >= d
            z[pos] = y[pos] + y[pos - d]
        else
            z[pos] = y[pos]
        endif
        syncthreads(grid)
        y[pos] = z[pos]
        syncthreads(grid)
        d = d * 2
    endwhile
endfunction
n = 1048576
x = zeros(n)
x[0..3..n-1] = 1
y = zeros(n)
z = zeros(n)
parallel_do([[n], [256]], x, y, z, scan)
print y[0], " ", y[1], " ", y[3], " ", y[n - 1]
