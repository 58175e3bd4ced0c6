% Atomic minimum __= on a vec[int] element from many threads; each returned value is at most the thread's own value.
function [] = __kernel__ k(x : vec[int], a : vec[int], bad : vec[int], pos : int)
    r = (a[0] __= x[pos])
    if r > x[pos]
        bad[0] += 1
    endif
endfunction
x = int([3, -7, 12, 0, -20, 8, -19])
a = int([1000])
bad = int([0])
parallel_do(7, x, a, bad, k)
print a, " ", bad
% expect: [-20] [0]
