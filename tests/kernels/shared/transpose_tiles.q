% A 2-D shared tile: each 4x4 block transposes its tile of an 8x8 matrix through shared memory.
function [] = __kernel__ k(x : mat, y : mat, pos : ivec2, blkpos : ivec2, blkdim : ivec2)
    t = shared(blkdim[0], blkdim[1])
    t[blkpos[1], blkpos[0]] = x[pos]
    syncthreads(block)
    y[pos] = t[blkpos]
endfunction
x = reshape(0..63, [8, 8])
y = zeros(8, 8)
parallel_do([[8, 8], [4, 4]], x, y, k)
print y[0, :]
print y[1, :]
print y[5, :]
% expect: [0,8,16,24,4,12,20,28]
% expect: [1,9,17,25,5,13,21,29]
% expect: [33,41,49,57,37,45,53,61]
