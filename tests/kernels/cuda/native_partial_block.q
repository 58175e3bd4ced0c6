% The CUDA text runs this kernel natively (one GPU thread per Quasar thread, __shared__,
% __syncthreads): a grid of 1000 in blocks of 128 leaves the last block with 104 threads in
% the grid; the 24 past the edge take no part, yet reach every barrier. Block sums of
% x = 0..999 by hand: block b < 7 sums 128b .. 128b+127 = 16384 b + 8128; block 7 sums
% 896 .. 999 = 104 * 896 + 103 * 104 / 2 = 98540. shared_zeros: the slots of the threads past
% the edge are read by the reduction and must be 0 (`shared` leaves memory as it was).
function [] = __kernel__ block_sum(x : vec, y : vec, pos : int, blkpos : int, blkdim : int, blkidx : int)
    s = shared_zeros(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    stride = int(blkdim / 2)
    while stride > 0
        if blkpos < stride
            s[blkpos] = s[blkpos] + s[blkpos + stride]
        endif
        syncthreads
        stride = int(stride / 2)
    endwhile
    if blkpos == 0
        y[blkidx] = s[0]
    endif
endfunction
x = 0..999
y = zeros(8)
parallel_do([[1000], [128]], x, y, block_sum)
print y
% expect: [8128,24512,40896,57280,73664,90048,106432,98540]
