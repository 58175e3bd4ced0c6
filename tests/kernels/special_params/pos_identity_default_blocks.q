% With blocks chosen by the runtime, pos = blkidx .* blkdim + blkpos, 0 <= blkpos < blkdim, blkcnt .* blkdim = dims.
function [] = __kernel__ k(bad : vec, seen : mat, dims : ivec2, pos : ivec2, blkpos : ivec2, blkidx : ivec2, blkdim : ivec2, blkcnt : ivec2)
    q = blkidx .* blkdim + blkpos
    if q[0] != pos[0] || q[1] != pos[1]
        bad[0] += 1
    endif
    if blkpos[0] < 0 || blkpos[1] < 0 || blkpos[0] >= blkdim[0] || blkpos[1] >= blkdim[1]
        bad[1] += 1
    endif
    if blkcnt[0] * blkdim[0] != dims[0] || blkcnt[1] * blkdim[1] != dims[1]
        bad[2] += 1
    endif
    seen[pos] += 1
endfunction
bad = zeros(3)
seen = zeros(6, 20)
parallel_do([6, 20], bad, seen, [6, 20], k)
print bad
print min(seen), " ", max(seen), " ", sum(seen)
% expect: [0,0,0]
% expect: 1 1 120
