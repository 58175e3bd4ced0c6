% spec: 000 "Cooperative groups" (CUDA support guide)
% repaired: nothing (table of `thread_block` properties, one small kernel each)
% run: exec
% added: main, which launches the kernels
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

function [] = main()
    y = zeros(5)
    parallel_do(5, y, prop_thread_idx)
    print y
    parallel_do(5, y, prop_size)
    print y
    parallel_do(5, y, prop_active_mask)
    print y
endfunction
% expect: [0,1,2,3,4]
% expect: [5,5,5,5,5]
% expect: [31,31,31,31,31]
