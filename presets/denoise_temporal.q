% denoise_temporal.q - fast motion-compensated recursive temporal denoiser (live preview, real time).
%
% Keeps the previous output in module-level state (docs/filters.md "State across frames").
% For each new frame:
%   1. motion (motion.q's pyramid_motion_rho): for every 8x8 block of the new frame, its
%      displacement into the previous output, in half pixels; the previous output is
%      already denoised (rho = 0: its half-pixel planes are not favoured by noise), which
%      matches better than the previous noisy frame would (+0.7 dB on the pan clip);
%   2. the previous output warped along the block's vector with a 4-tap cubic
%      (Catmull-Rom: at half a pixel (-1, 9, 9, -1) / 16) where the vector has a half, so
%      that warping frame after frame does not blur as bilinear means would;
%   3. a per-pixel Kalman-like recursive average: each pixel carries the variance P of its
%      estimate (in units of sigma^2), warped with it and raised by a small drift; the gain
%      is k = P / (P + 1), at least 1/frames, and y = w + k (x - w). Where the compensated
%      difference (averaged over 3x3 pixels, the largest of the three channels: red and
%      green of equal luma differ) exceeds motion * sigma / 5, k rises linearly to 1 (the
%      new frame as it is) at twice that: occlusions, new content, motion the blocks did not
%      follow do not smear, and a pixel that starts again averages 1, 2, 3 ... frames as
%      its variance falls. P becomes (1 - k)^2 P + k^2;
%   4. a light spatial step where the estimate is still noisy (P above 1/frames): the new
%      frame's own 3x3 mean stands in for part of it, in proportion to P, less where the
%      mean and the estimate differ by more than noise would make them (edges, fine
%      detail: none at four times the deviation of their difference, the same weight for
%      the three channels).
% No window of frames (temporal_radius 0): the output of frame t uses frames up to t only,
% so it adds no delay, which is what live use wants.

import "motion.q"

state = object()            % prev: previous output (H x W x 3); var: its P; pyr_prev: its pyramid; frames: count
DT_DRIFT = 0.02             % P's rise per frame: compensation is never exact (measured: 0 and 0.005 do no better)

% c of p at row r, between the columns x and x + 1 (cubic at 1/2: (-1, 9, 9, -1) / 16).
function v = __device__ cubic_x(p, r : int, x : int, c : int)
    v = 0.5625 * (p[r, x, c] + p[r, x + 1, c]) - 0.0625 * (p[r, x - 1, c] + p[r, x + 2, c])
endfunction

% The previous output p warped along the vectors mv (4-tap cubic at half pixels) into w,
% and the variance vp warped (nearest) plus the drift q into pv.
function [] = __kernel__ warp_cubic(p : cube'clamped, vp : mat'clamped, mv : cube'unchecked, w : cube'unchecked, pv : mat'unchecked, q : scalar, pos : ivec2)
    i = pos[0]
    j = pos[1]
    di = mv[int(i / 8), int(j / 8), 0]
    dj = mv[int(i / 8), int(j / 8), 1]
    y = int(floor(di))
    x = int(floor(dj))
    fy = di - y
    fx = dj - x
    y += i
    x += j
    for c = 0..2
        if fy == 0 && fx == 0
            w[i, j, c] = p[y, x, c]
        elseif fy == 0
            w[i, j, c] = cubic_x(p, y, x, c)
        elseif fx == 0
            w[i, j, c] = 0.5625 * (p[y, x, c] + p[y + 1, x, c]) - 0.0625 * (p[y - 1, x, c] + p[y + 2, x, c])
        else
            w[i, j, c] = 0.5625 * (cubic_x(p, y, x, c) + cubic_x(p, y + 1, x, c)) - 0.0625 * (cubic_x(p, y - 1, x, c) + cubic_x(p, y + 2, x, c))
        endif
    endfor
    pv[i, j] = vp[i + int(round(di)), j + int(round(dj))] + q
endfunction

% The differences of x and the warped w summed over 3 pixels of a row (edges clamped), per
% channel, into dh; and x's own row sums into xh (the spatial step's 3x3 mean).
function [] = __kernel__ diff_rows(x : cube'clamped, w : cube'clamped, dh : cube'unchecked, xh : cube'unchecked, pos : ivec2)
    i = pos[0]
    j = pos[1]
    for c = 0..2
        a = x[i, j - 1, c] + x[i, j, c] + x[i, j + 1, c]
        xh[i, j, c] = a
        dh[i, j, c] = a - w[i, j - 1, c] - w[i, j, c] - w[i, j + 1, c]
    endfor
endfunction

% The gain, the recursive average and the spatial step (see the top of the file).
function [] = __kernel__ blend(x : cube'unchecked, w : cube'unchecked, dh : cube'clamped, xh : cube'clamped, pv : mat'unchecked, y : cube'unchecked, vout : mat'unchecked, kmin : scalar, inv_t : scalar, spatial : scalar, inv_sigma : scalar, pos : ivec2)
    i = pos[0]
    j = pos[1]
    e = 0.0
    for c = 0..2
        e = max(e, abs(dh[i - 1, j, c] + dh[i, j, c] + dh[i + 1, j, c]))
    endfor
    r = min(1.0, max(0.0, e * (1.0 / 9.0) * inv_t - 1))
    pp = pv[i, j]
    k = max(kmin, pp / (pp + 1))
    k = k + (1 - k) * r
    pn = (1 - k) * (1 - k) * pp + k * k
    % the spatial step: part of the estimate's remaining noise taken off by x's 3x3 mean,
    % not across edges: where the mean and the estimate differ by more than their noise
    % would make them (four times its deviation), not at all
    a = spatial * max(0.0, pn - kmin) / (pn + 1)
    g = 0.25 * inv_sigma / sqrt(pn + 1.0 / 9.0)
    am = a
    for c = 0..2
        v = w[i, j, c] + k * (x[i, j, c] - w[i, j, c])
        m = (xh[i - 1, j, c] + xh[i, j, c] + xh[i + 1, j, c]) * (1.0 / 9.0)
        am = min(am, a * max(0.0, 1 - abs(m - v) * g))
    endfor
    for c = 0..2
        v = w[i, j, c] + k * (x[i, j, c] - w[i, j, c])
        m = (xh[i - 1, j, c] + xh[i, j, c] + xh[i + 1, j, c]) * (1.0 / 9.0)
        y[i, j, c] = v + am * (m - v)
    endfor
    vout[i, j] = pn * (1 - am) * (1 - am) + am * am / 9
endfunction

% Called once with the stream's properties, before the first frame.
function [] = init(info)
    state.frames = 0
endfunction

% The buffers for frames of h x w (made again when the size changes).
function [] = buffers(h, w)
    state.h = h
    state.w = w
    state.pyr = pyramid_new(h, w)
    state.pyr_prev = pyramid_new(h, w)
    state.wp = cube(h, w, 3)
    state.dh = cube(h, w, 3)
    state.xh = cube(h, w, 3)
    state.pv = zeros(h, w)
    state.var = zeros(h, w)
    state.var2 = zeros(h, w)
endfunction

% Motion-compensated recursive temporal denoiser.
%   sigma   noise level, standard deviation in 0..255 units (default 10; range 0..255)
%   frames  how many frames a well-compensated pixel averages over, at most (default 12;
%           range 1..1000)
%   motion  a compensated difference (3x3 mean) above motion * sigma / 5 is taken as a
%           failed compensation: the new frame is taken as it is at twice that (default 5;
%           range 0..100)
%   search  motion search radius in pixels, at most (default 12; range 2..48)
%   spatial strength of the spatial step where the estimate is still noisy (default 2;
%           range 0..4; 0: none)
function y = process(x, sigma = 10.0, frames = 12, motion = 5.0, search = 12, spatial = 2.0)
    h = size(x, 0)
    w = size(x, 1)
    if state.frames == 0 || state.h != h || state.w != w
        buffers(h, w)
    endif
    pyramid_fill(x, state.pyr)
    if state.frames == 0 || size(state.prev, 0) != h || size(state.prev, 1) != w
        % the first frame: its own estimate of infinite variance (k = 1, y = x but for the
        % spatial step)
        state.prev = x
        state.var[:, :] = 1e6
        state.frames = 0
        mv = zeros(ceil(h / 8), ceil(w / 8), 2)
    else
        mv = pyramid_motion_rho(state.pyr, state.pyr_prev, search, max(sigma, 1.0) * 0.03, 0, 0)
    endif
    state.frames = state.frames + 1
    parallel_do([h, w], state.prev, state.var, mv, state.wp, state.pv, DT_DRIFT, warp_cubic)
    parallel_do([h, w], x, state.wp, state.dh, state.xh, diff_rows)
    y = cube(h, w, 3)     % cube(): a 1 x 1 frame stays a cube (zeros(1, 1, 3) is a vec)
    parallel_do([h, w], x, state.wp, state.dh, state.xh, state.pv, y, state.var2, 1 / frames, 1 / max(motion * sigma / 5, 1e-3), spatial, 1 / max(sigma, 1e-3), blend)
    state.prev = y
    pyramid_fill(y, state.pyr)
    tmp = state.var
    state.var = state.var2
    state.var2 = tmp
    tmp = state.pyr_prev
    state.pyr_prev = state.pyr
    state.pyr = tmp
endfunction
