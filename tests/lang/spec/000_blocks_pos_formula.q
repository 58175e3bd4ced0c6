% spec: 000 "Block position, block dimensions, block index" (CUDA support guide)
% repaired: nothing
% run: parse
pos = blkidx .* blkdim + blkpos
