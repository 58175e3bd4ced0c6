% Atomic /= from 20 threads halving 2^20: ends at 1; the returned values are 2^19..2^0 each once (sum 2^20 - 1).
function [] = __kernel__ k(a : vec, r : vec, pos : int)
    r[pos] = (a[0] /= 2)
endfunction
a = [1048576]
r = zeros(20)
parallel_do(20, a, r, k)
print a, " ", sum(r) == 1048575, " ", min(r), " ", max(r)
% expect: [1] 1 1 524288
