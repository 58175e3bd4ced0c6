% Blocks of a single thread ([[5], [1]]): each thread is its own block, with blkpos 0 and its own shared memory.
function [] = __kernel__ k(y : vec, pos : int, blkpos : int, blkidx : int)
    s = shared_zeros(1)
    syncthreads
    s[0] += pos + 1
    syncthreads
    y[pos] = s[0] * 10 + blkpos + blkidx * 100
endfunction
y = zeros(5)
parallel_do([[5], [1]], y, k)
print y
% expect: [10,120,230,340,450]
