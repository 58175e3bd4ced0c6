% shared_zeros gives each block a zeroed array: a per-block atomic counter equals the block size in every block.
function [] = __kernel__ count(out : vec, blkpos : int, blkidx : int)
    c = shared_zeros(2)
    syncthreads
    c[0] += 1
    c[1] += blkpos
    syncthreads
    if blkpos == 0
        out[blkidx * 2] = c[0]
        out[blkidx * 2 + 1] = c[1]
    endif
endfunction
out = zeros(6)
parallel_do([[15], [5]], out, count)
print out
% expect: [5,10,5,10,5,10]
