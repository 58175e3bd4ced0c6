% spec: 000 "Thread synchronization" (CUDA support guide)
% repaired: code block split in two by the extraction rejoined
% run: parse
block_size = opt_block_size(kernel,data_dims)
grid_size = opt_block_cnt(kernel,block_size,data_dims)
parallel_do([grid_size.*block_size, block_size], kernel)
