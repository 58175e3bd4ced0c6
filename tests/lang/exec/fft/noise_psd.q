% presets/colored_noise.q as research code calls it: PS = generate_psd(size(img, 0..1),
% psd_ct_ramp_spectrum_noise, 1, 0) then img + sigma * cgn_rand(size(img), PS) on a colour
% image. PS is |f| scaled to mean 1: NumPy gives mean |f| = 0.382696 over fftfreq(64) x
% fftfreq(48), so PS[0, 1] = (1/48)/0.382696 = 0.054438 and PS[3, 0] = (3/64)/0.382696 =
% 0.122486. The noise of a ramp spectrum has a log-log spectrum slope of +1.
% options: --seed 11
import "colored_noise.q"

PS = generate_psd([64, 48], psd_ct_ramp_spectrum_noise, 1, 0)
print size(PS), " ", PS[0, 0], " ", abs(PS[0, 1] - 0.054438) < 1e-5, " ", abs(PS[3, 0] - 0.122486) < 1e-5
% expect: [64,48] 0 1 1
img = zeros(64, 48, 3)
x = img + 2 * cgn_rand(size(img), PS)
print size(x), " ", abs(std(x[:]) - 2) < 0.1, " ", abs(mean(x[:, :, 1] .* x[:, :, 2])) < 0.2
% expect: [64,48,3] 1 1

% the apodized ramp is zero from the cutoff on
A = generate_psd([32, 32], psd_ct_ramp_spectrum_noise, 1, 0.25)
[fy, fx] = fft_freqs([32, 32])
print sum(A .* (sqrt(fy .^ 2 + fx .^ 2) >= 0.25)), " ", A[0, 1] > 0
% expect: 0 1

function s = spectrum_slope(x)
    [fy, fx] = fft_freqs(size(x))
    f = sqrt(fy .^ 2 + fx .^ 2)
    P = abs(fft2(x)) .^ 2
    w = f > 0
    f[0, 0] = 1
    P[0, 0] = 1
    lf = log(f)
    lp = log(P)
    n = sum(w)
    mf = sum(w .* lf) / n
    mp = sum(w .* lp) / n
    s = sum(w .* (lf - mf) .* (lp - mp)) / sum(w .* (lf - mf) .^ 2)
endfunction
r = cgn_rand([256, 256], generate_psd([256, 256], psd_ct_ramp_spectrum_noise, 1, 0))
print abs(spectrum_slope(r) - 1) < 0.1
% expect: 1
