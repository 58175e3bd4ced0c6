% Atomic *= from 20 threads doubling one element: 2^20; the returned values are the distinct powers 2^1..2^20 (their sum shows it).
function [] = __kernel__ k(a : vec, r : vec, s : vec[int], pos : int)
    r[pos] = (a[0] *= 2)
    s[0] *= -1
endfunction
a = [1]
r = zeros(20)
s = int([3])
parallel_do(20, a, r, s, k)
print a, " ", sum(r), " ", max(r), " ", s
parallel_do(7, a, r, s, k)
print s
% expect: [1.04858e+06] 2.09715e+06 1.04858e+06 [3]
% expect: [-3]
