% 'hwtex_* arrays that the CUDA engine reads through texture objects (docs/cuda.md "The
% CUDA text"): each address mode, nearest and linear, channels. Position i is sample i;
% expected values by hand (runtime/texture.c's rules). The weights here are multiples of
% 1/4, which the hardware's 1/256 steps hold exactly, so the GPU prints the same (weights
% that they do not hold: tests/gpu/hwtex_tolerance.q).
function [] = __kernel__ wrap_nearest (y : mat, x : mat'hwtex_nearest'circular, pos : ivec2)
    y[pos] = x[pos[0] - 1.5, pos[1] + 2.5]
endfunction
x = zeros(4, 4)
for m = 0..3
    for n = 0..3
        x[m, n] = 10 * m + n
    endfor
endfor
y = zeros(2, 2)
parallel_do(size(y), y, x, wrap_nearest)
print y
% rows -0.5, 0.5, 1.5 of a 2-row image mirrored (row -1 is row 0, row 2 is row 1),
% column 1.25, both channels: 10 m + n + 100 c interpolated
function [] = __kernel__ mirror_channels (y : mat, x : cube'hwtex_linear(2)'mirror, pos : ivec2)
    y[pos] = x[pos[0] - 0.5, 1.25, pos[1]]
endfunction
x2 = zeros(2, 3, 2)
for m = 0..1
    for n = 0..2
        for c = 0..1
            x2[m, n, c] = 10 * m + n + 100 * c
        endfor
    endfor
endfor
y2 = zeros(3, 2)
parallel_do(size(y2), y2, x2, mirror_channels)
print y2
% 'safe: 0 outside (a border texture)
function [] = __kernel__ border (y : vec, x : mat'hwtex_linear'safe, pos : int)
    y[pos] = x[-0.5, pos - 0.5]
endfunction
y3 = zeros(3)
parallel_do(3, y3, [[1, 2], [3, 4]], border)
print y3
% expect: [[33,30],[3,0]]
% rows 0, 5, 10 plus column 1.25 plus 100 c
% expect: [[1.25,101.25],[6.25,106.25],[11.25,111.25]]
% half of row 0 (the other half is the 0 above it): 0.5 (0 + 1) / 2, 0.5 (1 + 2) / 2, 0.5 (2 + 0) / 2
% expect: [0.25,0.75,0.5]
