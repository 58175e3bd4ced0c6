% denoise_video.q - the video path of denoise.q: the window's neighbours compensated along
% their motion and averaged with frame t, then the mean denoised in space by 8x8 DCT
% shrinkage at its reduced noise (a module: no process).
%
% denoise_video(win, sigma, profile, kai) takes the window t-R..t+R (docs/filters.md "A
% window of frames") and gives frame t denoised from frames t-1, t, t+1:
%   1. motion: every 8x8 block of frame t's luma into t-1 and into t+1 (motion.q's
%      pyramid_motion on luma pyramids, in buffers kept from call to call: a full search from
%      quarter size); the neighbour warped along it (bilinear); where the compensated difference
%      (3x3 mean, the largest of the channels) exceeds 1.5 sigma (occlusion, new content)
%      frame t's own pixel stands in, so nothing from elsewhere is blended in;
%   2. the three frames averaged as they are compensated, in the opponent colour space of
%      CBM3D (Y = (R+G+B)/3, U = (R-B)/2, V = (R-2G+B)/4, noise sigma * (sqrt(1/3),
%      sqrt(1/2), sqrt(3/8))), planar; where both neighbours matched, the noise of the mean
%      is sigma / sqrt(3);
%   3. the mean denoised by 8x8 blocks on a grid of 4 pixels: 2-D DCT, hard threshold at
%      2.7 sigma_c', inverse, aggregated with the weight 1/(sigma_c'^2 kept coefficients)
%      times the Kaiser window, sigma_c' the mean's noise (sigma_c / sqrt(3) for "fast";
%      1.2 times that for "quality", which adds a second pass: the empirical Wiener filter
%      of blocks on a grid of 3 pixels steered by the first estimate).
% The temporal part of the filter is the mean: what a 3-D transform's thresholding keeps of
% a well-compensated trajectory (its DC across time), for the price of one transformed
% slice per block instead of one per frame (docs/filters.md "denoise.q on video" for what
% was measured against the former 8x8x5 3-D DCT volumes).
% References are filtered in launches of references at least 8 pixels apart, so no two
% threads write one pixel: plain stores, no atomics, the same sums on every engine.
import "motion.q"

% Buffers kept from frame to frame (allocating and clearing them per frame cost a tenth of
% the time): the mean, the pilot, the warped neighbour, its row sums, the sums (left zero
% after each frame), the luma pyramids.
vd_buf = object()
vd_buf.h = -1
vd_buf.w = -1

