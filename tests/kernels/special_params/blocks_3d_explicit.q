% 3-D explicit blocks [2,2,1] over [2,4,3]: blkidx and blkcnt are ivec3s.
function [] = __kernel__ k(y : cube, c : vec, pos : ivec3, blkidx : ivec3, blkcnt : ivec3, blkpos : ivec3)
    y[pos] = blkidx[0] * 100 + blkidx[1] * 10 + blkidx[2] + blkpos[1] * 0.5
    if sum(pos) == 0
        c[0..2] = blkcnt
    endif
endfunction
y = zeros(2, 4, 3)
c = zeros(3)
parallel_do([[2, 4, 3], [2, 2, 1]], y, c, k)
print y
print c
% expect: [[[0,1,2],[0.5,1.5,2.5],[10,11,12],[10.5,11.5,12.5]],[[0,1,2],[0.5,1.5,2.5],[10,11,12],[10.5,11.5,12.5]]]
% expect: [1,2,3]
