% spec: 000 "Block position, block dimensions, block index" (CUDA support guide)
% repaired: nothing (table of special kernel parameters turned into one kernel using each name)
% run: parse
% table: pos, blkpos, blkdim, blkidx, blkcnt, warpSize
function [] = __kernel__ special_parameters(y : vec, pos : int, blkpos : int, blkdim : int, blkidx : int, blkcnt : int, warpSize : int)
    y[pos] = blkidx * blkdim + blkpos + blkcnt + warpSize
endfunction
