% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: "dimensions[0]1" is "dimensions[0]-1" (and [1], [2]); the placeholder "..., " in the argument list removed (original in the comment)
% run: parse
% example: the sequential program parallel_do executes
blkdim = choose_optimal_block_size(kernel_function) % done automatically
for m=0..dimensions[0]-1
    for n=0..dimensions[1]-1
        for p=0..dimensions[2]-1
            pos = [m,n,p]
            blkpos = mod(pos, blkdim)
            blkidx = floor(pos/blkdim)
            % as written: kernel_function(inarg1, ..., inargN, [pos], [blkpos], [blkidx], [blkdim])
            kernel_function(inarg1, inargN, [pos], [blkpos], [blkidx], [blkdim])
        endfor
    endfor
endfor
