% immorphology.q - grey-scale morphology with flat structuring elements.
%
%   imerode(x, mask, center, boundary)    minimum over the structuring element
%   imdilate(x, mask, center, boundary)   maximum over the structuring element
%   imopen(x, mask, center, boundary)     erosion, then dilation by the reflected element
%   imclose(x, mask, center, boundary)    dilation, then erosion by the reflected element
%   imgradient_morph(x, mask)             imdilate - imerode (the morphological gradient)
%   strel_square(r)                       ones(2r+1, 2r+1)
%   strel_disk(r)                         the (2r+1) x (2r+1) mask of (i-r)^2 + (j-r)^2 <= r^2
%
% Conventions (as the spec's morph_filter, 000 "Example"):
% - mask is a mat whose non-zero elements form the element, or a number r for the square
%   (2r+1) x (2r+1) element; center = [row, col] of the mask element on the output pixel,
%   default floor(size(mask) / 2).
% - imerode(x)[i, j]  = min of x[i + m - c0, j + n - c1] over mask[m, n] != 0;
%   imdilate(x)[i, j] = max over the same positions (no reflection of the mask, as in the
%   spec and in the Quasar library; for symmetric masks this is the textbook dilation).
%   imopen and imclose reflect the mask for their second step, so that opening never
%   exceeds x and closing never falls below it, whatever the mask.
% - x is a vec, mat or cube (per channel); the result has its shape. boundary as in
%   imboundary.q, default "mirror" (the spec's morph_filter); with "zero", outside pixels
%   count as 0.
% Square elements run as two separable passes (rows then columns), the 3 x 3 one in one
% pass (on images of even height two output rows a thread, the windows sharing two rows:
% open 3 x 3 of a 1080p frame 4.6-5.7 ms of CPU on one thread, against 7.7 before and
% OpenCV's float32 morphologyEx 7.2-8.1 in the same runs); other masks in one kernel over
% the padded mask. Dilation is -imerode(-x), which the boundary modes respect. The
% minimum is written as selects (v < s ? v : s), which the C compiler vectorizes directly;
% min() in kernels carries NaN rules through double (a NaN in the window is then kept only
% if it is the first value seen).
import "imboundary.q"

function [] = __kernel__ morph_row_r1(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -1..1
        v = sg * x[pos[0], pos[1] + k, pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_col_r1(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -1..1
        v = sg * x[pos[0] + k, pos[1], pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_row_r2(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -2..2
        v = sg * x[pos[0], pos[1] + k, pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_col_r2(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -2..2
        v = sg * x[pos[0] + k, pos[1], pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_row_r3(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -3..3
        v = sg * x[pos[0], pos[1] + k, pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_col_r3(x : cube, y : cube, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -3..3
        v = sg * x[pos[0] + k, pos[1], pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_row_any(x : cube, y : cube, r : int, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -r..r
        v = sg * x[pos[0], pos[1] + k, pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

function [] = __kernel__ morph_col_any(x : cube, y : cube, r : int, sg : scalar, pos : ivec3)
    s = sg * x[pos]
    for k = -r..r
        v = sg * x[pos[0] + k, pos[1], pos[2]]
        s = v < s ? v : s
    endfor
    y[pos] = sg * s
endfunction

% The 3 x 3 square in one pass (9 reads from cache, one pass through memory instead of two):
% erosion and dilation each with its own selects, without the sign flips of sg (which cost
% as much as the selects themselves).
function [] = __kernel__ morph_erode_sq_r1(x : cube, y : cube, pos : ivec3)
    s = x[pos]
    for dy = -1..1
        for dx = -1..1
            v = x[pos[0] + dy, pos[1] + dx, pos[2]]
            s = v < s ? v : s
        endfor
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ morph_dilate_sq_r1(x : cube, y : cube, pos : ivec3)
    s = x[pos]
    for dy = -1..1
        for dx = -1..1
            v = x[pos[0] + dy, pos[1] + dx, pos[2]]
            s = v > s ? v : s
        endfor
    endfor
    y[pos] = s
endfunction

% The 3 x 3 square on images of even height: two output rows a thread, through views that
% put rows 2i and 2i + 1 side by side (x and y (H/2) x 2W x C, the grid (H/2) x W x C, every
% access pos plus a constant or W - 1, W, W + 1: the row loop runs over flattened channels);
% each of the input rows 2i - 1 .. 2i + 2 is reduced over its 3 columns once, and the two
% windows share rows 2i and 2i + 1 (11 selects for two pixels against 16). Rows 0 and H - 1
% and columns 0 and W - 1, where the view's neighbours are not the image's, are written again
% by morph_sq_r1_edge.
function [] = __kernel__ morph_erode_pair(x : cube'clamped, y : cube, W : int, Wm1 : int, Wp1 : int, pos : ivec3)
    a = x[pos[0] - 1, pos[1] + Wm1, pos[2]]
    b = x[pos[0] - 1, pos[1] + W, pos[2]]
    c = x[pos[0] - 1, pos[1] + Wp1, pos[2]]
    t = a < b ? a : b
    r0 = t < c ? t : c
    a = x[pos[0], pos[1] - 1, pos[2]]
    b = x[pos]
    c = x[pos[0], pos[1] + 1, pos[2]]
    t = a < b ? a : b
    r1 = t < c ? t : c
    a = x[pos[0], pos[1] + Wm1, pos[2]]
    b = x[pos[0], pos[1] + W, pos[2]]
    c = x[pos[0], pos[1] + Wp1, pos[2]]
    t = a < b ? a : b
    r2 = t < c ? t : c
    a = x[pos[0] + 1, pos[1] - 1, pos[2]]
    b = x[pos[0] + 1, pos[1], pos[2]]
    c = x[pos[0] + 1, pos[1] + 1, pos[2]]
    t = a < b ? a : b
    r3 = t < c ? t : c
    r12 = r1 < r2 ? r1 : r2
    y[pos] = r0 < r12 ? r0 : r12
    y[pos[0], pos[1] + W, pos[2]] = r3 < r12 ? r3 : r12
endfunction

function [] = __kernel__ morph_dilate_pair(x : cube'clamped, y : cube, W : int, Wm1 : int, Wp1 : int, pos : ivec3)
    a = x[pos[0] - 1, pos[1] + Wm1, pos[2]]
    b = x[pos[0] - 1, pos[1] + W, pos[2]]
    c = x[pos[0] - 1, pos[1] + Wp1, pos[2]]
    t = a > b ? a : b
    r0 = t > c ? t : c
    a = x[pos[0], pos[1] - 1, pos[2]]
    b = x[pos]
    c = x[pos[0], pos[1] + 1, pos[2]]
    t = a > b ? a : b
    r1 = t > c ? t : c
    a = x[pos[0], pos[1] + Wm1, pos[2]]
    b = x[pos[0], pos[1] + W, pos[2]]
    c = x[pos[0], pos[1] + Wp1, pos[2]]
    t = a > b ? a : b
    r2 = t > c ? t : c
    a = x[pos[0] + 1, pos[1] - 1, pos[2]]
    b = x[pos[0] + 1, pos[1], pos[2]]
    c = x[pos[0] + 1, pos[1] + 1, pos[2]]
    t = a > b ? a : b
    r3 = t > c ? t : c
    r12 = r1 > r2 ? r1 : r2
    y[pos] = r0 > r12 ? r0 : r12
    y[pos[0], pos[1] + W, pos[2]] = r3 > r12 ? r3 : r12
endfunction

% The 3 x 3 square at row r0 + pos[0] dr, column c0 + pos[1] dc, through x's boundary mode.
function [] = __kernel__ morph_sq_r1_edge(x : cube, y : cube, sg : scalar, r0 : int, dr : int, c0 : int, dc : int, pos : ivec3)
    i = r0 + pos[0] * dr
    j = c0 + pos[1] * dc
    s = sg * x[i, j, pos[2]]
    for dy = -1..1
        for dx = -1..1
            v = sg * x[i + dy, j + dx, pos[2]]
            s = v < s ? v : s
        endfor
    endfor
    y[i, j, pos[2]] = sg * s
endfunction

% Any mask, padded to (2ry+1) x (2rx+1) around its centre; first is an element inside it.
function [] = __kernel__ morph_mask(x : cube, y : cube, m : mat, ry : int, rx : int, fy : int, fx : int, sg : scalar, pos : ivec3)
    s = sg * x[pos[0] + fy, pos[1] + fx, pos[2]]
    for dy = -ry..ry
        for dx = -rx..rx
            if m[dy + ry, dx + rx] != 0
                v = sg * x[pos[0] + dy, pos[1] + dx, pos[2]]
                s = v < s ? v : s
            endif
        endfor
    endfor
    y[pos] = sg * s
endfunction

function m = strel_square(r)
    m = ones(2 * r + 1, 2 * r + 1)
endfunction

function m = strel_disk(r)
    m = zeros(2 * r + 1, 2 * r + 1)
    for i = 0..2 * r
        for j = 0..2 * r
            m[i, j] = (i - r) * (i - r) + (j - r) * (j - r) <= r * r
        endfor
    endfor
endfunction

% One separable pass of the running minimum over 2r+1 pixels along dim (0 or 1).
function y = morph_pass(xb, r, dim, sg)
    y = im_uninit(size(xb))
    if dim == 1
        match r with
        | 1 -> parallel_do(size(y), xb, y, sg, morph_row_r1)
        | 2 -> parallel_do(size(y), xb, y, sg, morph_row_r2)
        | 3 -> parallel_do(size(y), xb, y, sg, morph_row_r3)
        | _ -> parallel_do(size(y), xb, y, int(r), sg, morph_row_any)
        endmatch
    else
        match r with
        | 1 -> parallel_do(size(y), xb, y, sg, morph_col_r1)
        | 2 -> parallel_do(size(y), xb, y, sg, morph_col_r2)
        | 3 -> parallel_do(size(y), xb, y, sg, morph_col_r3)
        | _ -> parallel_do(size(y), xb, y, int(r), sg, morph_col_any)
        endmatch
    endif
endfunction

% The mask as a mat and its centre (the defaults filled in), checked.
function [m, c] = morph_mask_of(mask, center)
    if numel(mask) == 1
        r = int(mask)
        if r < 0
            error "immorphology: the radius must be 0 or more, not ", mask
        endif
        m = ones(2 * r + 1, 2 * r + 1)
    elseif ndims(mask) <= 1
        m = reshape(mask, [1, numel(mask)])
    else
        m = mask
    endif
    if center[0] < 0 && center[1] < 0
        center = [floor(size(m, 0) / 2), floor(size(m, 1) / 2)]
    endif
    c = [int(center[0]), int(center[1])]
    if c[0] < 0 || c[0] >= size(m, 0) || c[1] < 0 || c[1] >= size(m, 1)
        error "immorphology: center ", center, " lies outside the ", size(m, 0), " x ", size(m, 1), " mask"
    endif
    if sum(m != 0) == 0
        error "immorphology: the structuring element is empty"
    endif
endfunction

function y = imerode(x, mask = 1, center = [-1, -1], boundary = "mirror")
    y = morph_min(x, mask, center, boundary, 1.0)
endfunction

% The minimum of sg x over the element, times sg: erosion for sg = 1, dilation for sg = -1
% (max x = -min(-x)) without negating the image on the host.
function y = morph_min(x, mask, center, boundary, sg)
    imboundary_check(boundary)
    [m, c] = morph_mask_of(mask, center)
    M = size(m, 0)
    N = size(m, 1)
    if ndims(x) <= 1
        x3 = reshape(x, [1, numel(x), 1])
    elseif ndims(x) == 2
        x3 = reshape(x, [size(x, 0), size(x, 1), 1])
    else
        x3 = x
    endif
    ry = max(c[0], M - 1 - c[0])
    rx = max(c[1], N - 1 - c[1])
    if sum(m != 0) == M * N && c[0] * 2 == M - 1 && c[1] * 2 == N - 1
        H = size(x3, 0)
        W = size(x3, 1)
        if ry == 1 && rx == 1 && mod(H, 2) == 0 && H >= 4 && W >= 3
            C = size(x3, 2)
            y3 = im_uninit(size(x3))
            xv = reshape(x3, [H / 2, 2 * W, C])
            yv = reshape(y3, [H / 2, 2 * W, C])
            if sg > 0
                parallel_do([H / 2, W, C], xv, yv, W, W - 1, W + 1, morph_erode_pair)
            else
                parallel_do([H / 2, W, C], xv, yv, W, W - 1, W + 1, morph_dilate_pair)
            endif
            xb = imboundary_mode(x3, boundary)
            parallel_do([2, W, C], xb, y3, sg, 0, H - 1, 0, 1, morph_sq_r1_edge)
            parallel_do([H, 2, C], xb, y3, sg, 0, 1, 0, W - 1, morph_sq_r1_edge)
        elseif ry == 1 && rx == 1
            y3 = im_uninit(size(x3))
            if sg > 0
                parallel_do(size(y3), imboundary_mode(x3, boundary), y3, morph_erode_sq_r1)
            else
                parallel_do(size(y3), imboundary_mode(x3, boundary), y3, morph_dilate_sq_r1)
            endif
        elseif ry == 0 && rx == 0
            y3 = copy(x3)
        else
            y3 = x3
            if ry > 0
                y3 = morph_pass(imboundary_mode(y3, boundary), ry, 0, sg)
            endif
            if rx > 0
                y3 = morph_pass(imboundary_mode(y3, boundary), rx, 1, sg)
            endif
        endif
    else
        mp = zeros(2 * ry + 1, 2 * rx + 1)
        mp[ry - c[0]..ry - c[0] + M - 1, rx - c[1]..rx - c[1] + N - 1] = m
        % an offset inside the element starts the minimum
        fy = 0
        fx = 0
        for i = 0..M - 1
            for j = 0..N - 1
                if m[i, j] != 0
                    fy = int(i - c[0])
                    fx = int(j - c[1])
                endif
            endfor
        endfor
        y3 = im_uninit(size(x3))
        parallel_do(size(y3), imboundary_mode(x3, boundary), y3, mp, int(ry), int(rx), int(fy), int(fx), sg, morph_mask)
    endif
    if ndims(x) <= 2
        y = reshape(y3, size(x))
    else
        y = y3
    endif
endfunction

function y = imdilate(x, mask = 1, center = [-1, -1], boundary = "mirror")
    y = morph_min(x, mask, center, boundary, -1.0)
endfunction

% The reflected element and its centre.
function [mr, cr] = morph_reflect(mask, center)
    [m, c] = morph_mask_of(mask, center)
    M = size(m, 0)
    N = size(m, 1)
    mr = m[M - 1..-1..0, N - 1..-1..0]
    cr = [M - 1 - c[0], N - 1 - c[1]]
endfunction

function y = imopen(x, mask = 1, center = [-1, -1], boundary = "mirror")
    [mr, cr] = morph_reflect(mask, center)
    y = imdilate(imerode(x, mask, center, boundary), mr, cr, boundary)
endfunction

function y = imclose(x, mask = 1, center = [-1, -1], boundary = "mirror")
    [mr, cr] = morph_reflect(mask, center)
    y = imerode(imdilate(x, mask, center, boundary), mr, cr, boundary)
endfunction

function y = imgradient_morph(x, mask = 1, center = [-1, -1], boundary = "mirror")
    y = imdilate(x, mask, center, boundary) - imerode(x, mask, center, boundary)
endfunction
