% Complex arrays in a kernel: complex arithmetic, 'safe reads outside give 0+0j, 'circular wraps.
function [] = __kernel__ k(x : cvec, z : cvec'circular, y : cvec, pos : int)
    y[pos] = x[pos] * 1j + x[pos + 1] + z[pos + 2]
endfunction
x = [1 + 2j, 3 - 1j]
z = [10j, 20 + 0j]
y = complex(zeros(2))
parallel_do(2, x, z, y, k)
print y
% expect: [1+10j,21+3j]
