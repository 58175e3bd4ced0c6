% spec: 000 "Kernel tiling" (CUDA support guide)
% repaired: braces of the inline code attributes lost (`! kernel_tiling ...`) restored to `{! kernel_tiling ...}`; fragment completed minimally: each attribute placed in a small kernel function
% run: parse
function [] = __kernel__ tiled_fixed(x : mat, y : mat, pos : ivec2)
    {! kernel_tiling dims=[32,16,1]; mode="global"; target="gpu"}
    y[pos] = 2 * x[pos]
endfunction

function [] = __kernel__ tiled_auto(x : mat, y : mat, pos : ivec2)
    {! kernel_tiling dims=auto; mode="global"; target="gpu"}
    y[pos] = 2 * x[pos]
endfunction
