% Per-block tree reduction in shared memory with a while loop around syncthreads (stride halving).
function [] = __kernel__ blocksum(x : vec, out : vec, pos : int, blkpos : int, blkdim : int, blkidx : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    stride = int(blkdim / 2)
    while stride > 0
        if blkpos < stride
            s[blkpos] = s[blkpos] + s[blkpos + stride]
        endif
        syncthreads
        stride = int(stride / 2)
    endwhile
    if blkpos == 0
        out[blkidx] = s[0]
    endif
endfunction
x = 1..32
out = zeros(4)
parallel_do([[32], [8]], x, out, blocksum)
print out
% expect: [36,100,164,228]
