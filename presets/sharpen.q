% sharpen.q - sharpening: the unsharp mask, or contrast adaptive sharpening (CAS).
%
% "unsharp": y = x + amount * (x - blur(x, sigma)), the Gaussian of gaussian.q (radius
%   ceil(3 sigma), edges clamped); the same as OpenCV's GaussianBlur (BORDER_REPLICATE)
%   followed by addWeighted, within rounding (tests/e2e/e2e_presets.py).
% "cas": AMD's contrast adaptive sharpening as FFmpeg's `cas` filter computes it, per
%   channel: in the 3x3 window, mn = min of the cross + min of all nine, mx = the same with
%   max; amp = sqrt(clamp(min(mn, 511 - mx) / mx, 0, 1)); w = -amp / lerp(16, 4.01,
%   strength); y = (w * (north + west + east + south) + centre) / (1 + 4 w). Edges are
%   clamped. Flat and high-contrast areas get less sharpening than textures (the edge-aware
%   variant): no halos on strong edges, no noise boost in flat areas.
% Results are clipped to 0..255.
import "gaussian.q"

function [] = __kernel__ unsharp(x : cube, b : cube, y : cube, amount : scalar, pos : ivec3)
    v = x[pos] + amount * (x[pos] - b[pos])
    y[pos] = min(255.0, max(0.0, v))
endfunction

function [] = __kernel__ cas(x : cube'clamped, y : cube, lim : scalar, pos : ivec3)
    % pos used only as x[pos[0] + i, pos[1] + j, pos[2]]: the interior runs over a row's
    % values, channels flattened, and vectorizes (docs/kernels.md)
    a = x[pos[0] - 1, pos[1] - 1, pos[2]]
    b = x[pos[0] - 1, pos[1], pos[2]]
    d = x[pos[0] - 1, pos[1] + 1, pos[2]]
    e = x[pos[0], pos[1] - 1, pos[2]]
    f = x[pos[0], pos[1], pos[2]]
    g = x[pos[0], pos[1] + 1, pos[2]]
    h = x[pos[0] + 1, pos[1] - 1, pos[2]]
    i = x[pos[0] + 1, pos[1], pos[2]]
    j = x[pos[0] + 1, pos[1] + 1, pos[2]]
    lo = min(min(b, e), min(min(f, g), i))
    hi = max(max(b, e), max(max(f, g), i))
    lo = lo + min(min(lo, a), min(min(d, h), j))
    hi = hi + max(max(hi, a), max(max(d, h), j))
    amp = 0.0
    if hi > 0
        amp = sqrt(min(1.0, max(0.0, min(lo, 511.0 - hi) / hi)))
    endif
    w = -amp / lim
    v = (w * (b + e + g + i) + f) / (1.0 + 4.0 * w)
    y[pos] = min(255.0, max(0.0, v))
endfunction

% Sharpening. method "unsharp" (default): unsharp mask of a Gaussian blur; method "cas":
% contrast adaptive sharpening (edge-aware: sharpens textures more than edges and flat
% areas), as FFmpeg's cas filter.
%   amount    unsharp: strength (default 0.8; 0 changes nothing; range 0..10)
%   sigma     unsharp: size of the detail in pixels (default 1.5; range 0.1..20)
%   method    "unsharp" or "cas" (default "unsharp")
%   strength  cas: strength (default 0.5; range 0..1, as FFmpeg's cas strength)
function y = process(x, amount = 0.8, sigma = 1.5, method = "unsharp", strength = 0.5)
    y = uninit(size(x))     % cas and unsharp write every element: no zeroing pass
    if method == "cas"
        if strength < 0 || strength > 1
            error "sharpen.q: strength must be 0 to 1, not ", strength
        endif
        parallel_do(size(x), x, y, 16.0 + (4.01 - 16.0) * strength, cas)
    elseif method == "unsharp"
        b = gaussian_blur(x, sigma)
        parallel_do(size(x), x, b, y, amount, unsharp)
    else
        error "sharpen.q: method must be unsharp or cas, not ", method
    endif
endfunction
