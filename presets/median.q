% median.q - median filter, each channel on its own (the kernels of immedfilt.q: sorted
% columns shared by two output rows for 3x3, a selection network for 5x5, compiled and
% vectorised over a row; larger windows select from the window per pixel).
%
% With the default "clamped" boundary the result equals OpenCV's medianBlur(x, 2r+1)
% (BORDER_REPLICATE) exactly on 8-bit images (tests/e2e/e2e_presets.py).
import "immedfilt.q"

% Median filter: the median of the (2r+1) x (2r+1) window around each pixel, per channel.
% Removes salt-and-pepper noise and small specks while keeping edges.
%   radius    window radius r in pixels (default 1: 3x3; 2: 5x5; range 0..15)
%   boundary  outside the image: "clamped" (edge repeats, default), "mirror", "circular"
%             or "zero"
function y = process(x, radius = 1, boundary = "clamped")
    if radius < 0 || radius != floor(radius)
        error "median.q: radius must be a whole number 0 or more, not ", radius
    endif
    y = immedfilt(x, radius, boundary)
endfunction
