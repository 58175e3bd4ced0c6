% Compare-and-exchange leaves the element unchanged when it differs from the expected value, and returns the current value.
function [] = __kernel__ k(a : vec, r : vec, pos : int)
    r[pos] = (a[pos] <- (2, 100 + pos))
endfunction
a = [2, 3, 2, -2]
r = zeros(4)
parallel_do(4, a, r, k)
print a, " ", r
% expect: [100,3,102,-2] [2,3,2,-2]
