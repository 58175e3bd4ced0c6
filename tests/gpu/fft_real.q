% cuFFT's real paths on the CUDA engine (runtime/cuda/fft.c): fft2 of a real plane (widened
% to complex on the device), irealfft2 (C2R) back, fft2 of a 3-channel frame (one plan,
% batch 3), irealfft1 over rows and the real ifft1, against FFTW on the CPU. Spectra of
% 96 x 64 values O(1) have entries up to ~1e3: float transforms differ in the 6th digit,
% printed to 2 decimals: the tolerance.
% gpu tolerance: 0.02
h = 96
w = 64
x = zeros(h, w)
c = zeros(h, w, 3)
for i = 0..h-1
    for j = 0..w-1
        x[i, j] = sin(i * 0.2) * cos(j * 0.15) + (i + j) / 100
        for k = 0..2
            c[i, j, k] = x[i, j] * (k + 1) - k
        endfor
    endfor
endfor
F = fft2(x)
print round(real(F[1..3, 1..4]) * 100) / 100
print round(imag(F[1..3, 60..63]) * 100) / 100
y = irealfft2(F)
print max(abs(y - x)) < 1e-3
print round(y[5, 0..5] * 1000) / 1000
G = fft2(c)
print round(real(G[2, 3, :]) * 100) / 100
print round(imag(G[90, 10, :]) * 100) / 100
r = irealfft1(fft1(x))
print max(abs(r - x)) < 1e-3
z = ifft1(x)
print round(real(z[7, 0..4]) * 1000) / 1000
print round(imag(z[7, 0..4]) * 1000) / 1000
