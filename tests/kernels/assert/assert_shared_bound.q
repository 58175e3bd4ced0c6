% The spec's bound assertion on shared memory size (assert(M*N*P <= 1024)) passes for a small block and the kernel runs.
function [] = __kernel__ k(y : cube, pos : ivec3, blkpos : ivec3, blkdim : ivec3)
    [M, N, P] = blkdim + [2, 0, 0]
    assert(M * N * P <= 1024)
    vals = shared(M, N, P)
    vals[blkpos] = pos[1]
    syncthreads
    y[pos] = vals[blkpos] * 10 + M
endfunction
y = zeros(2, 4, 1)
parallel_do([[2, 4, 1], [2, 2, 1]], y, k)
print y[:, :, 0]
% expect: [[4,14,24,34],[4,14,24,34]]
