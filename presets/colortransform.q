% colortransform.q - colour space conversions of images.
%
% Images are H x W x 3 cubes in Quasar's convention: RGB values 0..255 (sRGB-encoded, as
% imread gives them). Each function keeps the other channels' meaning as listed; none
% clips, so a round trip returns its input up to rounding.
%
%   rgb2gray(x)                  H x W mat, luma 0.299 R + 0.587 G + 0.114 B (BT.601), 0..255
%   rgb2ycbcr(x) / ycbcr2rgb(x)  full-range BT.601 (JPEG/JFIF, OpenCV's YCrCb order aside):
%                                Y 0..255, Cb and Cr 0..255 centred on 128
%   rgb2hsv(x) / hsv2rgb(x)      H in degrees 0..360, S 0..1, V 0..255 (V = max(R, G, B))
%   rgb2xyz(x) / xyz2rgb(x)      CIE XYZ of the sRGB primaries, D65, Y of white = 1; the RGB
%                                side is sRGB-encoded 0..255 (linearised inside)
%   rgb2lab(x) / lab2rgb(x)      CIE L*a*b*, D65 white, L 0..100
%   srgb2linear(x) / linear2srgb(x)  the sRGB transfer function on values 0..1 (any array
%                                shape); the aliases sRGB_decode / sRGB_encode are the names
%                                real Quasar code uses
%   colortransform(x, name)      any of the above by name ("rgb2hsv", ...)
%
% Per-pixel kernels over the H x W grid; everything compiles (qpipe exec -v).

% sRGB component (0..1) to linear light and back (IEC 61966-2-1).
srgb_dec = __device__ (c : scalar) -> c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4
srgb_enc = __device__ (c : scalar) -> c <= 0.0031308 ? 12.92 * c : 1.055 * c ^ (1 / 2.4) - 0.055
% CIE Lab's f and its inverse, with delta = 6/29.
lab_f = __device__ (t : scalar) -> t > 0.008856451679035631 ? t ^ (1 / 3) : t / 0.12841854934601665 + 4 / 29
lab_finv = __device__ (t : scalar) -> t > 6 / 29 ? t * t * t : 0.12841854934601665 * (t - 4 / 29)

function [] = __kernel__ ct_gray(x : cube, y : mat, pos : ivec2)
    y[pos] = 0.299 * x[pos[0], pos[1], 0] + 0.587 * x[pos[0], pos[1], 1] + 0.114 * x[pos[0], pos[1], 2]
endfunction

function [] = __kernel__ ct_rgb2ycbcr(x : cube, y : cube, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    y[pos[0], pos[1], 0] = 0.299 * r + 0.587 * g + 0.114 * b
    y[pos[0], pos[1], 1] = 128 - 0.168735891647856 * r - 0.331264108352144 * g + 0.5 * b
    y[pos[0], pos[1], 2] = 128 + 0.5 * r - 0.418687589158345 * g - 0.081312410841655 * b
endfunction

function [] = __kernel__ ct_ycbcr2rgb(x : cube, y : cube, pos : ivec2)
    l = x[pos[0], pos[1], 0]
    cb = x[pos[0], pos[1], 1] - 128
    cr = x[pos[0], pos[1], 2] - 128
    y[pos[0], pos[1], 0] = l + 1.402 * cr
    y[pos[0], pos[1], 1] = l - 0.344136286201022 * cb - 0.714136286201022 * cr
    y[pos[0], pos[1], 2] = l + 1.772 * cb
endfunction

function [] = __kernel__ ct_rgb2hsv(x : cube, y : cube, pos : ivec2)
    r = x[pos[0], pos[1], 0]
    g = x[pos[0], pos[1], 1]
    b = x[pos[0], pos[1], 2]
    v = max(r, max(g, b))
    c = v - min(r, min(g, b))
    h = 0.0
    if c > 0
        if v == r
            h = 60 * (g - b) / c
        elseif v == g
            h = 60 * ((b - r) / c + 2)
        else
            h = 60 * ((r - g) / c + 4)
        endif
        if h < 0
            h += 360
        endif
    endif
    s = 0.0
    if v > 0
        s = c / v
    endif
    y[pos[0], pos[1], 0] = h
    y[pos[0], pos[1], 1] = s
    y[pos[0], pos[1], 2] = v
endfunction

function [] = __kernel__ ct_hsv2rgb(x : cube, y : cube, pos : ivec2)
    h = x[pos[0], pos[1], 0] / 60
    s = x[pos[0], pos[1], 1]
    v = x[pos[0], pos[1], 2]
    h = h - 6 * floor(h / 6)
    c = v * s
    k = floor(h)
    f = h - k
    p = v - c
    q = v - c * f
    t = v - c * (1 - f)
    r = v
    g = t
    b = p
    if k == 1
        r = q
        g = v
        b = p
    elseif k == 2
        r = p
        g = v
        b = t
    elseif k == 3
        r = p
        g = q
        b = v
    elseif k == 4
        r = t
        g = p
        b = v
    elseif k == 5
        r = v
        g = p
        b = q
    endif
    y[pos[0], pos[1], 0] = r
    y[pos[0], pos[1], 1] = g
    y[pos[0], pos[1], 2] = b
endfunction

function [] = __kernel__ ct_rgb2xyz(x : cube, y : cube, lab : int, pos : ivec2)
    r = srgb_dec(x[pos[0], pos[1], 0] / 255)
    g = srgb_dec(x[pos[0], pos[1], 1] / 255)
    b = srgb_dec(x[pos[0], pos[1], 2] / 255)
    cx = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    cy = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    cz = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    if lab != 0
        fx = lab_f(cx / 0.95047)
        fy = lab_f(cy)
        fz = lab_f(cz / 1.08883)
        cx = 116 * fy - 16
        cy = 500 * (fx - fy)
        cz = 200 * (fy - fz)
    endif
    y[pos[0], pos[1], 0] = cx
    y[pos[0], pos[1], 1] = cy
    y[pos[0], pos[1], 2] = cz
endfunction

function [] = __kernel__ ct_xyz2rgb(x : cube, y : cube, lab : int, pos : ivec2)
    cx = x[pos[0], pos[1], 0]
    cy = x[pos[0], pos[1], 1]
    cz = x[pos[0], pos[1], 2]
    if lab != 0
        fy = (cx + 16) / 116
        fx = fy + cy / 500
        fz = fy - cz / 200
        cx = 0.95047 * lab_finv(fx)
        cy = lab_finv(fy)
        cz = 1.08883 * lab_finv(fz)
    endif
    r = 3.2404542 * cx - 1.5371385 * cy - 0.4985314 * cz
    g = -0.9692660 * cx + 1.8760108 * cy + 0.0415560 * cz
    b = 0.0556434 * cx - 0.2040259 * cy + 1.0572252 * cz
    y[pos[0], pos[1], 0] = 255 * srgb_enc(r)
    y[pos[0], pos[1], 1] = 255 * srgb_enc(g)
    y[pos[0], pos[1], 2] = 255 * srgb_enc(b)
endfunction

% Checks that x is an H x W x 3 (or more channels) cube.
function [] = ct_check(x, name)
    if ndims(x) != 3 || size(x, 2) < 3
        error name, ": expects an H x W x 3 image, not an array of size ", size(x)
    endif
endfunction

function y = rgb2gray(x)
    if ndims(x) <= 2
        y = copy(x)
        return
    endif
    ct_check(x, "rgb2gray")
    y = uninit(size(x, 0), size(x, 1))
    parallel_do(size(y), x, y, ct_gray)
endfunction

function y = rgb2ycbcr(x)
    ct_check(x, "rgb2ycbcr")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, ct_rgb2ycbcr)
endfunction

function y = ycbcr2rgb(x)
    ct_check(x, "ycbcr2rgb")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, ct_ycbcr2rgb)
