% Atomic exchange on a scalar array returns the previous value; a single thread shows the exact old/new pair.
function [] = __kernel__ k(a : vec, r : vec, pos : int)
    r[pos] = (a[pos] <- a[pos] * 10 + 0.5)
endfunction
a = [1.25, -2, 7]
r = zeros(3)
parallel_do(3, a, r, k)
print a, " ", r
% expect: [13,-19.5,70.5] [1.25,-2,7]
