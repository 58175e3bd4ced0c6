% colored_noise.q - Gaussian noise with a prescribed power spectrum, made in the Fourier
% domain with fft2/irealfft2 (lib_fft.c; docs/fft.md).
%
%   x = colored_noise([rows, cols], a)     1/f^a noise: power spectrum ~ 1/|f|^a,
%                                           zero mean, unit standard deviation
%   PS = psd_power_law([rows, cols], a)    that power spectrum (DC at [0,0], 0 there)
%   x = cgn_rand([rows, cols], PS)          correlated Gaussian noise of spectrum PS
%                                           ([rows, cols, channels]: per channel)
%   PS = generate_psd([rows, cols], psd, p1, p2)   the spectrum of a radial profile
%                                           psd(f, p1, p2), scaled to mean 1
%   psd_ct_ramp_spectrum_noise(f, slope, cutoff)   CT reconstruction noise: |f|^slope,
%                                           Hann-apodized to 0 at cutoff (0: none)
%   [fy, fx] = fft_freqs([rows, cols])      the frequencies of each FFT bin, in cycles
%                                           per sample, in [-0.5, 0.5) (NumPy's fftfreq)
%
% a = 0 is white noise, 1 pink, 2 brown (red). White Gaussian noise is transformed, its
% spectrum multiplied by sqrt(PS) and transformed back; the product stays Hermitian (PS
% is even in f), so the real inverse irealfft2 is the exact result. Noise of a program's
% own spectrum goes through cgn_rand with any non-negative PS of the image's size.

% The signed frequency of each of n bins: k/n for k < n - n/2, else (k - n)/n.
function f = fft_freq(n : int)
    k = 0..n-1
    f = (mod(k + floor(n / 2), n) - floor(n / 2)) / n
endfunction

function [fy, fx] = fft_freqs(dims)
    rows = int(dims[0])
    cols = int(dims[1])
    fy = repmat(reshape(fft_freq(rows), [rows, 1]), [1, cols])
    fx = repmat(reshape(fft_freq(cols), [1, cols]), [rows, 1])
endfunction

function PS = psd_power_law(dims, a)
    [fy, fx] = fft_freqs(dims)
    f = sqrt(fy .^ 2 + fx .^ 2)
    f[0, 0] = 1
    PS = f .^ (-a)
    PS[0, 0] = 0
endfunction

% dims may name channels ([rows, cols, channels], as size(img) of a colour image): each
% channel gets its own noise of spectrum PS.
function x = cgn_rand(dims, PS)
    w = randn(dims)
    S = sqrt(PS)
    if numel(dims) > 2
        S = repmat(S, [1, 1, int(dims[2])])
    endif
    x = irealfft2(fft2(w) .* S)
endfunction

% The power spectrum of a radial profile: PS[m, n] = psd(f, p1, p2) at the radial
% frequency f = |(fy, fx)| of each bin (cycles per sample, 0..0.71), scaled so that
% mean(PS) = 1, so that cgn_rand(dims, PS) has unit variance. psd is any function of
% (f, p1, p2), such as psd_ct_ramp_spectrum_noise.
function PS = generate_psd(dims, psd, p1 = 1, p2 = 0)
    [fy, fx] = fft_freqs(dims)
    PS = psd(sqrt(fy .^ 2 + fx .^ 2), p1, p2)
    m = mean(PS)
    if m > 0
        PS = PS / m
    endif
endfunction

% The noise spectrum of filtered back-projection (CT reconstruction): the ramp filter's
% |f|^slope, apodized by a Hann window that reaches 0 at f = cutoff (cutoff 0: none).
function P = psd_ct_ramp_spectrum_noise(f, slope = 1, cutoff = 0)
    P = abs(f) .^ slope
    if cutoff > 0
        P = P .* (f < cutoff) .* (0.5 + 0.5 * cos(pi * min(f, cutoff) / cutoff))
    endif
endfunction

function x = colored_noise(dims, a)
    x = cgn_rand(dims, psd_power_law(dims, a))
    x = x - mean(x)
    x = x / sqrt(mean(x .^ 2))
endfunction
