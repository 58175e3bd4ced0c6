% 'hwtex_linear on a cube interpolates trilinearly; 'hwtex_linear(n) holds n components in
% the last dimension and interpolates each over the first two (spec 000).
% c[i, j, k] = 4 i + 2 j + k, so trilinear at (a, b, c) is 4a + 2b + c.
function [] = __kernel__ tri (y : vec, x : cube'hwtex_linear, pos : int)
    t = 0.25 * pos
    y[pos] = x[t, 0.5, 1 - t]
endfunction
function [] = __kernel__ rgba (y : mat, x : cube'hwtex_linear(2), pos : int)
    p = [0.5, 0.25 * pos]
    y[pos, 0..1] = x[p[0], p[1], 0..1]
endfunction
c = reshape(0..7, [2, 2, 2])
y = zeros(5)
parallel_do(5, y, c, tri)
print y
r = zeros(5, 2)
parallel_do(5, r, c, rgba)
print r
% 4t + 2 * 0.5 + (1 - t) = 2 + 3t for t = 0, .25, .5, .75, 1
% expect: [2,2.75,3.5,4.25,5]
% components k = 0, 1 at (0.5, b): 2 + 2b + k, b = 0, .25, .5, .75, 1
% expect: [[2,3],[2.5,3.5],[3,4],[3.5,4.5],[4,5]]
