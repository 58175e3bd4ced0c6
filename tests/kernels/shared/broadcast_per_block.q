% Shared memory is per block: thread 0 of each block writes a value that only its own block's threads read.
function [] = __kernel__ k(y : vec, pos : int, blkpos : int, blkidx : int)
    v = shared(1)
    if blkpos == 0
        v[0] = (blkidx + 1) * 100
    endif
    syncthreads
    y[pos] = v[0] + blkpos
endfunction
y = zeros(9)
parallel_do([[9], [3]], y, k)
print y
% expect: [100,101,102,200,201,202,300,301,302]
