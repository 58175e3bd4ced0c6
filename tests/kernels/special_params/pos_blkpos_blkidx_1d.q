% 1-D explicit blocks of 4 over 12 positions: blkpos = mod(pos, 4), blkidx = floor(pos / 4), blkdim 4, blkcnt 3.
function [] = __kernel__ k(bp : vec, bi : vec, bd : vec, bc : vec, pos : int, blkpos : int, blkidx : int, blkdim : int, blkcnt : int)
    bp[pos] = blkpos
    bi[pos] = blkidx
    bd[pos] = blkdim
    bc[pos] = blkcnt
endfunction
bp = zeros(12)
bi = zeros(12)
bd = zeros(12)
bc = zeros(12)
parallel_do([[12], [4]], bp, bi, bd, bc, k)
print bp
print bi
print bd
print bc
% expect: [0,1,2,3,0,1,2,3,0,1,2,3]
% expect: [0,0,0,0,1,1,1,1,2,2,2,2]
% expect: [4,4,4,4,4,4,4,4,4,4,4,4]
% expect: [3,3,3,3,3,3,3,3,3,3,3,3]
