% Spec 000: block_size = opt_block_size(kernel, dims), grid_size = opt_block_cnt(kernel, block_size, dims), then a grid-stride kernel with syncthreads(grid).
function [] = __kernel__ k(x : vec, y : vec, z : vec, pos : int, blkdim : int, blkcnt : int)
    nthreads = blkdim * blkcnt
    for i = pos..nthreads..numel(x) - 1
        z[i] = x[i] * 2
    endfor
    syncthreads(grid)
    for i = pos..nthreads..numel(x) - 1
        y[i] = z[numel(x) - 1 - i]
    endfor
endfunction
x = 0..63
y = zeros(64)
z = zeros(64)
block_size = opt_block_size(k, [64])
grid_size = opt_block_cnt(k, block_size, [64])
print grid_size[0] >= 1 && grid_size[0] * block_size[0] <= 64
parallel_do([grid_size .* block_size, block_size], x, y, z, k)
print y[0], " ", y[1], " ", y[63], " ", sum(y)
% expect: 1
% expect: 126 124 0 4032
