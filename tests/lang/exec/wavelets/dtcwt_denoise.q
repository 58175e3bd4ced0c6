% dtcwt_denoise.q - end to end, in the style of wavelet_thresholding.q: soft thresholding
% of the dual-tree coefficients of a noisy synthetic image (sigma = 20, fixed seed) with
% the program's threshold alpha sqrt(2) sigma^2 / std(band), then the inverse transform.
% The PSNR must rise by at least 8 dB (9.3 measured; a broken forward or inverse
% transform or band layout cannot pass, and trees scaled by 1/2 give 5.2); the DWT with
% db8 and the soft threshold sigma by at least 5 dB (5.7 measured).
% options: --seed 7
import "dtcwt.q"

function y = soft(w, T)
    y = sign(w) .* max(abs(w) - T, 0)
endfunction

psnr = (x, y) -> 10 * log10(255^2 / mean((x - y).^2))

% a disc and a bar on a smooth periodic background, 128 x 128, values 0..255
img = zeros(128, 128)
for i = 0..127
    for j = 0..127
        v = 110 + 50 * sin(2 * pi * i / 128) * cos(4 * pi * j / 128)
        if (i - 60)^2 + (j - 70)^2 < 30^2
            v = 220
        endif
        if i >= 100 && i < 110 && j >= 20
            v = 20
        endif
        img[i, j] = v
    endfor
endfor
sigma = 20
noisy = img + sigma .* randn(size(img))

J = 4
alpha = 1.5
w1 = filtercoeff_farras
w2 = filtercoeff_selcw[3,1]
w = dtcwt2d(noisy, w1, w2, J)
for j = 0..J - 1
    for r = 0..1
        for c = 0..1
            for i = 0..2
                s = std(w[j][r, c][i])
                w[j][r, c][i] = soft(w[j][r, c][i], alpha * sqrt(2) * sigma^2 / s)
            endfor
        endfor
    endfor
endfor
den = idtcwt2d(w, w1, w2, J)
gain = psnr(den, img) - psnr(noisy, img)
print "dtcwt gain >= 8 dB: ", gain >= 8

% the same with the DWT of blsgsm.q's "wavelet" choice; threshold sigma
[S, S_H] = build_dwt(db8, J)
v = S(noisy)
bands = lincell(v)
for k = 0..numel(bands) - 2
    b = bands[k]
    b[:, :] = soft(b, sigma)
endfor
gain2 = psnr(S_H(v), img) - psnr(noisy, img)
print "dwt gain >= 5 dB: ", gain2 >= 5
print "noisy psnr about ", round(psnr(noisy, img))

% expect: dtcwt gain >= 8 dB: 1
% expect: dwt gain >= 5 dB: 1
% expect: noisy psnr about 22
