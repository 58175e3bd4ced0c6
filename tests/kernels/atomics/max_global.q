% Atomic maximum ^^= on one element from many threads; each returned value is at least the thread's own value.
function [] = __kernel__ k(x : vec, a : vec, bad : vec, pos : int)
    r = (a[0] ^^= x[pos])
    if r < x[pos] || r < -1000
        bad[0] += 1
    endif
endfunction
x = [3, -7, 12.5, 0, 12, -20, 8]
a = [-1000]
bad = [0]
parallel_do(7, x, a, bad, k)
print a, " ", bad
% expect: [12.5] [0]
