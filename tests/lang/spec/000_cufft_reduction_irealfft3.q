% spec: 000 "CuFFT: CUDA FFT library" (CUDA support guide)
% repaired: nothing
% run: parse
% note: both editions write the reduction as `pattern -> replacement`; the language notes (001)
% write `reduction (params) -> pattern = replacement`. Kept as written.
reduction x -> real(ifft3(x)) -> irealfft3(x)
