% max_block_size(kernel, wanted) returns a block no larger than wanted that parallel_do accepts, with product at most 1024.
function [] = __kernel__ k(y : mat, pos : ivec2, blkpos : ivec2, blkdim : ivec2)
    s = shared(blkdim[0], blkdim[1])
    s[blkpos] = pos[0] + pos[1]
    syncthreads
    y[pos] = s[blkpos]
endfunction
sz = max_block_size(k, [4, 8])
print numel(sz), " ", sz[0] >= 1 && sz[1] >= 1 && sz[0] <= 4 && sz[1] <= 8, " ", prod(sz) <= 1024
y = zeros(8, 16)
parallel_do([[8, 16], sz], y, k)
print y[7, 15], " ", sum(y)
print prod(max_block_size(k)) >= 1
% expect: 2 1 1
% expect: 22 1408
% expect: 1
