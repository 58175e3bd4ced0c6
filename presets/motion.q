% motion.q - block motion between two frames, coarse to fine (a module: no process).
%
% Used by denoise_temporal.q (the previous output onto the new frame) and denoise_video.q
% (each neighbour of the window onto the centre frame). block_motion(la, lb, search, lambda)
% gives, for every 8x8 block of the luma la, the displacement (dy, dx) into lb that matches
% it best by the sum of absolute luma differences: first at half size (+-search pixels in
% steps of 2, on the 16x16 window around the block, halved), then +-1 pixel and +-1/2 pixel
% (bilinear) at full size on the 12x12 window around the block; lambda (|dy| + |dx|) per
% pixel of the window is added to each cost, so that blocks
% where noise alone decides (flat regions) stay at rest. mv is ceil(H/8) x ceil(W/8) x 2.
%
% pyramid_motion(pa, pb, search, lambda, pred) (denoise_video.q) gives the same kind of
% field faster, from luma pyramids kept by the caller (pyramid_new, pyramid_fill): per
% 32x32 block at quarter size when search > 4, else around the predictor pred; then per
% 16x16 block at half size (+-2 pixels), then +-1 and +-1/2 pixel on the 8x8 block itself.
% luma (mean of R, G, B)
function [] = __kernel__ luma(x : cube'unchecked, l : mat'unchecked, pos : ivec2)
    l[pos] = (x[pos[0], pos[1], 0] + x[pos[0], pos[1], 1] + x[pos[0], pos[1], 2]) * (1.0 / 3.0)
endfunction

% luma halved: mean of 2x2 (edges clamped)
function [] = __kernel__ halve(l : mat'clamped, h : mat'unchecked, pos : ivec2)
    i = 2 * pos[0]
    j = 2 * pos[1]
    h[pos] = (l[i, j] + l[i, j + 1] + l[i + 1, j] + l[i + 1, j + 1]) * 0.25
endfunction

