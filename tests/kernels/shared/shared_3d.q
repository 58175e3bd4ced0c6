% shared(M, N, P) with three dimensions: a block of [2,2,2] threads reads a permuted position of its tile (axes 1 and 2 swapped, axis 2 flipped).
function [] = __kernel__ k(x : cube, y : cube, pos : ivec3, blkpos : ivec3, blkdim : ivec3)
    s = shared(blkdim[0], blkdim[1], blkdim[2])
    s[blkpos] = x[pos]
    syncthreads
    y[pos] = s[blkpos[0], blkpos[2], 1 - blkpos[1]]
endfunction
x = reshape(0..15, [2, 4, 2])
y = zeros(2, 4, 2)
parallel_do([[2, 4, 2], [2, 2, 2]], x, y, k)
print y
% expect: [[[1,3],[0,2],[5,7],[4,6]],[[9,11],[8,10],[13,15],[12,14]]]
