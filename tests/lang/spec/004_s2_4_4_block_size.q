% spec: 004 §2.4.4 "Specifying the GPU block size" (reference manual excerpt)
% repaired: the placeholder "...," for the omitted kernel arguments removed (original in the comment)
% run: parse
sz = max_block_size(my_kernel, my_block_size)
% as written: parallel_do([dims,sz],...,my_kernel)
parallel_do([dims,sz],my_kernel)
