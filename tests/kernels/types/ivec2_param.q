% An ivec2 parameter used as an offset vector: x[pos + off] with 'safe reads outside.
function [] = __kernel__ shift(x : mat, y : mat, off : ivec2, pos : ivec2)
    y[pos] = x[pos + off]
endfunction
x = [[1, 2, 3], [4, 5, 6]]
y = zeros(2, 3)
parallel_do(size(x), x, y, [1, -1], shift)
print y
% expect: [[0,4,5],[0,0,0]]
