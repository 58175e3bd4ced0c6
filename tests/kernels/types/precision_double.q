% With --double, kernels compute in double precision: 1 + 1e-10 is not 1, and the difference survives.
% options: --double
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    y[pos] = ((1 + x[pos]) - 1) * 1e10
endfunction
x = [1e-10, 1e-3]
y = zeros(2)
parallel_do(2, x, y, k)
print abs(y[0] - 1) < 1e-5, " ", abs(y[1] - 1e7) < 1e-3
% expect: 1 1
