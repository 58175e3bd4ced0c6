% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: the forms named in the prose, one per line, inside a kernel function (wrapper added)
% run: parse
% example: syncthreads granularity
function [] = __kernel__ sync_forms(pos : ivec2)
    syncthreads(block)
    syncthreads(warp)
    syncthreads(grid)
    syncthreads(host)
endfunction
