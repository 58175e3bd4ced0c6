% A kernel output accumulated after a barrier (block sums in shared memory, then one add per block).
function total : scalar = __kernel__ k(x : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    if blkpos == 0
        acc = 0.0
        for i = 0..blkdim - 1
            acc += s[i]
        endfor
        total += acc
    endif
endfunction
x = 1..24
print parallel_do([[24], [6]], x, k)
% expect: 300
