% spec: 000 "Thread synchronization" (CUDA support guide)
% repaired: nothing (table of `syncthreads` forms, one small kernel each)
% run: parse
function [] = __kernel__ sync_warp(y : vec, pos : int)
    y[pos] = 1
    syncthreads(warp)
endfunction

function [] = __kernel__ sync_block(y : vec, pos : int)
    y[pos] = 1
    syncthreads(block)
endfunction

function [] = __kernel__ sync_grid(y : vec, pos : int)
    y[pos] = 1
    syncthreads(grid)
endfunction

function [] = __kernel__ sync_multi_grid(y : vec, pos : int)
    y[pos] = 1
    syncthreads(multi_grid)
endfunction

function [] = __kernel__ sync_host(y : vec, pos : int)
    y[pos] = 1
    syncthreads(host)
endfunction

function [] = __kernel__ sync_default(y : vec, pos : int)
    y[pos] = 1
    syncthreads % alias for syncthreads(block)
endfunction
