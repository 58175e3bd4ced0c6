% Kernels over an image grid (H x W x C, C baked) whose interior runs over the flattened
% (x, channel) index (docs/kernels.md "flattened channels"): taps along x as pos[1] + e,
% e + pos[1] and pos[1] - e, a[pos] writes, C = 3 and C = 4, a second array of another
% width, and clamped borders. x[i, j, c] = 100 i + 10 j + c, so every result is known.
function [] = __kernel__ diff(x : cube'clamped, y : cube, pos : ivec3)
    y[pos] = x[pos[0], pos[1] + 1, pos[2]] - x[pos[0], pos[1] - 1, pos[2]]
endfunction

function [] = __kernel__ taps(x : cube'clamped, w : vec, y : cube, pos : ivec3)
    s = 0.0
    for k = -2..2
        s += w[k + 2] * x[pos[0], k + pos[1], pos[2]]
    endfor
    y[pos] = s - x[pos[0] + 1, pos[1] - 2, pos[2]]
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

x = ramp(6, 40, 3)
y = zeros(size(x))
parallel_do(size(x), x, y, diff)
print y[2, 0, 1], " ", y[2, 5, 1], " ", y[3, 20, 2], " ", y[2, 39, 2], " ", sum(y)
% expect: 10 20 20 10 14040

% 5 taps of weights 1, 2, 3, 2, 1 minus the pixel two to the left one row down. Inside,
% the taps sum to 9 x(i, j, c) and the pixel is x(i, j, c) + 100 - 20: 8 x(i, j, c) - 80,
% so (1, 10, 3) gives 8 * 203 - 80 = 1544 and (2, 16, 0) 8 * 360 - 80 = 2800. At the
% corners the clamped taps repeat the edge: (0, 0, 2) is 1*2+2*2+3*2+2*12+1*22 - 102 = -44
% and (4, 32, 1) is 1*701+2*711+3*721+2*721+1*721 - 701 = 5748.
x4 = ramp(5, 33, 4)
y4 = zeros(size(x4))
parallel_do(size(x4), x4, [1.0, 2, 3, 2, 1], y4, taps)
print y4[1, 10, 3], " ", y4[2, 16, 0], " ", y4[0, 0, 2], " ", y4[4, 32, 1]
% expect: 1544 2800 -44 5748

% the output wider than the grid: the second array's own width addresses it
z = zeros(6, 50, 3)
parallel_do(size(x), x, z, diff)
print z[1, 7, 2], " ", z[1, 45, 2], " ", sum(z[:, 0..39, :]) == sum(y)
% expect: 20 0 1
