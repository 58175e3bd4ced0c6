% A butterfly reduction with shfl_xor over a warp of 32 (no shared memory): every lane ends with the warp's sum.
function [] = __kernel__ k(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    s = x[pos]
    m = 16
    while m >= 1
        s += coalesced_threads.shfl_xor(s, m)
        m = int(m / 2)
    endwhile
    y[pos] = s
endfunction
x = 0..63
y = zeros(64)
parallel_do([[64], [32]], x, y, k)
print y[0], " ", y[17], " ", y[31], " ", y[32], " ", y[63]
% expect: 496 496 496 1520 1520
