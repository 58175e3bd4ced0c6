% sharpen.q - unsharp mask: y = x + amount * (x - blur(x, sigma)), clipped to 0..255.
import "gaussian.q"

function [] = __kernel__ unsharp(x : cube, b : cube, y : cube, amount : scalar, pos : ivec3)
    v = x[pos] + amount * (x[pos] - b[pos])
    y[pos] = min(255.0, max(0.0, v))
endfunction

% Unsharp mask: adds back `amount` times the detail finer than `sigma`.
%   amount  strength (default 0.8; range 0..10; 0 changes nothing)
%   sigma   size of the detail in pixels (default 1.5; range 0..100)
function y = process(x, amount = 0.8, sigma = 1.5)
    b = gaussian_blur(x, sigma)
    y = zeros(size(x))
    parallel_do(size(x), x, b, y, amount, unsharp)
endfunction
