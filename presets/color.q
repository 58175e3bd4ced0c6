% color.q - colour correction in one pass: white balance, colour matrix, levels with gamma,
% a tone curve, saturation.
%
% Per pixel, in this order (RGB, 0..255):
%   1. white balance and matrix: [r g b] = M * diag(wb_r, wb_g, wb_b) * [r g b], M the
%      rows (rr rg rb; gr gg gb; br bg bb), as FFmpeg's colorchannelmixer;
%   2. levels, per channel: t = clamp((v - black) / (white - black), 0, 1) ^ (1 / gamma),
%      v = out_black + t (out_white - out_black), as FFmpeg's colorlevels when gamma is 1;
%   3. tone curve: piecewise linear through (0, 0), (63.75, 63.75 + shadows),
%      (127.5, 127.5 + midtones), (191.25, 191.25 + highlights), (255, 255): the
%      quarters of the range;
%   4. saturation around the BT.709 luma l = 0.2126 r + 0.7152 g + 0.0722 b:
%      v = l + saturation (v - l); then clipped to 0..255.
% Steps 2 and 3 are one table read: levels, gamma and the curve (itself a 5-point texture)
% sampled every 1/64 level over 0..255 (16321 samples, 64 KiB), read at the nearest sample:
% exact at whole values, and between them within 1/128 level times the slope of levels and
% curve (0.016 levels where the slope is 2, as gamma 0.5 at the white end; for gamma 1.2,
% 0.045 at most, 0.015 for 99.9% of inputs; for gamma above 1 the curve is steep near
% black, where a sampled table is least exact). One read a channel instead of the two of an
% interpolated table: the reads are vector gathers, and they were the kernel's main cost.
% The table is built when the levels or curve parameters change, not for every frame.
% When levels and curve are at their defaults (black 0, white 255, gamma 1, output 0..255,
% no curve offsets) the table is the identity and is not read: each channel is clipped to
% 0..255 instead (color_mix), the exact value where the table is within 1/128 level of it.

state = object()
state.key = zeros(8)
state.table = zeros(2)

% The tone curve after the levels, as one table: c[i] = curve(lut[i]).
function [] = __kernel__ compose(c : vec, lut : vec, curve : vec'hwtex_linear'clamped, pos : int)
    c[pos] = curve[lut[pos] / 63.75]
endfunction

