% spec: 000 "Texture memory" (CUDA support guide)
% repaired: nothing (table of hardware texture type modifiers, one small kernel each)
% run: parse
function [] = __kernel__ tex_nearest(y : mat, x : mat'hwtex_nearest, pos : ivec2)
    y[pos] = x[pos]
endfunction

function [] = __kernel__ tex_linear(y : mat, x : mat'hwtex_linear, scale : scalar, pos : ivec2)
    y[pos] = x[scale * pos]
endfunction
