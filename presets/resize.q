% resize.q - image resizing (the kernels of imresize.q: separable, height then width, tap
% tables built on the host, fixed-tap kernels for the common cases).
%
% Pixel centres line up as in OpenCV and MATLAB (output pixel o samples the input at
% (o + 0.5) / s - 0.5); shrinking antialiases (the kernel is stretched by 1 / s, so every
% input pixel contributes, as MATLAB's imresize and Pillow do); outside the image the input
% is mirrored. Upscaling with "bilinear" equals OpenCV's resize(INTER_LINEAR) within
% rounding (tests/e2e/e2e_presets.py).
%
% "bicubic" is Keys' cubic with a = -0.75 when shrinking and a = -0.6 when enlarging, not
% MATLAB's a = -0.5 both ways (imresize.q's default; --set a=-0.5 --set a_up=-0.5 gives it):
% on a zone plate -0.75 leaves the least aliasing and the flattest passband of 0.5x (-0.5,
% -0.6, -0.75, -1 tried), and down-up PSNR on natural images is 0.1-0.2 dB above
% libswscale's bicubic (a = -0.6 both ways) where MATLAB's is 0.15-0.2 dB below
% (bench/README.md "Presets (issue 13)").

import "imresize.q"

% Resize. The output size is width x height when both are given, else scale times the
% input size (rounded up); one of width / height alone keeps the aspect ratio.
%   scale   factor when width and height are 0 (default 0.5; range 0.01..16)
%   width   output width in pixels (default 0: from scale or height)
%   height  output height in pixels (default 0: from scale or width)
%   method  "nearest", "bilinear", "bicubic" (default) or "lanczos" (Lanczos-3)
%   a       bicubic: Keys' a of the axes that shrink (default -0.75; range -1..0; -0.5 is
%           MATLAB's, -0.6 libswscale's, -0.75 OpenCV's)
%   a_up    bicubic: Keys' a of the axes that grow (default -0.6; range -1..0)
function y = process(x, scale = 0.5, width = 0, height = 0, method = "bicubic", a = -0.75, a_up = -0.6)
    H = size(x, 0)
    W = size(x, 1)
    if width < 0 || height < 0 || scale <= 0
        error "resize.q: width and height must be 0 or more and scale positive"
    endif
    if a < -1 || a > 0 || a_up < -1 || a_up > 0
        error "resize.q: a and a_up must lie in -1..0"
    endif
    if width > 0 && height > 0
        y = imresize(x, [height, width], method, a, a_up)
    elseif width > 0
        y = imresize(x, [max(1, round(H * width / W)), width], method, a, a_up)
    elseif height > 0
        y = imresize(x, [height, max(1, round(W * height / H))], method, a, a_up)
    else
        y = imresize(x, scale, method, a, a_up)
    endif
endfunction
