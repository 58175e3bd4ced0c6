% spec: 000 "Texture memory" (CUDA support guide)
% repaired: table of multi-component texture modifiers `'hwtex_nearest(n)`, `'hwtex_linear(n)`; n written as 4 (RGBA)
% run: parse
function [] = __kernel__ tex_nearest_rgba(y : cube, x : cube'hwtex_nearest(4), pos : ivec2)
    y[pos[0], pos[1], 0..3] = x[pos[0], pos[1], 0..3]
endfunction

function [] = __kernel__ tex_linear_rgba(y : cube, x : cube'hwtex_linear(4), scale : scalar, pos : ivec2)
    p = scale * pos
    y[pos[0], pos[1], 0..3] = x[p[0], p[1], 0..3]
endfunction
