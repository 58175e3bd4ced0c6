% 'hwtex_linear reads interpolate bilinearly (spec 000 "Texture memory"); position i is
% sample i, and the texture's own access mode ('clamped here) extends it. The spec's
% interpolate_hwtex kernel: y[pos] = x[scale * pos] with scale 0.5 over a 3x3 grid.
% Expected values by hand: x[m, n] = 10 m + n, so bilinear at (a, b) inside is 10 a + b;
% at (1.5, 1.5) rows and columns clamp to 1: 11.
function [] = __kernel__ interpolate_hwtex (y : mat, x : mat'hwtex_linear'clamped, scale : scalar, pos : ivec2)
    y[pos] = x[scale * pos]
endfunction
x = [[0, 1], [10, 11]]
y = zeros(4, 4)
parallel_do(size(y), y, x, 0.5, interpolate_hwtex)
print y[0, :]
print y[1, :]
print y[2, :]
print y[3, :]
% the question of issue 10: x[0.5, 0.5] of [[0, 1], [2, 3]] is 1.5
function [] = __kernel__ at_half (y : vec, x : mat'hwtex_linear, pos : int)
    y[pos] = x[0.5 * pos, 0.5]
endfunction
z = zeros(2)
parallel_do(2, z, [[0, 1], [2, 3]], at_half)
print z
% expect: [0,0.5,1,1]
% expect: [5,5.5,6,6]
% expect: [10,10.5,11,11]
% expect: [10,10.5,11,11]
% expect: [0.5,1.5]
