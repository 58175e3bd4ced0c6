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
% MAD estimator) over the three channels, on the flatter, unclipped half of the blocks.
%
% Reference blocks lie on a grid of `step` pixels; each thread filters a strip of them in
% turn, and the strips of one launch are far enough apart that no two write the same
% pixel, so aggregation needs no atomics and the result does not depend on thread timing.
% The blocks' 2-D DCTs share their rows' half (computed once per pixel) and the inverse's
% rows' half runs once per position on the aggregated sums (docs/filters.md "denoise.q").

import "denoise_video.q"     % the video path (spatio-temporal), hooked in process

% On video, process gets frames t-1..t+1 (docs/filters.md "A window of frames"); on an image
% the window is the image three times.
temporal_radius = 1

% ---- colour: RGB <-> opponent (Y, U, V) --------------------------------------------------

function [] = __kernel__ rgb_to_opp(x : cube'unchecked, z : cube'unchecked, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    z[pos[0], pos[1], 0] = (r + g + b) * (1.0 / 3.0)
    z[pos[0], pos[1], 1] = (r - b) * 0.5
    z[pos[0], pos[1], 2] = (r - 2 * g + b) * 0.25
endfunction

% Back to RGB.
function [] = __kernel__ opp_to_rgb(e : cube'unchecked, y : cube'unchecked, pos : ivec2)
    l = e[pos[0], pos[1], 0]
    u = e[pos[0], pos[1], 1]
    v = e[pos[0], pos[1], 2]
    y[pos[0], pos[1], 0] = l + u + v * (2.0 / 3.0)
    y[pos[0], pos[1], 1] = l - v * (4.0 / 3.0)
    y[pos[0], pos[1], 2] = l - u + v * (2.0 / 3.0)
endfunction

% Channel 0 of z with 32 columns of padding on the right (the last column repeated), for
% bm_match's fixed-length rows.
function [] = __kernel__ luma_pad(z : cube'unchecked, g : mat'unchecked, w : int, pos : ivec2)
    g[pos[0], pos[1]] = z[pos[0], min(pos[1], w - 1), 0]
endfunction

% ---- profile "bilateral": the former filter, for speed (live preview, large video) ------

% One pixel: all three channels share the weights (a colour edge stops all of them).
function [] = __kernel__ bilateral(x : cube'clamped, y : cube, inv_s : scalar, inv_r : scalar, pos : ivec2)
    c0 = x[pos[0], pos[1], 0]
    c1 = x[pos[0], pos[1], 1]
    c2 = x[pos[0], pos[1], 2]
    a0 = 0.0
    a1 = 0.0
    a2 = 0.0
    ws = 0.0
    for dy = -3..3
        for dx = -3..3
            q0 = x[pos[0] + dy, pos[1] + dx, 0]
            q1 = x[pos[0] + dy, pos[1] + dx, 1]
            q2 = x[pos[0] + dy, pos[1] + dx, 2]
            d = (q0 - c0) * (q0 - c0) + (q1 - c1) * (q1 - c1) + (q2 - c2) * (q2 - c2)
            w = exp(-(dy * dy + dx * dx) * inv_s - d * inv_r)
            a0 += w * q0
            a1 += w * q1
            a2 += w * q2
            ws += w
        endfor
    endfor
    y[pos[0], pos[1], 0] = a0 / ws
    y[pos[0], pos[1], 1] = a1 / ws
    y[pos[0], pos[1], 2] = a2 / ws
endfunction

% ---- noise level ---------------------------------------------------------------------------

% Finest Haar coefficients of each 2x2 block, each channel: d = |HH| (diagonal), e = |LH| +
% |HL| (horizontal and vertical detail, how much structure the block has).
function [] = __kernel__ haar_details(x : cube'unchecked, d : cube'unchecked, e : cube'unchecked, pos : ivec3)
    i = 2 * pos[0]
    j = 2 * pos[1]
    c = pos[2]
    a = x[i, j, c]
    b = x[i, j + 1, c]
    p = x[i + 1, j, c]
    q = x[i + 1, j + 1, c]
    d[pos] = abs(a - b - p + q) * 0.5
    e[pos] = abs(a + b - p - q) * 0.5 + abs(a - b + p - q) * 0.5
    if min(min(a, b), min(p, q)) <= 0 || max(max(a, b), max(p, q)) >= 255
        e[pos] = 1e30         % clipped: its noise is not the frame's
    endif
endfunction

% Robust noise estimate: the median of |HH| / 0.6745 (Donoho's MAD estimator: white Gaussian
% noise of deviation s gives HH coefficients of deviation s), taken over the blocks whose
% horizontal and vertical details are below their median. Texture and edges raise HH too;
% leaving out the structured half of the blocks keeps the estimate within a few percent on
% textured images, and costs nothing on pure noise, where the three orthogonal coefficients
% of a block are independent. Blocks with a pixel at 0 or 255 are left out as well: clipping
% takes noise away there (dark and blown-out regions would pull the estimate down).
function s = estimate_sigma(x)
    h = floor(size(x, 0) / 2)
    w = floor(size(x, 1) / 2)
    d = zeros(h, w, 3)
    e = zeros(h, w, 3)
    parallel_do([h, w, 3], x, d, e, haar_details)
    d = reshape(d, [h * w * 3])
    e = reshape(e, [h * w * 3])
    d = d[e <= median(e)]
    % 8-bit frames give HH values in steps of 1/2 (steps of 7% of the estimate at sigma 10):
    % the median interpolated within its step, as the median of grouped data
    m = median(d)
    below = sum(d < m - 0.125)
    at = sum(abs(d - m) < 0.125)
    if at > 0 && floor(m * 2) == m * 2
        m = m - 0.25 + 0.5 * (numel(d) / 2 - below) / at
    endif
    s = m / 0.6745
endfunction

% ---- block matching ------------------------------------------------------------------------

% For the reference block of grid cell pos (top-left at pos * step, the last cells moved in
% to end at the border), the n best blocks of the search window (+- rad) nearest in luma
% (g: the guide's luma plane with 32 columns of padding on the right, padded_luma), those
% below tau (mean squared difference per pixel) only, the reference itself first, then the
% others nearest first. cnt: how many, rounded down to a power of two (the Haar transform
% across the group needs one). The distances of the 32 blocks whose corners are on one row
% from the window's left edge on are summed together: the innermost loop, of constant
% length, runs along the row over contiguous pixels, so the C compiler holds the 32 sums in
% vector registers; those inside the window go into the sorted list. A row of the window
% holds at most 32 candidates: rad <= 15. ur: the distance is taken over every ur-th row of
% the blocks (1, 2, 4: all 64 pixels, 32 or 16), tau scaled to match; on the first
% estimate (smooth) four rows rank candidates as well as eight (-0.004 dB on the bench
% stills) at a quarter of the cost. Each distance is summed in two halves (block columns
% 0..3 and 4..7): a reference 4 pixels right of the one before takes the left halves of
% the rows that one scanned from the right halves it summed (hs, a slice of 1024 per row
% of references: the same terms in the same order). A thread matches the references of grid row
% pos[0] + oy from left to right; pm > 0 makes the search predictive: a reference with one
% to its left scans only the window's rows within pm of the rows of the blocks that one
% got, within pm of its own, and every cs-th row from its own (docs/filters.md
% "denoise.q": -0.009 / -0.020 dB at sigma 10 / 25 for 6-10% less CPU time in all).
function [] = __kernel__ bm_match(g : mat'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, hs : vec'unchecked, h : int, w : int, step : int, rad : int, n : int, tau : scalar, ur : int, pm : int, cs : int, oy : int, pos : ivec2)
    iy = pos[0] + oy
    ry = min(iy * step, h - 8)
    % hs[hb + 32 f + i]: the right half (columns 4..7) of the distances of the window's row
    % f, candidate i, of the reference before; hp[f] 1 when it scanned row f, hc[f] the
    % same for this reference (the next one's hp)
    hb = iy * 1024
    hp = zeros(32)
    hc = zeros(32)
    px0 = -100
    prx = -100
    bd = zeros(32)
    by = zeros(32)
    bx = zeros(32)
    bs = zeros(32)
    % the rows of the window to scan (predictive search), and the previous reference's
    % matches' rows
    fl = zeros(32)
    py = zeros(32)
    pk = 0
    r = zeros(64)
    dr = zeros(32)
    de = zeros(32)
    nu = int(8 / ur)
    lim = tau * 8 * nu
    y0 = max(ry - rad, 0)
    y1 = min(ry + rad, h - 8)
    for ix = 0..size(cnt, 1) - 1
        rx = min(ix * step, w - 8)
        wi = 0
        % the reference first, whatever ties follow (in flat regions many blocks are at 0)
        by[0] = ry
        bx[0] = rx
        k = 1
        x0 = max(rx - rad, 0)
        x1 = min(rx + rad, w - 8)
        for u = 0..7
            for v = 0..7
                r[u * 8 + v] = g[ry + u, rx + v]
            endfor
        endfor
        % pm > 0 (and a reference to the left): only the rows within pm of the left
        % reference's matches (the reference moved along its row: a row of the window holds
        % the whole width), within pm of the reference's own, and every cs-th row
        pred = pm > 0 && ix > 0
        if pred
            for f = 0..2 * rad
                fl[f] = mod(abs(f - rad), cs) == 0 || abs(f - rad) <= pm ? 1.0 : 0.0
            endfor
            for j = 0..pk - 1
                for f = max(int(py[j]) - ry + rad - pm, 0)..min(int(py[j]) - ry + rad + pm, 2 * rad)
                    fl[f] = 1.0
                endfor
            endfor
        endif
        worst = lim
        nx = x1 - x0 + 1
        % the window 4 columns right of the one before (references every 4 pixels, neither
        % window clamped at the left border): the left half of a candidate's distance
        % (block columns 0..3) is the right half of the same candidate of the reference
        % before, the same terms summed in the same order
        reuse = x0 == px0 + 4 && rx == prx + 4
        for f = 0..31
            hc[f] = 0.0
        endfor
        % rows nearest the reference first (the likeliest to hold its best matches: the
        % list's worst falls early, and fewer candidates go in and out of it)
        for ro = 0..2 * rad
            h2 = int((ro + 1) / 2)
            qy = mod(ro, 2) == 1 ? ry - h2 : ry + h2
            if qy < y0 || qy > y1
                continue
            endif
            if pred && fl[qy - ry + rad] == 0
                continue
            endif
            f = qy - ry + rad
            ho = hb + f * 32
            if reuse && hp[f] == 1
                for i = 0..31
                    dr[i] = hs[ho + i]
                endfor
            else
                for i = 0..31
                    dr[i] = 0.0
                endfor
                for u = 0..nu - 1
                    for v = 0..3
                        rv = r[u * ur * 8 + v]
                        for i = 0..31
                            t = g[qy + u * ur, x0 + i + v] - rv
                            dr[i] = dr[i] + t * t
                        endfor
                    endfor
                endfor
            endif
            for i = 0..31
                de[i] = 0.0
            endfor
            for u = 0..nu - 1
                for v = 4..7
                    rv = r[u * ur * 8 + v]
                    for i = 0..31
                        t = g[qy + u * ur, x0 + i + v] - rv
                        de[i] = de[i] + t * t
                    endfor
                endfor
            endfor
            for i = 0..31
                hs[ho + i] = de[i]
                dr[i] = dr[i] + de[i]
            endfor
            hc[f] = 1.0
            % most groups of 8 candidates hold none below the current worst: counted by a
            % vector compare (the columns past nx too, which only make a group scanned for
            % nothing), the others scanned one by one
            for gi = 0..3
                below = 0
                for i = 0..7
                    below += dr[gi * 8 + i] <= worst ? 1 : 0
                endfor
                if below > 0
                    for i = gi * 8..min(gi * 8 + 7, nx - 1)
                        d = dr[i]
                        qx = x0 + i
                        % ranked by distance, then by place (row, then column): the result
                        % does not depend on the order the rows are scanned in
                        if (d < worst || (d == worst && k == n && qy * 64 + i < bs[wi])) && (qy != ry || qx != rx)
                            if k < n
                                wi = k
                                k += 1
                            endif
                            bd[wi] = d
                            by[wi] = qy
                            bx[wi] = qx
                            bs[wi] = qy * 64 + i
                            if k == n
                                % the slot to give up next: the farthest, the last scanned of equals
                                wi = 1
                                for j = 2..n - 1
                                    if bd[j] > bd[wi] || (bd[j] == bd[wi] && bs[j] > bs[wi])
                                        wi = j
                                    endif
                                endfor
                                worst = min(lim, bd[wi])
                            endif
                        endif
                    endfor
                endif
            endfor
        endfor
        % the others nearest first (equals in the order scanned)
        for a = 2..k - 1
            d = bd[a]
            sy = by[a]
            sx = bx[a]
            ss = bs[a]
            j = a
            while j > 1 && (bd[j - 1] > d || (bd[j - 1] == d && bs[j - 1] > ss))
                bd[j] = bd[j - 1]
                by[j] = by[j - 1]
                bx[j] = bx[j - 1]
                bs[j] = bs[j - 1]
                j -= 1
            endwhile
            bd[j] = d
            by[j] = sy
            bx[j] = sx
            bs[j] = ss
        endfor
        p = 1
        while p * 2 <= k
            p = p * 2
        endwhile
        for j = 0..p - 1
            py[j] = by[j]
        endfor
        pk = p
        for j = 0..p - 1
            my[iy, ix, j] = by[j]
            mx[iy, ix, j] = bx[j]
        endfor
        cnt[iy, ix] = p
        for f = 0..31
            hp[f] = hc[f]
        endfor
        px0 = x0
        prx = rx
    endfor
endfunction

% ---- 3-D transforms --------------------------------------------------------------------------

% The orthonormal 8-point DCT-II (X_k = a_k sum x_n cos(pi (2n + 1) k / 16)) by its
% even/odd butterflies: 26 multiplications instead of the matrix's 64.
function [X0, X1, X2, X3, X4, X5, X6, X7] = __device__ fdct8(x0, x1, x2, x3, x4, x5, x6, x7)
    s07 = x0 + x7
    s16 = x1 + x6
    s25 = x2 + x5
    s34 = x3 + x4
    d07 = x0 - x7
    d16 = x1 - x6
    d25 = x2 - x5
    d34 = x3 - x4
    a = s07 + s34
    b = s16 + s25
    e = s07 - s34
    f = s16 - s25
    X0 = (a + b) * 0.35355339
    X4 = (a - b) * 0.35355339
    X2 = 0.46193977 * e + 0.19134172 * f
    X6 = 0.19134172 * e - 0.46193977 * f
    X1 = 0.49039264 * d07 + 0.41573481 * d16 + 0.27778512 * d25 + 0.09754516 * d34
    X3 = 0.41573481 * d07 - 0.09754516 * d16 - 0.49039264 * d25 - 0.27778512 * d34
    X5 = 0.27778512 * d07 - 0.49039264 * d16 + 0.09754516 * d25 + 0.41573481 * d34
    X7 = 0.09754516 * d07 - 0.27778512 * d16 + 0.41573481 * d25 - 0.49039264 * d34
endfunction

% Its inverse (the transpose), by the same butterflies.
function [x0, x1, x2, x3, x4, x5, x6, x7] = __device__ idct8(X0, X1, X2, X3, X4, X5, X6, X7)
    p = (X0 + X4) * 0.35355339
    q = (X0 - X4) * 0.35355339
    r = 0.46193977 * X2 + 0.19134172 * X6
    t = 0.19134172 * X2 - 0.46193977 * X6
    e0 = p + r
    e3 = p - r
    e1 = q + t
    e2 = q - t
    o0 = 0.49039264 * X1 + 0.41573481 * X3 + 0.27778512 * X5 + 0.09754516 * X7
    o1 = 0.41573481 * X1 - 0.09754516 * X3 - 0.49039264 * X5 - 0.27778512 * X7
    o2 = 0.27778512 * X1 - 0.49039264 * X3 + 0.09754516 * X5 + 0.41573481 * X7
    o3 = 0.09754516 * X1 - 0.27778512 * X3 + 0.41573481 * X5 - 0.49039264 * X7
    x0 = e0 + o0
    x1 = e1 + o1
    x2 = e2 + o2
    x3 = e3 + o3
    x4 = e3 - o3
    x5 = e2 - o2
    x6 = e1 - o1
    x7 = e0 - o0
endfunction

% ---- the 2-D DCT of a block, shared between overlapping blocks ---------------------------
%
% The 2-D DCT is separable: rows, then columns. The rows' transform of the 8 pixels right
% of (y, x) is the same for every block that has that row, so it is computed once per
% pixel (row_dct, into R[y, x, k], one channel at a time); a block's 2-D spectrum is then
% the columns' transform of 8 consecutive R rows (col_dct), whose innermost loop runs over
% the 8 horizontal frequencies k, contiguous in R and in the group: the C compiler makes
% it one vector operation per butterfly. The inverse likewise: each filtered block's
% columns are transformed back (col_idct_acc) and, weighted, added to the accumulator A
% at the block's top-left column (A[py + u, px, k]: still a spectrum along the rows); the
% rows' inverse transform, which is linear, then runs once per position on the sums
% (ola_rows), and each pixel sums the 8 positions to its left (ola_sum). The Kaiser window
% is separable (k1[u] k1[v]): its vertical factor weighs the columns, its horizontal one
% the rows.

% R[y, x, k]: the k-th DCT coefficient of z[y, x..x + 7, c] (x <= w - 8).
function [] = __kernel__ row_dct(z : cube'unchecked, R : cube'unchecked, w : int, c : int, pos : ivec2)
    y = pos[0]
    x = pos[1]
    if x > w - 8
        return
    endif
    [a0, a1, a2, a3, a4, a5, a6, a7] = fdct8(z[y, x, c], z[y, x + 1, c], z[y, x + 2, c], z[y, x + 3, c], z[y, x + 4, c], z[y, x + 5, c], z[y, x + 6, c], z[y, x + 7, c])
    R[y, x, 0] = a0
    R[y, x, 1] = a1
    R[y, x, 2] = a2
    R[y, x, 3] = a3
    R[y, x, 4] = a4
    R[y, x, 5] = a5
    R[y, x, 6] = a6
    R[y, x, 7] = a7
endfunction

% The 2-D DCT of the block at (py, px) into g[o + 8 u + k] (vertical frequency u,
% horizontal k): the columns' transform of the rows' spectra.
function [] = __device__ col_dct(R, py, px, g, o)
    for k = 0..7
        [a0, a1, a2, a3, a4, a5, a6, a7] = fdct8(R[py, px, k], R[py + 1, px, k], R[py + 2, px, k], R[py + 3, px, k], R[py + 4, px, k], R[py + 5, px, k], R[py + 6, px, k], R[py + 7, px, k])
        g[o + k] = a0
        g[o + 8 + k] = a1
        g[o + 16 + k] = a2
        g[o + 24 + k] = a3
        g[o + 32 + k] = a4
        g[o + 40 + k] = a5
        g[o + 48 + k] = a6
        g[o + 56 + k] = a7
    endfor
endfunction

% The block's columns transformed back in g[o ..], row u then weighted by wt k1[u] and
% added to A[py + u, px, ..]; D[py + u, px] gets the weights. Two loops: each with one
% array written, so that the C compiler vectorises both over k (one loop writing g and the
% eight rows of A needed more alias tests than it makes, and stayed scalar).
function [] = __device__ col_idct_acc(g, o, A, D, py, px, k1, wt)
    for k = 0..7
        [a0, a1, a2, a3, a4, a5, a6, a7] = idct8(g[o + k], g[o + 8 + k], g[o + 16 + k], g[o + 24 + k], g[o + 32 + k], g[o + 40 + k], g[o + 48 + k], g[o + 56 + k])
        g[o + k] = a0
        g[o + 8 + k] = a1
        g[o + 16 + k] = a2
        g[o + 24 + k] = a3
        g[o + 32 + k] = a4
        g[o + 40 + k] = a5
        g[o + 48 + k] = a6
        g[o + 56 + k] = a7
    endfor
    % the row of g and the row of A each read into 8 scalars before the 8 sums are stored,
    % and D in a loop of its own: the C compiler then makes each row one vector load, add and
    % store (in one loop over k, with D's update beside it, it could not prove that a store
    % to A leaves the next loads of g and A alone, and kept 64 scalar updates: 5% of the
    % filter's CPU time)
    for u = 0..7
        wu = wt * k1[u]
        q = o + u * 8
        b0 = g[q]
        b1 = g[q + 1]
        b2 = g[q + 2]
        b3 = g[q + 3]
        b4 = g[q + 4]
        b5 = g[q + 5]
        b6 = g[q + 6]
        b7 = g[q + 7]
        c0 = A[py + u, px, 0]
        c1 = A[py + u, px, 1]
        c2 = A[py + u, px, 2]
        c3 = A[py + u, px, 3]
        c4 = A[py + u, px, 4]
        c5 = A[py + u, px, 5]
        c6 = A[py + u, px, 6]
        c7 = A[py + u, px, 7]
        A[py + u, px, 0] = c0 + wu * b0
        A[py + u, px, 1] = c1 + wu * b1
        A[py + u, px, 2] = c2 + wu * b2
        A[py + u, px, 3] = c3 + wu * b3
        A[py + u, px, 4] = c4 + wu * b4
        A[py + u, px, 5] = c5 + wu * b5
        A[py + u, px, 6] = c6 + wu * b6
        A[py + u, px, 7] = c7 + wu * b7
    endfor
    for u = 0..7
        D[py + u, px] = D[py + u, px] + wt * k1[u]
    endfor
endfunction

% A[y, x, ..] in place: the rows' inverse DCT of the accumulated spectra, sample v
% weighted by k1[v] (the window's horizontal factor).
function [] = __kernel__ ola_rows(A : cube'unchecked, k1 : vec'unchecked, pos : ivec2)
    y = pos[0]
    x = pos[1]
    [a0, a1, a2, a3, a4, a5, a6, a7] = idct8(A[y, x, 0], A[y, x, 1], A[y, x, 2], A[y, x, 3], A[y, x, 4], A[y, x, 5], A[y, x, 6], A[y, x, 7])
    A[y, x, 0] = k1[0] * a0
    A[y, x, 1] = k1[1] * a1
    A[y, x, 2] = k1[2] * a2
    A[y, x, 3] = k1[3] * a3
    A[y, x, 4] = k1[4] * a4
    A[y, x, 5] = k1[5] * a5
    A[y, x, 6] = k1[6] * a6
    A[y, x, 7] = k1[7] * a7
endfunction

% Pixel (y, x), channel c of the estimate: the weighted sums of the blocks whose top-left
% column is x - v (v = 0..7), divided.
function [] = __kernel__ ola_sum(A : cube'unchecked, D : mat'unchecked, k1 : vec'unchecked, est : cube'unchecked, c : int, pos : ivec2)
    y = pos[0]
    x = pos[1]
    s = 0.0
    d = 0.0
    for v = 0..min(x, 7)
        s = s + A[y, x - v, v]
        d = d + k1[v] * D[y, x - v]
    endfor
    est[y, x, c] = s / d
endfunction

% Zero A and D for the next channel.
function [] = __kernel__ acc_clear(A : cube'unchecked, D : mat'unchecked, pos : ivec2)
    for k = 0..7
        A[pos[0], pos[1], k] = 0.0
    endfor
    D[pos[0], pos[1]] = 0.0
endfunction

% Orthonormal Haar transform across the group (n a power of two) at g[o ..], in place, of
% all 64 coefficients of every block at once: level s pairs blocks j and j + s (j a
% multiple of 2 s) into their scaled sum (at j) and difference (at j + s). The
% coefficients come out in another order than the textbook's, which nothing here depends
% on (each is filtered on its own); the innermost loop runs over the 64 contiguous
% coefficients of a block.
function [] = __device__ haar_fwd(g, o, n)
    s = 1
    while s < n
        j = 0
        while j < n
            a0 = o + j * 64
            b0 = o + (j + s) * 64
            for p = 0..63
                a = g[a0 + p]
                b = g[b0 + p]
                g[a0 + p] = (a + b) * 0.70710678
                g[b0 + p] = (a - b) * 0.70710678
            endfor
            j += 2 * s
        endwhile
        s = s * 2
    endwhile
endfunction

% Its inverse: the same levels in the reverse order (each level is its own inverse).
function [] = __device__ haar_inv(g, o, n)
    s = 1
    while s * 2 < n
        s = s * 2
    endwhile
    while s >= 1 && n > 1
        j = 0
        while j < n
            a0 = o + j * 64
            b0 = o + (j + s) * 64
            for p = 0..63
                a = g[a0 + p]
                b = g[b0 + p]
                g[a0 + p] = (a + b) * 0.70710678
                g[b0 + p] = (a - b) * 0.70710678
            endfor
            j += 2 * s
        endwhile
        s = int(s / 2)
    endwhile
endfunction

% ---- the two passes ------------------------------------------------------------------------
%
% The references are filtered strip by strip: a thread takes the strip of tt rows of grid
% cells 2 pos + ty, all its columns, and its references column by column, top to bottom
% in a column (consecutive references share most of their search windows, and a column
% of the strip's blocks and sums, about (tt step + 2 rad + 8) rows by 2 rad + 8 columns,
% stays in the cache from one column to the next: each row spectrum and sum is loaded
% about once per strip); the two launches (ty) of a pass run the strips of one parity
% each. Two strips of one launch have a whole strip between them, tt cell rows, at least
% the reach of a reference (2 rad + 8 pixels, the moved-in last ones too): no two threads
% of a launch write one pixel, so aggregation needs no atomics and the sums do not depend
% on thread timing. sc: scratch, ss floats per thread.

% First pass, one channel: hard thresholding at thr of each group's 3-D spectrum, weight
% 1 / (s2 * nonzero coefficients).
function [] = __kernel__ bm_hard(R : cube'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, A : cube'unchecked, D : mat'unchecked, k1 : vec'unchecked, sc : vec'unchecked, thr : scalar, s2 : scalar, ss : int, ty : int, tt : int, pos : int)
    o = pos * ss
    iy0 = (2 * pos + ty) * tt
    for ix = 0..size(cnt, 1) - 1
        for iy = iy0..min(iy0 + tt, size(cnt, 0)) - 1
            n = int(cnt[iy, ix])
            for j = 0..n - 1
                col_dct(R, int(my[iy, ix, j]), int(mx[iy, ix, j]), sc, o + j * 64)
            endfor
            haar_fwd(sc, o, n)
            nz = 0
            for p = o..o + n * 64 - 1
                t = sc[p]
                if abs(t) < thr
                    sc[p] = 0.0
                else
                    nz += 1
                endif
            endfor
            haar_inv(sc, o, n)
            wt = 1.0 / (s2 * max(nz, 1))
            for j = 0..n - 1
                col_idct_acc(sc, o + j * 64, A, D, int(my[iy, ix, j]), int(mx[iy, ix, j]), k1, wt)
            endfor
        endfor
    endfor
endfunction

% Second pass, one channel: the groups of the noisy frame (spectra Rz) and of the first
% estimate (Rb) on the same blocks; each coefficient of the noisy spectrum times
% b^2 / (b^2 + s2) (empirical Wiener), weight 1 / (s2 * sum of the squared gains).
function [] = __kernel__ bm_wiener(Rz : cube'unchecked, Rb : cube'unchecked, my : cube'unchecked, mx : cube'unchecked, cnt : mat'unchecked, A : cube'unchecked, D : mat'unchecked, k1 : vec'unchecked, sc : vec'unchecked, s2 : scalar, ss : int, ty : int, tt : int, pos : int)
    o = pos * ss
    iy0 = (2 * pos + ty) * tt
    wv = zeros(16)
    for ix = 0..size(cnt, 1) - 1
        for iy = iy0..min(iy0 + tt, size(cnt, 0)) - 1
            n = int(cnt[iy, ix])
            oe = o + n * 64
            for j = 0..n - 1
                col_dct(Rz, int(my[iy, ix, j]), int(mx[iy, ix, j]), sc, o + j * 64)
                col_dct(Rb, int(my[iy, ix, j]), int(mx[iy, ix, j]), sc, oe + j * 64)
            endfor
            haar_fwd(sc, o, n)
            haar_fwd(sc, oe, n)
            % the squared gains summed in 16 lanes (a vector register), then the lanes
            for l = 0..15
                wv[l] = 0.0
            endfor
            for q = 0..n * 4 - 1
                for l = 0..15
                    p = q * 16 + l
                    e = sc[oe + p]
                    e2 = e * e
                    a = e2 / (e2 + s2)
                    sc[o + p] = sc[o + p] * a
                    wv[l] = wv[l] + a * a
                endfor
            endfor
            ws = 0.0
            for l = 0..15
                ws += wv[l]
            endfor
            haar_inv(sc, o, n)
            wt = 1.0 / (s2 * max(ws, 1e-6))
            for j = 0..n - 1
                col_idct_acc(sc, o + j * 64, A, D, int(my[iy, ix, j]), int(mx[iy, ix, j]), k1, wt)
            endfor
        endfor
    endfor
endfunction

% ---- host ------------------------------------------------------------------------------------

% Modified Bessel function of the first kind, order 0 (series), for the Kaiser window.
function r = bessel_i0(x)
    r = 1.0
    t = 1.0
    {!serial for}
    for k = 1..25
        t = t * (x / (2 * k)) * (x / (2 * k))
        r = r + t
    endfor
endfunction

% The 8-point Kaiser window (beta 2 as BM3D on video, 1 on stills); a block's pixel (u, v) is weighed by
% k1[u] k1[v].
function k1 = kaiser_1d(beta)
    k1 = zeros(8)
    for i = 0..7
        r = (2 * i - 7) / 7
        k1[i] = bessel_i0(beta * sqrt(1 - r * r)) / bessel_i0(beta)
    endfor
endfunction

% 8x8 Kaiser window (beta 2, as BM3D) that weighs each pixel of an aggregated block.
function kai = kaiser_window(beta)
    k1 = kaiser_1d(beta)
    kai = zeros(8, 8)
    for i = 0..7
        for j = 0..7
            kai[i, j] = k1[i] * k1[j]
        endfor
    endfor
endfunction

% Channel 0 of z, padded for bm_match.
function g = padded_luma(z)
    g = zeros(size(z, 0), size(z, 1) + 32)
    parallel_do(size(g), z, g, size(z, 1), luma_pad)
endfunction

% One pass: block matching on the luma of guide (the noisy frame in the first pass, the
% first estimate in the second), then per channel the rows' spectra, the filter kernel
% over every reference (two launches of strips) and the sums back to the estimate est
% (opponent space; the caller's array, written channel by channel). Rz, Rb (h x w x 8), A (zero on the first pass) and D: the rows'
% spectra and the sums, one channel at a time, shared by both passes (fresh pages cost a
% page fault each).
function est = bm_pass(z, guide, est, Rz, Rb, A, D, k1, sig, lam, step, rad, n, tau, ur, pm, cs, wiener)
    h = size(z, 0)
    w = size(z, 1)
    nry = int(ceil((h - 8) / step)) + 1
    nrx = int(ceil((w - 8) / step)) + 1
    my = zeros(nry, nrx, n)
    mx = zeros(nry, nrx, n)
    cnt = zeros(nry, nrx)
    % one thread per row of references (left to right, each predicted from the one before);
    % the first two rows launched alone, so that the engine knows the kernel's cost per
    % row and shares the others among the threads (a first launch of under 4096 positions
    % runs on one: docs/runtime.md "Thread pool")
    lum = padded_luma(guide)
    hs = zeros(nry * 1024)
    r0 = min(2, nry)
    parallel_do([r0, 1], lum, my, mx, cnt, hs, h, w, step, rad, n, tau, ur, pm, cs, 0, bm_match)
    if nry > r0
        parallel_do([nry - r0, 1], lum, my, mx, cnt, hs, h, w, step, rad, n, tau, ur, pm, cs, r0, bm_match)
    endif
    tt = int(ceil((2 * rad + 7 + step) / step))
    gy = int(ceil(ceil(nry / tt) / 2))
    ss = wiener ? 2 * n * 64 : n * 64
    sc = zeros(gy * ss)
    for c = 0..2
        if c > 0 || wiener
            parallel_do([h, w], A, D, acc_clear)
        endif
        parallel_do([h, w], z, Rz, w, c, row_dct)
        s2 = sig[c] * sig[c]
        if wiener
            parallel_do([h, w], guide, Rb, w, c, row_dct)
        endif
        for ty = 0..1
            if wiener
                parallel_do(gy, Rz, Rb, my, mx, cnt, A, D, k1, sc, s2, ss, ty, tt, bm_wiener)
            else
                parallel_do(gy, Rz, my, mx, cnt, A, D, k1, sc, lam * sig[c], s2, ss, ty, tt, bm_hard)
            endif
        endfor
        parallel_do([h, w], A, k1, ola_rows)
        parallel_do([h, w], A, D, k1, est, c, ola_sum)
    endfor
endfunction

% What the frames come from (init): a video (fps > 0) or images.
input = object()
input.video = false

function [] = init(info)
    input.video = info.fps > 0
endfunction

% BM3D-family denoiser (stills; on video spatio-temporal, along the motion).
%   sigma     noise level, standard deviation in 0..255 units (default 10; range 0..255); 0
%             estimates it from the frame (MAD of the finest diagonal Haar band / 0.6745)
%   strength  scales the thresholds of both passes: above 1 smooths more
%             (default 1; range 0.01..100)
%   profile   "auto" (default): "fast"; on video "fast" and "quality" are spatio-temporal
%             (denoise_video.q: frames t-1..t+1 averaged along their motion, then 8x8 DCT
%             shrinkage; "quality" adds a Wiener pass); "fast" (reference blocks every 4 pixels,
%             search radius 15 / 12, groups of 8 / 16) or "quality" (every 3 pixels, radius
%             15, groups of 16 / 32); "bilateral": a 7x7 bilateral filter instead (the former
%             denoise.q, about 10x faster, 2-3 dB below "fast"), range width
%             2 * strength * sigma
function y = process(x, sigma = 10.0, strength = 1.0, profile = "auto")
    win = x
    x = win[temporal_radius]
    if input.video && (profile == "auto" || profile == "fast" || profile == "quality") && size(x, 0) >= 8 && size(x, 1) >= 8
        if sigma == 0
            sigma = estimate_sigma(x)
        endif
        y = sigma <= 0 ? x : denoise_video(win, sigma * strength, profile == "quality" ? "quality" : "fast", kaiser_window(2.0))
        return
    endif
    h = size(x, 0)
    w = size(x, 1)
    if sigma == 0
        sigma = estimate_sigma(x)
    endif
    if sigma <= 0 || h < 8 || w < 8
        y = x
        return
    endif
    if profile == "auto"
        profile = "fast"
    endif
    % references every step pixels, search radius rad (the first pass, on the noisy luma,
    % gains from the widest window the matching kernel takes: +0.09 dB at sigma 25 for
    % 15 against 8), the largest groups n1 (hard thresholding) and n2 (Wiener). On the
    % bench stills (bench/denoise.sh): the second pass's references every 5 pixels instead
    % of 4 cost 0.007 dB (6: 0.04), both passes' every 5 0.09 dB
    if profile == "quality"
        step1 = 3
        rad1 = 15
        step2 = 3
        rad2 = 15
        n1 = 16
        n2 = 32
    elseif profile == "bilateral"
        % 7x7 bilateral, spatial width 2 pixels, range width 2 strength sigma; the RGB
        % distance of two noisy pixels of one colour is about 3 * 2 sigma^2 on average
        sr = 2 * strength * sigma
        y = zeros(size(x))
        parallel_do([h, w], x, y, 1 / 8, 1 / (2 * 3 * sr * sr), bilateral)
        return
    elseif profile == "fast"
        step1 = 4
        rad1 = 15
        step2 = 5
        rad2 = 12
        n1 = 8
        n2 = 16
    else
        error("denoise: profile must be 'auto', 'fast', 'quality' or 'bilateral', not '" + profile + "'")
    endif
    % the opponent transform's rows have norms sqrt(1/3), sqrt(1/2), sqrt(3/8): the noise
    % of each channel
    % the first pass's matching predictive (rows within 2 of the left reference's matches'
    % and of its own, every 4th); the second's over every row (its distances are cheap:
    % predicting it too saved nothing measurable and cost 0.005 dB)
    pm1 = 2
    cs1 = 4
    pm2 = 0
    cs2 = 4
    sig = sigma * strength * [sqrt(1 / 3), sqrt(1 / 2), sqrt(3 / 8)]
    % the aggregation window's beta: 1, flatter than BM3D's 2 (+0.005 / +0.007 dB at sigma
    % 10 / 25 on the bench's stills, no CPU change)
    k1 = kaiser_1d(1.0)
    z = zeros(h, w, 3)
    parallel_do([h, w], x, z, rgb_to_opp)
    % matching on every second row of the noisy blocks: as good at sigma 10 (+0.006 dB),
    % 0.04 dB worse at 25, where the noise in the distances needs all 64 pixels
    % rows of wp = 2 mod 4 columns: 32 bytes a position make a row an odd number of cache
    % lines, so that the 8 rows of a block fall in 8 different sets of the L1 cache (a
    % width of 512 gave rows 16 KB apart, all in one set: a block's rows evicted each other)
    wp = w + mod(6 - mod(w, 4), 4)
    Rz = zeros(h, wp, 8)
    Rb = zeros(h, wp, 8)
    A = zeros(h, wp, 8)
    D = zeros(h, wp)
    % the second pass's estimate over its guide, the first's (each channel of the guide is
    % read, by row_dct, before that channel is written; its luma, matched on, is a copy),
    % and the result over z: fewer fresh pages (a page fault and a cleared page each)
    b = bm_pass(z, z, zeros(h, w, 3), Rz, Rb, A, D, k1, sig, 2.7, step1, rad1, n1, 2500.0, sigma * strength < 20 ? 2 : 1, pm1, cs1, false)
    e = bm_pass(z, b, b, Rz, Rb, A, D, k1, sig, 2.7, step2, rad2, n2, 400.0, 4, pm2, cs2, true)
    parallel_do([h, w], e, z, opp_to_rgb)
    y = z
endfunction
