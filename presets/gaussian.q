% gaussian.q - a separable Gaussian blur shared by blur.q and sharpen.q (a module: it
% defines no process, so importing it adds functions only).
%
%   gaussian_blur(x, sigma)   x an H x W x C cube; sigma in pixels (0 returns a copy)
%
% Taps g[k] = exp(-k^2 / (2 sigma^2)), k = -r..r with r = ceil(3 sigma), divided by their
% sum; the border is 'clamped (the edge pixel repeats).

% Along the width (dimension 1).
function [] = __kernel__ gauss_h(x : cube'clamped, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

% Along the height (dimension 0).
function [] = __kernel__ gauss_v(x : cube'clamped, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

% The normalised taps of a Gaussian of this sigma, radius ceil(3 sigma).
function [g, r] = gaussian_taps(sigma)
    r = int(ceil(3 * sigma))
    g = zeros(2 * r + 1)
    for k = -r..r
        g[k + r] = exp(-(k * k) / (2 * sigma * sigma))
    endfor
    g = g / sum(g)
endfunction

function y = gaussian_blur(x, sigma)
    if sigma <= 0
        y = copy(x)
        return
    endif
    [g, r] = gaussian_taps(sigma)
    t = zeros(size(x))
    y = zeros(size(x))
    parallel_do(size(x), x, t, g, r, gauss_h)
    parallel_do(size(x), t, y, g, r, gauss_v)
endfunction
