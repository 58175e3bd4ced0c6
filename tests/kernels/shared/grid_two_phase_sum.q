% this_grid: a two-phase sum over 6 blocks; the first thread of each block sums its block into part, this_grid.sync(), then thread 0 of the grid (this_grid.thread_idx) adds the parts; this_grid.size is the grid's thread count.
function [] = __kernel__ total(x : vec, part : vec, out : vec, this_grid : thread_block, pos : int, blkidx : int, blkpos : int, blkdim : int, blkcnt : int)
    if blkpos == 0
        s = 0.
        for i = 0..blkdim - 1
            s = s + x[blkidx * blkdim + i]
        endfor
        part[blkidx] = s
    endif
    this_grid.sync()
    if this_grid.thread_idx == 0
        t = 0.
        for b = 0..blkcnt - 1
            t = t + part[b]
        endfor
        out[0] = t
        out[1] = this_grid.size
    endif
    out[2 + pos] = this_grid.thread_idx
endfunction
x = zeros(48)
for i = 0..47
    x[i] = i * i
endfor
part = zeros(6)
out = zeros(50)
parallel_do([[48], [8]], x, part, out, total)
print part
print out[0], " ", out[1], " ", out[2], " ", out[11], " ", out[49]
% expect: [140,1100,3084,6092,10124,15180]
% expect: 35720 48 0 9 47
