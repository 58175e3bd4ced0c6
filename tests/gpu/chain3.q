% chain3.q - three kernels over each frame (tests/gpu/run.sh counts the transfers):
% a = x + 10, b = a * 0.5, y = 255 - b. Inputs 'const, outputs 'nocopy (every element
% written), so with the CUDA engine each frame is uploaded once (x) and downloaded once
% (y, by the encoder); a and b never leave the device.
function [] = __kernel__ add10(x : cube'const, y : cube'nocopy, pos : ivec3)
    y[pos] = x[pos] + 10.0
endfunction

function [] = __kernel__ half(x : cube'const, y : cube'nocopy, pos : ivec3)
    y[pos] = x[pos] * 0.5
endfunction

function [] = __kernel__ neg(x : cube'const, y : cube'nocopy, pos : ivec3)
    y[pos] = 255.0 - x[pos]
endfunction

function y = process(x)
    a = uninit(size(x))
    parallel_do(size(x), x, a, add10)
    b = uninit(size(x))
    parallel_do(size(x), a, b, half)
    y = uninit(size(x))
    parallel_do(size(x), b, y, neg)
endfunction
