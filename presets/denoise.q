% denoise.q - spatial denoiser: a bilateral filter over colour (joint range weights).
%
% Each output pixel is a weighted mean of the pixels in a 7x7 window around it. A
% neighbour's weight falls with its distance (spatial Gaussian, `radius_sigma` pixels) and
% with how different its colour is (range Gaussian over the RGB distance, scaled to the
% noise level `sigma`): noise, which differs by about sigma, is averaged away; edges, which
% differ by much more, are kept. Values are 0..255, so sigma is in those units; for white
% Gaussian noise of standard deviation s, sigma = s is the right setting.

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

% Bilateral denoiser.
%   sigma         noise level, standard deviation in 0..255 units (default 10; range 0..255)
%   strength      range width as a multiple of sigma, range 0.01..100: higher smooths
%                 more, keeps fewer edges (default 2)
%   radius_sigma  spatial width in pixels (default 2; range 0.01..100; the window is 7x7)
function y = process(x, sigma = 10.0, strength = 2.0, radius_sigma = 2.0)
    if sigma <= 0
        y = x
        return
    endif
    sr = strength * sigma
    y = zeros(size(x))
    % the RGB distance of two noisy pixels of one colour is about 3 * 2 sigma^2 on average
    parallel_do([size(x, 0), size(x, 1)], x, y, 1 / (2 * radius_sigma * radius_sigma), 1 / (2 * 3 * sr * sr), bilateral)
endfunction
