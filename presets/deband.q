% deband.q - removes banding (the flat steps of a smooth gradient quantised too coarsely,
% as low bitrates and 8-bit pipelines leave in skies and shadows).
%
% Per pixel and channel: 16 samples on two rings around it (8 directions at `radius` and at
% half of it, 'clamped at the image border); the samples that differ from the pixel by
% less than `threshold` are averaged with it, the others (true edges, texture) are left out,
% so steps of a few levels are smoothed into the gradient they approximate while edges
% stay. Deterministic (FFmpeg's deband samples at random positions instead): the same
% frame always gives the same output, so video does not flicker. `grain` adds a fixed
% ordered dither of that amplitude to hide the 1-level steps that remain after 8-bit
% rounding.

% The samples, in the order of the rings (r, then h = radius / 2) and directions (up, down,
% left, right, then the diagonals at er = round(0.7071 r), eh likewise); every index is pos
% plus or minus an int argument, so the interior runs without border tests over a row's
% values (channels flattened) and vectorizes. Results are clipped to lo..hi.
function [] = __kernel__ deband_k(x : cube'clamped, y : cube, r : int, h : int, er : int, eh : int, t : scalar,
                                  lo : scalar, hi : scalar, pos : ivec3)
    v = x[pos]
    s = v
    k = 1.0
    u = x[pos[0] - r, pos[1], pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + r, pos[1], pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0], pos[1] - r, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0], pos[1] + r, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] - er, pos[1] - er, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] - er, pos[1] + er, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + er, pos[1] - er, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + er, pos[1] + er, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] - h, pos[1], pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + h, pos[1], pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0], pos[1] - h, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0], pos[1] + h, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] - eh, pos[1] - eh, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] - eh, pos[1] + eh, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + eh, pos[1] - eh, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    u = x[pos[0] + eh, pos[1] + eh, pos[2]]
    if abs(u - v) < t
        s += u
        k += 1.0
    endif
    y[pos] = min(hi, max(lo, s / k))
endfunction

% The ordered dither: the 4 x 4 Bayer matrix, centred on 0, times grain; clipped to 0..255.
function [] = __kernel__ dither_k(y : cube, grain : scalar, bm : vec, pos : ivec3)
    b = bm[mod(pos[0], 4) * 4 + mod(pos[1], 4)]
    y[pos] = min(255.0, max(0.0, y[pos] + grain * (b - 7.5) / 16.0))
endfunction

% Deband: smooths steps smaller than `threshold` over `radius` pixels, keeps edges.
%   threshold  largest step (levels, 0..255) taken for banding (default 5, as FFmpeg's
%              deband 0.02; range 0.5..32)
%   radius     reach of the smoothing in pixels (default 16; range 2..64): wider than the
%              bands
%   grain      ordered dither amplitude in levels (default 0; range 0..4)
function y = process(x, threshold = 5.0, radius = 16, grain = 0.0)
    if threshold <= 0 || radius < 2
        error "deband.q: threshold must be positive and radius 2 or more"
    endif
    y = uninit(size(x))     % deband_k writes every element: no zeroing pass
    bm = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
    r = int(radius)
    h = int(radius / 2)
    er = int(0.7071 * r + 0.5)
    eh = int(0.7071 * h + 0.5)
    if grain == 0
        parallel_do(size(x), x, y, r, h, er, eh, threshold, 0.0, 255.0, deband_k)
    else
        parallel_do(size(x), x, y, r, h, er, eh, threshold, -1.0e30, 1.0e30, deband_k)
        parallel_do(size(x), y, grain, bm, dither_k)
    endif
endfunction
