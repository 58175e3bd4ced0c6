% imboundary.q - boundary extension for the image modules (imfilter.q, immedfilt.q,
% immorphology.q, imresize.q) and for programs that extend images themselves.
%
%   imboundary_mode(x, boundary)   x itself (shared, no copy) carrying the access mode of
%                                  `boundary`, so that a kernel whose parameter declares no
%                                  mode reads outside x with that extension
%   imboundary_check(boundary)     an error unless boundary names a mode below
%   impad(x, p, boundary)          x (vec, mat or cube) extended by p = [rows, cols] (or one
%                                  number for both) on every side: size + 2 p
%   imcrop_border(x, p)            the inverse of impad: p rows/cols removed on every side
%   im_uninit(dims)                uninit(dims) that keeps leading singleton dimensions
%                                  (qpipe's zeros(1, N, 3) and uninit(1, N, 3) give N x 3;
%                                  the modules allocate 1-row images through this)
%
% Boundary names (strings, as the image modules take them) and the access modes they map to
% (spec 001; docs/runtime.md "Access modes"):
%   "mirror"    'mirror    half-sample symmetric, the edge repeats: x[-1] = x[0], x[-2] = x[1]
%                          (scipy.ndimage mode 'reflect', OpenCV BORDER_REFLECT)
%   "circular"  'circular  periodic: x[-1] = x[N-1]  (scipy 'wrap', OpenCV BORDER_WRAP)
%   "clamped"   'clamped   the edge value repeats: x[-k] = x[0]  (scipy 'nearest', OpenCV
%                          BORDER_REPLICATE); "replicate" is accepted as a synonym
%   "zero"      'safe      zero outside (scipy 'constant' with cval 0); "safe" is a synonym
% An unknown name is an error that lists these.

function [] = imboundary_check(boundary)
    if !(boundary == "mirror" || boundary == "circular" || boundary == "clamped" ||
         boundary == "replicate" || boundary == "zero" || boundary == "safe")
        error "unknown boundary mode '", boundary, "' (use mirror, circular, clamped or zero)"
    endif
endfunction

function y = imboundary_mode(x, boundary)
    imboundary_check(boundary)
    if ndims(x) <= 1
        if boundary == "mirror"
            v : vec'mirror = x
        elseif boundary == "circular"
            v : vec'circular = x
        elseif boundary == "clamped" || boundary == "replicate"
            v : vec'clamped = x
        else
            v : vec'safe = x
        endif
        y = v
    elseif ndims(x) == 2
        if boundary == "mirror"
            m : mat'mirror = x
        elseif boundary == "circular"
            m : mat'circular = x
        elseif boundary == "clamped" || boundary == "replicate"
            m : mat'clamped = x
        else
            m : mat'safe = x
        endif
        y = m
    else
        if boundary == "mirror"
            c : cube'mirror = x
        elseif boundary == "circular"
            c : cube'circular = x
        elseif boundary == "clamped" || boundary == "replicate"
            c : cube'clamped = x
        else
            c : cube'safe = x
        endif
        y = c
    endif
endfunction

function y = im_uninit(dims)
    y = reshape(uninit(prod(dims)), dims)
endfunction

% One element of the padded image: the source read through its access mode.
function [] = __kernel__ impad_kernel(x : cube, y : cube, py : int, px : int, pos : ivec3)
    y[pos] = x[pos[0] - py, pos[1] - px, pos[2]]
endfunction

function y = impad(x, p, boundary = "mirror")
    if numel(p) == 1
        p = [p, p]
    endif
    s = size(x)
    h = size(x, 0)
    w = size(x, 1)
    c = size(x, 2)
    if ndims(x) <= 1
        h = 1
        w = numel(x)
    endif
    x3 = imboundary_mode(reshape(x, [h, w, c]), boundary)
    y = im_uninit([h + 2 * p[0], w + 2 * p[1], c])
    parallel_do(size(y), x3, y, int(p[0]), int(p[1]), impad_kernel)
    if ndims(x) == 2
        y = reshape(y, [h + 2 * p[0], w + 2 * p[1]])
    endif
endfunction

function y = imcrop_border(x, p)
    if numel(p) == 1
        p = [p, p]
    endif
    if ndims(x) == 2
        y = x[p[0]..size(x, 0) - 1 - p[0], p[1]..size(x, 1) - 1 - p[1]]
    else
        y = x[p[0]..size(x, 0) - 1 - p[0], p[1]..size(x, 1) - 1 - p[1], :]
    endif
endfunction
