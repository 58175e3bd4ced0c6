% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: blocks
pos = [m,n,p]
blkpos = mod(pos, blkdim)
blkidx = floor(pos/blkdim)
blkcnt = ceil(size(y)./blkdim)
