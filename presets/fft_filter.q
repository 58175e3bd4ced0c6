% fft_filter.q - filtering in the frequency domain: a Gaussian low-pass, or a notch that
% removes one periodic pattern (scan lines, moire, mains hum in video), through the FFT.
%
% Each channel: Y = irealfft2(fft2(x) .* M), with M real and even in frequency (so the
% result is real). Frequencies are in cycles per pixel, -0.5..0.5, index k of N standing
% for k / N below N / 2 and (k - N) / N above (NumPy's fftfreq):
%   lowpass: M = exp(-(fy^2 + fx^2) / (2 cutoff^2))  (Gaussian: no ringing)
%   notch:   M = 1 - g(f - f0) - g(f + f0), g(d) = exp(-|d|^2 / (2 width^2)), f0 = (fy, fx)
%            and its mirror; the image mean (f = 0) is kept.
% Results are clipped to 0..255. Equals NumPy's fft2 / ifft2 with the same mask within 1
% (tests/e2e/e2e_presets.py).

function [] = __kernel__ fft_mask(m : cube, mode : int, cutoff : scalar, fy : scalar, fx : scalar,
                                  width : scalar, pos : ivec3)
    H = size(m, 0)
    W = size(m, 1)
    u = pos[0] < (H + 1) / 2 ? pos[0] / H : (pos[0] - H) / H
    v = pos[1] < (W + 1) / 2 ? pos[1] / W : (pos[1] - W) / W
    if mode == 0
        m[pos] = exp(-(u * u + v * v) / (2.0 * cutoff * cutoff))
    else
        a = (u - fy) * (u - fy) + (v - fx) * (v - fx)
        b = (u + fy) * (u + fy) + (v + fx) * (v + fx)
        k = 2.0 * width * width
        m[pos] = 1.0 - exp(-a / k) - exp(-b / k)
    endif
endfunction

function [] = __kernel__ clip255(y : cube, pos : ivec3)
    y[pos] = min(255.0, max(0.0, y[pos]))
endfunction

% Frequency-domain filter. mode "lowpass" (default): Gaussian low-pass of `cutoff` cycles
% per pixel; mode "notch": removes the pattern of frequency (fy, fx) cycles per pixel.
%   mode    "lowpass" or "notch" (default "lowpass")
%   cutoff  lowpass: standard deviation of the Gaussian in cycles/pixel (default 0.1;
%           range 0.001..0.5)
%   fy, fx  notch: the pattern's frequency, vertical and horizontal, cycles/pixel (default
%           0 and 0.25: a vertical stripe every 4 pixels; range -0.5..0.5)
%   width   notch: width of the notch in cycles/pixel (default 0.01; range 0.001..0.1)
function y = process(x, mode = "lowpass", cutoff = 0.1, fy = 0.0, fx = 0.25, width = 0.01)
    mi = 0
    if mode == "notch"
        mi = 1
    elseif mode != "lowpass"
        error "fft_filter.q: mode must be lowpass or notch, not ", mode
    endif
    if cutoff <= 0 || width <= 0
        error "fft_filter.q: cutoff and width must be positive"
    endif
    m = zeros(size(x))
    parallel_do(size(x), m, mi, cutoff, fy, fx, width, fft_mask)
    y = irealfft2(fft2(x) .* m)
    parallel_do(size(y), y, clip255)
endfunction