endfunction

function y = rgb2hsv(x)
    ct_check(x, "rgb2hsv")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, ct_rgb2hsv)
endfunction

function y = hsv2rgb(x)
    ct_check(x, "hsv2rgb")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, ct_hsv2rgb)
endfunction

function y = rgb2xyz(x)
    ct_check(x, "rgb2xyz")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, 0, ct_rgb2xyz)
endfunction

function y = xyz2rgb(x)
    ct_check(x, "xyz2rgb")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, 0, ct_xyz2rgb)
endfunction

function y = rgb2lab(x)
    ct_check(x, "rgb2lab")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, 1, ct_rgb2xyz)
endfunction

function y = lab2rgb(x)
    ct_check(x, "lab2rgb")
    y = uninit(size(x, 0), size(x, 1), 3)
    parallel_do(size(y, 0..1), x, y, 1, ct_xyz2rgb)
endfunction

% The sRGB transfer function, whole-array (values 0..1; negative values pass linearly).
function y = srgb2linear(x)
    y = (x <= 0.04045) .* x / 12.92 + (x > 0.04045) .* ((max(x, 0.04045) + 0.055) / 1.055) .^ 2.4
endfunction

function y = linear2srgb(x)
    y = (x <= 0.0031308) .* x * 12.92 + (x > 0.0031308) .* (1.055 * max(x, 0.0031308) .^ (1 / 2.4) - 0.055)
endfunction

sRGB_decode = srgb2linear
sRGB_encode = linear2srgb

function y = colortransform(x, name)
    match name with
    | "rgb2gray" -> y = rgb2gray(x)
    | "rgb2ycbcr" -> y = rgb2ycbcr(x)
    | "ycbcr2rgb" -> y = ycbcr2rgb(x)
    | "rgb2hsv" -> y = rgb2hsv(x)
    | "hsv2rgb" -> y = hsv2rgb(x)
    | "rgb2xyz" -> y = rgb2xyz(x)
    | "xyz2rgb" -> y = xyz2rgb(x)
    | "rgb2lab" -> y = rgb2lab(x)
    | "lab2rgb" -> y = lab2rgb(x)
    | "srgb2linear" -> y = srgb2linear(x)
    | "linear2srgb" -> y = linear2srgb(x)
    | _ -> error "colortransform: unknown colour transform '", name, "'"
    endmatch
endfunction
