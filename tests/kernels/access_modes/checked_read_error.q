% 'checked in a kernel: a read outside is an error naming the kernel, the array and the index.
function [] = __kernel__ kc(x : vec'checked, y : vec, pos : int)
    y[pos] = x[pos + 1]
endfunction
x = [1, 2, 3]
y = zeros(3)
parallel_do(3, x, y, kc)
print "not reached"
% expect error: line 3: (parallel_do) kc - index out of range: x[3]
