% 'circular on a cube parameter in a kernel: a cyclic shift by one row and one column.
function [] = __kernel__ roll(x : cube'circular, y : cube, pos : ivec3)
    y[pos] = x[pos - [1, 1, 0]]
endfunction
x = zeros(2, 3, 1)
x[:, :, 0] = [[1, 2, 3], [4, 5, 6]]
y = zeros(size(x))
parallel_do(size(x), x, y, roll)
print y[:, :, 0]
% expect: [[6,4,5],[3,1,2]]
