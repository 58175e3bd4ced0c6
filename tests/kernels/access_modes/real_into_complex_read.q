% A kernel reading a complex matrix writes real and imaginary parts to real matrices.
function [] = __kernel__ k(x : cmat, re : mat, im : mat, pos : ivec2)
    v = x[pos] * (2 - 1j)
    re[pos] = real(v)
    im[pos] = imag(v)
endfunction
x = [[1 + 1j, 2], [-1j, 3 + 4j]]
re = zeros(2, 2)
im = zeros(2, 2)
parallel_do(size(x), x, re, im, k)
print re
print im
% expect: [[3,4],[-1,10]]
% expect: [[1,-2],[-2,5]]
