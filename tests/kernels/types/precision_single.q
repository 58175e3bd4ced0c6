% Kernels compute in the working precision: single by default, so 1 + 1e-10 rounds to 1 (and float(1/3) has 24 bits).
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    y[pos] = ((1 + x[pos]) - 1) * 1e10
endfunction
x = [1e-10, 1e-3]
y = zeros(2)
parallel_do(2, x, y, k)
print y[0], " ", abs(y[1] - 1e7) > 1
% expect: 0 1
