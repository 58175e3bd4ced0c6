% morph.q - grey-scale morphology with a square or disk structuring element, each channel
% on its own (the kernels of immorphology.q: square elements as two separable min/max
% passes, other masks in one kernel).
%
% With a square element the result equals OpenCV's erode / dilate / morphologyEx with a
% (2r+1) x (2r+1) rectangle exactly on 8-bit images (tests/e2e/e2e_presets.py): min and max
% over a window that contains its centre are the same for every boundary that repeats
% pixels of the window, and OpenCV's default border ignores what is outside.
import "immorphology.q"

% Morphology: erode (minimum), dilate (maximum), open (erode then dilate: removes bright
% specks smaller than the element), close (dilate then erode: fills dark gaps), gradient
% (dilate - erode: outlines).
%   op      "erode", "dilate", "open", "close" or "gradient" (default "open")
%   radius  element radius r in pixels: (2r+1) x (2r+1) (default 1; range 0..31)
%   shape   "square" (default) or "disk"
function y = process(x, op = "open", radius = 1, shape = "square")
    if radius < 0 || radius != floor(radius)
        error "morph.q: radius must be a whole number 0 or more, not ", radius
    endif
    m = radius
    if shape == "disk"
        m = strel_disk(radius)
    elseif shape != "square"
        error "morph.q: shape must be square or disk, not ", shape
    endif
    if op == "erode"
        y = imerode(x, m, [-1, -1], "clamped")
    elseif op == "dilate"
        y = imdilate(x, m, [-1, -1], "clamped")
    elseif op == "open"
        y = imopen(x, m, [-1, -1], "clamped")
    elseif op == "close"
        y = imclose(x, m, [-1, -1], "clamped")
    elseif op == "gradient"
        y = imgradient_morph(x, m, [-1, -1], "clamped")
    else
        error "morph.q: op must be erode, dilate, open, close or gradient, not ", op
    endif
endfunction
