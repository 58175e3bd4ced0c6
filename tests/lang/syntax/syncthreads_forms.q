% run: dump
% pins: syncthreads alone and with each granularity
function [] = __kernel__ k(y : vec, pos : int)
    syncthreads
    syncthreads(block)
    syncthreads(warp)
    syncthreads(grid)
    syncthreads(multi_grid)
    syncthreads(host)
endfunction
% expect: function __kernel__ k () (y:vec pos:int)
% expect:   (syncthreads)
% expect:   (syncthreads block)
% expect:   (syncthreads warp)
% expect:   (syncthreads grid)
% expect:   (syncthreads multi_grid)
% expect:   (syncthreads host)
