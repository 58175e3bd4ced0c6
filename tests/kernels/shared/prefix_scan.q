% Inclusive prefix sum per block (Hillis-Steele) in shared memory: two barriers per step inside a while loop.
function [] = __kernel__ scan(x : vec, y : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    offset = 1
    while offset < blkdim
        v = 0.0
        if blkpos >= offset
            v = s[blkpos - offset]
        endif
        syncthreads
        s[blkpos] = s[blkpos] + v
        syncthreads
        offset *= 2
    endwhile
    y[pos] = s[blkpos]
endfunction
x = [1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 1, 1, 1, 1, 1]
y = zeros(16)
parallel_do([[16], [8]], x, y, scan)
print y
% expect: [1,3,6,10,15,21,28,36,1,2,3,4,5,6,7,8]
