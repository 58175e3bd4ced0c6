% motion.q - block motion between two frames, coarse to fine (a module: no process).
%
% Used by denoise_temporal.q (the new frame onto the previous output) and denoise_video.q
% (the centre frame of the window onto each neighbour). For every 8x8 block of frame a,
% the displacement (dy, dx), in pixels and multiples of 1/2, into frame b that matches it
% best by the sum of absolute luma differences (SAD): a[p] ~ b[p + (dy, dx)]. A cost of
% lambda per pixel of the matched window and per pixel of displacement (|dy| + |dx|; at the
% coarsest level from rest, below it from the coarser level's vector or the predictor) is
% added to each candidate, so that blocks where noise alone decides (flat regions) follow
% their surroundings; the callers pass lambda = 0.03 sigma. mv is ceil(H/8) x ceil(W/8) x 2.
%
% How it is made cheap (issue 13):
% - Integer planes. Each frame's luma (the mean of R, G, B) is kept once per frame in a
%   pyramid (pyramid_new, pyramid_fill) as 16-bit integers in 1/16 grey levels: the full
%   size, its three half-pixel planes (the 2- and 4-tap means at (i, j + 1/2),
%   (i + 1/2, j), (i + 1/2, j + 1/2)), the halved and the quartered luma. The SADs are
%   integer sums (exact on every engine, and vectorized by the C compiler where float sums
%   are not: about 10x faster), and the half-pixel candidates read a plane instead of
%   interpolating per candidate.
% - Margins instead of clamping. Every plane has a margin of replicated edge pixels
%   (MOT_MARGIN at full size, half and a quarter of it below) and every displacement is
%   clamped so that the windows stay inside it: the kernels read without bounds checks.
% - Coarse to fine, every window 16x16 around its block's 8x8 and matched on every other
%   row (sad): per 32x32 block at quarter size, a full search of +-search/4 quarter pixels;
%   per 16x16 block at half size +-2 half pixels around it (or around a predictor given by
%   the caller); per 8x8 block at full size +-1 pixel, then +-1/2 pixel on the half-pixel
%   planes.
% - Half-pixel candidates are means of 2 or 4 noisy pixels, so in noise their SAD is lower
%   than an integer candidate's for the same fit: they pay a penalty per pixel of the
%   window, MOT_HALF times the noise's expected advantage: with a's luma noise s (sigma /
%   sqrt(3), sigma = lambda / 0.03) and b's rho s^2, E|N(0, v)| = 0.80 sqrt(v) gives
%   0.80 s (sqrt(1 + rho) - sqrt(1 + rho / 2)) for 2 taps and (... rho / 4) for 4.
%   pyramid_motion takes two noisy frames (rho = 1); pyramid_motion_rho takes rho (0 when b
%   is already denoised, as denoise_temporal.q's previous output).
% - Predictors: a last pass gives each 8x8 block the best of its own vector and its four
%   neighbours' (the same SAD and costs), which mends the blocks that noise misled.

MOT_MARGIN = 96             % full-size margin: quarter-size search up to 12 quarter pixels (48 px)
MOT_HALF = 0.5              % the half-pixel penalties' share of the noise's advantage (measured)

% luma (mean of R, G, B)
function [] = __kernel__ luma(x : cube'unchecked, l : mat'unchecked, pos : ivec2)
    l[pos] = (x[pos[0], pos[1], 0] + x[pos[0], pos[1], 1] + x[pos[0], pos[1], 2]) * (1.0 / 3.0)
endfunction

% b at the fractional position (y, x), bilinear (edges clamped).
function v = __device__ bilinear(b, y, x)
    i = int(floor(y))
    j = int(floor(x))
    fy = y - i
    fx = x - j
    v = (1 - fy) * ((1 - fx) * b[i, j] + fx * b[i, j + 1]) + fy * ((1 - fx) * b[i + 1, j] + fx * b[i + 1, j + 1])
endfunction

% c of the cube b at the fractional position (y, x), bilinear (edges clamped).
function v = __device__ bilinear3(b, y, x, c)
    i = int(floor(y))
    j = int(floor(x))
    fy = y - i
    fx = x - j
    v = (1 - fy) * ((1 - fx) * b[i, j, c] + fx * b[i, j + 1, c]) + fy * ((1 - fx) * b[i + 1, j, c] + fx * b[i + 1, j + 1, c])
endfunction

% Luma of an RGB frame (mean of the channels).
function l = frame_luma(x)
    l = zeros(size(x, 0), size(x, 1))
    parallel_do(size(l), x, l, luma)
endfunction

% ---- the integer pyramid ----

% Luma of the RGB frame x in 1/16 grey levels into the inside of the plane l (margin m).
function [] = __kernel__ luma_fix(x : cube'unchecked, l : mat[int16]'unchecked, m : int, pos : ivec2)
    v = (x[pos[0], pos[1], 0] + x[pos[0], pos[1], 1] + x[pos[0], pos[1], 2]) * (16.0 / 3.0)
    l[pos[0] + m, pos[1] + m] = int(min(max(v, 0.0), 4080.0) + 0.5)
endfunction

% The same from a luma plane (block_motion).
function [] = __kernel__ luma_fix1(x : mat'unchecked, l : mat[int16]'unchecked, m : int, pos : ivec2)
    v = x[pos] * 16.0
    l[pos[0] + m, pos[1] + m] = int(min(max(v, 0.0), 4080.0) + 0.5)
endfunction

% The margins of l (the edge pixels repeated): first the left and right ones of the inside
% rows (pad_cols, over h x 2m), then the rows above and below, whole (pad_rows, over 2m x
% the width with margins).
function [] = __kernel__ pad_cols(l : mat[int16]'unchecked, m : int, w : int, pos : ivec2)
    i = pos[0] + m
    if pos[1] < m
        l[i, pos[1]] = l[i, m]
    else
        l[i, pos[1] + w] = l[i, m + w - 1]
    endif
endfunction

function [] = __kernel__ pad_rows(l : mat[int16]'unchecked, m : int, h : int, pos : ivec2)
    if pos[0] < m
        l[pos[0], pos[1]] = l[m, pos[1]]
    else
        l[pos[0] + h, pos[1]] = l[m + h - 1, pos[1]]
    endif
endfunction

% The half-pixel planes of l: at (i, j + 1/2), (i + 1/2, j), (i + 1/2, j + 1/2), rounded;
% over all but the last row and column (in the margin: never read).
function [] = __kernel__ half_planes(l : mat[int16]'unchecked, lx : mat[int16]'unchecked, ly : mat[int16]'unchecked, lxy : mat[int16]'unchecked, pos : ivec2)
    i = pos[0]
    j = pos[1]
    a = int(l[i, j])
    b = int(l[i, j + 1])
    c = int(l[i + 1, j])
    d = int(l[i + 1, j + 1])
    lx[pos] = shr(a + b + 1, 1)
    ly[pos] = shr(a + c + 1, 1)
    lxy[pos] = shr(a + b + c + d + 2, 2)
endfunction

% l halved (mean of 2x2, rounded). The margins halve too, so the padded index 2 pos of l is
% the top-left of pos's 2x2; over all but the last row and column (margin, never read).
function [] = __kernel__ halve_fix(l : mat[int16]'unchecked, h : mat[int16]'unchecked, pos : ivec2)
    i = 2 * pos[0]
    j = 2 * pos[1]
    h[pos] = shr(int(l[i, j]) + int(l[i, j + 1]) + int(l[i + 1, j]) + int(l[i + 1, j + 1]) + 2, 2)
endfunction

% The luma pyramid of a frame for pyramid_motion (see the top of the file): made once for a
% frame size (pyramid_new), refilled per frame (pyramid_fill), so no frame allocates it.
function p = pyramid_new(h, w)
    m = MOT_MARGIN
    p = object()
    p.h = h
    p.w = w
    p.m = m
    p.l = mat[int16](h + 2 * m, w + 2 * m)
    p.lx = mat[int16](h + 2 * m, w + 2 * m)
    p.ly = mat[int16](h + 2 * m, w + 2 * m)
    p.lxy = mat[int16](h + 2 * m, w + 2 * m)
    p.hl = mat[int16](ceil(h / 2) + m, ceil(w / 2) + m)
    p.ql = mat[int16](ceil(h / 4) + m / 2, ceil(w / 4) + m / 2)
endfunction

function [] = pyramid_levels(p)
    m = p.m
    parallel_do([p.h, 2 * m], p.l, m, p.w, pad_cols)
    parallel_do([2 * m, p.w + 2 * m], p.l, m, p.h, pad_rows)
    parallel_do(size(p.l) - 1, p.l, p.lx, p.ly, p.lxy, half_planes)
    parallel_do(size(p.hl) - 1, p.l, p.hl, halve_fix)
    parallel_do(size(p.ql) - 1, p.hl, p.ql, halve_fix)
endfunction

% The pyramid of the RGB frame x (of the pyramid's size: the kernels read it unchecked).
function [] = pyramid_fill(x, p)
    if size(x, 0) != p.h || size(x, 1) != p.w || size(x, 2) < 3
        error("pyramid_fill: the frame is not of the pyramid's size")
    endif
    parallel_do([p.h, p.w], x, p.l, p.m, luma_fix)
    pyramid_levels(p)
endfunction

% The pyramid of the luma plane l (0..255).
function [] = pyramid_fill_luma(l, p)
    if size(l, 0) != p.h || size(l, 1) != p.w
        error("pyramid_fill_luma: the plane is not of the pyramid's size")
    endif
    parallel_do([p.h, p.w], l, p.l, p.m, luma_fix1)
    pyramid_levels(p)
endfunction

% ---- the searches ----

% SAD of the 16x16 window at (i, j) of a and at (i + di, j + dj) of b, on every other row
% (8 rows of 16: rows of 8 or 16 int16 the C compiler vectorizes, 12 it does not; every
% other row halves the work for the same vectors, measured).
function s = __device__ sad(a, b, i : int, j : int, di : int, dj : int)
    s = 0
    for u = 0..7
        for v = 0..15
            s += abs(int(a[i + 2 * u, j + v]) - int(b[i + 2 * u + di, j + v + dj]))
        endfor
    endfor
endfunction

% Coarsest motion of a 32x32 block (8x8 at quarter size, the 16x16 quarter window around
% it): +-rad quarter pixels, the least SAD + lam (|dy| + |dx|), into the block's 4x4 8x8
% blocks of mv (full-size pixels). m: the plane's margin.
function [] = __kernel__ motion_coarse32(a : mat[int16]'unchecked, b : mat[int16]'unchecked, mv : cube'unchecked, rad : int, lam : int, nby : int, nbx : int, m : int, pos : ivec2)
    i0 = m + pos[0] * 8 - 4
    j0 = m + pos[1] * 8 - 4
    best = 2000000000
    bi = 0
    bj = 0
    for di = -rad..rad
        for dj = -rad..rad
            s = lam * (abs(di) + abs(dj)) + sad(a, b, i0, j0, di, dj)
            if s < best
                best = s
                bi = di
                bj = dj
            endif
        endfor
    endfor
    for p = 0..3
        for q = 0..3
            if 4 * pos[0] + p < nby && 4 * pos[1] + q < nbx
                mv[4 * pos[0] + p, 4 * pos[1] + q, 0] = 4 * bi
                mv[4 * pos[0] + p, 4 * pos[1] + q, 1] = 4 * bj
            endif
        endfor
    endfor
endfunction

% Motion of a 16x16 block at half size (8x8 halved, the 16x16 window around it), +-rad
% half pixels around the predictor pred (full-size pixels; the block's top-left 8x8
% block's entry, clamped to +-lim half pixels); the vector goes to the block's four 8x8
% blocks.
function [] = __kernel__ motion_coarse16(a : mat[int16]'unchecked, b : mat[int16]'unchecked, pred : cube'unchecked, mv : cube'unchecked, rad : int, lam : int, nby : int, nbx : int, m : int, lim : int, pos : ivec2)
    i0 = m + pos[0] * 8 - 4
    j0 = m + pos[1] * 8 - 4
    pi = min(max(int(round(pred[2 * pos[0], 2 * pos[1], 0] * 0.5)), -lim), lim)
    pj = min(max(int(round(pred[2 * pos[0], 2 * pos[1], 1] * 0.5)), -lim), lim)
    best = 2000000000
    bi = pi
    bj = pj
    for di = pi - rad..pi + rad
        for dj = pj - rad..pj + rad
            s = lam * (abs(di - pi) + abs(dj - pj)) + sad(a, b, i0, j0, di, dj)
            if s < best
                best = s
                bi = di
                bj = dj
            endif
        endfor
    endfor
    for p = 0..1
        for q = 0..1
            if 2 * pos[0] + p < nby && 2 * pos[1] + q < nbx
                mv[2 * pos[0] + p, 2 * pos[1] + q, 0] = 2 * bi
                mv[2 * pos[0] + p, 2 * pos[1] + q, 1] = 2 * bj
            endif
        endfor
    endfor
endfunction

% Cost of the candidate (hy, hx) in half pixels for the window of n x n at (i, j) of a:
% SAD against the integer plane b or a half-pixel plane (bx, by, bxy: the means at
% +1/2 in x, in y, in both), plus lamh per half pixel of displacement and the half-pixel
% penalty (pen2, pen4) of the plane.
function s = __device__ cand_cost(a, b, bx, by, bxy, i : int, j : int, hy : int, hx : int, cy : int, cx : int, lamh : int, pen2 : int, pen4 : int)
    oy = shr(hy, 1)
    ox = shr(hx, 1)
    ry = hy - 2 * oy
    rx = hx - 2 * ox
    s = lamh * (abs(hy - cy) + abs(hx - cx))
    if ry == 0 && rx == 0
        s += sad(a, b, i, j, oy, ox)
    elseif ry == 0
        s += pen2 + sad(a, bx, i, j, oy, ox)
    elseif rx == 0
        s += pen2 + sad(a, by, i, j, oy, ox)
    else
        s += pen4 + sad(a, bxy, i, j, oy, ox)
    endif
endfunction

% Refinement at full size on the 16x16 window around the 8x8 block: +-1 pixel around its
% vector (clamped to +-lim), then +-1/2 pixel on the half-pixel planes.
function [] = __kernel__ motion_fine(a : mat[int16]'unchecked, b : mat[int16]'unchecked, bx : mat[int16]'unchecked, by : mat[int16]'unchecked, bxy : mat[int16]'unchecked, mv : cube'unchecked, out : cube'unchecked, lamh : int, pen2 : int, pen4 : int, m : int, lim : int, pos : ivec2)
    i0 = m + pos[0] * 8 - 4
    j0 = m + pos[1] * 8 - 4
    ci = min(max(int(round(mv[pos[0], pos[1], 0])), -lim), lim)
    cj = min(max(int(round(mv[pos[0], pos[1], 1])), -lim), lim)
    ci0 = ci
    cj0 = cj
    best = 2000000000
    bi = ci
    bj = cj
    for di = ci - 1..ci + 1
        for dj = cj - 1..cj + 1
            s = cand_cost(a, b, bx, by, bxy, i0, j0, 2 * di, 2 * dj, 2 * ci0, 2 * cj0, lamh, pen2, pen4)
            if s < best
                best = s
                bi = 2 * di
                bj = 2 * dj
            endif
        endfor
    endfor
    ci = bi
    cj = bj
    for hi = ci - 1..ci + 1
        for hj = cj - 1..cj + 1
            if hi != ci || hj != cj
                s = cand_cost(a, b, bx, by, bxy, i0, j0, hi, hj, 2 * ci0, 2 * cj0, lamh, pen2, pen4)
                if s < best
                    best = s
                    bi = hi
                    bj = hj
                endif
            endif
        endfor
    endfor
    out[pos[0], pos[1], 0] = 0.5 * bi
    out[pos[0], pos[1], 1] = 0.5 * bj
endfunction

% The predictor pass: each 8x8 block takes the best of its own vector and its four
% neighbours' (the same costs as motion_fine), from mv into out.
function [] = __kernel__ motion_pred(a : mat[int16]'unchecked, b : mat[int16]'unchecked, bx : mat[int16]'unchecked, by : mat[int16]'unchecked, bxy : mat[int16]'unchecked, mv : cube'clamped, out : cube'unchecked, lamh : int, pen2 : int, pen4 : int, m : int, pos : ivec2)
    i0 = m + pos[0] * 8 - 4
    j0 = m + pos[1] * 8 - 4
    best = 2000000000
    bi = 0.0
    bj = 0.0
    % the neighbours' mean, in half pixels: the prior of every candidate
    my = int(round(0.5 * (mv[pos[0] - 1, pos[1], 0] + mv[pos[0] + 1, pos[1], 0] + mv[pos[0], pos[1] - 1, 0] + mv[pos[0], pos[1] + 1, 0])))
    mx = int(round(0.5 * (mv[pos[0] - 1, pos[1], 1] + mv[pos[0] + 1, pos[1], 1] + mv[pos[0], pos[1] - 1, 1] + mv[pos[0], pos[1] + 1, 1])))
    for k = 0..4
        u = pos[0]
        v = pos[1]
        if k == 1
            u -= 1
        elseif k == 2
            u += 1
        elseif k == 3
            v -= 1
        elseif k == 4
            v += 1
        endif
        hy = int(round(2 * mv[u, v, 0]))
        hx = int(round(2 * mv[u, v, 1]))
        if k == 0 || hy != int(round(2 * bi)) || hx != int(round(2 * bj))
            s = cand_cost(a, b, bx, by, bxy, i0, j0, hy, hx, my, mx, lamh, pen2, pen4)
            if s < best
                best = s
                bi = 0.5 * hy
                bj = 0.5 * hx
            endif
        endif
    endfor
    out[pos[0], pos[1], 0] = bi
    out[pos[0], pos[1], 1] = bj
endfunction

% Block motion of the pyramid pa into pb (see the top of the file): a search above 4 pixels
% is made per 32x32 block at quarter size (+-search/4 quarter pixels, at most 12; pred
% unused), then +-2 pixels per 16x16 block at half size around it; else +-search pixels at
% half size around the predictor pred (a field of the size of mv, e.g. twice the vectors of
% the nearer frame, or the previous frame's). Then +-1 and +-1/2 pixel per 8x8 block, and
% the neighbours' vectors as candidates.
function mv = pyramid_motion(pa, pb, search, lambda, pred)
    mv = pyramid_motion_rho(pa, pb, search, lambda, pred, 1)
endfunction

% pyramid_motion with b's noise variance rho times a's (the half-pixel penalties).
function mv = pyramid_motion_rho(pa, pb, search, lambda, pred, rho)
    h = pa.h
    w = pa.w
    m = pa.m
    nby = ceil(h / 8)
    nbx = ceil(w / 8)
    % the kernels read the planes and the predictor unchecked
    if pb.h != h || pb.w != w
        error("pyramid_motion: the two pyramids differ in size")
    endif
    if search <= 4 && (size(pred, 0) != nby || size(pred, 1) != nbx || size(pred, 2) != 2)
        error("pyramid_motion: the predictor is not a field of ceil(H/8) x ceil(W/8) x 2")
    endif
    mv = zeros(nby, nbx, 2)
    % costs in 1/16 grey levels for the 128 pixels a window matches: at full size lambda per
    % pixel and pixel of displacement; at half and quarter size lambda / 4 per pixel and
    % pixel of that size (their pixels are means of 4 and 16, less noisy; the best of the
    % factors tried on bench/motion.py)
    np = 128
    if search > 4
        pred = zeros(nby, nbx, 2)
        rad = int(min(ceil(search / 4), m / 4 - 12))
        parallel_do([ceil(nby / 4), ceil(nbx / 4)], pa.ql, pb.ql, pred, rad, int(round(16 * lambda * np / 4)), nby, nbx, int(m / 4), motion_coarse32)
        search = 2
    endif
    rad = int(max(1, floor(search / 2)))
    parallel_do([ceil(nby / 2), ceil(nbx / 2)], pa.hl, pb.hl, pred, mv, rad, int(round(16 * lambda * np / 4)), nby, nbx, int(m / 2), int(m / 2 - 16 - rad), motion_coarse16)
    lamh = int(round(16 * lambda * np * 0.5))
    s = 0.80 / sqrt(3) * lambda / 0.03 * MOT_HALF
    pen2 = int(round(16 * np * s * (sqrt(1 + rho) - sqrt(1 + rho / 2))))
    pen4 = int(round(16 * np * s * (sqrt(1 + rho) - sqrt(1 + rho / 4))))
    mf = zeros(nby, nbx, 2)
    parallel_do([nby, nbx], pa.l, pb.l, pb.lx, pb.ly, pb.lxy, mv, mf, lamh, pen2, pen4, m, int(m - 20), motion_fine)
    parallel_do([nby, nbx], pa.l, pb.l, pb.lx, pb.ly, pb.lxy, mf, mv, lamh, pen2, pen4, m, motion_pred)
endfunction

% Block motion of the luma la into the luma lb (0..255; see the top of the file), search
% pixels at most (48), lambda per pixel of the window: pyramid_motion on pyramids made
% for the call.
function mv = block_motion(la, lb, search, lambda)
    pa = pyramid_new(size(la, 0), size(la, 1))
    pb = pyramid_new(size(la, 0), size(la, 1))
    pyramid_fill_luma(la, pa)
    pyramid_fill_luma(lb, pb)
    mv = pyramid_motion(pa, pb, search, lambda, 0)
endfunction
