% 'clamped on a matrix in a kernel clamps each index separately (corner reads give the corner).
function [] = __kernel__ k(x : mat'clamped, y : mat, pos : ivec2)
    y[pos] = x[pos[0] * 3 - 2, pos[1] * 2 - 3]
endfunction
x = [[1, 2, 3], [4, 5, 6]]
y = zeros(2, 3)
parallel_do(size(y), x, y, k)
print y
% expect: [[1,1,2],[4,4,5]]
