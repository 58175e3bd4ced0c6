% Warp shuffles of coalesced_threads (spec 000 cooperative groups, a warp of 32): thread_idx is the lane, shfl reads a given lane,
% shfl_up reads lane - delta (lanes below delta keep their own value), shfl_xor reads lane xor mask.
function [] = __kernel__ k(y : mat, coalesced_threads : thread_block, pos : int)
    lane = coalesced_threads.thread_idx
    v = pos * 1.0
    a = coalesced_threads.shfl(v, 5)
    b = coalesced_threads.shfl_up(v, 1)
    c = coalesced_threads.shfl_xor(v, 1)
    y[pos, 0] = lane
    y[pos, 1] = a
    y[pos, 2] = b
    y[pos, 3] = c
endfunction
y = zeros(64, 4)
parallel_do([[64], [32]], y, k)
print y[0, :], y[1, :], y[31, :]
print y[32, :], y[33, :], y[50, :]
% expect: [0,5,0,1][1,5,0,0][31,5,30,30]
% expect: [0,37,32,33][1,37,32,32][18,37,49,51]
