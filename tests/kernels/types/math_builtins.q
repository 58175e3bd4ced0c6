% Math builtins inside a kernel agree with the host: abs, sqrt, exp, log, floor, ceil, round, mod, min, max, frac.
function [] = __kernel__ k(x : vec, y : mat, pos : int)
    v = x[pos]
    y[pos, 0] = abs(v)
    y[pos, 1] = sqrt(abs(v))
    y[pos, 2] = floor(v)
    y[pos, 3] = ceil(v)
    y[pos, 4] = round(v)
    y[pos, 5] = mod(v, 3)
    y[pos, 6] = min(v, 1)
    y[pos, 7] = max(v, 1)
    y[pos, 8] = frac(v)
    y[pos, 9] = exp(log(abs(v)))
endfunction
x = [-2.5, 6.25, 4]
y = zeros(3, 10)
parallel_do(3, x, y, k)
print y
% expect: [[2.5,1.58114,-3,-2,-3,0.5,-2.5,1,0.5,2.5],[6.25,2.5,6,7,6,0.25,1,6.25,0.25,6.25],[4,2,4,4,4,1,1,4,0,4]]
