% A 'hwtex_linear texture without a mode reads zeros outside (the default 'safe mode of
% kernels), so the last half-sample blends with 0: x[2.5] of [2, 4, 6] is 3.
function [] = __kernel__ k (y : vec, x : vec'hwtex_linear, pos : int)
    y[pos] = x[pos / 2]
endfunction
y = zeros(7)
parallel_do(7, y, [2, 4, 6], k)
print y
% expect: [2,3,4,5,6,3,0]
