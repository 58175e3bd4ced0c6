% All 13 compound operators on shared memory elements, 16 threads of a block hitting each element; two blocks.
function [] = __kernel__ k(out : mat, outi : mat[int], blkpos : int, blkidx : int)
    s = shared(10)
    si = shared[int](3)
    if blkpos == 0
        s[0..9] = [0, 100, 1, 65536, 2, 1, 48, 3, -1000, 1000]
        si[0..2] = [65535, 0, 0]
    endif
    syncthreads
    s[0] += 1
    s[1] -= 2
    s[2] *= 2
    s[3] /= 2
    if blkpos < 2
        s[4] ^= 2
    endif
    if blkpos < 3
        s[5] .*= 2
    endif
    if blkpos < 4
        s[6] ./= 2
    endif
    if blkpos == 0
        s[7] .^= 2
    else
        s[7] .^= 1
    endif
    if mod(blkpos, 2) == 0
        si[0] &= 65535 - 2^blkpos
    endif
    si[1] |= 2^blkpos
    si[2] ~= 2^mod(blkpos, 5)
    s[8] ^^= blkpos + 100 * blkidx
    s[9] __= blkpos - 100 * blkidx
    syncthreads
    if blkpos == 0
        out[blkidx, :] = s[0..9]
        outi[blkidx, :] = si[0..2]
    endif
endfunction
out = zeros(2, 10)
outi = mat[int](2, 3)
parallel_do([[32], [16]], out, outi, k)
print out
print outi
% expect: [[16,68,65536,1,16,8,3,9,15,0],[16,68,65536,1,16,8,3,9,115,-100]]
% expect: [[43690,65535,30],[43690,65535,30]]
