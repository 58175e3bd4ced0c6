% 'unchecked arrays read and write normally when the indices are in range.
function [] = __kernel__ k(x : mat'unchecked, y : mat'unchecked, pos : ivec2)
    y[pos] = x[pos] * 2 + x[1 - pos[0], pos[1]]
endfunction
x = [[1, 2], [3, 4]]
y = zeros(2, 2)
parallel_do(size(x), x, y, k)
print y
% expect: [[5,8],[7,10]]
