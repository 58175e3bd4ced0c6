% parallel_do with more arguments than the kernel's non-special parameters is an error; nothing runs.
function [] = __kernel__ k(y : vec, pos : int, blkpos : int)
    y[pos] = 1
endfunction
y = zeros(2)
print "before"
parallel_do(2, y, 3, k)
print "not reached"
% expect: before
% expect error: line 7: takes 1 argument besides its special parameters, 2 given
