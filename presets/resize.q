% resize.q - image resizing (the kernels of imresize.q: separable, height then width, tap
% tables built on the host, fixed-tap kernels for the common cases).
%
% Pixel centres line up as in OpenCV and MATLAB (output pixel o samples the input at
% (o + 0.5) / s - 0.5); shrinking antialiases (the kernel is stretched by 1 / s, so every
% input pixel contributes, as MATLAB's imresize and Pillow do); outside the image the input
% is mirrored. Upscaling with "bilinear" equals OpenCV's resize(INTER_LINEAR) within
% rounding (tests/e2e/e2e_presets.py).

import "imresize.q"

% Resize. The output size is width x height when both are given, else scale times the
% input size (rounded up); one of width / height alone keeps the aspect ratio.
%   scale   factor when width and height are 0 (default 0.5; range 0.01..16)
%   width   output width in pixels (default 0: from scale or height)
%   height  output height in pixels (default 0: from scale or width)
%   method  "nearest", "bilinear", "bicubic" (Keys a = -0.5, default) or "lanczos"
%           (Lanczos-3)
function y = process(x, scale = 0.5, width = 0, height = 0, method = "bicubic")
    H = size(x, 0)
    W = size(x, 1)
    if width < 0 || height < 0 || scale <= 0
        error "resize.q: width and height must be 0 or more and scale positive"
    endif
    if width > 0 && height > 0
        y = imresize(x, [height, width], method)
    elseif width > 0
        y = imresize(x, [max(1, round(H * width / W)), width], method)
    elseif height > 0
        y = imresize(x, [height, max(1, round(W * height / H))], method)
    else
        y = imresize(x, scale, method)
    endif
endfunction
