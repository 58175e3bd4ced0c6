% 'hwtex_const: the CUDA text reads x through the read-only data cache (__ldg); the
% values are those of a plain read. y = transpose of x[i, j] = 10 i + j (3 x 4), plus 1.
function [] = __kernel__ tr(x : mat'hwtex_const, y : mat, pos : ivec2)
    y[pos] = x[pos[1], pos[0]] + 1
endfunction
x = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
y = zeros(4, 3)
parallel_do(size(y), x, y, tr)
print y
% expect: [[1,11,21],[2,12,22],[3,13,23],[4,14,24]]
