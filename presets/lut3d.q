% lut3d.q - applies a 3-D colour lookup table from a .cube file (the format of FFmpeg's
% lut3d filter, DaVinci Resolve and most grading tools), with trilinear interpolation.
%
% The table (lut3d_read: N x N x N x 3, indexed [r, g, b, channel], values for inputs in
% DOMAIN_MIN..DOMAIN_MAX, default 0..1) is kept flattened: a pixel's position in the table
% is (v / 255 - lo) / (hi - lo) * (N - 1) per channel, clamped to 0..N-1 (inputs outside
% the domain take its edge, a NaN the low edge), and each output channel is interpolated
% from the 8 surrounding entries, along red, then green, then blue. This is FFmpeg's lut3d
% with interp=trilinear, within rounding (tests/e2e/e2e_presets.py). The table is read once
% per file and kept for the following frames. The reads are plain indexed loads at 32-bit
% offsets, which the compiled CPU kernel does as vector gathers (a 'hwtex_linear(3)'clamped
% texture read the same values through a border test per read, unvectorized: 1.4x slower
% than FFmpeg; bench/README.md).

state = object()
state.file = ""
state.lut = zeros(24)
state.n = 2

% One channel of the table t (flattened: index ((ir n + ig) n + ib) 3 + channel) at corner
% o (the channel's index at the corner below the position), interpolated as FFmpeg's lut3d
% does: along red (sr the step of one red entry), then green (sg), then blue (3).
function v = __device__ trilinear(t, o : int, sr : int, sg : int, fr : scalar, fg : scalar, fb : scalar)
    c00 = t[o] + fr * (t[o + sr] - t[o])
    c10 = t[o + sg] + fr * (t[o + sr + sg] - t[o + sg])
    c01 = t[o + 3] + fr * (t[o + sr + 3] - t[o + 3])
    c11 = t[o + sg + 3] + fr * (t[o + sr + sg + 3] - t[o + sg + 3])
    c0 = c00 + fg * (c10 - c00)
    c1 = c01 + fg * (c11 - c01)
    v = c0 + fb * (c1 - c0)
endfunction

% n entries a side; a channel's position in the table is clamped to 0..n-1 first (a NaN to
% 0), so the corner below it is at most n-2 and the one above at most n-1: no border test on
% any of the 24 reads, and every index a 32-bit int (the reads vectorize as gathers).
function [] = __kernel__ apply_lut(x : cube, y : cube, t : vec'unchecked, n : int, scale : vec3,
                                   lo : vec3, amount : scalar, pos : ivec2)
    top = float(n - 1)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    % clamped with selects, not min/max (whose NaN tests GCC does not vectorize after a
    % clamp): a NaN fails both tests and becomes 0
    ur = (r - lo[0]) * scale[0]
    ug = (g - lo[1]) * scale[1]
    ub = (b - lo[2]) * scale[2]
    ur = ur > 0.0 ? (ur < top ? ur : top) : 0.0
    ug = ug > 0.0 ? (ug < top ? ug : top) : 0.0
    ub = ub > 0.0 ? (ub < top ? ub : top) : 0.0
    ir = int(ur < top - 1.0 ? ur : top - 1.0)
    ig = int(ug < top - 1.0 ? ug : top - 1.0)
    ib = int(ub < top - 1.0 ? ub : top - 1.0)
    fr = ur - ir
    fg = ug - ig
    fb = ub - ib
    sg = 3 * n
    sr = sg * n
    o = ((ir * n + ig) * n + ib) * 3
    vr = trilinear(t, o, sr, sg, fr, fg, fb)
    vg = trilinear(t, o + 1, sr, sg, fr, fg, fb)
    vb = trilinear(t, o + 2, sr, sg, fr, fg, fb)
    wr = r + amount * (255.0 * vr - r)
    y[pos[0], pos[1], 0] = wr > 0.0 ? (wr < 255.0 ? wr : 255.0) : 0.0
    wg = g + amount * (255.0 * vg - g)
    y[pos[0], pos[1], 1] = wg > 0.0 ? (wg < 255.0 ? wg : 255.0) : 0.0
    wb = b + amount * (255.0 * vb - b)
    y[pos[0], pos[1], 2] = wb > 0.0 ? (wb < 255.0 ? wb : 255.0) : 0.0
endfunction

% Apply a 3-D LUT (.cube) with trilinear interpolation.
%   file    the .cube file (required: --set file=look.cube)
%   amount  blend with the input: 0 the input, 1 the table's colours (default 1; range 0..1)
function y = process(x, file = "", amount = 1.0)
    if file == ""
        error "lut3d.q: give the table with --set file=NAME.cube"
    endif
    if size(x, 2) != 3
        error "lut3d.q: expects an RGB image, not ", size(x, 2), " channels"
    endif
    if state.file != file
        [lut, lo, hi] = lut3d_read(file)
        state.n = size(lut, 0)
        state.lut = reshape(lut, [numel(lut)])
        state.lo = 255.0 * lo
        state.scale = (size(lut, 0) - 1) ./ (255.0 * (hi - lo))
        state.file = file
    endif
    y = uninit(size(x))
    parallel_do([size(x, 0), size(x, 1)], x, y, state.lut, state.n, state.scale, state.lo, amount, apply_lut)
endfunction
