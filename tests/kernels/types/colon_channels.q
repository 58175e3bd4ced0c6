% x[i, j, :] over the channels of an image (a baked last dimension of up to 4) reads and
% writes the pixel as a fixed-length vector, as x[i, j, 0..2] does; neighbours with
% 'clamped borders, on a 3-channel and a 4-channel image. x[i, j, c] = 100 i + 10 j + c.
function [] = __kernel__ swap_down(x : cube'clamped, y : cube, pos : ivec2)
    here = x[pos[0], pos[1], :]
    below = x[pos[0] + 1, pos[1], :]
    y[pos[0], pos[1], :] = below - here + [here[2], here[1], here[0]]
endfunction
function [] = __kernel__ brighten(x : cube, y : cube, pos : ivec2)
    y[pos[0], pos[1], :] = x[pos[0], pos[1], :] * 2 + 1
endfunction
function x = ramp(h, w, c)
    x = zeros(h, w, c)
    for i = 0..h - 1
        for j = 0..w - 1
            for k = 0..c - 1
                x[i, j, k] = 100 * i + 10 * j + k
            endfor
        endfor
    endfor
endfunction
x = ramp(4, 5, 3)
y = zeros(size(x))
parallel_do([4, 5], x, y, swap_down)
print y[1, 2, :], y[3, 4, :]
% expect: [222,221,220][342,341,340]
x4 = ramp(3, 6, 4)
y4 = zeros(size(x4))
parallel_do([3, 6], x4, y4, brighten)
print y4[2, 5, :]
% expect: [501,503,505,507]