% Coarse motion of block pos (8x8 at full size = 4x4 halved, matched with the 8x8 halved
% window around it): the displacement of +-rad halved pixels with the least SAD + lambda (|dy| + |dx|).
function [] = __kernel__ motion_coarse(a : mat'clamped, b : mat'clamped, mv : cube'unchecked, rad : int, lambda : scalar, pos : ivec2)
    i0 = pos[0] * 4 - 2
    j0 = pos[1] * 4 - 2
    best = 1e30
    bi = 0
    bj = 0
    for di = -rad..rad
        for dj = -rad..rad
            s = lambda * (abs(di) + abs(dj))
            for u = 0..7
                for v = 0..7
                    s += abs(a[i0 + u, j0 + v] - b[i0 + u + di, j0 + v + dj])
                endfor
            endfor
            if s < best
                best = s
                bi = di
                bj = dj
            endif
        endfor
    endfor
    mv[pos[0], pos[1], 0] = 2 * bi
    mv[pos[0], pos[1], 1] = 2 * bj
endfunction

% Refinement at full size: +-1 pixel around the coarse vector, then +-1/2, on the 12x12
% window around the block.
function [] = __kernel__ motion_fine(a : mat'clamped, b : mat'clamped, mv : cube'unchecked, lambda : scalar, m : int, pos : ivec2)
    i0 = pos[0] * 8 - m
    j0 = pos[1] * 8 - m
    ci = int(mv[pos[0], pos[1], 0])
    cj = int(mv[pos[0], pos[1], 1])
    best = 1e30
    bi = ci
    bj = cj
    for di = ci - 1..ci + 1
        for dj = cj - 1..cj + 1
            s = lambda * (abs(di) + abs(dj))
            for u = 0..7 + 2 * m
                for v = 0..7 + 2 * m
                    s += abs(a[i0 + u, j0 + v] - b[i0 + u + di, j0 + v + dj])
                endfor
            endfor
            if s < best
                best = s
                bi = di
                bj = dj
            endif
        endfor
    endfor
    % half a pixel around it, bilinear
    ci = bi
    cj = bj
    for hi = -1..1
        for hj = -1..1
            if hi != 0 || hj != 0
                fi = ci + 0.5 * hi
                fj = cj + 0.5 * hj
                s = lambda * (abs(fi) + abs(fj))
                % bilinear at a fixed fraction: its integer part once
                ii = int(floor(fi))
                jj = int(floor(fj))
                % the weights are 0 or 1/2: two taps where one of them is 0
                if hi == 0
                    for u = 0..7 + 2 * m
                        for v = 0..7 + 2 * m
                            p = i0 + u + ii
                            q = j0 + v + jj
                            s += abs(a[i0 + u, j0 + v] - 0.5 * (b[p, q] + b[p, q + 1]))
                        endfor
                    endfor
                elseif hj == 0
                    for u = 0..7 + 2 * m
                        for v = 0..7 + 2 * m
                            p = i0 + u + ii
                            q = j0 + v + jj
                            s += abs(a[i0 + u, j0 + v] - 0.5 * (b[p, q] + b[p + 1, q]))
                        endfor
                    endfor
                else
                    for u = 0..7 + 2 * m
                        for v = 0..7 + 2 * m
                            p = i0 + u + ii
                            q = j0 + v + jj
                            s += abs(a[i0 + u, j0 + v] - 0.25 * (b[p, q] + b[p, q + 1] + b[p + 1, q] + b[p + 1, q + 1]))
                        endfor
                    endfor
                endif
                if s < best
                    best = s
                    bi = fi
                    bj = fj
                endif
            endif
        endfor
    endfor
    mv[pos[0], pos[1], 0] = bi
    mv[pos[0], pos[1], 1] = bj
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

% Block motion of la into lb (see the top of the file); lambda per pixel of the window.
function mv = block_motion(la, lb, search, lambda)
    h = size(la, 0)
    w = size(la, 1)
    ha = zeros(ceil(h / 2), ceil(w / 2))
    hb = zeros(ceil(h / 2), ceil(w / 2))
    parallel_do(size(ha), la, ha, halve)
    parallel_do(size(hb), lb, hb, halve)
    nby = ceil(h / 8)
    nbx = ceil(w / 8)
    mv = zeros(nby, nbx, 2)
    parallel_do([nby, nbx], ha, hb, mv, int(max(1, floor(search / 2))), lambda * 64 * 0.25, motion_coarse)
    parallel_do([nby, nbx], la, lb, mv, lambda * 144, 2, motion_fine)
endfunction

% The faster variant for denoise_video.q (pyramid_motion): coarse motion of a 16x16
% block (8x8 halved, matched with the 12x12 halved window around it) around the predictor
% pred (full-size pixels; the block's top-left 8x8 block's entry), +-rad halved pixels;
% the vector goes to the block's four 8x8 blocks.
function [] = __kernel__ motion_coarse16(a : mat'clamped, b : mat'clamped, pred : cube'unchecked, mv : cube'unchecked, rad : int, lambda : scalar, nby : int, nbx : int, pos : ivec2)
    i0 = pos[0] * 8 - 2
    j0 = pos[1] * 8 - 2
    pi = int(round(pred[2 * pos[0], 2 * pos[1], 0] * 0.5))
    pj = int(round(pred[2 * pos[0], 2 * pos[1], 1] * 0.5))
    best = 1e30
    bi = pi
    bj = pj
    for di = pi - rad..pi + rad
        for dj = pj - rad..pj + rad
            s = lambda * (abs(di) + abs(dj))
            for u = 0..11
                for v = 0..11
                    s += abs(a[i0 + u, j0 + v] - b[i0 + u + di, j0 + v + dj])
                endfor
            endfor
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

% Coarsest motion of a 32x32 block (8x8 at quarter size, matched with the 12x12 quarter
% window around it): the displacement of +-rad quarter pixels with the least SAD + lambda
% (|dy| + |dx|), into the block's 4x4 8x8 blocks of mv (full-size pixels).
function [] = __kernel__ motion_coarse32(a : mat'clamped, b : mat'clamped, mv : cube'unchecked, rad : int, lambda : scalar, nby : int, nbx : int, pos : ivec2)
    i0 = pos[0] * 8 - 2
    j0 = pos[1] * 8 - 2
    best = 1e30
    bi = 0
    bj = 0
    for di = -rad..rad
        for dj = -rad..rad
            s = lambda * (abs(di) + abs(dj))
            for u = 0..11
                for v = 0..11
                    s += abs(a[i0 + u, j0 + v] - b[i0 + u + di, j0 + v + dj])
                endfor
            endfor
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

% The luma pyramid of a frame for pyramid_motion: an object of l (the luma), hl (halved)
% and ql (quartered), made once for a frame size (pyramid_new) and refilled per frame
% (pyramid_fill), so that no frame allocates them again.
function p = pyramid_new(h, w)
    p = object()
    p.l = zeros(h, w)
    p.hl = zeros(ceil(h / 2), ceil(w / 2))
    p.ql = zeros(ceil(h / 4), ceil(w / 4))
endfunction

function [] = pyramid_fill(x, p)
    parallel_do(size(p.l), x, p.l, luma)
    parallel_do(size(p.hl), p.l, p.hl, halve)
    parallel_do(size(p.ql), p.hl, p.ql, halve)
endfunction

% Block motion of the pyramid pa into pb (the vectors of block_motion, found faster): the
% coarse search per 16x16 block, +-search pixels around the predictor pred (a field of the
% size of mv, e.g. twice the vectors of the nearer frame); a search above 4 pixels is first
% made per 32x32 block at quarter size (pred unused), then +-2 pixels around it at half
% size; then motion_fine on the 8x8 block itself.
function mv = pyramid_motion(pa, pb, search, lambda, pred)
    h = size(pa.l, 0)
    w = size(pa.l, 1)
    nby = ceil(h / 8)
    nbx = ceil(w / 8)
    mv = zeros(nby, nbx, 2)
    if search > 4
        pred = zeros(nby, nbx, 2)
        parallel_do([ceil(nby / 4), ceil(nbx / 4)], pa.ql, pb.ql, pred, int(ceil(search / 4)), lambda * 144 / 16, nby, nbx, motion_coarse32)
        search = 2
    endif
    parallel_do([ceil(nby / 2), ceil(nbx / 2)], pa.hl, pb.hl, pred, mv, int(max(1, floor(search / 2))), lambda * 144 * 0.25, nby, nbx, motion_coarse16)
    m = 0
    parallel_do([nby, nbx], pa.l, pb.l, mv, lambda * (8 + 2 * m) ^ 2, m, motion_fine)
endfunction
