% imfilter.q - linear filtering of images: correlation with a mask, Gaussian smoothing and
% derivatives, box sums.
%
%   imfilter(x, h, center, boundary)        correlation of x with the mask h
%   gaussian_filter(x, sigma, n, boundary)  separable Gaussian smoothing (n taps, 0: automatic)
%   gaussian_derivative(x, sigma, order, boundary)   Gaussian derivatives, order [oy, ox]
%   fgaussian(n, sigma)                     an n x n normalised Gaussian mask
%   gaussian_taps(sigma, order, n)          the 1-D taps both use, radius ceil(3 sigma)
%   boxfilter(x, r, boundary)               sum over the (2 r + 1)^2 window (r or [ry, rx])
%   imfilter_sep(x, gy, gx, boundary)       separable correlation: column taps gy, row taps gx
%
% Conventions (docs/modules.md has the full list and the decisions):
% - x is a vec (one row), a mat (H x W) or a cube (H x W x C, each channel on its own); the
%   result has the shape of x.
% - Correlation, not convolution: y[i, j] = sum over (m, n) of h[m, n] x[i + m - c0, j + n - c1]
%   where center = [c0, c1] is the mask element that lands on the output pixel, default
%   floor(size(h) / 2) (the middle of an odd mask; real code passes ceil(size(h)/2) - 1 or
%   [0, 1] for a causal difference). A vec h is a 1 x N row mask.
% - boundary is "mirror" (default: half-sample symmetric, the edge repeats), "circular",
%   "clamped" or "zero"; see imboundary.q. An unknown name is an error.
% - Speed: masks up to 7 x 7 (and rows/columns up to 9 taps) run in kernels with fixed loop
%   bounds, which the kernel compiler unrolls and vectorizes; larger masks run in a kernel
%   with loop bounds given at run time (compiled, several times slower per tap).
import "imboundary.q"

