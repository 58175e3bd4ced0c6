% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: "blkdim1" is "blkdim-1"; "nblocks[0]1" is "nblocks[0]-1" (and [1]); lost dashes in the comments
% run: parse
% example: atomic operations with a barrier
function [] = __kernel__ my_kernel(x : mat, y : vec, blkpos : ivec2, blkdim : ivec2)
    bins = zeros(blkdim) % allocates shared memory
    nblocks = (size(x)+blkdim-1)./blkdim
    % step 1 - do some computations
    val = 0.0
    for m=0..nblocks[0]-1
        for n=0..nblocks[1]-1
            val += x[blkpos + [m,n] .* blkdim]
        endfor
    endfor
    bins[blkpos] = val
    % step 2 - synchronize all threads using this barrier
    syncthreads
    % Now it is safe to read from the variable bins
endfunction
