% A 3-D launch: pos is an ivec3 and x[pos] / y[pos] index a cube.
function [] = __kernel__ k(x : cube, y : cube, pos : ivec3)
    y[pos] = x[pos] + pos[0] * 100 + pos[1] * 10 + pos[2]
endfunction
x = ones(2, 3, 2)
y = zeros(size(x))
parallel_do(size(x), x, y, k)
print y
% expect: [[[1,2],[11,12],[21,22]],[[101,102],[111,112],[121,122]]]
