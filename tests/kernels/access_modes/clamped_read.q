% 'clamped in a kernel: reads outside take the nearest edge element.
function [] = __kernel__ k(x : vec'clamped, y : mat, pos : int)
    y[pos, 0] = x[pos - 2]
    y[pos, 1] = x[pos + 2]
endfunction
x = [5, 6, 7, 8]
y = zeros(4, 2)
parallel_do(4, x, y, k)
print y
% expect: [[5,7],[5,8],[5,8],[6,8]]
