% spec: 000 "Memory synchronization" (CUDA support guide)
% repaired: nothing (table of `memfence` forms, one small kernel each)
% run: parse
function [] = __kernel__ fence_grid(y : vec, pos : int)
    y[pos] = 1
    memfence(grid)
endfunction

function [] = __kernel__ fence_block(y : vec, pos : int)
    y[pos] = 1
    memfence(block)
endfunction

function [] = __kernel__ fence_system(y : vec, pos : int)
    y[pos] = 1
    memfence(system)
endfunction
