% A block as large as the grid ([[4,4],[4,4]]): one block, blkidx [0,0], blkpos = pos, blkcnt [1,1].
function [] = __kernel__ k(y : mat, pos : ivec2, blkpos : ivec2, blkidx : ivec2, blkcnt : ivec2)
    y[pos] = (blkpos[0] == pos[0] && blkpos[1] == pos[1]) + blkidx[0] + blkidx[1] + blkcnt[0] * 10 + blkcnt[1] * 100
endfunction
y = zeros(4, 4)
parallel_do([[4, 4], [4, 4]], y, k)
print min(y), " ", max(y)
% expect: 111 111
