% opt_block_size(kernel, dims) is a valid block for the dims: it divides them and the kernel runs with it.
function [] = __kernel__ k(y : mat, pos : ivec2, blkdim : ivec2)
    y[pos] = y[pos] + 1
endfunction
dims = [24, 40]
sz = opt_block_size(k, dims)
print numel(sz), " ", mod(dims[0], sz[0]) == 0 && mod(dims[1], sz[1]) == 0, " ", prod(sz) <= 1024 && prod(sz) >= 1
y = zeros(24, 40)
parallel_do([dims, sz], y, k)
print min(y), " ", max(y)
% expect: 2 1 1
% expect: 1 1
