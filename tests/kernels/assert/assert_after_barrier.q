% An assert after a syncthreads (lockstep execution) fails with the kernel's name.
function [] = __kernel__ blk(y : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = pos
    syncthreads
    assert(s[0] == 0)
    y[pos] = s[blkdim - 1 - blkpos]
endfunction
y = zeros(8)
parallel_do([[8], [4]], y, blk)
% expect error: line 6: (parallel_do) blk - assertion failed
