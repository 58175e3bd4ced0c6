% 'circular in a kernel: reads wrap around (periodic extension), also for offsets beyond one period.
function [] = __kernel__ k(x : vec'circular, y : mat, pos : int)
    y[pos, 0] = x[pos - 1]
    y[pos, 1] = x[pos + 7]
endfunction
x = [10, 20, 30]
y = zeros(3, 2)
parallel_do(3, x, y, k)
print y
% expect: [[30,20],[10,30],[20,10]]
