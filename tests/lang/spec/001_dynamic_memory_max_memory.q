% spec: 001 "Parallel memory allocation algorithm" (language notes)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: upper bound of allocated memory
max_memory = NUM_MULTIPROC * MAX_RESIDENT_BLOCKS * prod(blkdim) * 4*M*N*K
