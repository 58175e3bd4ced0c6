% max_block_size(dims) with a vector alone (blsgsm.q of the EMDenoising programs launches
% parallel_do([size(x,0..2), max_block_size([16,32,1])], ...) and sizes its shared memory
% by blkdim): the block is dims itself, capped at 1024 threads; it used to be the number
% 1024, which made a four-element grid.
print max_block_size([16, 32, 1])
print max_block_size([64, 64])
print max_block_size([5])

function [] = __kernel__ k(y : mat, blkpos : ivec2, blkdim : ivec2, pos : ivec2)
    v = shared(blkdim[0], blkdim[1])
    v[blkpos] = pos[0] * 100 + pos[1]
    syncthreads
    y[pos] = v[blkpos] + blkdim[0] * 1000
endfunction
y = zeros(32, 32)
parallel_do([size(y, 0..1), max_block_size([16, 32])], y, k)
print y[17, 5]
% expect: [16,32,1]
% expect: [32,32]
% expect: [5]
% expect: 17705
