% spec: 000 "Cooperative groups" (CUDA support guide)
% repaired: nothing (table of `thread_block` properties, one small kernel each)
% run: parse
function [] = __kernel__ prop_thread_idx(y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.thread_idx
endfunction

function [] = __kernel__ prop_size(y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.size
endfunction

function [] = __kernel__ prop_active_mask(y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.active_mask
endfunction
