% syncthreads takes block, warp, grid, multi_grid or host.
% run: parse
% expect error: line 6: unknown synchronization 'foo'
% expect error: line 7: expected block, warp, grid, multi_grid or host, found a number
function [] = __kernel__ k(pos : int)
    syncthreads(foo)
    syncthreads(2)
endfunction
