% A kernel both writes an array argument and returns an output count of the elements it changed.
function n : int = __kernel__ clip(x : vec, hi : scalar, pos : int)
    if x[pos] > hi
        x[pos] = hi
        n += 1
    endif
endfunction
x = [1, 7, 3, 9, 4, 12]
n = parallel_do(numel(x), x, 5, clip)
print n, " ", x
% expect: 3 [1,5,3,5,4,5]
