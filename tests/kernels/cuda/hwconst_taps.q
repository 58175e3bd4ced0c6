% 'hwconst arrays: the CUDA text reads them from __constant__ memory (qpk_const, 32 KiB)
% when the CUDA engine placed them there, and from global memory when they do not fit:
% f (5 taps) fits, g (10000 elements, 40000 bytes in single precision) does not.
% y[p] = sum_k f[k] x[p + k] with x = 0..9 ('safe: 0 past the end), f = [1, 2, 3, 4, 5]:
% y[0] = 0 + 2 + 6 + 12 + 20 = 40, y[6] = 6 + 14 + 24 + 36 = 80, y[8] = 8 + 2 * 9 = 26. z[p] = g[p] + g[9999 - p] with
% g[i] = i: 9999 everywhere.
function [] = __kernel__ taps(x : vec, f : vec'hwconst, y : vec, pos : int)
    acc = 0.0
    for k = 0..4
        acc += f[k] * x[pos + k]
    endfor
    y[pos] = acc
endfunction
function [] = __kernel__ ends(g : vec'hwconst, z : vec, pos : int)
    z[pos] = g[pos] + g[9999 - pos]
endfunction
x = 0..9
y = zeros(10)
parallel_do(10, x, [1, 2, 3, 4, 5], y, taps)
print y
g = 0..9999
z = zeros(10000)
parallel_do(10000, g, z, ends)
print z[0], " ", z[5000], " ", z[9999]
% expect: [40,55,70,85,100,115,80,50,26,9]
% expect: 9999 9999 9999
