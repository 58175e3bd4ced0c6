% Each launch starts the output from zero: two launches of the same kernel do not accumulate into each other.
function n : int = __kernel__ count(x : vec, t : scalar, pos : int)
    if x[pos] >= t
        n += 1
    endif
endfunction
x = [1, 5, 2, 8, 3]
a = parallel_do(5, x, 2, count)
b = parallel_do(5, x, 5, count)
print a, " ", b
% expect: 4 2
