% lut3d.q - applies a 3-D colour lookup table from a .cube file (the format of FFmpeg's
% lut3d filter, DaVinci Resolve and most grading tools), with trilinear interpolation.
%
% The table (lut3d_read: N x N x N x 3, indexed [r, g, b, channel], values for inputs in
% DOMAIN_MIN..DOMAIN_MAX, default 0..1) is read through a 'hwtex_linear(3)'clamped texture:
% a pixel's position in the table is (v / 255 - lo) / (hi - lo) * (N - 1) per channel, the
% three output channels are interpolated trilinearly from the 8 surrounding entries, and
% inputs outside the domain clamp to its edge. This is FFmpeg's lut3d with
% interp=trilinear, within rounding (tests/e2e/e2e_presets.py). The table is read once
% per file and kept for the following frames.

state = object()
state.file = ""
state.lut = zeros(2, 2, 2, 3)

function [] = __kernel__ apply_lut(x : cube, y : cube, lut : cube{4}'hwtex_linear(3)'clamped, scale : vec3,
                                   lo : vec3, amount : scalar, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    v = lut[(r - lo[0]) * scale[0], (g - lo[1]) * scale[1], (b - lo[2]) * scale[2], 0..2]
    y[pos[0], pos[1], 0] = min(255.0, max(0.0, r + amount * (255.0 * v[0] - r)))
    y[pos[0], pos[1], 1] = min(255.0, max(0.0, g + amount * (255.0 * v[1] - g)))
    y[pos[0], pos[1], 2] = min(255.0, max(0.0, b + amount * (255.0 * v[2] - b)))
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
        state.lut = lut
        state.lo = 255.0 * lo
        state.scale = (size(lut, 0) - 1) ./ (255.0 * (hi - lo))
        state.file = file
    endif
    y = zeros(size(x))
    parallel_do([size(x, 0), size(x, 1)], x, y, state.lut, state.scale, state.lo, amount, apply_lut)
endfunction
