% spec: 000 "Cooperative groups" (CUDA support guide)
% repaired: the methods table, split in two by a page break, is one table; one small kernel per method
% run: parse
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
