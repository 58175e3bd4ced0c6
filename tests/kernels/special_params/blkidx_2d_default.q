% With default blocks, counting threads per block index gives prod(blkdim) per block and prod(blkcnt) blocks.
function [] = __kernel__ k(cnt : mat, info : vec, pos : ivec2, blkidx : ivec2, blkdim : ivec2, blkcnt : ivec2)
    cnt[blkidx] += 1
    if pos[0] == 0 && pos[1] == 0
        info[0] = prod(blkdim)
        info[1] = prod(blkcnt)
    endif
endfunction
cnt = zeros(16, 16)
info = zeros(2)
parallel_do([16, 16], cnt, info, k)
nonzero = sum(cnt > 0)
print nonzero == info[1], " ", max(cnt) == info[0], " ", min(cnt[cnt > 0]) == info[0], " ", sum(cnt)
% expect: 1 1 1 256
