% spec: 000 "Cooperative groups" (CUDA support guide)
% repaired: nothing (table of special kernel arguments, all of type `thread_block`, in one small kernel)
% run: parse
function [] = __kernel__ coop_parameters(y : vec, coalesced_threads : thread_block, this_thread_block : thread_block, this_grid : thread_block, this_multi_grid : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.size + this_thread_block.size + this_grid.size + this_multi_grid.size
endfunction
