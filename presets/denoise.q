% denoise.q - still denoiser of the BM3D family (block matching and 3-D filtering).
%
% Each frame is moved to an opponent colour space (Y = mean of R, G, B and two colour
% differences, as CBM3D); blocks of 8x8 pixels similar to a reference block are found in a
% search window of the luma, stacked into a 3-D group, transformed (2-D DCT of each block,
% 1-D Haar across the group), and filtered there: hard thresholding in the first pass, an
% empirical Wiener filter steered by the first pass's estimate in the second. Every filtered
% block goes back to its place; overlapping estimates are averaged with weights (inverse
% noise of the group, Kaiser window). Values are 0..255, so sigma is in those units: for
% white Gaussian noise of standard deviation s, sigma = s. sigma = 0 estimates it from the
% frame: the median absolute value of the finest diagonal Haar band / 0.6745 (Donoho's
% MAD estimator), over the three channels.
%
% References blocks lie on a grid of `step` pixels; their filtering runs in launches of
% references far enough apart that no two write the same pixel, so aggregation needs no
% atomics and the result does not depend on thread timing.

% ---- colour: RGB <-> opponent (Y, U, V) --------------------------------------------------

function [] = __kernel__ rgb_to_opp(x : cube'unchecked, z : cube'unchecked, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    z[pos[0], pos[1], 0] = (r + g + b) * (1.0 / 3.0)
    z[pos[0], pos[1], 1] = (r - b) * 0.5
    z[pos[0], pos[1], 2] = (r - 2 * g + b) * 0.25
endfunction

% The weighted sums divided, and back to RGB.
function [] = __kernel__ opp_to_rgb(num : cube'unchecked, den : cube'unchecked, y : cube'unchecked, pos : ivec2)
    l = num[pos[0], pos[1], 0] / den[pos[0], pos[1], 0]
    u = num[pos[0], pos[1], 1] / den[pos[0], pos[1], 1]
    v = num[pos[0], pos[1], 2] / den[pos[0], pos[1], 2]
    y[pos[0], pos[1], 0] = l + u + v * (2.0 / 3.0)
    y[pos[0], pos[1], 1] = l - v * (4.0 / 3.0)
    y[pos[0], pos[1], 2] = l - u + v * (2.0 / 3.0)
endfunction

% The weighted sums divided, staying in the opponent space (the first pass's estimate).
function [] = __kernel__ normalize(num : cube'unchecked, den : cube'unchecked, y : cube'unchecked, pos : ivec3)
    y[pos] = num[pos] / den[pos]
endfunction

% ---- noise level ---------------------------------------------------------------------------

% Finest diagonal Haar coefficient (HH) of each 2x2 block, each channel, as an absolute value.
function [] = __kernel__ haar_hh(x : cube'unchecked, d : cube'unchecked, pos : ivec3)
    i = 2 * pos[0]
    j = 2 * pos[1]
    c = pos[2]
    d[pos] = abs(x[i, j, c] - x[i, j + 1, c] - x[i + 1, j, c] + x[i + 1, j + 1, c]) * 0.5
endfunction

% Robust noise estimate: MAD of the HH band / 0.6745 (white Gaussian noise of deviation s
% gives HH coefficients of deviation s; the median ignores the few large ones at edges).
function s = estimate_sigma(x)
    h = floor(size(x, 0) / 2)
    w = floor(size(x, 1) / 2)
    d = zeros(h, w, 3)
    parallel_do([h, w, 3], x, d, haar_hh)
    s = median(reshape(d, [h * w * 3])) / 0.6745
endfunction

% ---- block matching ------------------------------------------------------------------------

% For the reference block of grid cell pos (top-left at pos * step, the last cells moved in
% to end at the border), the n best blocks of the search window by the squared distance of
% their luma (channel 0 of g), those below tau (mean squared difference per pixel) only,
% nearest first; the reference itself is always one (distance 0). cnt: how many, rounded
% down to a power of two (the Haar transform across the group needs one).
function [] = __kernel__ bm_match(g : cube'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, h : int, w : int, step : int, rad : int, n : int, tau : scalar, pos : ivec2)
    ry = min(pos[0] * step, h - 8)
    rx = min(pos[1] * step, w - 8)
    bd = zeros(32)
    by = zeros(32)
    bx = zeros(32)
    k = 0
    lim = tau * 64
    y0 = max(ry - rad, 0)
    y1 = min(ry + rad, h - 8)
    x0 = max(rx - rad, 0)
    x1 = min(rx + rad, w - 8)
    for qy = y0..y1
        for qx = x0..x1
            worst = lim
            if k == n
                worst = min(lim, bd[n - 1])
            endif
            d = 0.0
            for u = 0..7
                for v = 0..7
                    t = g[qy + u, qx + v, 0] - g[ry + u, rx + v, 0]
                    d += t * t
                endfor
                if d >= worst
                    break
                endif
            endfor
            if d < worst
                j = min(k, n - 1)
                while j > 0 && bd[j - 1] > d
                    bd[j] = bd[j - 1]
                    by[j] = by[j - 1]
                    bx[j] = bx[j - 1]
                    j -= 1
                endwhile
                bd[j] = d
                by[j] = qy
                bx[j] = qx
                k = min(k + 1, n)
            endif
        endfor
    endfor
    p = 1
    while p * 2 <= k
        p = p * 2
    endwhile
    for j = 0..p - 1
        my[pos[0], pos[1], j] = by[j]
        mx[pos[0], pos[1], j] = bx[j]
    endfor
    cnt[pos[0], pos[1]] = p
endfunction

% ---- 3-D transforms --------------------------------------------------------------------------

% Block j of the group (top-left py, px), channel c of z, into g[64 j ..] as its 2-D DCT.
function [] = __device__ dct_block(z, py, px, c, dm, g, j)
    t = zeros(64)
    for u = 0..7
        for k = 0..7
            s = 0.0
            for v = 0..7
                s += z[py + u, px + v, c] * dm[k, v]
            endfor
            t[u * 8 + k] = s
        endfor
    endfor
    for k = 0..7
        for l = 0..7
            s = 0.0
            for u = 0..7
                s += dm[k, u] * t[u * 8 + l]
            endfor
            g[j * 64 + k * 8 + l] = s
        endfor
    endfor
endfunction

% The inverse: g[64 j ..] back to pixels, into t[0..63].
function [] = __device__ idct_block(g, j, dm, t)
    r = zeros(64)
    for u = 0..7
        for l = 0..7
            s = 0.0
            for k = 0..7
                s += dm[k, u] * g[j * 64 + k * 8 + l]
            endfor
            r[u * 8 + l] = s
        endfor
    endfor
    for u = 0..7
        for v = 0..7
            s = 0.0
            for l = 0..7
                s += r[u * 8 + l] * dm[l, v]
            endfor
            t[u * 8 + v] = s
        endfor
    endfor
endfunction

% Orthonormal Haar transform across the group (n a power of two) of coefficient p of every
% block: g[64 j + p], j = 0..n-1. v, w: scratch of n.
function [] = __device__ haar_fwd(g, p, n, v, w)
    for j = 0..n - 1
        v[j] = g[j * 64 + p]
    endfor
    h = n
    while h > 1
        hh = h / 2
        for i = 0..hh - 1
            w[i] = (v[2 * i] + v[2 * i + 1]) * 0.70710678
            w[hh + i] = (v[2 * i] - v[2 * i + 1]) * 0.70710678
        endfor
        for i = 0..h - 1
            v[i] = w[i]
        endfor
        h = hh
    endwhile
endfunction

function [] = __device__ haar_inv(g, p, n, v, w)
    h = 2
    while h <= n
        hh = h / 2
        for i = 0..hh - 1
            w[2 * i] = (v[i] + v[hh + i]) * 0.70710678
            w[2 * i + 1] = (v[i] - v[hh + i]) * 0.70710678
        endfor
        for i = 0..h - 1
            v[i] = w[i]
        endfor
        h = h * 2
    endwhile
    for j = 0..n - 1
        g[j * 64 + p] = v[j]
    endfor
endfunction

% The filtered group back into the sums: each pixel of block j adds wt * window * value
% to num and wt * window to den.
function [] = __device__ aggregate(g, n, my, mx, iy, ix, c, dm, kai, wt, num, den, t)
    for j = 0..n - 1
        idct_block(g, j, dm, t)
        py = int(my[iy, ix, j])
        px = int(mx[iy, ix, j])
        for u = 0..7
            for v = 0..7
                a = wt * kai[u, v]
                num[py + u, px + v, c] = num[py + u, px + v, c] + a * t[u * 8 + v]
                den[py + u, px + v, c] = den[py + u, px + v, c] + a
            endfor
        endfor
    endfor
endfunction

% SCRATCH: a kernel's local vector of at most 64 elements (zeros(32)) handed to a device
% function reaches it as a copy in compiled kernels (its writes are lost; the interpreter
% passes it by reference), and a larger one is dynamic kernel memory, which a device
% function may not allocate; so the kernels allocate the scratch vectors they hand to
% haar_fwd, haar_inv and idct_block, with 72 elements (dynamic, passed by reference).

% ---- the two passes ------------------------------------------------------------------------

% First pass, one reference (grid cell oy + kk pos[0], ox + kk pos[1]): hard thresholding at
% lam * sig[c] of the group's 3-D spectrum, weight 1 / (sig^2 * nonzero coefficients).
function [] = __kernel__ bm_hard(z : cube'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, num : cube'unchecked, den : cube'unchecked, dm : mat'unchecked, kai : mat'unchecked, sig : vec'unchecked, lam : scalar, oy : int, ox : int, kk : int, pos : ivec2)
    iy = oy + kk * pos[0]
    ix = ox + kk * pos[1]
    if iy >= size(cnt, 0) || ix >= size(cnt, 1)
        return
    endif
    n = int(cnt[iy, ix])
    g = zeros(2048)
    v = zeros(72)
    w = zeros(72)
    t = zeros(72)
    for c = 0..2
        for j = 0..n - 1
            dct_block(z, int(my[iy, ix, j]), int(mx[iy, ix, j]), c, dm, g, j)
        endfor
        thr = lam * sig[c]
        nz = 0
        for p = 0..63
            haar_fwd(g, p, n, v, w)
            for j = 0..n - 1
                if abs(v[j]) < thr
                    v[j] = 0.0
                else
                    nz += 1
                endif
            endfor
            haar_inv(g, p, n, v, w)
        endfor
        wt = 1.0 / (sig[c] * sig[c] * max(nz, 1))
        aggregate(g, n, my, mx, iy, ix, c, dm, kai, wt, num, den, t)
    endfor
endfunction

% Second pass, one reference: the groups of the noisy frame z and of the first estimate b
% on the same blocks; each coefficient of z's spectrum times b^2 / (b^2 + sig^2) (empirical
% Wiener), weight 1 / (sig^2 * sum of the squared gains).
function [] = __kernel__ bm_wiener(z : cube'unchecked, b : cube'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, num : cube'unchecked, den : cube'unchecked, dm : mat'unchecked, kai : mat'unchecked, sig : vec'unchecked, oy : int, ox : int, kk : int, pos : ivec2)
    iy = oy + kk * pos[0]
    ix = ox + kk * pos[1]
    if iy >= size(cnt, 0) || ix >= size(cnt, 1)
        return
    endif
    n = int(cnt[iy, ix])
    g = zeros(2048)
    e = zeros(2048)
    v = zeros(72)
    w = zeros(72)
    t = zeros(72)
    ve = zeros(72)
    for c = 0..2
        for j = 0..n - 1
            dct_block(z, int(my[iy, ix, j]), int(mx[iy, ix, j]), c, dm, g, j)
            dct_block(b, int(my[iy, ix, j]), int(mx[iy, ix, j]), c, dm, e, j)
        endfor
        s2 = sig[c] * sig[c]
        ws = 0.0
        for p = 0..63
            haar_fwd(g, p, n, v, w)
            haar_fwd(e, p, n, ve, w)
            for j = 0..n - 1
                q = ve[j] * ve[j]
                a = q / (q + s2)
                v[j] = v[j] * a
                ws += a * a
            endfor
            haar_inv(g, p, n, v, w)
        endfor
        wt = 1.0 / (s2 * max(ws, 1e-6))
        aggregate(g, n, my, mx, iy, ix, c, dm, kai, wt, num, den, t)
    endfor
endfunction

% ---- host ------------------------------------------------------------------------------------

% The orthonormal 8-point DCT-II matrix: dm[k, v] = a_k cos(pi (2v + 1) k / 16).
function dm = dct_matrix()
    dm = zeros(8, 8)
    for k = 0..7
        a = k == 0 ? sqrt(1 / 8) : sqrt(2 / 8)
        for v = 0..7
            dm[k, v] = a * cos(pi * (2 * v + 1) * k / 16)
        endfor
    endfor
endfunction

% Modified Bessel function of the first kind, order 0 (series), for the Kaiser window.
function r = bessel_i0(x)
    r = 1.0
    t = 1.0
    for k = 1..25
        t = t * (x / (2 * k)) * (x / (2 * k))
        r = r + t
    endfor
endfunction

% 8x8 Kaiser window (beta 2, as BM3D) that weighs each pixel of an aggregated block.
function kai = kaiser_window(beta)
    k1 = zeros(8)
    for i = 0..7
        r = (2 * i - 7) / 7
        k1[i] = bessel_i0(beta * sqrt(1 - r * r)) / bessel_i0(beta)
    endfor
    kai = zeros(8, 8)
    for i = 0..7
        for j = 0..7
            kai[i, j] = k1[i] * k1[j]
        endfor
    endfor
endfunction

% One pass: block matching on channel 0 of guide, then the filter kernel over every
% reference, in kk x kk launches of references at least the reach of one reference apart.
function [] = bm_pass(z, guide, num, den, dm, kai, sig, lam, step, rad, n, tau, wiener)
    h = size(z, 0)
    w = size(z, 1)
    nry = int(ceil((h - 8) / step)) + 1
    nrx = int(ceil((w - 8) / step)) + 1
    my = zeros(nry, nrx, n)
    mx = zeros(nry, nrx, n)
    cnt = zeros(nry, nrx)
    parallel_do([nry, nrx], guide, my, mx, cnt, h, w, step, rad, n, tau, bm_match)
    kk = int(ceil((2 * rad + 8) / step))
    gy = int(ceil(nry / kk))
    gx = int(ceil(nrx / kk))
    for oy = 0..kk - 1
        for ox = 0..kk - 1
            if wiener
                parallel_do([gy, gx], z, guide, my, mx, cnt, num, den, dm, kai, sig, oy, ox, kk, bm_wiener)
            else
                parallel_do([gy, gx], z, my, mx, cnt, num, den, dm, kai, sig, lam, oy, ox, kk, bm_hard)
            endif
        endfor
    endfor
endfunction

% BM3D-family denoiser (stills; each frame of a video on its own).
%   sigma     noise level, standard deviation in 0..255 units (default 10); 0 estimates it
%             from the frame (MAD of the finest diagonal Haar band / 0.6745)
%   strength  scales the thresholds of both passes: above 1 smooths more (default 1)
%   profile   "fast" (reference blocks every 4 pixels, search radius 8, groups of 8 / 16)
%             or "quality" (every 3 pixels, radius 12, groups of 16 / 32); default "fast"
function y = process(x, sigma = 10.0, strength = 1.0, profile = "fast")
    h = size(x, 0)
    w = size(x, 1)
    if sigma == 0
        sigma = estimate_sigma(x)
    endif
    if sigma <= 0 || h < 8 || w < 8
        y = x
        return
    endif
    if profile == "quality"
        step = 3
        rad = 12
        n1 = 16
        n2 = 32
    elseif profile == "fast"
        step = 4
        rad = 8
        n1 = 8
        n2 = 16
    else
        error("denoise: profile must be 'fast' or 'quality', not '" + profile + "'")
    endif
    % the opponent transform's rows have norms sqrt(1/3), sqrt(1/2), sqrt(3/8): the noise
    % of each channel
    sig = sigma * strength * [sqrt(1 / 3), sqrt(1 / 2), sqrt(3 / 8)]
    dm = dct_matrix()
    kai = kaiser_window(2.0)
    z = zeros(h, w, 3)
    parallel_do([h, w], x, z, rgb_to_opp)
    num = zeros(h, w, 3)
    den = zeros(h, w, 3)
    bm_pass(z, z, num, den, dm, kai, sig, 2.7, step, rad, n1, 2500.0, false)
    b = zeros(h, w, 3)
    parallel_do([h, w, 3], num, den, b, normalize)
    num = zeros(h, w, 3)
    den = zeros(h, w, 3)
    bm_pass(z, b, num, den, dm, kai, sig, 2.7, step, rad, n2, 400.0, true)
    y = zeros(h, w, 3)
    parallel_do([h, w], num, den, y, opp_to_rgb)
endfunction
