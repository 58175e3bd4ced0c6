% An array declared with a mode on the host (a : vec'circular = ...) carries it into a kernel whose parameter has no modifier.
a : vec'circular = [1, 2, 3, 4]
b : vec'clamped = [1, 2, 3, 4]
function [] = __kernel__ k(a : vec, b : vec, y : mat, pos : int)
    y[pos, 0] = a[pos - 1]
    y[pos, 1] = b[pos + 2]
endfunction
y = zeros(4, 2)
parallel_do(4, a, b, y, k)
print y
% expect: [[4,3],[1,4],[2,4],[3,4]]
