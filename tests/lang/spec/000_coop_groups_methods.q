% spec: 000 "Cooperative groups" (CUDA support guide)
% repaired: the methods table, split in two by a page break, is one table; one small kernel per method
% run: exec
% added: main, which launches the kernels (on the CPU a coalesced group is a warp of 32
% threads run in lockstep; all of a small launch are active)
function [] = __kernel__ method_sync(y : vec, this_thread_block : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = 1
    this_thread_block.sync()
endfunction

function [] = __kernel__ method_partition(y : vec, this_thread_block : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    tile = this_thread_block.partition(4)
    y[pos] = tile.thread_idx
endfunction

function [] = __kernel__ method_shfl(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.shfl(x[pos], 0)
endfunction

function [] = __kernel__ method_shfl_up(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.shfl_up(x[pos], 1)
endfunction

function [] = __kernel__ method_shfl_down(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    val = x[pos]
    val += coalesced_threads.shfl_down(val, 16)
    y[pos] = val
endfunction

function [] = __kernel__ method_shfl_xor(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.shfl_xor(x[pos], 1)
endfunction

function [] = __kernel__ method_all(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.all(x[pos] > 0)
endfunction

function [] = __kernel__ method_any(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.any(x[pos] > 0)
endfunction

function [] = __kernel__ method_ballot(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.ballot(x[pos] > 0)
endfunction

function [] = __kernel__ method_match_any(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.match_any(x[pos])
endfunction

function [] = __kernel__ method_match_all(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    {!kernel target="nvidia_cuda"}
    y[pos] = coalesced_threads.match_all(x[pos])
endfunction

function [] = main()
    x = [1, 1, 2, 2, 1, 3, 3, 3]
    y = zeros(8)
    parallel_do(8, y, method_sync)
    print y
    parallel_do(8, y, method_partition)
    print y
    parallel_do(8, x, y, method_shfl)
    print y
    parallel_do(8, x, y, method_shfl_xor)
    print y
    parallel_do(8, x, y, method_all)
    print y
    parallel_do(8, x - 2, y, method_any)
    print y
    parallel_do(8, x - 2, y, method_ballot)
    print y
    parallel_do(8, x, y, method_match_any)
    print y
    parallel_do(8, x, y, method_match_all)
    print y
    parallel_do(8, ones(8), y, method_match_all)
    print y
endfunction
% expect: [1,1,1,1,1,1,1,1]
% expect: [0,1,2,3,0,1,2,3]
% expect: [1,1,1,1,1,1,1,1]
% expect: [1,1,2,2,3,1,3,3]
% expect: [1,1,1,1,1,1,1,1]
% expect: [1,1,1,1,1,1,1,1]
% expect: [224,224,224,224,224,224,224,224]
% expect: [19,19,12,12,19,224,224,224]
% expect: [0,0,0,0,0,0,0,0]
% expect: [255,255,255,255,255,255,255,255]
