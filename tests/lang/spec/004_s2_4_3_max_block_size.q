% spec: 004 §2.4.3 "Memory usage inside kernel or device functions" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: maximum number of threads
prod(max_block_size(my_kernel))
