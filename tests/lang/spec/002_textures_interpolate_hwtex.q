% spec: 002 "Hardware textures" (CUDA support guide, 2015 edition)
% repaired: parameter `scale : scalar` split by page layout joined
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
function [] = __kernel__ interpolate_hwtex (y : mat, x : mat'hwtex_linear'clamped, scale : scalar, pos : ivec2)
    y[pos] = x[scale * pos]
end