function [] = __kernel__ color_px(x : cube, y : cube, m : mat, lut : vec'unchecked,
                                  sat : scalar, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    % the table samples 0..255 every 1/k level (numel(lut) = 255 k + 1): read at the nearest
    % sample, the coordinate clamped to the table first (a NaN to 0), one read a channel;
    % clamps are selects, not min/max (whose NaN tests GCC does not vectorize after a
    % clamp), and two statements, not one nested select: GCC 12 threads a nested select
    % into the read's address and then gathers 64-bit addresses, two gathers for 8 lanes
    % where 32-bit offsets take one for 16 (docs/kernels.md; 15% of the kernel's time)
    top = float(numel(lut) - 1)
    k = top / 255.0
    r1 = m[0, 0] * r + m[0, 1] * g + m[0, 2] * b
    g1 = m[1, 0] * r + m[1, 1] * g + m[1, 2] * b
    b1 = m[2, 0] * r + m[2, 1] * g + m[2, 2] * b
    ur = r1 * k
    ur = ur > 0.0 ? ur : 0.0
    ur = ur < top ? ur : top
    r1 = lut[int(ur + 0.5)]
    ug = g1 * k
    ug = ug > 0.0 ? ug : 0.0
    ug = ug < top ? ug : top
    g1 = lut[int(ug + 0.5)]
    ub = b1 * k
    ub = ub > 0.0 ? ub : 0.0
    ub = ub < top ? ub : top
    b1 = lut[int(ub + 0.5)]
    l = 0.2126 * r1 + 0.7152 * g1 + 0.0722 * b1
    wr = l + sat * (r1 - l)
    wr = wr > 0.0 ? wr : 0.0
    y[pos[0], pos[1], 0] = wr < 255.0 ? wr : 255.0
    wg = l + sat * (g1 - l)
    wg = wg > 0.0 ? wg : 0.0
    y[pos[0], pos[1], 1] = wg < 255.0 ? wg : 255.0
    wb = l + sat * (b1 - l)
    wb = wb > 0.0 ? wb : 0.0
    y[pos[0], pos[1], 2] = wb < 255.0 ? wb : 255.0
endfunction

% color_px without the table, for levels and curve at their defaults: the matrix, each
% channel clipped to 0..255 (a NaN to 0, as the table's first sample), then saturation.
function [] = __kernel__ color_mix(x : cube, y : cube, m : mat, sat : scalar, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    r1 = m[0, 0] * r + m[0, 1] * g + m[0, 2] * b
    g1 = m[1, 0] * r + m[1, 1] * g + m[1, 2] * b
    b1 = m[2, 0] * r + m[2, 1] * g + m[2, 2] * b
    r1 = r1 > 0.0 ? r1 : 0.0
    r1 = r1 < 255.0 ? r1 : 255.0
    g1 = g1 > 0.0 ? g1 : 0.0
    g1 = g1 < 255.0 ? g1 : 255.0
    b1 = b1 > 0.0 ? b1 : 0.0
    b1 = b1 < 255.0 ? b1 : 255.0
    l = 0.2126 * r1 + 0.7152 * g1 + 0.0722 * b1
    wr = l + sat * (r1 - l)
    wr = wr > 0.0 ? wr : 0.0
    y[pos[0], pos[1], 0] = wr < 255.0 ? wr : 255.0
    wg = l + sat * (g1 - l)
    wg = wg > 0.0 ? wg : 0.0
    y[pos[0], pos[1], 1] = wg < 255.0 ? wg : 255.0
    wb = l + sat * (b1 - l)
    wb = wb > 0.0 ? wb : 0.0
    y[pos[0], pos[1], 2] = wb < 255.0 ? wb : 255.0
endfunction

% Colour correction: white balance gains, a 3x3 colour matrix, levels with gamma, a tone
% curve and saturation, applied in that order in one pass.
%   wb_r, wb_g, wb_b  white balance gains (default 1; range 0..4)
%   rr, rg, rb, gr, gg, gb, br, bg, bb  colour matrix rows, as colorchannelmixer (identity)
%   black, white      input levels mapped to 0 and 1 (default 0 and 255; range 0..255)
%   gamma             midtone gamma (default 1; above 1 brightens; range 0.1..10)
%   out_black, out_white  output levels (default 0 and 255; range 0..255)
%   shadows, midtones, highlights  tone curve offsets at a quarter, half and three
%                     quarters of the range (default 0; range -64..64)
%   saturation        0 grey, 1 unchanged, above 1 more colourful (default 1; range 0..4)
function y = process(x, wb_r = 1.0, wb_g = 1.0, wb_b = 1.0,
                     rr = 1.0, rg = 0.0, rb = 0.0, gr = 0.0, gg = 1.0, gb = 0.0, br = 0.0, bg = 0.0, bb = 1.0,
                     black = 0.0, white = 255.0, gamma = 1.0, out_black = 0.0, out_white = 255.0,
                     shadows = 0.0, midtones = 0.0, highlights = 0.0, saturation = 1.0)
    if white <= black
        error "color.q: white must be above black (", black, " and ", white, ")"
    endif
    if gamma <= 0
        error "color.q: gamma must be positive, not ", gamma
    endif
    if size(x, 2) != 3
        error "color.q: expects an RGB image, not ", size(x, 2), " channels"
    endif
    m = [[rr, rg, rb], [gr, gg, gb], [br, bg, bb]]
    m = m .* repmat([wb_r, wb_g, wb_b], [3, 1])
    key = [black, white, gamma, out_black, out_white, shadows, midtones, highlights]
    y = uninit(size(x))
    if sum(abs(key - [0.0, 255.0, 1.0, 0.0, 255.0, 0.0, 0.0, 0.0])) == 0
        parallel_do([size(x, 0), size(x, 1)], x, y, m, saturation, color_mix)
        return
    endif
    if numel(state.table) == 2 || sum(abs(key - state.key)) != 0
        n = 255 * 64 + 1
        v = linspace(0.0, 255.0, n)
        t = min(1.0, max(0.0, (v - black) / (white - black)))
        lut = out_black + (out_white - out_black) * t .^ (1.0 / gamma)
        curve = [0.0, 63.75 + shadows, 127.5 + midtones, 191.25 + highlights, 255.0]
        table = zeros(n)
        parallel_do(n, table, lut, curve, compose)
        state.table = table
        state.key = key
    endif
    parallel_do([size(x, 0), size(x, 1)], x, y, m, state.table, saturation, color_px)
endfunction
