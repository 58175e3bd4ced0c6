% spec: 000 "Kernel tiling" (CUDA support guide)
% repaired: nothing; fragment completed minimally: both inline attributes placed in one small kernel function
% run: parse
function [] = __kernel__ tiled_hybrid(x : mat, y : mat, pos : ivec2)
    {! kernel_tiling dims=auto; mode="global"; target="gpu"}
    {! kernel_tiling dims=[1,1,4]; mode="local"; target="gpu"}
    y[pos] = 2 * x[pos]
endfunction
