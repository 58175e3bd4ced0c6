% Atomic ^= on a vec[int] from four threads: 2 squared four times is 65536, an exact int.
function [] = __kernel__ k(a : vec[int], r : vec[int], pos : int)
    r[pos] = (a[0] ^= 2)
endfunction
a = int([2])
r = vec[int](4)
parallel_do(4, a, r, k)
print a, " ", sum(r)
% expect: [65536] 65812
