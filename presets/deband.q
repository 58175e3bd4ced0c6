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

function [] = __kernel__ deband_k(x : cube'clamped, y : cube, r : int, h : int, t : scalar, grain : scalar,
                                  bm : vec, pos : ivec3)
    m = pos[0]
    n = pos[1]
    c = pos[2]
    v = x[m, n, c]
    s = v
    k = 1.0
    for ring = 0..1
        d = ring == 0 ? r : h
        e = ring == 0 ? int(0.7071 * r + 0.5) : int(0.7071 * h + 0.5)
        for j = 0..7
            dy = j == 0 ? -d : j == 1 ? d : j == 2 ? 0 : j == 3 ? 0 : j == 4 ? -e : j == 5 ? -e : j == 6 ? e : e
            dx = j == 0 ? 0 : j == 1 ? 0 : j == 2 ? -d : j == 3 ? d : j == 4 ? -e : j == 5 ? e : j == 6 ? -e : e
            u = x[m + dy, n + dx, c]
            if abs(u - v) < t
                s += u
                k += 1.0
            endif
        endfor
    endfor
    % the 4 x 4 Bayer matrix, centred on 0, times grain
    b = bm[mod(m, 4) * 4 + mod(n, 4)]
    y[pos] = min(255.0, max(0.0, s / k + grain * (b - 7.5) / 16.0))
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
    y = zeros(size(x))
    bm = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
    parallel_do(size(x), x, y, int(radius), int(radius / 2), threshold, grain, bm, deband_k)
endfunction
