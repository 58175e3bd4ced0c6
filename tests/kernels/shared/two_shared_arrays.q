% Two shared allocations in one kernel are distinct arrays; writes to one do not show in the other.
function [] = __kernel__ k(y : mat, pos : int, blkpos : int, blkdim : int)
    a = shared(blkdim)
    b = shared(blkdim)
    a[blkpos] = pos
    b[blkpos] = -pos
    syncthreads
    y[pos, 0] = a[mod(blkpos + 1, blkdim)]
    y[pos, 1] = b[mod(blkpos + 1, blkdim)]
endfunction
y = zeros(6, 2)
parallel_do([[6], [3]], y, k)
print y
% expect: [[1,-1],[2,-2],[0,0],[4,-4],[5,-5],[3,-3]]
