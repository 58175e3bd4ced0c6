% spec: 004 §2.4.4 "Block size not specified: what happens?" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
sz = opt_block_size(my_kernel)
