% shared_zeros[int](n) is an int array in shared memory: a per-block histogram with integer atomics.
function [] = __kernel__ hist(x : vec[int], out : mat[int], pos : int, blkpos : int, blkidx : int)
    h = shared_zeros[int](4)
    syncthreads
    h[x[pos]] += 1
    syncthreads
    if blkpos < 4
        out[blkidx, blkpos] = h[blkpos]
    endif
endfunction
x = int([0, 1, 1, 3, 3, 3, 2, 0, 2, 2, 2, 2, 1, 0, 3, 3])
out = mat[int](2, 4)
parallel_do([[16], [8]], x, out, hist)
print out
% expect: [[2,2,1,3],[1,1,4,2]]
