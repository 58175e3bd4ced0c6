% shared[T](dims) allocates typed shared memory (here uint8 and int16) that threads fill before a barrier.
function [] = __kernel__ k(y : vec[int], pos : int, blkpos : int, blkdim : int)
    a = shared[uint8](blkdim)
    b = shared[int16](blkdim)
    a[blkpos] = 250 + blkpos
    b[blkpos] = -1000 * blkpos
    syncthreads
    j = blkdim - 1 - blkpos
    y[pos] = a[j] + b[j]
endfunction
y = vec[int](8)
parallel_do([[8], [4]], y, k)
print y
% expect: [-2747,-1748,-749,250,-2747,-1748,-749,250]
