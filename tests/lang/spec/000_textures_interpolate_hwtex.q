% spec: 000 "Texture memory" (CUDA support guide)
% repaired: parameter `pos : ivec2` split by page layout joined
% run: parse
function [] = __kernel__ interpolate_hwtex (y : mat, x : mat'hwtex_linear'clamped, scale : scalar, pos : ivec2)
    y[pos] = x[scale * pos]
endfunction
