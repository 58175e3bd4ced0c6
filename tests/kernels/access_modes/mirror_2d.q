% 'mirror on a matrix in a kernel applies to each dimension (row and column mirrored independently).
function [] = __kernel__ k(x : mat'mirror, y : mat, pos : ivec2)
    y[pos] = x[pos[0] - 1, pos[1] + 1]
endfunction
x = [[1, 2, 3], [4, 5, 6]]
y = zeros(2, 3)
parallel_do(size(y), x, y, k)
print y
% expect: [[2,3,3],[2,3,3]]
