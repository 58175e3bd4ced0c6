% parallel_do([dims, sz], ...) with dims and sz two vectors of equal length (spec 004 §2.4.4) sets the block size.
function [] = __kernel__ k(y : mat, pos : ivec2, blkidx : ivec2, blkdim : ivec2)
    y[pos] = blkidx[0] * 10 + blkidx[1] + blkdim[0] * 1000 + blkdim[1] * 100
endfunction
dims = [4, 6]
sz = [2, 3]
y = zeros(4, 6)
parallel_do([dims, sz], y, k)
print y
% expect: [[2300,2300,2300,2301,2301,2301],[2300,2300,2300,2301,2301,2301],[2310,2310,2310,2311,2311,2311],[2310,2310,2310,2311,2311,2311]]