% Neighbour nb warped onto the centre along mv (blocks of the centre into nb), bilinear,
% into wb (H x W x 3); one thread per 8x8 block, whose vector (so the integer offset and
% the four bilinear weights) it computes once.
function [] = __kernel__ warp(nb : cube'clamped, mv : cube'unchecked, wb : cube'unchecked, h : int, w : int, pos : ivec2)
    di = mv[pos[0], pos[1], 0]
    dj = mv[pos[0], pos[1], 1]
    oi = int(floor(di))
    oj = int(floor(dj))
    fy = di - oi
    fx = dj - oj
    w00 = (1 - fy) * (1 - fx)
    w01 = (1 - fy) * fx
    w10 = fy * (1 - fx)
    w11 = fy * fx
    for u = 0..7
        i = pos[0] * 8 + u
        for v = 0..7
            j = pos[1] * 8 + v
            if i < h && j < w
                for c = 0..2
                    wb[i, j, c] = w00 * nb[i + oi, j + oj, c] + w01 * nb[i + oi, j + oj + 1, c] + w10 * nb[i + oi + 1, j + oj, c] + w11 * nb[i + oi + 1, j + oj + 1, c]
                endfor
            endif
        endfor
    endfor
endfunction

% The differences of the centre x and the warped neighbour wb summed over 3 pixels of a
% row (edges clamped), per channel, into dh: the first half of comp_mean's 3x3 sums.
function [] = __kernel__ diff_rows(x : cube'clamped, wb : cube'clamped, dh : cube'unchecked, pos : ivec2)
    i = pos[0]
    j = pos[1]
    for c = 0..2
        dh[i, j, c] = x[i, j - 1, c] + x[i, j, c] + x[i, j + 1, c] - wb[i, j - 1, c] - wb[i, j, c] - wb[i, j + 1, c]
    endfor
endfunction

% The mean a of frame t (x) and its compensated neighbours, in the opponent space, planar
% (channel c at rows c h .. c h + h - 1 of a, so that a block's rows are contiguous). For
% each neighbour (warped: wb, its row-summed differences to x: dh) in turn: first = 1
% writes a = wgt (opp(x) + opp(n)), later ones add wgt opp(n). Where the largest 3x3 mean
% difference of the channels exceeds thr, x's pixel stands in for the neighbour's.
function [] = __kernel__ comp_mean(x : cube'unchecked, wb : cube'unchecked, dh : cube'clamped, a : mat'unchecked, thr : scalar, wgt : scalar, first : int, pos : ivec2)
    i = pos[0]
    j = pos[1]
    h = size(x, 0)
    e = 0.0
    for c = 0..2
        e = max(e, abs(dh[i - 1, j, c] + dh[i, j, c] + dh[i + 1, j, c]))
    endfor
    r = wb[i, j, 0]
    g = wb[i, j, 1]
    b = wb[i, j, 2]
    if e > 9 * thr
        r = x[i, j, 0]
        g = x[i, j, 1]
        b = x[i, j, 2]
    endif
    if first
        r += x[i, j, 0]
        g += x[i, j, 1]
        b += x[i, j, 2]
        a[i, j] = wgt * (r + g + b) * (1.0 / 3.0)
        a[h + i, j] = wgt * (r - b) * 0.5
        a[2 * h + i, j] = wgt * (r - 2 * g + b) * 0.25
    else
        a[i, j] = a[i, j] + wgt * (r + g + b) * (1.0 / 3.0)
        a[h + i, j] = a[h + i, j] + wgt * (r - b) * 0.5
        a[2 * h + i, j] = a[2 * h + i, j] + wgt * (r - 2 * g + b) * 0.25
    endif
endfunction

% The 8-point DCT (forward, or inverse when inv) of the 8 columns of the 8x8 block g
% (g[8 u + v]: column v is g[v], g[8 + v], ...), in place, written as one loop over the
% columns so that the compiler runs the 8 columns side by side (vector lanes).
function [] = __device__ dct_cols(g, inv : int)
    for v = 0..7
        if inv
            y0 = g[v]
            y1 = g[8 + v]
            y2 = g[16 + v]
            y3 = g[24 + v]
            y4 = g[32 + v]
            y5 = g[40 + v]
            y6 = g[48 + v]
            y7 = g[56 + v]
            p0 = 0.35355339 * (y0 + y4)
            p1 = 0.35355339 * (y0 - y4)
            q0 = 0.46193977 * y2 + 0.19134172 * y6
            q1 = 0.19134172 * y2 - 0.46193977 * y6
            a0 = p0 + q0
            a3 = p0 - q0
            a1 = p1 + q1
            a2 = p1 - q1
            b0 = 0.49039264 * y1 + 0.41573481 * y3 + 0.27778512 * y5 + 0.09754516 * y7
            b1 = 0.41573481 * y1 - 0.09754516 * y3 - 0.49039264 * y5 - 0.27778512 * y7
            b2 = 0.27778512 * y1 - 0.49039264 * y3 + 0.09754516 * y5 + 0.41573481 * y7
            b3 = 0.09754516 * y1 - 0.27778512 * y3 + 0.41573481 * y5 - 0.49039264 * y7
            g[v] = a0 + b0
            g[56 + v] = a0 - b0
            g[8 + v] = a1 + b1
            g[48 + v] = a1 - b1
            g[16 + v] = a2 + b2
            g[40 + v] = a2 - b2
            g[24 + v] = a3 + b3
            g[32 + v] = a3 - b3
        else
            x0 = g[v]
            x1 = g[8 + v]
            x2 = g[16 + v]
            x3 = g[24 + v]
            x4 = g[32 + v]
            x5 = g[40 + v]
            x6 = g[48 + v]
            x7 = g[56 + v]
            a0 = x0 + x7
            a1 = x1 + x6
            a2 = x2 + x5
            a3 = x3 + x4
            b0 = x0 - x7
            b1 = x1 - x6
            b2 = x2 - x5
            b3 = x3 - x4
            p0 = a0 + a3
            p1 = a1 + a2
            q0 = a0 - a3
            q1 = a1 - a2
            g[v] = 0.35355339 * (p0 + p1)
            g[32 + v] = 0.35355339 * (p0 - p1)
            g[16 + v] = 0.46193977 * q0 + 0.19134172 * q1
            g[48 + v] = 0.19134172 * q0 - 0.46193977 * q1
            g[8 + v] = 0.49039264 * b0 + 0.41573481 * b1 + 0.27778512 * b2 + 0.09754516 * b3
            g[24 + v] = 0.41573481 * b0 - 0.09754516 * b1 - 0.49039264 * b2 - 0.27778512 * b3
            g[40 + v] = 0.27778512 * b0 - 0.49039264 * b1 + 0.09754516 * b2 + 0.41573481 * b3
            g[56 + v] = 0.09754516 * b0 - 0.27778512 * b1 + 0.41573481 * b2 - 0.49039264 * b3
        endif
    endfor
endfunction

% t = the transpose of the 8x8 block g.
function [] = __device__ transpose8(g, t)
    for u = 0..7
        for v = 0..7
            t[v * 8 + u] = g[u * 8 + v]
        endfor
    endfor
endfunction

% The 2-D DCT of g, transposed, into t (g is overwritten): columns, transpose, columns.
function [] = __device__ dct2_fwd_t(g, t)
    dct_cols(g, 0)
    transpose8(g, t)
    dct_cols(t, 0)
endfunction

% One reference block (launch (oy, ox) of kk x kk) of the planar mean a: 2-D DCT; hard
% threshold at lam sig[c] (wiener = 0), or the empirical Wiener gain against the pilot e's
% DCT (wiener = 1); inverse; into the planar sums num/den with the weight
% 1/(sig^2 kept energy) x kai. (The coefficients are held transposed: the filter
% is pointwise, so only the inverse has to undo it.)
function [] = __kernel__ sp_filter(a : mat'unchecked, e : mat'unchecked, num : mat'unchecked, den : mat'unchecked, kai : mat'unchecked, sig : vec'unchecked, lam : scalar, h : int, w : int, step : int, nry : int, nrx : int, oy : int, ox : int, kk : int, wiener : int, pos : ivec2)
    ri = pos[0] * kk + oy
    rj = pos[1] * kk + ox
    if ri >= nry || rj >= nrx
        return
    endif
    ry = min(ri * step, h - 8)
    rx = min(rj * step, w - 8)
    g = zeros(64)
    t = zeros(64)
    q = zeros(64)
    for c = 0..2
        o = c * h + ry
        for u = 0..7
            for v = 0..7
                g[u * 8 + v] = a[o + u, rx + v]
            endfor
        endfor
        dct2_fwd_t(g, t)
        sc = sig[c]
        wsum = 0.0
        if wiener
            for u = 0..7
                for v = 0..7
                    g[u * 8 + v] = e[o + u, rx + v]
                endfor
            endfor
            dct2_fwd_t(g, q)
            for p = 0..63
                b2 = q[p] * q[p]
                gain = b2 / (b2 + sc * sc)
                t[p] = t[p] * gain
                wsum += gain * gain
            endfor
        else
            thr = lam * sc
            wsum = 1.0
            d = t[0]
            for p = 0..63
                keep = abs(t[p]) >= thr
                t[p] = keep ? t[p] : 0.0
                wsum += keep ? 1.0 : 0.0
            endfor
            % the DC always kept (counted once, above)
            wsum -= abs(d) >= thr ? 1.0 : 0.0
            t[0] = d
        endif
        dct_cols(t, 1)
        transpose8(t, g)
        dct_cols(g, 1)
        wt = 1 / (sc * sc * max(wsum, 1.0))
        for u = 0..7
            for v = 0..7
                k = wt * kai[u, v]
                % plain stores: no other thread of the launch writes here
                num[o + u, rx + v] = num[o + u, rx + v] + k * g[u * 8 + v]
                den[o + u, rx + v] = den[o + u, rx + v] + k
            endfor
        endfor
    endfor
endfunction

% One pass over every reference of a (pilot e for the Wiener pass).
function [] = sp_pass(a, e, num, den, h, w, sig, lam, step, wiener, kai)
    nry = int(ceil((h - 8) / step)) + 1
    nrx = int(ceil((w - 8) / step)) + 1
    kk = int(ceil(8 / step))
    for oy = 0..kk - 1
        for ox = 0..kk - 1
            parallel_do([int(ceil(nry / kk)), int(ceil(nrx / kk))], a, e, num, den, kai, sig, lam, h, w, step, nry, nrx, oy, ox, kk, wiener, sp_filter)
        endfor
    endfor
endfunction

% The planar sums divided (the pilot), the sums left zero.
function [] = __kernel__ sp_div(num : mat'unchecked, den : mat'unchecked, e : mat'unchecked, pos : ivec2)
    e[pos] = num[pos] / den[pos]
    num[pos] = 0.0
    den[pos] = 0.0
endfunction

% The planar sums divided, back to RGB into y; the sums left zero.
function [] = __kernel__ sp_to_rgb(num : mat'unchecked, den : mat'unchecked, y : cube'unchecked, h : int, pos : ivec2)
    i = pos[0]
    j = pos[1]
    l = num[i, j] / den[i, j]
    u = num[h + i, j] / den[h + i, j]
    v = num[2 * h + i, j] / den[2 * h + i, j]
    for c = 0..2
        num[c * h + i, j] = 0.0
        den[c * h + i, j] = 0.0
    endfor
    y[i, j, 0] = l + u + v * (2.0 / 3.0)
    y[i, j, 1] = l - v * (4.0 / 3.0)
    y[i, j, 2] = l - u + v * (2.0 / 3.0)
endfunction

% Frame t of the window denoised (see the top of the file). sigma: the noise (strength
% applied); profile "fast" (one pass) or "quality" (then the Wiener pass); kai: the 8x8
% aggregation window (denoise.q's Kaiser window).
function y = denoise_video(win, sigma, profile, kai)
    c = int(floor(numel(win) / 2))
    x = win[c]
    h = size(x, 0)
    w = size(x, 1)
    if vd_buf.h != h || vd_buf.w != w
        vd_buf.h = h
        vd_buf.w = w
        vd_buf.a = zeros(3 * h, w)
        vd_buf.e = zeros(3 * h, w)
        vd_buf.wb = zeros(h, w, 3)
        vd_buf.dh = zeros(h, w, 3)
        vd_buf.num = zeros(3 * h, w)
        vd_buf.den = zeros(3 * h, w)
        vd_buf.pyr = {pyramid_new(h, w), pyramid_new(h, w), pyramid_new(h, w)}
    endif
    pyr = vd_buf.pyr
    for s = 0..2
        pyramid_fill(win[c - 1 + s], pyr[s])
    endfor
    a = vd_buf.a
    wb = vd_buf.wb
    dh = vd_buf.dh
    num = vd_buf.num
    den = vd_buf.den
    for side = -1..2..1
        mv = pyramid_motion(pyr[1], pyr[1 + side], 12, max(sigma, 1.0) * 0.03, 0)
        parallel_do([size(mv, 0), size(mv, 1)], win[c + side], mv, wb, h, w, warp)
        parallel_do([h, w], x, wb, dh, diff_rows)
        parallel_do([h, w], x, wb, dh, a, 1.5 * sigma, 1.0 / 3, side < 0 ? 1 : 0, comp_mean)
    endfor
    % the mean's noise where both neighbours matched; "quality" assumes 1.2 times it (the
    % best of 0.8 .. 1.7 on the bench's pan clip: warping blurs, occlusions keep frame t)
    sig = (profile == "quality" ? 1.2 : 1.0) * sigma / sqrt(3) * [sqrt(1 / 3), sqrt(1 / 2), sqrt(3 / 8)]
    sp_pass(a, a, num, den, h, w, sig, 2.7, 4, 0, kai)
    if profile == "quality"
        e = vd_buf.e
        parallel_do([3 * h, w], num, den, e, sp_div)
        sp_pass(a, e, num, den, h, w, sig, 2.7, 3, 1, kai)
    endif
    y = uninit(h, w, 3)         % every pixel written by sp_to_rgb
    parallel_do([h, w], num, den, y, h, sp_to_rgb)
endfunction
