% spec: 000 "CuFFT: CUDA FFT library" (CUDA support guide)
% repaired: nothing; inline expressions completed minimally into assignments
% run: parse
y1 = real(ifft1(x))
y2 = real(ifft2(x))
y3 = real(ifft3(x))
