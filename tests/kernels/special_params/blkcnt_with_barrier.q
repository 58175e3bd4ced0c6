% blkcnt (blocks per dimension) in a kernel with a barrier (lockstep blocks) and in a plain
% one, on grids the blocks divide and one they do not (7 over blocks of 3: 3 blocks).
function [] = __kernel__ kb(y : vec, blkcnt : int, blkpos : int, blkidx : int, pos : int)
    s = shared(3)
    s[blkpos] = blkidx
    syncthreads
    y[pos] = blkcnt * 100 + s[2 - blkpos] * 10 + blkpos
endfunction
function [] = __kernel__ kp(y : mat, blkcnt : ivec2, pos : ivec2)
    y[pos] = blkcnt[0] * 10 + blkcnt[1]
endfunction
y = zeros(9)
parallel_do([[9], [3]], y, kb)
print y
% expect: [300,301,302,310,311,312,320,321,322]
m = zeros(4, 7)
parallel_do([[4, 7], [2, 3]], m, kp)
print m[3, 6], " ", sum(m)
% expect: 23 644
