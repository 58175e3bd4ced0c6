% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: "numel(A)1" is "numel(A)-1"
% run: parse
% example: implementation of shared_zeros
function [] = __kernel__ shared_mem_example(blkpos : ivec3, blkdim : ivec3)
    A = shared(100) % One vector of 100 elements
    % Compute the index of the current thread
    threadId = (blkpos[0] * blkdim[1] + blkpos[1]) * blkdim[2] + blkpos[0]
    nThreads = prod(blkdim) % Number of threads within one block
    for i=threadId..nThreads..numel(A)-1 % Parallel initialization
        A[i] = 0.0
    endfor
    syncthreads % Make sure all threads have finished before continuing!
    % Is equivalent to
    B = shared_zeros(100)
    syncthreads % Make sure all threads have finished before continuing!
endfunction
