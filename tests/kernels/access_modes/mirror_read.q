% 'mirror in a kernel: reads outside are mirrored with the edge repeated (x[-1] = x[0], x[N] = x[N-1]).
function [] = __kernel__ k(x : vec'mirror, y : mat, pos : int)
    y[pos, 0] = x[pos - 2]
    y[pos, 1] = x[pos + 2]
endfunction
x = [1, 2, 3, 4]
y = zeros(4, 2)
parallel_do(4, x, y, k)
print y
% expect: [[2,3],[1,4],[1,4],[2,3]]
