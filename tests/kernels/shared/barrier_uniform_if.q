% A barrier inside an if whose condition is the same for the whole block (blkidx): block 1 reverses, others copy.
function [] = __kernel__ k(x : vec, y : vec, pos : int, blkpos : int, blkidx : int, blkdim : int)
    if blkidx == 1
        s = shared(blkdim)
        s[blkpos] = x[pos]
        syncthreads
        y[pos] = s[blkdim - 1 - blkpos]
    else
        y[pos] = x[pos]
    endif
endfunction
x = 0..8
y = zeros(9)
parallel_do([[9], [3]], x, y, k)
print y
% expect: [0,1,2,5,4,3,6,7,8]
