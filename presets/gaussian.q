% gaussian.q - a separable Gaussian blur shared by blur.q and sharpen.q (a module: it
% defines no process, so importing it adds functions only).
%
%   gaussian_blur(x, sigma)   x an H x W x C cube; sigma in pixels (0 returns a copy)
%
% Taps g[k] = exp(-k^2 / (2 sigma^2)), k = -r..r with r = ceil(3 sigma), divided by their
% sum; the border is 'clamped (the edge pixel repeats).
% Radii up to 8 (sigma up to 8/3) run in kernels of a fixed tap count, zero-padded.

% Along the width (dimension 1), any radius r.
function [] = __kernel__ gauss_h(x : cube'clamped, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

% Along the height (dimension 0), any radius r.
function [] = __kernel__ gauss_v(x : cube'clamped, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

% Fixed radii R = 3, 5, 8 (taps zero-padded up to 2R + 1): the tap loop has constant bounds, so
% the compiled interior writes it out and vectorizes over pixels, where a loop to r does not.
function [] = __kernel__ gauss_h3(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -3..3
        s += g[k + 3] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ gauss_v3(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -3..3
        s += g[k + 3] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ gauss_h5(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -5..5
        s += g[k + 5] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ gauss_v5(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -5..5
        s += g[k + 5] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ gauss_h8(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -8..8
        s += g[k + 8] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ gauss_v8(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -8..8
        s += g[k + 8] * x[pos[0] + k, pos[1], pos[2]]
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
    t = uninit(size(x))     % every element of t and y is written by the passes: no zeroing
    y = uninit(size(x))
    if r <= 8
        R = 8
        if r <= 3
            R = 3
        elseif r <= 5
            R = 5
        endif
        p = zeros(2 * R + 1)
        p[R - r..R + r] = g
        match R with
        | 3 ->
            parallel_do(size(x), x, t, p, gauss_h3)
            parallel_do(size(x), t, y, p, gauss_v3)
        | 5 ->
            parallel_do(size(x), x, t, p, gauss_h5)
            parallel_do(size(x), t, y, p, gauss_v5)
        | _ ->
            parallel_do(size(x), x, t, p, gauss_h8)
            parallel_do(size(x), t, y, p, gauss_v8)
        endmatch
    else
        parallel_do(size(x), x, t, g, r, gauss_h)
        parallel_do(size(x), t, y, g, r, gauss_v)
    endif
endfunction
