% immedfilt.q - median filters.
%
%   immedfilt(x, r, boundary)   the median of the (2r+1) x (2r+1) window around each pixel,
%                               each channel on its own; r a number or [ry, rx] (a
%                               (2ry+1) x (2rx+1) window); boundary default "mirror"
%   immedfilt3(x, boundary)     immedfilt(x, 1): 3 x 3
%   immedfilt5(x, boundary)     immedfilt(x, 2): 5 x 5
%
% x is a vec, mat or cube (H x W x C); the result has its shape. Boundary names as in
% imboundary.q ("mirror", "circular", "clamped", "zero"); with "mirror" the result equals
% scipy.ndimage.median_filter(x, size, mode="reflect") per channel.
%
% How it is fast: 3 x 3 and 5 x 5 windows load their 9 or 25 values into locals and select
% branch-free with selects a < b ? a : b (not min/max, whose NaN rules cost a double
% conversion; the C compiler makes each select one vector min or max), so the kernel
% compiler vectorizes them over the pixels of a row. 3 x 3: each column of 3 is sorted
% (6 selects), and the median of the nine is the median of three: the largest of the column
% minima, the median of the column medians, the smallest of the column maxima (30 selects,
% against 40 for the pruned sorting network it replaced). Images of even height (4 rows or
% more) take immedfilt_r1_pair instead: two output rows a thread through views that put
% rows 2i and 2i + 1 side by side, each input row sorted once over its 3 columns and the
% two windows sharing two of their rows (22 selects a pixel); its edge rows and columns are
% written again by the one-row kernel. CPU time of a 1080p frame, one thread: 5.4-6.3 ms
% (network), 3.9-5.6 (column sorts), 3.8-4.3 (pairs); OpenCV's medianBlur(3) on float32
% 4.6-5.0 in the same runs. 5 x 5: Batcher's odd-even merge sort pruned to the
% comparators the middle output depends on (113). Other windows collect the window per
% pixel and select the middle element with a partial selection sort (compiled, O(n^2 / 2)
% compares). (A histogram method for 8-bit data is not there: the networks already run at
% memory speed for the sizes real code uses.)
import "imboundary.q"

