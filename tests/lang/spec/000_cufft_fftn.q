% spec: 000 "CuFFT: CUDA FFT library" (CUDA support guide)
% repaired: nothing; inline expression completed minimally into an assignment
% run: parse
% `A : cube` is a type annotation inside the argument list, as written in the text
Y = fftn(A : cube, [1, 2])
