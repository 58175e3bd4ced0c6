% Spec 004 §2.4.4: assertions that bound the sizes of shared(M,N,K) let the compiler bound
% the kernel's shared memory, and it says so: "Information: Calculated an upper bound for
% the amount of shared memory: 2560 bytes" (8 x 20 x 4 x 4 bytes), here a note.
function [] = __kernel__ tile_sum(y : vec, M : int, N : int, K : int, blkpos : int, pos : int)
    assert(M<8 && N<20 && K<4)
    x = shared(M,N,K)
    x[0, 0, 0] = 0
    syncthreads
    if blkpos == 0
        x[0, 0, 0] = M * N * K
    endif
    syncthreads
    y[pos] = x[0, 0, 0]
endfunction

y = zeros(4)
parallel_do([4], y, 2, 3, 2, tile_sum)
print y
% expect: [12,12,12,12]
% expect note: line 4: Calculated an upper bound for the amount of shared memory: 2560 bytes
