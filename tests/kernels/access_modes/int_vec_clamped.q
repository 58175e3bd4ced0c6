% A vec[int] with 'clamped in a kernel: integer elements, clamped reads, results stored exactly.
function [] = __kernel__ k(x : vec[int]'clamped, y : vec[int], pos : int)
    y[pos] = x[pos - 1] * 1000 + x[pos + 1]
endfunction
x = int([123456, 7, -8])
y = vec[int](3)
parallel_do(3, x, y, k)
print y
% expect: [123456007,123455992,6992]
