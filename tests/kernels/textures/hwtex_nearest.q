% 'hwtex_nearest reads the nearest sample; halves round up (x[0.5] is x[1]).
function [] = __kernel__ k (y : vec, x : vec'hwtex_nearest'clamped, pos : int)
    y[pos] = x[0.25 * pos]
endfunction
y = zeros(10)
parallel_do(10, y, [1, 2, 3], k)
print y
% expect: [1,1,2,2,2,2,3,3,3,3]