% Fixed-radius kernels: a (2R+1)^2 mask (imf_corr_rR), a row of 2R+1 taps along the width
% (imf_row_rR) and a column along the height (imf_col_rR). x carries the boundary mode.
function [] = __kernel__ imf_corr_r1(x : cube, y : cube, h : mat, pos : ivec3)
    s = 0.0
    for dy = -1..1
        for dx = -1..1
            s += h[dy + 1, dx + 1] * x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_corr_r2(x : cube, y : cube, h : mat, pos : ivec3)
    s = 0.0
    for dy = -2..2
        for dx = -2..2
            s += h[dy + 2, dx + 2] * x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_corr_r3(x : cube, y : cube, h : mat, pos : ivec3)
    s = 0.0
    for dy = -3..3
        for dx = -3..3
            s += h[dy + 3, dx + 3] * x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_row_r1(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -1..1
        s += g[k + 1] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_col_r1(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -1..1
        s += g[k + 1] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_row_r2(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -2..2
        s += g[k + 2] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_col_r2(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -2..2
        s += g[k + 2] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_row_r3(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -3..3
        s += g[k + 3] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_col_r3(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -3..3
        s += g[k + 3] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_row_r4(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -4..4
        s += g[k + 4] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_col_r4(x : cube, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -4..4
        s += g[k + 4] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

% Any radius: bounds are kernel arguments (the interior still runs without guards).
function [] = __kernel__ imf_corr_any(x : cube, y : cube, h : mat, ry : int, rx : int, pos : ivec3)
    s = 0.0
    for dy = -ry..ry
        for dx = -rx..rx
            s += h[dy + ry, dx + rx] * x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_row_any(x : cube, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ imf_col_any(x : cube, y : cube, g : vec, r : int, pos : ivec3)
    s = 0.0
    for k = -r..r
        s += g[k + r] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

% x as an H x W x C cube (a vec is one row, a mat one channel).
function x3 = imf_as_cube(x)
    if ndims(x) <= 1
        x3 = reshape(x, [1, numel(x), 1])
    elseif ndims(x) == 2
        x3 = reshape(x, [size(x, 0), size(x, 1), 1])
    else
        x3 = x
    endif
endfunction

% y back in the shape of x.
function y = imf_like(y3, x)
    if ndims(x) <= 2
        y = reshape(y3, size(x))
    else
        y = y3
    endif
endfunction

% One pass of 2r+1 taps g (a vec, centred) along dimension dim (0: height, 1: width) over
% the cube xb, which carries the boundary mode.
function y = imf_pass(xb, g, dim)
    r = int((numel(g) - 1) / 2)
    y = im_uninit(size(xb))
    if dim == 1
        match r with
        | 0 -> y = xb * g[0]
        | 1 -> parallel_do(size(y), xb, y, g, imf_row_r1)
        | 2 -> parallel_do(size(y), xb, y, g, imf_row_r2)
        | 3 -> parallel_do(size(y), xb, y, g, imf_row_r3)
        | 4 -> parallel_do(size(y), xb, y, g, imf_row_r4)
        | _ -> parallel_do(size(y), xb, y, g, r, imf_row_any)
        endmatch
    else
        match r with
        | 0 -> y = xb * g[0]
        | 1 -> parallel_do(size(y), xb, y, g, imf_col_r1)
        | 2 -> parallel_do(size(y), xb, y, g, imf_col_r2)
        | 3 -> parallel_do(size(y), xb, y, g, imf_col_r3)
        | 4 -> parallel_do(size(y), xb, y, g, imf_col_r4)
        | _ -> parallel_do(size(y), xb, y, g, r, imf_col_any)
        endmatch
    endif
endfunction

function y = imfilter(x, h, center = [-1, -1], boundary = "mirror")
    imboundary_check(boundary)
    if numel(center) != 2
        error "imfilter: center must be [row, col], not ", center
    endif
    if ndims(h) <= 1
        % a vec mask is a 1 x N row; its centre may also be written [c, 0], as programs
        % compute it from size(h, 0) (a vector's length) and size(h, 1) (1)
        h = reshape(h, [1, numel(h)])
        if center[0] > 0 && center[1] == 0
            center = [0, center[0]]
        endif
    endif
    M = size(h, 0)
    N = size(h, 1)
    if center[0] < 0 && center[1] < 0
        center = [floor(M / 2), floor(N / 2)]
    endif
    c0 = int(center[0])
    c1 = int(center[1])
    if c0 < 0 || c0 >= M || c1 < 0 || c1 >= N
        error "imfilter: center ", center, " lies outside the ", M, " x ", N, " mask"
    endif
    % the mask padded with zeros to odd sizes around its centre: radius ry x rx
    ry = max(c0, M - 1 - c0)
    rx = max(c1, N - 1 - c1)
    hp = zeros(2 * ry + 1, 2 * rx + 1)
    hp[ry - c0..ry - c0 + M - 1, rx - c1..rx - c1 + N - 1] = h
    xb = imboundary_mode(imf_as_cube(x), boundary)
    if ry == 0
        y3 = imf_pass(xb, reshape(hp, [2 * rx + 1]), 1)
    elseif rx == 0
        y3 = imf_pass(xb, reshape(hp, [2 * ry + 1]), 0)
    else
        y3 = im_uninit(size(xb))
        if ry == rx && ry <= 3
            match ry with
            | 1 -> parallel_do(size(y3), xb, y3, hp, imf_corr_r1)
            | 2 -> parallel_do(size(y3), xb, y3, hp, imf_corr_r2)
            | _ -> parallel_do(size(y3), xb, y3, hp, imf_corr_r3)
            endmatch
        else
            parallel_do(size(y3), xb, y3, hp, int(ry), int(rx), imf_corr_any)
        endif
    endif
    y = imf_like(y3, x)
endfunction

% Separable correlation: the column taps gy (along the height) then the row taps gx, each
% centred (odd lengths).
function y = imfilter_sep(x, gy, gx, boundary = "mirror")
    imboundary_check(boundary)
    if mod(numel(gy), 2) != 1 || mod(numel(gx), 2) != 1
        error "imfilter_sep: the taps must have odd lengths, not ", numel(gy), " and ", numel(gx)
    endif
    t = imf_pass(imboundary_mode(imf_as_cube(x), boundary), gy, 0)
    y = imf_like(imf_pass(imboundary_mode(t, boundary), gx, 1), x)
endfunction

% Correlation taps of the Gaussian of this sigma or of its derivative, k = -r..r, where
% r = ceil(3 sigma) or, when n > 0, r = floor(n / 2) (n taps, rounded up to odd).
% order 0: g[k] = exp(-k^2 / (2 sigma^2)) / sum; order 1: (k / sigma^2) g[k] (the filter then
% gives d/dx of the smoothed image: positive on a rising edge); order 2:
% (k^2 / sigma^4 - 1 / sigma^2) g[k].
function g = gaussian_taps(sigma, order = 0, n = 0)
    r = int(ceil(3 * sigma))
    if n > 0
        r = int(floor(n / 2))
    endif
    k = -r..r
    g = exp(-(k .* k) / (2 * sigma * sigma))
    g = g / sum(g)
    if order == 1
        g = g .* k / (sigma * sigma)
    elseif order == 2
        g = g .* (k .* k / (sigma ^ 4) - 1 / (sigma * sigma))
    elseif order != 0
        error "gaussian_taps: order must be 0, 1 or 2, not ", order
    endif
endfunction

% Separable Gaussian taps along each axis (sigma a number or [sy, sx]; a sigma of 0 leaves
% that axis as it is), orders [oy, ox].
function y = gaussian_sep(x, sigma, order, n, boundary)
    imboundary_check(boundary)
    if numel(sigma) == 1
        sigma = [sigma, sigma]
    endif
    y3 = imf_as_cube(x)
    if sigma[0] > 0
        y3 = imf_pass(imboundary_mode(y3, boundary), gaussian_taps(sigma[0], order[0], n), 0)
    endif
    if sigma[1] > 0
        y3 = imf_pass(imboundary_mode(y3, boundary), gaussian_taps(sigma[1], order[1], n), 1)
    endif
    y = imf_like(y3, x)
    if sigma[0] <= 0 && sigma[1] <= 0
        y = copy(x)
    endif
endfunction

% Gaussian smoothing, separable. n is the length of the 1-D mask, 0 (default) for
% 2 ceil(3 sigma) + 1: real code calls gaussian_filter(x, sigma, 0, "mirror") and
% gaussian_filter(x, 15.0, 85).
function y = gaussian_filter(x, sigma, n = 0, boundary = "mirror")
    y = gaussian_sep(x, sigma, [0, 0], n, boundary)
endfunction

% Gaussian derivative filters: order [oy, ox] (0, 1 or 2 each; one number applies to both
% axes, scipy.ndimage's meaning), e.g. [0, 1] is d/dx (along the width), [1, 0] d/dy,
% [2, 0] + [0, 2] the Laplacian of Gaussian.
function y = gaussian_derivative(x, sigma, order = [0, 1], boundary = "mirror")
    if numel(order) == 1
        order = [order, order]
    endif
    y = gaussian_sep(x, sigma, order, 0, boundary)
endfunction

% An n x n Gaussian mask (n a number or [rows, cols]) centred on ((n-1)/2, (n-1)/2),
% normalised to sum 1 (MATLAB's fspecial("gaussian", n, sigma)).
function h = fgaussian(n, sigma)
    if numel(n) == 1
        n = [n, n]
    endif
    h = zeros(n[0], n[1])
    for i = 0..n[0] - 1
        for j = 0..n[1] - 1
            dy = i - (n[0] - 1) / 2
            dx = j - (n[1] - 1) / 2
            h[i, j] = exp(-(dy * dy + dx * dx) / (2 * sigma * sigma))
        endfor
    endfor
    h = h / sum(h)
endfunction

% The sum of x over the (2 ry + 1) x (2 rx + 1) window around each pixel (r or [ry, rx]);
% the default boundary "zero" makes boxfilter(ones(h, w), r) count the pixels inside the
% image, as the guided filter uses it.
function y = boxfilter(x, r, boundary = "zero")
    if numel(r) == 1
        r = [r, r]
    endif
    y = imfilter_sep(x, ones(2 * int(r[0]) + 1), ones(2 * int(r[1]) + 1), boundary)
endfunction
