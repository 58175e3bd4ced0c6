% denoise_temporal.q - fast motion-compensated recursive temporal denoiser (live preview, real time).
%
% Keeps the previous output in module-level state (docs/filters.md "State across frames").
% For each new frame:
%   1. motion: for every 8x8 block of the new frame, the displacement into the previous
%      output that matches it best (sum of absolute luma differences over the 16x16 window
%      around the block), coarse to fine: +-2*search pixels on images halved in size, then
%      +-1 pixel at full size; a small cost per pixel of displacement keeps flat regions
%      (where noise alone decides) at rest;
%   2. the previous output warped along the block's vector (edges clamped);
%   3. a recursive average: y = w + k (x - w), k = 1/frames where the compensated difference
%      (averaged over 3x3 pixels, the largest of the three channels: red and green of equal
%      luma differ; the mean keeps noise alone well below it) is within
%      the noise, rising to 1 (the new frame as it is) where it exceeds motion * sigma / 5
%      (occlusions, new content, motion the blocks did not follow): nothing smears.
% No window of frames (temporal_radius 0): the output of frame t uses frames up to t only,
% so it adds no delay, which is what live use wants.

import "motion.q"

state = object()            % prev: previous output (H x W x 3); lp: its luma; frames: count

% The recursive average along the motion (see the top of the file).
function [] = __kernel__ blend(x : cube'clamped, p : cube'clamped, mv : cube'unchecked, y : cube'unchecked, a : scalar, inv_t : scalar, pos : ivec2)
    i = pos[0]
    j = pos[1]
    di = mv[floor(i / 8), floor(j / 8), 0]
    dj = mv[floor(i / 8), floor(j / 8), 1]
    % the largest of the three channels' 3x3 mean differences: colours of equal luma differ
    e = 0.0
    for c = 0..2
        d = 0.0
        for u = -1..1
            for v = -1..1
                d += x[i + u, j + v, c] - bilinear3(p, i + u + di, j + v + dj, c)
            endfor
        endfor
        e = max(e, abs(d))
    endfor
    e = e * (1.0 / 9.0) * inv_t
    k = a + (1 - a) * min(1.0, max(0.0, e - 1))
    for c = 0..2
        w = bilinear3(p, i + di, j + dj, c)
        y[i, j, c] = w + k * (x[i, j, c] - w)
    endfor
endfunction

% Called once with the stream's properties, before the first frame.
function [] = init(info)
    state.frames = 0
endfunction

% Motion-compensated recursive temporal denoiser.
%   sigma   noise level, standard deviation in 0..255 units (default 10; range 0..255)
%   frames  how many frames a well-compensated pixel averages over (default 4; range 1..1000)
%   motion  a compensated difference (3x3 mean) above motion * sigma / 5 is taken as a
%           failed compensation: the new frame is taken as it is at twice that (default 5;
%           range 0..100)
%   search  motion search radius in pixels, at most (default 12; range 2..64)
function y = process(x, sigma = 10.0, frames = 4, motion = 5.0, search = 12)
    h = size(x, 0)
    w = size(x, 1)
    lx = frame_luma(x)
    if state.frames == 0 || size(state.prev, 0) != h || size(state.prev, 1) != w
        state.prev = x
        state.lp = lx
        state.frames = 1
        y = x
        return
    endif
    state.frames = state.frames + 1
    mv = block_motion(lx, state.lp, search, max(sigma, 1.0) * 0.03)
    y = zeros(h, w, 3)
    parallel_do([h, w], x, state.prev, mv, y, 1 / frames, 1 / max(motion * sigma / 5, 1e-3), blend)
    state.prev = y
    state.lp = frame_luma(y)
endfunction
