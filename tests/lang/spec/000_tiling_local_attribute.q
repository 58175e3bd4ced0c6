% spec: 000 "Kernel tiling" (CUDA support guide)
% repaired: braces of the inline code attribute lost (`! kernel_tiling ...`) restored; fragment completed minimally: the attribute placed in a small kernel function
% run: parse
function [] = __kernel__ tiled_local(x : mat[uint8], y : mat[uint8], pos : ivec2)
    {! kernel_tiling dims=[1,1,4]; mode="local"; target="gpu"}
    y[pos] = x[pos]
endfunction
