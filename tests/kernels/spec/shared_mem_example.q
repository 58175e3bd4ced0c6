% Spec 004 §2.4.4: shared_mem_example, a strided parallel initialisation of shared(100) by the threads of a 3-D block, and shared_zeros(100), each followed by syncthreads.
% adapted: threadId ends in blkpos[2] (the text repeats blkpos[0], which leaves elements unassigned in 3-D blocks); to observe the
% result, the same strided loop then adds i to A and 1 to B, and thread 0 of each block sums both into the kernel's outputs.
function [sa : scalar, sb : scalar] = __kernel__ shared_mem_example(blkpos : ivec3, blkdim : ivec3)
    A = shared(100) % One vector of 100 elements
    % Compute the index of the current thread
    threadId = (blkpos[0] * blkdim[1] + blkpos[1]) * blkdim[2] + blkpos[2]
    nThreads = prod(blkdim) % Number of threads within one block
    for i=threadId..nThreads..numel(A)-1 % Parallel initialization
        A[i] = 0.0
    endfor
    syncthreads % Make sure all threads have finished before continuing!
    % Is equivalent to
    B = shared_zeros(100)
    syncthreads % Make sure all threads have finished before continuing!

    for i=threadId..nThreads..numel(A)-1
        A[i] += i
        B[i] += 1
    endfor
    syncthreads
    if threadId == 0
        ta = 0.0
        tb = 0.0
        for i = 0..99
            ta += A[i]
            tb += B[i]
        endfor
        sa += ta
        sb += tb
    endif
endfunction
[sa, sb] = parallel_do([[2, 4, 6], [2, 2, 3]], shared_mem_example)
print sa, " ", sb
% expect: 19800 400
