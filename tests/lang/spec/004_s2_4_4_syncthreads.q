% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: syncthreads
function [] = __kernel__ my_kernel (y : mat, z : mat, pos : ivec2, idx : ivec2)
    y[pos] = 10*idx
    syncthreads % all threads wait here until the above operation has been completed.
    z[pos] = y[pos]*2
endfunction
