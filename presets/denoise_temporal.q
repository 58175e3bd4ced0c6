% denoise_temporal.q - temporal denoiser: a motion-adaptive running average of the frames.
%
% Shows how a filter keeps state across frames (docs/filters.md): the module-level object
% `state` lives as long as the filter, so `process` finds in it what the previous frame
% left. `process` cannot rebind a module-level variable (assignment in a function makes a
% local), but it can change what one holds: fields of an object and elements of an array
% are references.
%
% Each output pixel moves from the previous output toward the new frame by a fraction k:
% k = 1 / frames (an average) where the difference is within the noise, rising to 1 (the
% new frame as it is) where the difference is much larger than the noise (motion), so
% moving things do not smear.

state = object()            % state.prev: the previous output frame (H x W x 3)

function [] = __kernel__ recursive_mean(x : cube, prev : cube, y : cube, a : scalar, t : scalar, pos : ivec3)
    d = x[pos] - prev[pos]
    k = a + (1 - a) * min(1.0, abs(d) / t)
    v = prev[pos] + k * d
    y[pos] = v
    prev[pos] = v
endfunction

% Called once with the stream's properties, before the first frame.
function [] = init(info)
    state.prev = zeros(info.height, info.width, 3)
    state.frames = 0
endfunction

% Motion-adaptive temporal average.
%   sigma   noise level, standard deviation in 0..255 units (default 10; range 0..255)
%   frames  how many frames a still pixel averages over (default 4; range 1..1000)
%   motion  a difference of motion * sigma or more counts as motion: the new frame is
%           taken as it is (default 5; range 0..100)
function y = process(x, sigma = 10.0, frames = 4, motion = 5.0)
    if state.frames == 0 || size(state.prev, 0) != size(x, 0) || size(state.prev, 1) != size(x, 1)
        state.prev = copy(x)
        state.frames = 1
        y = x
        return
    endif
    state.frames = state.frames + 1
    y = zeros(size(x))
    parallel_do(size(x), x, state.prev, y, 1 / frames, motion * sigma, recursive_mean)
endfunction
