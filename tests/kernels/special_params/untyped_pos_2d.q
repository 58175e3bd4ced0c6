% An untyped pos on a 2-D grid is an integer vector: pos[0], pos[1] and x[pos] work.
function [] = __kernel__ k(x, y, pos)
    y[pos] = x[pos] * pos[0] + pos[1]
endfunction
x = [[1, 1, 1], [2, 2, 2]]
y = zeros(2, 3)
parallel_do(size(x), x, y, k)
print y
% expect: [[0,1,2],[2,3,4]]
