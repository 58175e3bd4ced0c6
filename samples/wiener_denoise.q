% wiener_denoise.q - two classic Wiener denoisers written with the standard modules,
% compared by PSNR on one image.
%
%   qpipe exec samples/wiener_denoise.q [IMAGE [SIGMA]]
%
% The image (default: a still of the sample media, or a synthetic test pattern when there
% is none) gets white Gaussian noise of deviation SIGMA (default 20, on the 0..255 scale)
% with a fixed seed; then
%   - the local (adaptive) Wiener filter of MATLAB's wiener2: per pixel, the local mean mu
%     and variance v over a 5x5 window (boxfilter, imfilter.q), and
%     x = mu + max(v - sigma^2, 0) / v .* (y - mu);
%   - the global Wiener filter in the Fourier domain: the clean power spectrum is the
%     noisy periodogram, smoothed over 7x7 frequency bins (imfilter with "circular"
%     boundaries: the spectrum is periodic) minus the noise power; each bin is scaled by
%     S / (S + sigma^2) (fft2, irealfft2).
% Each channel is filtered in YCbCr (colortransform.q), where the noise of the chroma
% channels is weaker than in RGB; the printed PSNRs are against the clean image.

import "imfilter.q"
import "colortransform.q"

function p = psnr(x, ref)
    p = 10 * log10(255^2 / mean((x - ref).^2))
end

% A synthetic colour test pattern: smooth gradients, a disc and a few bars.
function x = test_pattern(h, w)
    x = zeros(h, w, 3)
    for m = 0..h-1
        for n = 0..w-1
            d = sqrt((m - h / 2)^2 + (n - w / 2)^2)
            x[m, n, 0] = 40 + 150 * n / w + (d < h / 4 ? 50 : 0)
            x[m, n, 1] = 60 + 120 * m / h + (mod(floor(n / 16), 2) == 0 ? 30 : 0)
            x[m, n, 2] = 200 - 130 * (m + n) / (h + w)
        end
    end
end

% wiener2: local mean and variance over a (2r+1)^2 window, per channel.
function x = wiener_local(y, sigma, r)
    n = (2 * r + 1)^2
    mu = boxfilter(y, r, "mirror") / n
    v = max(boxfilter(y .^ 2, r, "mirror") / n - mu .^ 2, 1e-6)
    x = mu + max(v - sigma^2, 0) ./ v .* (y - mu)
end

% Global Wiener filter of each channel in the Fourier domain.
function x = wiener_fourier(y, sigma)
    N = size(y, 0) * size(y, 1)
    Y = fft2(y)
    P = abs(Y) .^ 2 / N                            % periodogram, noise level sigma^2
    S = imfilter(P, ones(7, 7) / 49, [3, 3], "circular")
    S = max(S - sigma^2, 0)
    x = irealfft2(Y .* (S ./ (S + sigma^2)))
end

function [] = main(file = "samples/media/clean_1.png", sigma = 20)
    clean = []
    try
        clean = imread(file)
        print "image: ", file, " (", size(clean, 0), " x ", size(clean, 1), ")"
    catch e
        clean = test_pattern(240, 320)
        print "image: a 240 x 320 test pattern (", file, " could not be read)"
    end
    clean = clean[:, :, 0..2]
    noisy = clean + sigma * randn(size(clean))
    print sprintf("noisy:               %.2f dB", psnr(noisy, clean))

    ycc = rgb2ycbcr(noisy)
    % the noise of Y, Cb and Cr: sigma times the norms of the conversion matrix's rows
    s = sigma * [0.6686, 0.6231, 0.6572]
    a = copy(ycc)                                  % arrays are references: copy to write
    b = copy(ycc)
    for c = 0..2
        a[:, :, c] = wiener_local(ycc[:, :, c], s[c], 2)
        b[:, :, c] = wiener_fourier(ycc[:, :, c], s[c])
    end
    print sprintf("local Wiener (5x5):  %.2f dB", psnr(ycbcr2rgb(a), clean))
    print sprintf("Fourier Wiener:      %.2f dB", psnr(ycbcr2rgb(b), clean))
end
