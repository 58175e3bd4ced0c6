% x[m, n, 0..2] reads a vec3 in a kernel; vector arithmetic on it; y[m, n, 0..2] = v writes three channels.
function [] = __kernel__ k(x : cube, y : cube, w : vec3, pos : ivec2)
    v = x[pos[0], pos[1], 0..2]
    y[pos[0], pos[1], 0..2] = v .* w + [v[2], v[1], v[0]]
endfunction
x = zeros(2, 1, 3)
x[0, 0, :] = [1, 2, 3]
x[1, 0, :] = [4, 5, 6]
y = zeros(size(x))
parallel_do(size(x, 0..1), x, y, [10, 100, 1000], k)
print y
% expect: [[[13,202,3001]],[[46,505,6004]]]
