% Shared memory + syncthreads: each block of 4 reverses its part of the vector (needs the barrier between write and read).
function [] = __kernel__ rev(x : vec, y : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    y[pos] = s[blkdim - 1 - blkpos]
endfunction
x = 0..11
y = zeros(12)
parallel_do([[12], [4]], x, y, rev)
print y
% expect: [3,2,1,0,7,6,5,4,11,10,9,8]
