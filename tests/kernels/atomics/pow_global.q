% Atomic ^= from several threads squaring one element: 2 -> 4 -> 16 -> 256 in any order; the returned values are those powers.
function [] = __kernel__ k(a : vec, r : vec, pos : int)
    r[pos] = (a[0] ^= 2)
    a[1] ^= 1
endfunction
a = [2, 3]
r = zeros(3)
parallel_do(3, a, r, k)
print a, " ", sum(r), " ", max(r)
% expect: [256,3] 276 256
