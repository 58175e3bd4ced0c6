% vec3 kernel parameters combine with vec3 reads: a weighted sum of channels (a colour to grey conversion).
function [] = __kernel__ grey(x : cube, y : mat, w : vec3, off : vec3, pos : ivec2)
    y[pos] = sum((x[pos[0], pos[1], 0..2] + off) .* w)
endfunction
x = zeros(2, 1, 3)
x[0, 0, :] = [1, 2, 3]
x[1, 0, :] = [10, 20, 40]
y = zeros(2, 1)
parallel_do([2, 1], x, y, [0.5, 0.25, 0.25], [1, 1, -1], grey)
print y
% expect: [[2.25],[20.5]]
