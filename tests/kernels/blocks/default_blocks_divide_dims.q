% Blocks chosen by the runtime always divide the dimensions (spec 004 §2.4.4), even for prime sizes.
function [] = __kernel__ k(bad : vec, cnt : vec, dims : ivec2, pos : ivec2, blkdim : ivec2, blkcnt : ivec2)
    if mod(dims[0], blkdim[0]) != 0 || mod(dims[1], blkdim[1]) != 0
        bad[0] += 1
    endif
    if blkcnt[0] * blkdim[0] != dims[0] || blkcnt[1] * blkdim[1] != dims[1]
        bad[1] += 1
    endif
    cnt[0] += 1
endfunction
bad = zeros(2)
cnt = zeros(1)
parallel_do([7, 13], bad, cnt, [7, 13], k)
parallel_do([12, 30], bad, cnt, [12, 30], k)
parallel_do([1, 97], bad, cnt, [1, 97], k)
print bad, " ", cnt
% expect: [0,0] [548]
