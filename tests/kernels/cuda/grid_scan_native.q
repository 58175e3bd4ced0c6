% A grid barrier in native CUDA blocks: a prefix sum over 8192 values in 32 blocks of 256 threads (13 rounds, each reading across blocks after syncthreads(grid)); on a GPU one cooperative launch, every block resident (docs/cuda.md "The CUDA text").
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
n = 8192
x = zeros(n)
for i = 0..n-1
    x[i] = mod(i, 7) == 2
endfor
y = zeros(n)
z = zeros(n)
parallel_do([[n], [256]], x, y, z, scan)
print y[0], " ", y[2], " ", y[100], " ", y[4095], " ", y[4096], " ", y[n - 1]
% expect: 0 1 15 585 585 1170
