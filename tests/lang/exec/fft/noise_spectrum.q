% presets/colored_noise.q: 1/f^a noise has a power spectrum whose log-log slope is -a.
% The slope is the least-squares fit of log |FFT|^2 against log |f| over every bin but DC
% (a statistical check with a fixed seed: the fit of 65535 bins is within a few 0.01 of
% -a; 0.08 is the tolerance). The noise is zero-mean with unit standard deviation.
% options: --seed 7
import "colored_noise.q"

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

for a = [0, 1, 2, 0.5]
    x = colored_noise([256, 256], a)
    s = spectrum_slope(x)
    print "a = ", a, ": size ", size(x), ", slope within 0.08: ", abs(s + a) < 0.08
    print "mean 0: ", abs(mean(x)) < 1e-3, ", std 1: ", abs(sqrt(mean(x .^ 2)) - 1) < 1e-3
endfor
% expect: a = 0: size [256,256], slope within 0.08: 1
% expect: mean 0: 1, std 1: 1
% expect: a = 1: size [256,256], slope within 0.08: 1
% expect: mean 0: 1, std 1: 1
% expect: a = 2: size [256,256], slope within 0.08: 1
% expect: mean 0: 1, std 1: 1
% expect: a = 0.5: size [256,256], slope within 0.08: 1
% expect: mean 0: 1, std 1: 1
