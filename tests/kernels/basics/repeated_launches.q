% A kernel launched repeatedly on the same arrays sees the previous launch's results (in-place update).
function [] = __kernel__ step(y : vec, pos : int)
    y[pos] = 2 * y[pos] + pos
endfunction
y = zeros(4)
for i = 1..3
    parallel_do(numel(y), y, step)
endfor
print y
% expect: [0,7,14,21]
