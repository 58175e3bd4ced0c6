% spec: 002 "Block position, block dimensions, block index" (CUDA support guide, 2015 edition)
% repaired: ellipsis line `...` (omitted code) written as a comment
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
function [] = __kernel__ traverse(pos, blkpos, blkdim, blkidx)
    % ...
end
