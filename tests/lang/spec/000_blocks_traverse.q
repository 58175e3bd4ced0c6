% spec: 000 "Block position, block dimensions, block index" (CUDA support guide)
% repaired: ellipsis line `...` (omitted code) written as a comment
% run: parse
function [] = __kernel__ traverse(pos, blkpos, blkdim, blkidx)
    % ...
endfunction
