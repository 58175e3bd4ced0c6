% colored_noise.q - Gaussian noise with a prescribed power spectrum, made in the Fourier
% domain with fft2/irealfft2 (lib_fft.c; docs/fft.md).
%
%   x = colored_noise([rows, cols], a)     1/f^a noise: power spectrum ~ 1/|f|^a,
%                                           zero mean, unit standard deviation
%   PS = psd_power_law([rows, cols], a)    that power spectrum (DC at [0,0], 0 there)
%   x = cgn_rand([rows, cols], PS)          correlated Gaussian noise of spectrum PS
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

function x = cgn_rand(dims, PS)
    w = randn(int(dims[0]), int(dims[1]))
    x = irealfft2(fft2(w) .* sqrt(PS))
endfunction

function x = colored_noise(dims, a)
    x = cgn_rand(dims, psd_power_law(dims, a))
    x = x - mean(x)
    x = x / sqrt(mean(x .^ 2))
endfunction
