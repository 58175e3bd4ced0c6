% spec: 000 "SIMD data types" (CUDA support guide)
% repaired: nothing; fragment completed minimally: the attribute placed in a small kernel function (the same attribute appears inline in "Kernel tiling" with its braces lost)
% run: parse
function [] = __kernel__ vectorized(x : mat[uint8], y : mat[uint8], pos : ivec2)
    {!kernel_transform enable="simdprocessing"}
    y[pos] = x[pos] / 2
endfunction
