% denoise_video.q - the video path of denoise.q: spatio-temporal transform-domain denoising
% along the motion (VBM4D-like) of a window of frames (a module: no process).
%
% denoise_video(win, sigma, profile) takes the window t-R..t+R (docs/filters.md "A window of
% frames") and gives frame t denoised:
%   1. motion: every neighbour's 8x8 block motion onto the centre frame (motion.q's
%      pyramid_motion on luma pyramids made once per frame of the window: t+-1 searched
%      from quarter size, each farther neighbour around the nearer one's vectors scaled),
%      the neighbour warped along it; where the compensated difference (3x3 mean, the
%      largest of the channels) exceeds 1.5 sigma (occlusion, new content) the centre's own
%      pixel stands in, so nothing from elsewhere is blended in;
%   2. the frames to the opponent colour space of CBM3D (Y = (R+G+B)/3, U = (R-B)/2,
%      V = (R-2G+B)/4), whose channels have noise sigma * (sqrt(1/3), sqrt(1/2), sqrt(3/8));
%   3. for each reference block (8x8, on a grid of `step` pixels) the 2R+1 blocks along its
%      trajectory form a volume 8x8x(2R+1): its 3-D DCT (the DCT across time once per pixel
%      of the stack, then the 2-D DCT of each block by butterflies) is hard-thresholded at
%      2.7 sigma_c; only the centre slice is inverted and goes back to its place with the
%      weight 1/(sigma_c^2 nonzero coefficients) times a Kaiser window. The "quality"
%      profile adds a second pass: an empirical Wiener filter of the same volumes steered
%      by the first estimate (its DCT spectrum).
% References are filtered in launches of references at least 8 pixels apart, so no two
% threads write one pixel: plain stores, no atomics, the same sums on every engine.
import "motion.q"

% Buffers kept from frame to frame (allocating and clearing them per frame cost a tenth of
% the time): the stack, the warped neighbour, the sums (left zero after each frame).
vd_buf = object()
vd_buf.h = -1
vd_buf.w = -1
vd_buf.n = -1

% Orthonormal DCT-II matrix of n points: C[k, i] = a_k cos(pi (2 i + 1) k / (2 n)).
function C = dct_matrix(n)
    C = zeros(n, n)
    for k = 0..n - 1
        a = k == 0 ? sqrt(1 / n) : sqrt(2 / n)
        for i = 0..n - 1
            C[k, i] = a * cos(pi * (2 * i + 1) * k / (2 * n))
        endfor
    endfor
endfunction

% Neighbour nb warped onto the centre along mv (blocks of the centre into nb), bilinear,
% into wb (H x W x 3).
function [] = __kernel__ warp(nb : cube'clamped, mv : cube'unchecked, wb : cube'unchecked, pos : ivec2)
    i = pos[0]
    j = pos[1]
    di = mv[floor(i / 8), floor(j / 8), 0]
    dj = mv[floor(i / 8), floor(j / 8), 1]
    for c = 0..2
        wb[i, j, c] = bilinear3(nb, i + di, j + dj, c)
    endfor
endfunction

% The differences of the centre x and the warped neighbour wb summed over 3 pixels of a
% row (edges clamped), per channel, into dh: the first half of compensate's 3x3 sums.
function [] = __kernel__ diff_rows(x : cube'clamped, wb : cube'clamped, dh : cube'unchecked, pos : ivec2)
    i = pos[0]
    j = pos[1]
    for c = 0..2
        dh[i, j, c] = x[i, j - 1, c] + x[i, j, c] + x[i, j + 1, c] - wb[i, j - 1, c] - wb[i, j, c] - wb[i, j + 1, c]
    endfor
endfunction

% The warped neighbour wb in the opponent space, into slice s of the stack z ((2R+1) H x W
% x 3). Where the 3x3 mean difference to the centre x of a channel (dh summed over 3
% rows) exceeds thr, the centre's pixel instead.
function [] = __kernel__ compensate(x : cube'unchecked, wb : cube'unchecked, dh : cube'clamped, z : cube'unchecked, s : int, thr : scalar, pos : ivec2)
    i = pos[0]
    j = pos[1]
    h = size(x, 0)
    % the largest of the three channels' 3x3 mean differences (colours of equal luma differ)
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
    z[s * h + i, j, 0] = (r + g + b) * (1.0 / 3.0)
    z[s * h + i, j, 1] = (r - b) * 0.5
    z[s * h + i, j, 2] = (r - 2 * g + b) * 0.25
endfunction

% The centre x in the opponent space, into slice s of z.
function [] = __kernel__ to_opp(x : cube'unchecked, z : cube'unchecked, s : int, pos : ivec2)
    i = pos[0]
    j = pos[1]
    h = size(x, 0)
    r = x[i, j, 0]
    g = x[i, j, 1]
    b = x[i, j, 2]
    z[s * h + i, j, 0] = (r + g + b) * (1.0 / 3.0)
    z[s * h + i, j, 1] = (r - b) * 0.5
    z[s * h + i, j, 2] = (r - 2 * g + b) * 0.25
endfunction

% The orthonormal 8-point DCT-II of g[o], g[o + st], … g[o + 7 st], in place, by the
% even/odd split (X_2k from the sums x_i + x_7-i, X_2k+1 from the differences): 32
% multiplications instead of 64. c[k] = cos(k pi / 16) / 2.
function [] = __device__ dct8_fwd(g, o : int, st : int)
    x0 = g[o]
    x1 = g[o + st]
    x2 = g[o + 2 * st]
    x3 = g[o + 3 * st]
    x4 = g[o + 4 * st]
    x5 = g[o + 5 * st]
    x6 = g[o + 6 * st]
    x7 = g[o + 7 * st]
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
    g[o] = 0.35355339 * (p0 + p1)
    g[o + 4 * st] = 0.35355339 * (p0 - p1)
    g[o + 2 * st] = 0.46193977 * q0 + 0.19134172 * q1
    g[o + 6 * st] = 0.19134172 * q0 - 0.46193977 * q1
    g[o + st] = 0.49039264 * b0 + 0.41573481 * b1 + 0.27778512 * b2 + 0.09754516 * b3
    g[o + 3 * st] = 0.41573481 * b0 - 0.09754516 * b1 - 0.49039264 * b2 - 0.27778512 * b3
    g[o + 5 * st] = 0.27778512 * b0 - 0.49039264 * b1 + 0.09754516 * b2 + 0.41573481 * b3
    g[o + 7 * st] = 0.09754516 * b0 - 0.27778512 * b1 + 0.41573481 * b2 - 0.49039264 * b3
endfunction

% Its inverse (the transpose), in place.
function [] = __device__ dct8_inv(g, o : int, st : int)
    y0 = g[o]
    y1 = g[o + st]
    y2 = g[o + 2 * st]
    y3 = g[o + 3 * st]
    y4 = g[o + 4 * st]
    y5 = g[o + 5 * st]
    y6 = g[o + 6 * st]
    y7 = g[o + 7 * st]
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
    g[o] = a0 + b0
    g[o + 7 * st] = a0 - b0
    g[o + st] = a1 + b1
    g[o + 6 * st] = a1 - b1
    g[o + 2 * st] = a2 + b2
    g[o + 5 * st] = a2 - b2
    g[o + 3 * st] = a3 + b3
    g[o + 4 * st] = a3 - b3
endfunction

% The temporal DCT of the stack z, pixel by pixel, in place (slice k becomes coefficient
% k; n <= 9): the 3-D DCT is separable, so doing its temporal part once per pixel here
% instead of once per volume (each pixel is in (8/step)^2 volumes) gives the same
% coefficients.
function [] = __kernel__ temporal_dct(z : cube'unchecked, CT : mat'unchecked, n : int, h : int, pos : ivec3)
    t = zeros(9)
    for s = 0..n - 1
        t[s] = z[s * h + pos[0], pos[1], pos[2]]
    endfor
    if n == 5
        % the 5-point DCT by its symmetry: even rows from the sums t_i + t_4-i, odd rows
        % from the differences (their centre weight is 0): 13 multiplications, not 25
        p0 = t[0] + t[4]
        p1 = t[1] + t[3]
        m0 = t[0] - t[4]
        m1 = t[1] - t[3]
        z[pos[0], pos[1], pos[2]] = CT[0, 0] * p0 + CT[0, 1] * p1 + CT[0, 2] * t[2]
        z[h + pos[0], pos[1], pos[2]] = CT[1, 0] * m0 + CT[1, 1] * m1
        z[2 * h + pos[0], pos[1], pos[2]] = CT[2, 0] * p0 + CT[2, 1] * p1 + CT[2, 2] * t[2]
        z[3 * h + pos[0], pos[1], pos[2]] = CT[3, 0] * m0 + CT[3, 1] * m1
        z[4 * h + pos[0], pos[1], pos[2]] = CT[4, 0] * p0 + CT[4, 1] * p1 + CT[4, 2] * t[2]
        return
    endif
    for k = 0..n - 1
        a = 0.0
        for s = 0..n - 1
            a += CT[k, s] * t[s]
        endfor
        z[k * h + pos[0], pos[1], pos[2]] = a
    endfor
endfunction

% The 2-D DCT of the n 8x8 slices of g (g[64 s + 8 u + v]), in place.
function [] = __device__ dct2_slices(g, n : int)
    for s = 0..n - 1
        for u = 0..7
            dct8_fwd(g, s * 64 + u * 8, 1)
        endfor
        for v = 0..7
            dct8_fwd(g, s * 64 + v, 8)
        endfor
    endfor
endfunction

% One reference block (launch (oy, ox) of kk x kk): its volume along the trajectory, from
% zt (the stack already transformed across time), 2-D DCT of each slice: the 3-D DCT;
% filtered (hard threshold, or Wiener against the pilot's coefficients et when wiener);
% only the centre slice is needed back: the inverse temporal DCT's row of the centre
% (cc[k] = CT[k, centre]) sums the slices' coefficients, then one inverse 2-D DCT; it goes
% into num/den.
function [] = __kernel__ st_filter(zt : cube'unchecked, et : cube'unchecked, num : cube'unchecked, den : cube'unchecked, kai : mat'unchecked, cc : vec'unchecked, sig : vec'unchecked, lam : scalar, n : int, h : int, w : int, step : int, nry : int, nrx : int, oy : int, ox : int, kk : int, wiener : int, pos : ivec2)
    ri = pos[0] * kk + oy
    rj = pos[1] * kk + ox
    if ri >= nry || rj >= nrx
        return
    endif
    ry = min(ri * step, h - 8)
    rx = min(rj * step, w - 8)
    g = zeros(576)
    q = zeros(wiener ? 576 : 1)
    for c = 0..2
        for s = 0..n - 1
            for u = 0..7
                for v = 0..7
                    g[s * 64 + u * 8 + v] = zt[s * h + ry + u, rx + v, c]
                endfor
            endfor
        endfor
        dct2_slices(g, n)
        sc = sig[c]
        wsum = 0.0
        if wiener
            for s = 0..n - 1
                for u = 0..7
                    for v = 0..7
                        q[s * 64 + u * 8 + v] = et[s * h + ry + u, rx + v, c]
                    endfor
                endfor
            endfor
            dct2_slices(q, n)
            for p = 0..64 * n - 1
                b2 = q[p] * q[p]
                gain = b2 / (b2 + sc * sc)
                g[p] = g[p] * gain
                wsum += gain * gain
            endfor
        else
            thr = lam * sc
            for p = 1..64 * n - 1
                if abs(g[p]) < thr
                    g[p] = 0.0
                else
                    wsum += 1
                endif
            endfor
            wsum += 1
        endif
        % (into slice 0: g[p] is read for p only, before it is written)
        for p = 0..63
            a = 0.0
            for s = 0..n - 1
                a += cc[s] * g[s * 64 + p]
            endfor
            g[p] = a
        endfor
        for u = 0..7
            dct8_inv(g, u * 8, 1)
        endfor
        for v = 0..7
            dct8_inv(g, v, 8)
        endfor
        wt = 1 / (sc * sc * max(wsum, 1.0))
        for u = 0..7
            for v = 0..7
                k = wt * kai[u, v]
                % plain stores, not +=: no other thread of the launch writes here, and
                % compound updates of an array element are atomic (docs/kernels.md)
                num[ry + u, rx + v, c] = num[ry + u, rx + v, c] + k * g[u * 8 + v]
                den[ry + u, rx + v, c] = den[ry + u, rx + v, c] + k
            endfor
        endfor
    endfor
endfunction

% The weighted sums divided, back to RGB; the sums are left zero for the next frame.
function [] = __kernel__ st_to_rgb(num : cube'unchecked, den : cube'unchecked, y : cube'unchecked, pos : ivec2)
    l = num[pos[0], pos[1], 0] / den[pos[0], pos[1], 0]
    u = num[pos[0], pos[1], 1] / den[pos[0], pos[1], 1]
    v = num[pos[0], pos[1], 2] / den[pos[0], pos[1], 2]
    for c = 0..2
        num[pos[0], pos[1], c] = 0.0
        den[pos[0], pos[1], c] = 0.0
    endfor
    y[pos[0], pos[1], 0] = l + u + v * (2.0 / 3.0)
    y[pos[0], pos[1], 1] = l - v * (4.0 / 3.0)
    y[pos[0], pos[1], 2] = l - u + v * (2.0 / 3.0)
endfunction

% The weighted sums divided, in the opponent space: the pilot's centre slice; the sums
% are left zero.
function [] = __kernel__ st_div(num : cube'unchecked, den : cube'unchecked, y : cube'unchecked, pos : ivec3)
    y[pos] = num[pos] / den[pos]
    num[pos] = 0.0
    den[pos] = 0.0
endfunction

% One pass over every reference of the stack z (pilot e for the Wiener pass).
function [] = st_pass(z, e, num, den, h, w, sig, lam, step, n, wiener, kai)
    nry = int(ceil((h - 8) / step)) + 1
    nrx = int(ceil((w - 8) / step)) + 1
    kk = int(ceil(8 / step))
    CT = dct_matrix(n)
    cc = zeros(n)
    for k = 0..n - 1
        cc[k] = CT[k, int(floor(n / 2))]
    endfor
    zt = z
    parallel_do([h, w, 3], zt, CT, n, h, temporal_dct)
    et = zt
    if wiener
        et = e
        parallel_do([h, w, 3], et, CT, n, h, temporal_dct)
    endif
    for oy = 0..kk - 1
        for ox = 0..kk - 1
            parallel_do([int(ceil(nry / kk)), int(ceil(nrx / kk))], zt, et, num, den, kai, cc, sig, lam, n, h, w, step, nry, nrx, oy, ox, kk, wiener, st_filter)
        endfor
    endfor
endfunction

% Frame t of the window denoised (see the top of the file). sigma: the noise (strength
% applied); profile "fast" (references every 4 pixels, one pass) or "quality" (every 3
% pixels, then the Wiener pass); kai: the 8x8 aggregation window (denoise.q's Kaiser window).
function y = denoise_video(win, sigma, profile, kai)
    n = numel(win)
    c = int(floor(n / 2))
    x = win[c]
    h = size(x, 0)
    w = size(x, 1)
    sig = sigma * [sqrt(1 / 3), sqrt(1 / 2), sqrt(3 / 8)]
    if vd_buf.h != h || vd_buf.w != w || vd_buf.n != n
        vd_buf.h = h
        vd_buf.w = w
        vd_buf.n = n
        vd_buf.z = zeros(n * h, w, 3)
        vd_buf.wb = zeros(h, w, 3)
        vd_buf.dh = zeros(h, w, 3)
        vd_buf.num = zeros(h, w, 3)
        vd_buf.den = zeros(h, w, 3)
        pyr = cell(n)
        for s = 0..n - 1
            pyr[s] = pyramid_new(h, w)
        endfor
        vd_buf.pyr = pyr
    endif
    pyr = vd_buf.pyr
    for s = 0..n - 1
        pyramid_fill(win[s], pyr[s])
    endfor
    z = vd_buf.z
    wb = vd_buf.wb
    dh = vd_buf.dh
    num = vd_buf.num
    den = vd_buf.den
    parallel_do([h, w], x, z, c, to_opp)
    lam = max(sigma, 1.0) * 0.03
    % the nearest neighbours first (a full search), each farther one around twice the
    % vectors of the one before it on its side
    for d = 1..c
        for side = -1..2..1
            s = c + side * d
            if d == 1
                mv = pyramid_motion(pyr[c], pyr[s], 12, lam, 0)
            else
                mv = pyramid_motion(pyr[c], pyr[s], 2, lam, side < 0 ? mvm * (d / (d - 1)) : mvp * (d / (d - 1)))
            endif
            if side < 0
                mvm = mv
            else
                mvp = mv
            endif
            parallel_do([h, w], win[s], mv, wb, warp)
            parallel_do([h, w], x, wb, dh, diff_rows)
            parallel_do([h, w], x, wb, dh, z, s, 1.5 * sigma, compensate)
        endfor
    endfor
    step = profile == "quality" ? 3 : 4
    % z does not stay the stack: st_pass transforms it in place across time
    z0 = z
    if profile == "quality"
        z0 = copy(z)
    endif
    st_pass(z, z, num, den, h, w, sig, 2.7, step, n, 0, kai)
    if profile == "quality"
        % the pilot: the first estimate of the centre, standing for every slice (the
        % slices are the centre's along the motion)
        b = zeros(h, w, 3)
        parallel_do([h, w, 3], num, den, b, st_div)
        e = repmat(b, [n, 1, 1])
        st_pass(z0, e, num, den, h, w, sig, 2.7, step, n, 1, kai)
    endif
    y = uninit(h, w, 3)         % every pixel written by st_to_rgb
    parallel_do([h, w], num, den, y, st_to_rgb)
endfunction