function [] = __kernel__ immedfilt_r1(x : cube, y : cube, pos : ivec3)
    % each column of 3 sorted (lo <= mid <= hi), then the median of the nine is the median
    % of (the largest lo, the median of the mids, the smallest hi)
    a = x[pos[0] - 1, pos[1] - 1, pos[2]]
    b = x[pos[0] + 0, pos[1] - 1, pos[2]]
    c = x[pos[0] + 1, pos[1] - 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo0 = p < c ? p : c
    hi0 = q < c ? c : q
    t = q < c ? q : c
    md0 = p < t ? t : p
    a = x[pos[0] - 1, pos[1] + 0, pos[2]]
    b = x[pos[0] + 0, pos[1] + 0, pos[2]]
    c = x[pos[0] + 1, pos[1] + 0, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo1 = p < c ? p : c
    hi1 = q < c ? c : q
    t = q < c ? q : c
    md1 = p < t ? t : p
    a = x[pos[0] - 1, pos[1] + 1, pos[2]]
    b = x[pos[0] + 0, pos[1] + 1, pos[2]]
    c = x[pos[0] + 1, pos[1] + 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo2 = p < c ? p : c
    hi2 = q < c ? c : q
    t = q < c ? q : c
    md2 = p < t ? t : p
    % the largest lo, the smallest hi, the median of the mids
    lo = lo0 < lo1 ? lo1 : lo0
    lo = lo < lo2 ? lo2 : lo
    hi = hi0 < hi1 ? hi0 : hi1
    hi = hi < hi2 ? hi : hi2
    p = md0 < md1 ? md0 : md1
    q = md0 < md1 ? md1 : md0
    t = q < md2 ? q : md2
    md = p < t ? t : p
    % the median of the three
    p = lo < md ? lo : md
    q = lo < md ? md : lo
    t = q < hi ? q : hi
    y[pos] = p < t ? t : p
endfunction

% Two output rows at once (rows 2i and 2i + 1, through views that put rows 2i and 2i + 1
% side by side: x and y are (H/2) x 2W x C, grid (H/2) x W x C, so every access is pos plus a
% constant or W - 1, W, W + 1 and the row loop runs over flattened channels). Each of the
% four input rows 2i - 1 .. 2i + 2 is sorted once over its 3 columns (lo <= md <= hi), and
% the two windows share rows 2i and 2i + 1: the largest lo, the smallest hi and the median
% of the mds of both windows start from the pair's (44 selects for two pixels, 22 a pixel
% against 30). Rows 0 and H - 1 and columns 0 and W - 1 (where the view's neighbours are not
% the image's) are written again by immedfilt_r1_edge.
function [] = __kernel__ immedfilt_r1_pair(x : cube'clamped, y : cube, W : int, Wm1 : int, Wp1 : int, pos : ivec3)
    a = x[pos[0] - 1, pos[1] + Wm1, pos[2]]
    b = x[pos[0] - 1, pos[1] + W, pos[2]]
    c = x[pos[0] - 1, pos[1] + Wp1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo0 = p < c ? p : c
    hi0 = q < c ? c : q
    t = q < c ? q : c
    md0 = p < t ? t : p
    a = x[pos[0], pos[1] - 1, pos[2]]
    b = x[pos]
    c = x[pos[0], pos[1] + 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo1 = p < c ? p : c
    hi1 = q < c ? c : q
    t = q < c ? q : c
    md1 = p < t ? t : p
    a = x[pos[0], pos[1] + Wm1, pos[2]]
    b = x[pos[0], pos[1] + W, pos[2]]
    c = x[pos[0], pos[1] + Wp1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo2 = p < c ? p : c
    hi2 = q < c ? c : q
    t = q < c ? q : c
    md2 = p < t ? t : p
    a = x[pos[0] + 1, pos[1] - 1, pos[2]]
    b = x[pos[0] + 1, pos[1], pos[2]]
    c = x[pos[0] + 1, pos[1] + 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo3 = p < c ? p : c
    hi3 = q < c ? c : q
    t = q < c ? q : c
    md3 = p < t ? t : p
    % the top window has rows 0, 1, 2, the bottom one rows 1, 2, 3
    l12 = lo1 < lo2 ? lo2 : lo1
    h12 = hi1 < hi2 ? hi1 : hi2
    p12 = md1 < md2 ? md1 : md2
    q12 = md1 < md2 ? md2 : md1
    lo = lo0 < l12 ? l12 : lo0
    hi = hi0 < h12 ? hi0 : h12
    t = q12 < md0 ? q12 : md0
    md = p12 < t ? t : p12
    p = lo < md ? lo : md
    q = lo < md ? md : lo
    t = q < hi ? q : hi
    y[pos] = p < t ? t : p
    lo = lo3 < l12 ? l12 : lo3
    hi = hi3 < h12 ? hi3 : h12
    t = q12 < md3 ? q12 : md3
    md = p12 < t ? t : p12
    p = lo < md ? lo : md
    q = lo < md ? md : lo
    t = q < hi ? q : hi
    y[pos[0], pos[1] + W, pos[2]] = p < t ? t : p
endfunction

% immedfilt_r1 at row r0 + pos[0] dr, column c0 + pos[1] dc (the edges of the pair path).
function [] = __kernel__ immedfilt_r1_edge(x : cube, y : cube, r0 : int, dr : int, c0 : int, dc : int, pos : ivec3)
    i = r0 + pos[0] * dr
    j = c0 + pos[1] * dc
    a = x[i - 1, j - 1, pos[2]]
    b = x[i + 0, j - 1, pos[2]]
    c = x[i + 1, j - 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo0 = p < c ? p : c
    hi0 = q < c ? c : q
    t = q < c ? q : c
    md0 = p < t ? t : p
    a = x[i - 1, j + 0, pos[2]]
    b = x[i + 0, j + 0, pos[2]]
    c = x[i + 1, j + 0, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo1 = p < c ? p : c
    hi1 = q < c ? c : q
    t = q < c ? q : c
    md1 = p < t ? t : p
    a = x[i - 1, j + 1, pos[2]]
    b = x[i + 0, j + 1, pos[2]]
    c = x[i + 1, j + 1, pos[2]]
    p = a < b ? a : b
    q = a < b ? b : a
    lo2 = p < c ? p : c
    hi2 = q < c ? c : q
    t = q < c ? q : c
    md2 = p < t ? t : p
    % the largest lo, the smallest hi, the median of the mids
    lo = lo0 < lo1 ? lo1 : lo0
    lo = lo < lo2 ? lo2 : lo
    hi = hi0 < hi1 ? hi0 : hi1
    hi = hi < hi2 ? hi : hi2
    p = md0 < md1 ? md0 : md1
    q = md0 < md1 ? md1 : md0
    t = q < md2 ? q : md2
    md = p < t ? t : p
    % the median of the three
    p = lo < md ? lo : md
    q = lo < md ? md : lo
    t = q < hi ? q : hi
    y[i, j, pos[2]] = p < t ? t : p
endfunction

function [] = __kernel__ immedfilt_r2(x : cube, y : cube, pos : ivec3)
    v0 = x[pos[0] - 2, pos[1] - 2, pos[2]]
    v1 = x[pos[0] - 2, pos[1] - 1, pos[2]]
    v2 = x[pos[0] - 2, pos[1] + 0, pos[2]]
    v3 = x[pos[0] - 2, pos[1] + 1, pos[2]]
    v4 = x[pos[0] - 2, pos[1] + 2, pos[2]]
    v5 = x[pos[0] - 1, pos[1] - 2, pos[2]]
    v6 = x[pos[0] - 1, pos[1] - 1, pos[2]]
    v7 = x[pos[0] - 1, pos[1] + 0, pos[2]]
    v8 = x[pos[0] - 1, pos[1] + 1, pos[2]]
    v9 = x[pos[0] - 1, pos[1] + 2, pos[2]]
    v10 = x[pos[0] + 0, pos[1] - 2, pos[2]]
    v11 = x[pos[0] + 0, pos[1] - 1, pos[2]]
    v12 = x[pos[0] + 0, pos[1] + 0, pos[2]]
    v13 = x[pos[0] + 0, pos[1] + 1, pos[2]]
    v14 = x[pos[0] + 0, pos[1] + 2, pos[2]]
    v15 = x[pos[0] + 1, pos[1] - 2, pos[2]]
    v16 = x[pos[0] + 1, pos[1] - 1, pos[2]]
    v17 = x[pos[0] + 1, pos[1] + 0, pos[2]]
    v18 = x[pos[0] + 1, pos[1] + 1, pos[2]]
    v19 = x[pos[0] + 1, pos[1] + 2, pos[2]]
    v20 = x[pos[0] + 2, pos[1] - 2, pos[2]]
    v21 = x[pos[0] + 2, pos[1] - 1, pos[2]]
    v22 = x[pos[0] + 2, pos[1] + 0, pos[2]]
    v23 = x[pos[0] + 2, pos[1] + 1, pos[2]]
    v24 = x[pos[0] + 2, pos[1] + 2, pos[2]]
    t = v0 < v1 ? v0 : v1; v1 = v0 < v1 ? v1 : v0; v0 = t
    t = v2 < v3 ? v2 : v3; v3 = v2 < v3 ? v3 : v2; v2 = t
    t = v4 < v5 ? v4 : v5; v5 = v4 < v5 ? v5 : v4; v4 = t
    t = v6 < v7 ? v6 : v7; v7 = v6 < v7 ? v7 : v6; v6 = t
    t = v8 < v9 ? v8 : v9; v9 = v8 < v9 ? v9 : v8; v8 = t
    t = v10 < v11 ? v10 : v11; v11 = v10 < v11 ? v11 : v10; v10 = t
    t = v12 < v13 ? v12 : v13; v13 = v12 < v13 ? v13 : v12; v12 = t
    t = v14 < v15 ? v14 : v15; v15 = v14 < v15 ? v15 : v14; v14 = t
    t = v16 < v17 ? v16 : v17; v17 = v16 < v17 ? v17 : v16; v16 = t
    t = v18 < v19 ? v18 : v19; v19 = v18 < v19 ? v19 : v18; v18 = t
    t = v20 < v21 ? v20 : v21; v21 = v20 < v21 ? v21 : v20; v20 = t
    t = v22 < v23 ? v22 : v23; v23 = v22 < v23 ? v23 : v22; v22 = t
    t = v0 < v2 ? v0 : v2; v2 = v0 < v2 ? v2 : v0; v0 = t
    t = v1 < v3 ? v1 : v3; v3 = v1 < v3 ? v3 : v1; v1 = t
    t = v4 < v6 ? v4 : v6; v6 = v4 < v6 ? v6 : v4; v4 = t
    t = v5 < v7 ? v5 : v7; v7 = v5 < v7 ? v7 : v5; v5 = t
    t = v8 < v10 ? v8 : v10; v10 = v8 < v10 ? v10 : v8; v8 = t
    t = v9 < v11 ? v9 : v11; v11 = v9 < v11 ? v11 : v9; v9 = t
    t = v12 < v14 ? v12 : v14; v14 = v12 < v14 ? v14 : v12; v12 = t
    t = v13 < v15 ? v13 : v15; v15 = v13 < v15 ? v15 : v13; v13 = t
    t = v16 < v18 ? v16 : v18; v18 = v16 < v18 ? v18 : v16; v16 = t
    t = v17 < v19 ? v17 : v19; v19 = v17 < v19 ? v19 : v17; v17 = t
    t = v20 < v22 ? v20 : v22; v22 = v20 < v22 ? v22 : v20; v20 = t
    t = v21 < v23 ? v21 : v23; v23 = v21 < v23 ? v23 : v21; v21 = t
    t = v1 < v2 ? v1 : v2; v2 = v1 < v2 ? v2 : v1; v1 = t
    t = v5 < v6 ? v5 : v6; v6 = v5 < v6 ? v6 : v5; v5 = t
    t = v9 < v10 ? v9 : v10; v10 = v9 < v10 ? v10 : v9; v9 = t
    t = v13 < v14 ? v13 : v14; v14 = v13 < v14 ? v14 : v13; v13 = t
    t = v17 < v18 ? v17 : v18; v18 = v17 < v18 ? v18 : v17; v17 = t
    t = v21 < v22 ? v21 : v22; v22 = v21 < v22 ? v22 : v21; v21 = t
    t = v0 < v4 ? v0 : v4; v4 = v0 < v4 ? v4 : v0; v0 = t
    t = v1 < v5 ? v1 : v5; v5 = v1 < v5 ? v5 : v1; v1 = t
    t = v2 < v6 ? v2 : v6; v6 = v2 < v6 ? v6 : v2; v2 = t
    t = v3 < v7 ? v3 : v7; v7 = v3 < v7 ? v7 : v3; v3 = t
    t = v8 < v12 ? v8 : v12; v12 = v8 < v12 ? v12 : v8; v8 = t
    t = v9 < v13 ? v9 : v13; v13 = v9 < v13 ? v13 : v9; v9 = t
    t = v10 < v14 ? v10 : v14; v14 = v10 < v14 ? v14 : v10; v10 = t
    t = v11 < v15 ? v11 : v15; v15 = v11 < v15 ? v15 : v11; v11 = t
    t = v16 < v20 ? v16 : v20; v20 = v16 < v20 ? v20 : v16; v16 = t
    t = v17 < v21 ? v17 : v21; v21 = v17 < v21 ? v21 : v17; v17 = t
    t = v18 < v22 ? v18 : v22; v22 = v18 < v22 ? v22 : v18; v18 = t
    t = v19 < v23 ? v19 : v23; v23 = v19 < v23 ? v23 : v19; v19 = t
    t = v2 < v4 ? v2 : v4; v4 = v2 < v4 ? v4 : v2; v2 = t
    t = v3 < v5 ? v3 : v5; v5 = v3 < v5 ? v5 : v3; v3 = t
    t = v10 < v12 ? v10 : v12; v12 = v10 < v12 ? v12 : v10; v10 = t
    t = v11 < v13 ? v11 : v13; v13 = v11 < v13 ? v13 : v11; v11 = t
    t = v18 < v20 ? v18 : v20; v20 = v18 < v20 ? v20 : v18; v18 = t
    t = v19 < v21 ? v19 : v21; v21 = v19 < v21 ? v21 : v19; v19 = t
    t = v1 < v2 ? v1 : v2; v2 = v1 < v2 ? v2 : v1; v1 = t
    t = v3 < v4 ? v3 : v4; v4 = v3 < v4 ? v4 : v3; v3 = t
    t = v5 < v6 ? v5 : v6; v6 = v5 < v6 ? v6 : v5; v5 = t
    t = v9 < v10 ? v9 : v10; v10 = v9 < v10 ? v10 : v9; v9 = t
    t = v11 < v12 ? v11 : v12; v12 = v11 < v12 ? v12 : v11; v11 = t
    t = v13 < v14 ? v13 : v14; v14 = v13 < v14 ? v14 : v13; v13 = t
    t = v17 < v18 ? v17 : v18; v18 = v17 < v18 ? v18 : v17; v17 = t
    t = v19 < v20 ? v19 : v20; v20 = v19 < v20 ? v20 : v19; v19 = t
    t = v21 < v22 ? v21 : v22; v22 = v21 < v22 ? v22 : v21; v21 = t
    t = v0 < v8 ? v0 : v8; v8 = v0 < v8 ? v8 : v0; v0 = t
    t = v1 < v9 ? v1 : v9; v9 = v1 < v9 ? v9 : v1; v1 = t
    t = v2 < v10 ? v2 : v10; v10 = v2 < v10 ? v10 : v2; v2 = t
    t = v3 < v11 ? v3 : v11; v11 = v3 < v11 ? v11 : v3; v3 = t
    t = v4 < v12 ? v4 : v12; v12 = v4 < v12 ? v12 : v4; v4 = t
    t = v5 < v13 ? v5 : v13; v13 = v5 < v13 ? v13 : v5; v5 = t
    t = v6 < v14 ? v6 : v14; v14 = v6 < v14 ? v14 : v6; v6 = t
    v7 = v7 < v15 ? v7 : v15
    t = v16 < v24 ? v16 : v24; v24 = v16 < v24 ? v24 : v16; v16 = t
    t = v4 < v8 ? v4 : v8; v8 = v4 < v8 ? v8 : v4; v4 = t
    t = v5 < v9 ? v5 : v9; v9 = v5 < v9 ? v9 : v5; v5 = t
    t = v6 < v10 ? v6 : v10; v10 = v6 < v10 ? v10 : v6; v6 = t
    t = v7 < v11 ? v7 : v11; v11 = v7 < v11 ? v11 : v7; v7 = t
    t = v20 < v24 ? v20 : v24; v24 = v20 < v24 ? v24 : v20; v20 = t
    t = v2 < v4 ? v2 : v4; v4 = v2 < v4 ? v4 : v2; v2 = t
    t = v3 < v5 ? v3 : v5; v5 = v3 < v5 ? v5 : v3; v3 = t
    t = v6 < v8 ? v6 : v8; v8 = v6 < v8 ? v8 : v6; v6 = t
    t = v7 < v9 ? v7 : v9; v9 = v7 < v9 ? v9 : v7; v7 = t
    t = v10 < v12 ? v10 : v12; v12 = v10 < v12 ? v12 : v10; v10 = t
    t = v11 < v13 ? v11 : v13; v13 = v11 < v13 ? v13 : v11; v11 = t
    t = v18 < v20 ? v18 : v20; v20 = v18 < v20 ? v20 : v18; v18 = t
    t = v19 < v21 ? v19 : v21; v21 = v19 < v21 ? v21 : v19; v19 = t
    t = v22 < v24 ? v22 : v24; v24 = v22 < v24 ? v24 : v22; v22 = t
    t = v1 < v2 ? v1 : v2; v2 = v1 < v2 ? v2 : v1; v1 = t
    t = v3 < v4 ? v3 : v4; v4 = v3 < v4 ? v4 : v3; v3 = t
    t = v5 < v6 ? v5 : v6; v6 = v5 < v6 ? v6 : v5; v5 = t
    t = v7 < v8 ? v7 : v8; v8 = v7 < v8 ? v8 : v7; v7 = t
    t = v9 < v10 ? v9 : v10; v10 = v9 < v10 ? v10 : v9; v9 = t
    t = v11 < v12 ? v11 : v12; v12 = v11 < v12 ? v12 : v11; v11 = t
    v13 = v13 < v14 ? v13 : v14
    t = v17 < v18 ? v17 : v18; v18 = v17 < v18 ? v18 : v17; v17 = t
    t = v19 < v20 ? v19 : v20; v20 = v19 < v20 ? v20 : v19; v19 = t
    t = v21 < v22 ? v21 : v22; v22 = v21 < v22 ? v22 : v21; v21 = t
    t = v23 < v24 ? v23 : v24; v24 = v23 < v24 ? v24 : v23; v23 = t
    v16 = v0 < v16 ? v16 : v0
    v17 = v1 < v17 ? v17 : v1
    v18 = v2 < v18 ? v18 : v2
    v19 = v3 < v19 ? v19 : v3
    v20 = v4 < v20 ? v20 : v4
    v21 = v5 < v21 ? v21 : v5
    v6 = v6 < v22 ? v6 : v22
    v7 = v7 < v23 ? v7 : v23
    v8 = v8 < v24 ? v8 : v24
    v16 = v8 < v16 ? v16 : v8
    v17 = v9 < v17 ? v17 : v9
    v10 = v10 < v18 ? v10 : v18
    v11 = v11 < v19 ? v11 : v19
    v12 = v12 < v20 ? v12 : v20
    v13 = v13 < v21 ? v13 : v21
    v10 = v6 < v10 ? v10 : v6
    v11 = v7 < v11 ? v11 : v7
    v12 = v12 < v16 ? v12 : v16
    v13 = v13 < v17 ? v13 : v17
    v12 = v10 < v12 ? v12 : v10
    v11 = v11 < v13 ? v11 : v13
    v12 = v11 < v12 ? v12 : v11
    y[pos] = v12
endfunction

% Any window: the (2ry+1) x (2rx+1) values, then selection of the middle one.
function [] = __kernel__ immedfilt_any(x : cube, y : cube, ry : int, rx : int, pos : ivec3)
    n = (2 * ry + 1) * (2 * rx + 1)
    w = zeros(n)
    k = 0
    for dy = -ry..ry
        for dx = -rx..rx
            w[k] = x[pos[0] + dy, pos[1] + dx, pos[2]]
            k += 1
        endfor
    endfor
    h = int(n / 2)
    for i = 0..h
        m = i
        for j = i + 1..n - 1
            if w[j] < w[m]
                m = j
            endif
        endfor
        t = w[i]
        w[i] = w[m]
        w[m] = t
    endfor
    y[pos] = w[h]
endfunction

function y = immedfilt(x, r = 1, boundary = "mirror")
    imboundary_check(boundary)
    if numel(r) == 1
        r = [r, r]
    endif
    ry = int(r[0])
    rx = int(r[1])
    if ry < 0 || rx < 0
        error "immedfilt: the radius must be 0 or more, not ", r
    endif
    if ndims(x) <= 1
        x3 = reshape(x, [1, numel(x), 1])
    elseif ndims(x) == 2
        x3 = reshape(x, [size(x, 0), size(x, 1), 1])
    else
        x3 = x
    endif
    xb = imboundary_mode(x3, boundary)
    y3 = im_uninit(size(x3))
    H = size(x3, 0)
    W = size(x3, 1)
    if ry == 1 && rx == 1 && mod(H, 2) == 0 && H >= 4 && W >= 3
        C = size(x3, 2)
        y2 = reshape(y3, [H / 2, 2 * W, C])
        parallel_do([H / 2, W, C], reshape(x3, [H / 2, 2 * W, C]), y2, W, W - 1, W + 1, immedfilt_r1_pair)
        parallel_do([2, W, C], xb, y3, 0, H - 1, 0, 1, immedfilt_r1_edge)
        parallel_do([H, 2, C], xb, y3, 0, 1, 0, W - 1, immedfilt_r1_edge)
    elseif ry == 1 && rx == 1
        parallel_do(size(y3), xb, y3, immedfilt_r1)
    elseif ry == 2 && rx == 2
        parallel_do(size(y3), xb, y3, immedfilt_r2)
    else
        parallel_do(size(y3), xb, y3, ry, rx, immedfilt_any)
    endif
    if ndims(x) <= 2
        y = reshape(y3, size(x))
    else
        y = y3
    endif
endfunction

function y = immedfilt3(x, boundary = "mirror")
    y = immedfilt(x, 1, boundary)
endfunction

function y = immedfilt5(x, boundary = "mirror")
    y = immedfilt(x, 2, boundary)
endfunction
