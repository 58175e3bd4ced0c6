% 2-D explicit blocks [2,3] over [4,6]: blkpos and blkidx are ivec2s, blkdim [2,3], blkcnt [2,2].
function [] = __kernel__ k(p : mat, i : mat, d : vec, c : vec, pos : ivec2, blkpos : ivec2, blkidx : ivec2, blkdim : ivec2, blkcnt : ivec2)
    p[pos] = blkpos[0] * 10 + blkpos[1]
    i[pos] = blkidx[0] * 10 + blkidx[1]
    if pos[0] == 0 && pos[1] == 0
        d[0..1] = blkdim
        c[0..1] = blkcnt
    endif
endfunction
p = zeros(4, 6)
i = zeros(4, 6)
d = zeros(2)
c = zeros(2)
parallel_do([[4, 6], [2, 3]], p, i, d, c, k)
print p
print i
print d, " ", c
% expect: [[0,1,2,0,1,2],[10,11,12,10,11,12],[0,1,2,0,1,2],[10,11,12,10,11,12]]
% expect: [[0,0,0,1,1,1],[0,0,0,1,1,1],[10,10,10,11,11,11],[10,10,10,11,11,11]]
% expect: [2,3] [2,2]
