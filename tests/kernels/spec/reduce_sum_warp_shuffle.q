% Spec 000 "Warp shuffling operations": reduce_sum with coalesced_threads : thread_block, shfl_down over a warp of 32, a grid-stride loop and an atomic add of lane 0 into the output.
% adapted: blocks of 32 (one warp) given explicitly; 256 and 64 synthetic integer values so that the sum is exact.
function y : scalar = __kernel__ reduce_sum(coalesced_threads : thread_block, x : vec'unchecked,
    blkpos : int, pos : int, blkdim : int, blkcnt : int)
    {!kernel target="nvidia_cuda"}
    lane = coalesced_threads.thread_idx
    total = 0.0

    for index=pos..blkdim*blkcnt..numel(x)-1
        val = x[index]
        val += coalesced_threads.shfl_down(val, 16)
        val += coalesced_threads.shfl_down(val, 8)
        val += coalesced_threads.shfl_down(val, 4)
        val += coalesced_threads.shfl_down(val, 2)
        val += coalesced_threads.shfl_down(val, 1)
        total += val
    endfor

    % Atomics for accumulation
    if lane==0
        y += total
    endif
endfunction
x = zeros(256)
for k = 0..255
    x[k] = mod(k, 9)
endfor
print parallel_do([[64], [32]], x, reduce_sum)
print parallel_do([[32], [32]], x[0..63], reduce_sum)
% expect: 1014
% expect: 252
