% imresize.q - image resizing with MATLAB's imresize semantics.
%
%   imresize(x, scale, method)     scale a number: the output is ceil(scale * size) pixels
%   imresize(x, [h, w], method)    the output is h x w (scale per axis = h / H, w / W)
%   imresize(x, sz, "bicubic", a, a_up)   Keys' a when shrinking / enlarging (below)
%
% x is a mat or an H x W x C cube (each channel on its own); methods "nearest", "bilinear",
% "bicubic" (default, as MATLAB) and "lanczos" (Lanczos-3; "lanczos3" and "lanczos2" too).
%
% Conventions (docs/modules.md):
% - Pixel centres: output pixel o (0-based) samples the input at u = (o + 0.5) / s - 0.5, so
%   that image edges (not pixel centres) line up, as MATLAB and OpenCV do.
% - Kernels: triangle (bilinear), Keys' cubic with a = -0.5 (MATLAB's bicubic; OpenCV's
%   INTER_CUBIC uses a = -0.75, libswscale's bicubic -0.6), Lanczos windowed sinc; weights
%   normalised to sum 1.
% - imresize(x, sz, "bicubic", a, a_up) (not MATLAB's: an extension) sets Keys' a of the
%   axes that shrink (a) and of those that keep their size or grow (a_up); both -0.5 when
%   left out, both within -1..0. presets/resize.q shrinks with -0.75 and enlarges with -0.6.
% - Shrinking antialiases (MATLAB's default): for s < 1 the kernel is stretched by 1 / s
%   (k(x) -> s k(s x)), so every input pixel contributes; "nearest" never antialiases and
%   picks input pixel floor((o + 0.5) / s).
% - Outside the image the input is mirrored (half-sample symmetric, as MATLAB pads).
% - Separable: the height is resampled first, then the width; each pass reads its taps from a
%   table (input index and weight per output index) built on the host, in kernels with a
%   fixed tap count for the common cases (1, 2, 4, 6 taps). Doubling an axis (the common
%   2x upscale) has kernels of its own with fixed weights per output phase.
import "imboundary.q"

function [] = __kernel__ rs_col_p1(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[0], 0] * x[int(ix[pos[0], 0]), pos[1], pos[2]]
endfunction

function [] = __kernel__ rs_row_p1(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[1], 0] * x[pos[0], int(ix[pos[1], 0]), pos[2]]
endfunction

function [] = __kernel__ rs_col_p2(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[0], 0] * x[int(ix[pos[0], 0]), pos[1], pos[2]] + w[pos[0], 1] * x[int(ix[pos[0], 1]), pos[1], pos[2]]
endfunction

function [] = __kernel__ rs_row_p2(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[1], 0] * x[pos[0], int(ix[pos[1], 0]), pos[2]] + w[pos[1], 1] * x[pos[0], int(ix[pos[1], 1]), pos[2]]
endfunction

function [] = __kernel__ rs_col_p4(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[0], 0] * x[int(ix[pos[0], 0]), pos[1], pos[2]] + w[pos[0], 1] * x[int(ix[pos[0], 1]), pos[1], pos[2]] + w[pos[0], 2] * x[int(ix[pos[0], 2]), pos[1], pos[2]] + w[pos[0], 3] * x[int(ix[pos[0], 3]), pos[1], pos[2]]
endfunction

function [] = __kernel__ rs_row_p4(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[1], 0] * x[pos[0], int(ix[pos[1], 0]), pos[2]] + w[pos[1], 1] * x[pos[0], int(ix[pos[1], 1]), pos[2]] + w[pos[1], 2] * x[pos[0], int(ix[pos[1], 2]), pos[2]] + w[pos[1], 3] * x[pos[0], int(ix[pos[1], 3]), pos[2]]
endfunction

function [] = __kernel__ rs_col_p6(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[0], 0] * x[int(ix[pos[0], 0]), pos[1], pos[2]] + w[pos[0], 1] * x[int(ix[pos[0], 1]), pos[1], pos[2]] + w[pos[0], 2] * x[int(ix[pos[0], 2]), pos[1], pos[2]] + w[pos[0], 3] * x[int(ix[pos[0], 3]), pos[1], pos[2]] + w[pos[0], 4] * x[int(ix[pos[0], 4]), pos[1], pos[2]] + w[pos[0], 5] * x[int(ix[pos[0], 5]), pos[1], pos[2]]
endfunction

function [] = __kernel__ rs_row_p6(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, pos : ivec3)
    y[pos] = w[pos[1], 0] * x[pos[0], int(ix[pos[1], 0]), pos[2]] + w[pos[1], 1] * x[pos[0], int(ix[pos[1], 1]), pos[2]] + w[pos[1], 2] * x[pos[0], int(ix[pos[1], 2]), pos[2]] + w[pos[1], 3] * x[pos[0], int(ix[pos[1], 3]), pos[2]] + w[pos[1], 4] * x[pos[0], int(ix[pos[1], 4]), pos[2]] + w[pos[1], 5] * x[pos[0], int(ix[pos[1], 5]), pos[2]]
endfunction

function [] = __kernel__ rs_col_any(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, p : int, pos : ivec3)
    s = 0.0
    for k = 0..p - 1
        s += w[pos[0], k] * x[int(ix[pos[0], k]), pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_row_any(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, p : int, pos : ivec3)
    s = 0.0
    for k = 0..p - 1
        s += w[pos[1], k] * x[pos[0], int(ix[pos[1], k]), pos[2]]
    endfor
    y[pos] = s
endfunction

% Doubling (m = 2 n, not "nearest"): output 2i + ph samples u = i - 0.25 + 0.5 ph, so each
% phase has fixed weights over x[i - R .. i + R]; these kernels run over the input grid with
% constant offsets (unrolled, interior without guards; x carries 'mirror).
function [] = __kernel__ rs_up2_col_r1(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -1..1
        v = x[pos[0] + k, pos[1], pos[2]]
        a += w[0, k + 1] * v
        b += w[1, k + 1] * v
    endfor
    y[2 * pos[0], pos[1], pos[2]] = a
    y[2 * pos[0] + 1, pos[1], pos[2]] = b
endfunction

function [] = __kernel__ rs_up2_row_r1(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -1..1
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 1] * v
        b += w[1, k + 1] * v
    endfor
    y[pos[0], 2 * pos[1], pos[2]] = a
    y[pos[0], 2 * pos[1] + 1, pos[2]] = b
endfunction

function [] = __kernel__ rs_up2_col_r2(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -2..2
        v = x[pos[0] + k, pos[1], pos[2]]
        a += w[0, k + 2] * v
        b += w[1, k + 2] * v
    endfor
    y[2 * pos[0], pos[1], pos[2]] = a
    y[2 * pos[0] + 1, pos[1], pos[2]] = b
endfunction

function [] = __kernel__ rs_up2_row_r2(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -2..2
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 2] * v
        b += w[1, k + 2] * v
    endfor
    y[pos[0], 2 * pos[1], pos[2]] = a
    y[pos[0], 2 * pos[1] + 1, pos[2]] = b
endfunction

function [] = __kernel__ rs_up2_col_r3(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -3..3
        v = x[pos[0] + k, pos[1], pos[2]]
        a += w[0, k + 3] * v
        b += w[1, k + 3] * v
    endfor
    y[2 * pos[0], pos[1], pos[2]] = a
    y[2 * pos[0] + 1, pos[1], pos[2]] = b
endfunction

function [] = __kernel__ rs_up2_row_r3(x : cube, y : cube'unchecked, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -3..3
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 3] * v
        b += w[1, k + 3] * v
    endfor
    y[pos[0], 2 * pos[1], pos[2]] = a
    y[pos[0], 2 * pos[1] + 1, pos[2]] = b
endfunction

% Doubling the width of a 1- or 3-channel image: y (H x 2W x C) is written through its view
% H x W x 2C, where output pixels 2j and 2j+1 are channels 0..C-1 and C..2C-1 of pixel j:
% every access is then pos + a constant, and the loop over a row runs over contiguous memory
% (2.5x faster than the kernels above, whose stores at 2 pos[1] are not).
function [] = __kernel__ rs_up2_row_r1_c1(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -1..1
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 1] * v
        b += w[1, k + 1] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 1] = b
endfunction

function [] = __kernel__ rs_up2_row_r1_c3(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -1..1
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 1] * v
        b += w[1, k + 1] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 3] = b
endfunction

function [] = __kernel__ rs_up2_row_r2_c1(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -2..2
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 2] * v
        b += w[1, k + 2] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 1] = b
endfunction

function [] = __kernel__ rs_up2_row_r2_c3(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -2..2
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 2] * v
        b += w[1, k + 2] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 3] = b
endfunction

function [] = __kernel__ rs_up2_row_r3_c1(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -3..3
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 3] * v
        b += w[1, k + 3] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 1] = b
endfunction

function [] = __kernel__ rs_up2_row_r3_c3(x : cube, y : cube, w : mat, pos : ivec3)
    a = 0.0
    b = 0.0
    for k = -3..3
        v = x[pos[0], pos[1] + k, pos[2]]
        a += w[0, k + 3] * v
        b += w[1, k + 3] * v
    endfor
    y[pos] = a
    y[pos[0], pos[1], pos[2] + 3] = b
endfunction

% Halving (n = 2 m, not "nearest"): output i samples u = 2 i + 0.5, the same weights for every
% i, over input 2 i + d, d = 1 - 2R .. 2R (R = half the kernel's width). The input is read
% through a view that puts input pixels 2 i and 2 i + 1 side by side (columns: rows 2 i and
% 2 i + 1 of an H x W x C image are row i of its (H/2) x 2W x C view; rows: pixels 2 j and
% 2 j + 1 of H x W x C are pixel j of H x (W/2) x 2C), so that every tap is pos plus a
% constant (or W): even taps d = 2q weigh we[q + R - 1], odd taps d = 2q + 1 weigh wo[q + R].
% The interior vectorizes; the R outputs at each end, whose taps are mirrored, are written
% again by rs_col_fix / rs_row_fix from their table rows.
function [] = __kernel__ rs_half_col_r1(x : cube'clamped, y : cube, wo : vec, we : vec, W : int, pos : ivec3)
    s = 0.0
    for q = -1..0
        s += wo[q + 1] * x[pos[0] + q, pos[1] + W, pos[2]]
    endfor
    for q = 0..1
        s += we[q + 0] * x[pos[0] + q, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r1_c1(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -1..0
        s += wo[q + 1] * x[pos[0], pos[1] + q, pos[2] + 1]
    endfor
    for q = 0..1
        s += we[q + 0] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r1_c3(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -1..0
        s += wo[q + 1] * x[pos[0], pos[1] + q, pos[2] + 3]
    endfor
    for q = 0..1
        s += we[q + 0] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_col_r2(x : cube'clamped, y : cube, wo : vec, we : vec, W : int, pos : ivec3)
    s = 0.0
    for q = -2..1
        s += wo[q + 2] * x[pos[0] + q, pos[1] + W, pos[2]]
    endfor
    for q = -1..2
        s += we[q + 1] * x[pos[0] + q, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r2_c1(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -2..1
        s += wo[q + 2] * x[pos[0], pos[1] + q, pos[2] + 1]
    endfor
    for q = -1..2
        s += we[q + 1] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r2_c3(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -2..1
        s += wo[q + 2] * x[pos[0], pos[1] + q, pos[2] + 3]
    endfor
    for q = -1..2
        s += we[q + 1] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_col_r3(x : cube'clamped, y : cube, wo : vec, we : vec, W : int, pos : ivec3)
    s = 0.0
    for q = -3..2
        s += wo[q + 3] * x[pos[0] + q, pos[1] + W, pos[2]]
    endfor
    for q = -2..3
        s += we[q + 2] * x[pos[0] + q, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r3_c1(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -3..2
        s += wo[q + 3] * x[pos[0], pos[1] + q, pos[2] + 1]
    endfor
    for q = -2..3
        s += we[q + 2] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ rs_half_row_r3_c3(x : cube'clamped, y : cube, wo : vec, we : vec, pos : ivec3)
    s = 0.0
    for q = -3..2
        s += wo[q + 3] * x[pos[0], pos[1] + q, pos[2] + 3]
    endfor
    for q = -2..3
        s += we[q + 2] * x[pos[0], pos[1] + q, pos[2]]
    endfor
    y[pos] = s
endfunction

% Output rows r0 + pos[0] (columns c0 + pos[1]) from their rows of the table (w, ix: row
% pos[0] of the table is that output's).
function [] = __kernel__ rs_col_fix(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, p : int, r0 : int, pos : ivec3)
    s = 0.0
    for k = 0..p - 1
        s += w[pos[0], k] * x[int(ix[pos[0], k]), pos[1], pos[2]]
    endfor
    y[r0 + pos[0], pos[1], pos[2]] = s
endfunction

function [] = __kernel__ rs_row_fix(x : cube'unchecked, y : cube, w : mat'unchecked, ix : mat'unchecked, p : int, c0 : int, pos : ivec3)
    s = 0.0
    for k = 0..p - 1
        s += w[pos[1], k] * x[pos[0], int(ix[pos[1], k]), pos[2]]
    endfor
    y[pos[0], c0 + pos[1], pos[2]] = s
endfunction

% The interpolation kernel of a method at distance t (a: Keys' parameter of "bicubic"), and
% its support width.
function v = rs_kernel(method, t, a = -0.5)
    d = abs(t)
    v = 0.0
    if method == "bilinear"
        v = max(1 - d, 0)
    elseif method == "bicubic"
        if d <= 1
            v = (a + 2) * d ^ 3 - (a + 3) * d ^ 2 + 1
        elseif d < 2
            v = a * d ^ 3 - 5 * a * d ^ 2 + 8 * a * d - 4 * a
        endif
    else
        n = method == "lanczos2" ? 2 : 3
        if d < 1e-12
            v = 1.0
        elseif d < n
            v = n * sin(pi * d) * sin(pi * d / n) / (pi * pi * d * d)
        endif
    endif
endfunction

function w = rs_width(method)
    match method with
    | "nearest" -> w = 1.0
    | "bilinear" -> w = 2.0
    | "bicubic" -> w = 4.0
    | "lanczos2" -> w = 4.0
    | _ -> w = 6.0
    endmatch
endfunction

% The table of one axis: n input pixels to m output pixels. Row o of ix holds the input
% indices (mirrored into 0..n-1) and row o of w their weights.
function [w, ix] = rs_table(n, m, method, a = -0.5)
    [w, ix] = rs_table_rows(n, m, method, 0, m, a)
endfunction

% Rows o0 .. o1 - 1 of that table (row o - o0 is output o's).
function [w, ix] = rs_table_rows(n, m, method, o0, o1, a = -0.5)
    s = m / n
    if method == "nearest"
        w = ones(o1 - o0, 1)
        ix = zeros(o1 - o0, 1)
        for o = o0..o1 - 1
            ix[o - o0, 0] = min(floor((o + 0.5) / s), n - 1)
        endfor
        return
    endif
    width = rs_width(method)
    ks = 1.0
    if s < 1
        width = width / s
        ks = s
    endif
    p = int(ceil(width))
    w = zeros(o1 - o0, p)
    ix = zeros(o1 - o0, p)
    for o = o0..o1 - 1
        u = (o + 0.5) / s - 0.5
        j0 = floor(u - width / 2) + 1
        total = 0.0
        for k = 0..p - 1
            j = j0 + k
            v = ks * rs_kernel(method, ks * (u - j), a)
            w[o - o0, k] = v
            total += v
            jm = mod(j, 2 * n)
            if jm >= n
                jm = 2 * n - 1 - jm
            endif
            ix[o - o0, k] = jm
        endfor
        w[o - o0, :] = w[o - o0, :] / total
    endfor
endfunction

% The two phases' weights of doubling, over offsets -R..R.
function w = rs_up2_weights(method, R, a = -0.5)
    w = zeros(2, 2 * R + 1)
    for ph = 0..1
        u = -0.25 + 0.5 * ph
        for k = -R..R
            w[ph, k + R] = rs_kernel(method, u - k, a)
        endfor
        w[ph, :] = w[ph, :] / sum(w[ph, :])
    endfor
endfunction

% Halving along dim (n = 2 m): the interior by the kernels over the paired view, then the
% R outputs at each end from their table rows.
function y = rs_half(x, m, method, dim, a = -0.5)
    n = 2 * m
    R = int(rs_width(method) / 2)
    p = 4 * R
    % one interior output's taps, o = R: inputs 2R + d, d = 1 - 2R .. 2R, none mirrored
    [wt, it] = rs_table_rows(n, m, method, R, R + 1, a)
    wo = zeros(2 * R)
    we = zeros(2 * R)
    for k = 0..p - 1
        d = int(it[0, k]) - 2 * R
        if mod(d, 2) == 1
            wo[(d - 1) / 2 + R] = wt[0, k]
        else
            we[d / 2 + R - 1] = wt[0, k]
        endif
    endfor
    [w0, i0] = rs_table_rows(n, m, method, 0, R, a)
    [w1, i1] = rs_table_rows(n, m, method, m - R, m, a)
    H = size(x, 0)
    W = size(x, 1)
    C = size(x, 2)
    if dim == 0
        xv = reshape(x, [m, 2 * W, C])
        y = im_uninit([m, W, C])
        match R with
        | 1 -> parallel_do(size(y), xv, y, wo, we, W, rs_half_col_r1)
        | 2 -> parallel_do(size(y), xv, y, wo, we, W, rs_half_col_r2)
        | _ -> parallel_do(size(y), xv, y, wo, we, W, rs_half_col_r3)
        endmatch
        parallel_do([R, W, C], x, y, w0, i0, p, 0, rs_col_fix)
        parallel_do([R, W, C], x, y, w1, i1, p, m - R, rs_col_fix)
    else
        xv = reshape(x, [H, m, 2 * C])
        y = im_uninit([H, m, C])
        match R * 4 + C with
        | 5 -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r1_c1)
        | 7 -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r1_c3)
        | 9 -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r2_c1)
        | 11 -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r2_c3)
        | 13 -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r3_c1)
        | _ -> parallel_do(size(y), xv, y, wo, we, rs_half_row_r3_c3)
        endmatch
        parallel_do([H, R, C], x, y, w0, i0, p, 0, rs_row_fix)
        parallel_do([H, R, C], x, y, w1, i1, p, m - R, rs_row_fix)
    endif
endfunction

% One pass over dimension dim (0 rows, 1 columns) to m pixels.
function y = rs_pass(x, m, method, dim, a = -0.5)
    if m == 2 * size(x, dim) && method != "nearest" && method != "lanczos2"
        R = method == "bilinear" ? 1 : method == "bicubic" ? 2 : 3
        w = rs_up2_weights(method, R, a)
        xm : cube'mirror = x
        if dim == 0
            y = im_uninit([m, size(x, 1), size(x, 2)])
            match R with
            | 1 -> parallel_do(size(x), xm, y, w, rs_up2_col_r1)
            | 2 -> parallel_do(size(x), xm, y, w, rs_up2_col_r2)
            | _ -> parallel_do(size(x), xm, y, w, rs_up2_col_r3)
            endmatch
        else
            C = size(x, 2)
            y = im_uninit([size(x, 0), m, C])
            if C == 1 || C == 3
                y2 = reshape(y, [size(x, 0), size(x, 1), 2 * C])
                match R * 4 + C with
                | 5 -> parallel_do(size(x), xm, y2, w, rs_up2_row_r1_c1)
                | 7 -> parallel_do(size(x), xm, y2, w, rs_up2_row_r1_c3)
                | 9 -> parallel_do(size(x), xm, y2, w, rs_up2_row_r2_c1)
                | 11 -> parallel_do(size(x), xm, y2, w, rs_up2_row_r2_c3)
                | 13 -> parallel_do(size(x), xm, y2, w, rs_up2_row_r3_c1)
                | _ -> parallel_do(size(x), xm, y2, w, rs_up2_row_r3_c3)
                endmatch
            else
                match R with
                | 1 -> parallel_do(size(x), xm, y, w, rs_up2_row_r1)
                | 2 -> parallel_do(size(x), xm, y, w, rs_up2_row_r2)
                | _ -> parallel_do(size(x), xm, y, w, rs_up2_row_r3)
                endmatch
            endif
        endif
        return
    endif
    n = size(x, dim)
    C = size(x, 2)
    if n == 2 * m && method != "nearest" && m >= 4 * rs_width(method) && (dim == 0 || C == 1 || C == 3)
        y = rs_half(x, m, method, dim, a)
        return
    endif
    [w, ix] = rs_table(n, m, method, a)
    p = size(w, 1)
    if dim == 0
        y = im_uninit([m, size(x, 1), size(x, 2)])
        match p with
        | 1 -> parallel_do(size(y), x, y, w, ix, rs_col_p1)
        | 2 -> parallel_do(size(y), x, y, w, ix, rs_col_p2)
        | 4 -> parallel_do(size(y), x, y, w, ix, rs_col_p4)
        | 6 -> parallel_do(size(y), x, y, w, ix, rs_col_p6)
        | _ -> parallel_do(size(y), x, y, w, ix, p, rs_col_any)
        endmatch
    else
        y = im_uninit([size(x, 0), m, size(x, 2)])
        match p with
        | 1 -> parallel_do(size(y), x, y, w, ix, rs_row_p1)
        | 2 -> parallel_do(size(y), x, y, w, ix, rs_row_p2)
        | 4 -> parallel_do(size(y), x, y, w, ix, rs_row_p4)
        | 6 -> parallel_do(size(y), x, y, w, ix, rs_row_p6)
        | _ -> parallel_do(size(y), x, y, w, ix, p, rs_row_any)
        endmatch
    endif
endfunction

function y = imresize(x, sz, method = "bicubic", a = -0.5, a_up = -0.5)
    if a < -1 || a > 0 || a_up < -1 || a_up > 0
        error "imresize: the cubic's parameters a and a_up must lie in -1..0, not ", a, " and ", a_up
    endif
    if !(method == "nearest" || method == "bilinear" || method == "bicubic" ||
         method == "lanczos" || method == "lanczos3" || method == "lanczos2")
        error "imresize: unknown method '", method, "' (use nearest, bilinear, bicubic or lanczos)"
    endif
    if ndims(x) > 3 || ndims(x) < 2
        error "imresize: expects a mat or an H x W x C cube, not an array of size ", size(x)
    endif
    H = size(x, 0)
    W = size(x, 1)
    if numel(sz) == 1
        if sz <= 0
            error "imresize: the scale must be positive, not ", sz
        endif
        m = int(ceil(sz * H - 1e-9))
        n = int(ceil(sz * W - 1e-9))
    elseif numel(sz) == 2
        m = int(sz[0])
        n = int(sz[1])
    else
        error "imresize: the size must be a scale or [rows, cols], not ", sz
    endif
    if m < 1 || n < 1
        error "imresize: the output would be ", m, " x ", n
    endif
    x3 = x
    if ndims(x) == 2
        x3 = reshape(x, [H, W, 1])
    endif
    y3 = x3
    if m != H
        y3 = rs_pass(y3, m, method, 0, m < H ? a : a_up)
    endif
    if n != W
        y3 = rs_pass(y3, n, method, 1, n < W ? a : a_up)
    endif
    if m == H && n == W
        y3 = copy(x3)
    endif
    if ndims(x) == 2
        y = reshape(y3, [m, n])
    else
        y = y3
    endif
endfunction
