#!/usr/bin/env python3
"""tests/e2e/e2e_presets.py - the image presets of issue 13 against independent references.

Each check runs `qpipe run presets/X.q` on a PNG still and compares the 8-bit result with
what OpenCV, NumPy or FFmpeg computes from the same input (never with qpipe's own output):

- sharpen.q unsharp   OpenCV GaussianBlur (same sigma and radius, BORDER_REPLICATE) then
                      x + amount (x - blur), clipped: every value within 1 (rounding)
- sharpen.q cas       FFmpeg's cas filter on gbrp (its own output): within 1 (FFmpeg
                      truncates where qpipe rounds)
- median.q            OpenCV medianBlur 3 and 5 on salt-and-pepper noise: identical
- morph.q             OpenCV erode (5x5 rectangle) and morphologyEx open/close (3x3): identical
- resize.q            2x bilinear upscale vs OpenCV resize INTER_LINEAR: within 1;
                      antialiased 0.5x bilinear vs NumPy's [1, 3, 3, 1] / 8 triangle taps
                      with the edge pixel mirrored: within 1; bicubic 2x and 0.5x vs Keys'
                      cubic in NumPy (the preset's a = -0.6 growing, -0.75 shrinking, the
                      kernel stretched; and MATLAB's a = -0.5 with --set a=-0.5 a_up=-0.5):
                      within 1; 2x bicubic vs OpenCV INTER_CUBIC (a = -0.75): at most 24
                      apart, 0.4 on average (away from the edges, which OpenCV replicates);
                      a outside -1..0: exit 64, no output
- color.q             input and output levels vs FFmpeg's colorlevels (within 1; FFmpeg
                      extrapolates outside [black, white] where color.q clamps, so each is
                      checked alone, where the two agree); colour matrix vs colorchannelmixer
                      (within 2: FFmpeg rounds each product); white balance, gamma, curve and
                      saturation vs the formulas in NumPy (within 1); matrix, clip and
                      saturation with levels and curve at their defaults, where no table is
                      read, on a float cube (CSV in and out) vs NumPy within 0.001 (the
                      table's nearest sample would be up to 0.0125 off)
- deband.q            a gradient banded in 6-level steps (NumPy) comes 3 dB closer to the
                      smooth gradient (PSNR), an object's sharp edges stay
- fft_filter.q        lowpass and notch vs NumPy's fft2 / ifft2 with the same masks (within
                      1); the notch takes 90% of stripes of 0.25 cycles/pixel off the still
- lut3d.q             a 17^3 .cube table vs FFmpeg's lut3d interp=trilinear (within 1); no
                      file: exit 65 and no output

OpenCV and NumPy are Debian's python3-opencv and python3-numpy (scripts/deps.sh), which live
in /usr/bin/python3: when the interpreter running this script lacks them, it re-runs itself
there. About 5 s on two cores.
"""

import os
import sys

try:
    import cv2
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and not os.environ.get("QPIPE_E2E_SYSTEM_PYTHON"):
        os.environ["QPIPE_E2E_SYSTEM_PYTHON"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("not ok presets: OpenCV and NumPy for Python are missing (sh scripts/deps.sh: python3-opencv)")
    sys.exit(1)

from harness import *  # noqa: F401,F403 - check, qpipe, ffmpeg, out, MEDIA, expect_code
from harness import main

_still = {}


def still():
    """A 320x180 RGB still: frame 10 of the clean test clip (shapes, bars, text)."""
    if "clean" not in _still:
        path = out("still.png")
        ffmpeg("-i", os.path.join(MEDIA, "clean.mkv"), "-vf", "select=eq(n\\,10)", "-frames:v", "1",
               "-pix_fmt", "rgb24", path)
        _still["clean"] = path
    return _still["clean"]


def noisy_still():
    """The still with 5% salt-and-pepper noise (a fixed seed)."""
    if "noisy" not in _still:
        img = cv2.imread(still())
        rng = np.random.default_rng(7)
        r = rng.random(img.shape[:2])
        img[r < 0.025] = 0
        img[r > 0.975] = 255
        path = out("still_sp.png")
        cv2.imwrite(path, img)
        _still["noisy"] = path
    return _still["noisy"]


def run_preset(preset, src, name, *sets):
    dst = out(name)
    args = [os.path.join(ROOT, "presets", preset), src, dst, "-y"]
    for s in sets:
        args += ["--set", s]
    expect_code(qpipe(*args), 0, preset)
    img = cv2.imread(dst, cv2.IMREAD_UNCHANGED)
    if img is None:
        raise AssertionError("cannot read %s" % dst)
    return img.astype(np.int32)


def compare(got, want, tol, what):
    if got.shape != want.shape:
        raise AssertionError("%s: shape %s, expected %s" % (what, got.shape, want.shape))
    d = np.abs(got.astype(np.int32) - want.astype(np.int32))
    if d.max() > tol:
        at = np.unravel_index(int(d.argmax()), d.shape)
        raise AssertionError("%s: differs by %d at %s (got %d, expected %d), tolerance %d; %d values differ"
                             % (what, d.max(), at, got[at], want[at], tol, int((d > 0).sum())))


def round8(x):
    return np.clip(np.floor(x + 0.5), 0, 255).astype(np.int32)


@check("sharpen.q unsharp mask equals OpenCV GaussianBlur + x + amount (x - blur), within 1")
def _():
    amount, sigma = 1.2, 1.5
    src = still()
    got = run_preset("sharpen.q", src, "unsharp.png", "amount=%g" % amount, "sigma=%g" % sigma)
    x = cv2.imread(src).astype(np.float64)
    r = int(np.ceil(3 * sigma))
    b = cv2.GaussianBlur(x, (2 * r + 1, 2 * r + 1), sigma, sigmaY=sigma, borderType=cv2.BORDER_REPLICATE)
    compare(got, round8(x + amount * (x - b)), 1, "unsharp")


@check("sharpen.q method=cas equals FFmpeg's cas filter (strength 0.6), within 1")
def _():
    src = still()
    got = run_preset("sharpen.q", src, "cas.png", "method=cas", "strength=0.6")
    ref = out("cas_ffmpeg.png")
    ffmpeg("-i", src, "-vf", "format=gbrp,cas=strength=0.6,format=rgb24", ref)
    want = cv2.imread(ref).astype(np.int32)
    if np.array_equal(want, cv2.imread(src).astype(np.int32)):
        raise AssertionError("FFmpeg's cas changed nothing: the check would prove nothing")
    compare(got, want, 1, "cas")


@check("median.q radius 1 and 2 equal OpenCV medianBlur 3 and 5 on salt-and-pepper noise")
def _():
    src = noisy_still()
    x = cv2.imread(src)
    for r in (1, 2):
        got = run_preset("median.q", src, "median%d.png" % r, "radius=%d" % r)
        compare(got, cv2.medianBlur(x, 2 * r + 1), 0, "median radius %d" % r)


@check("morph.q erode (radius 2), open and close (radius 1) equal OpenCV's with a rectangle")
def _():
    src = noisy_still()
    x = cv2.imread(src)
    rect = lambda r: cv2.getStructuringElement(cv2.MORPH_RECT, (2 * r + 1, 2 * r + 1))
    compare(run_preset("morph.q", src, "erode.png", "op=erode", "radius=2"), cv2.erode(x, rect(2)), 0, "erode")
    compare(run_preset("morph.q", src, "open.png", "op=open"), cv2.morphologyEx(x, cv2.MORPH_OPEN, rect(1)), 0,
            "open")
    compare(run_preset("morph.q", src, "close.png", "op=close"), cv2.morphologyEx(x, cv2.MORPH_CLOSE, rect(1)), 0,
            "close")


@check("resize.q 2x bilinear equals OpenCV INTER_LINEAR; 0.5x antialiased equals [1,3,3,1]/8 taps")
def _():
    src = still()
    x = cv2.imread(src)
    got = run_preset("resize.q", src, "up2.png", "scale=2", "method=bilinear")
    want = cv2.resize(x.astype(np.float32), (2 * x.shape[1], 2 * x.shape[0]), interpolation=cv2.INTER_LINEAR)
    compare(got, round8(want), 1, "2x bilinear")
    # shrinking by 2 with the triangle stretched to 4 taps: weights 1, 3, 3, 1 over input
    # pixels 2o-1 .. 2o+2, the edge pixel repeated outside (half-sample mirror)
    f = x.astype(np.float64)
    p = np.pad(f, ((1, 1), (1, 1), (0, 0)), mode="symmetric")
    rows = (p[0:-3:2] + 3 * p[1:-2:2] + 3 * p[2:-1:2] + p[3::2]) / 8
    cols = (rows[:, 0:-3:2] + 3 * rows[:, 1:-2:2] + 3 * rows[:, 2:-1:2] + rows[:, 3::2]) / 8
    got = run_preset("resize.q", src, "down2.png", "scale=0.5", "method=bilinear")
    compare(got, round8(cols), 1, "0.5x bilinear")
    got = run_preset("resize.q", src, "w100.png", "width=100", "method=bilinear")
    if got.shape[:2] != (56, 100):
        raise AssertionError("width=100 of 320x180 gave %dx%d, expected 100x56" % (got.shape[1], got.shape[0]))


def keys(t, a=-0.5):
    """Keys' cubic convolution kernel (a = -0.5: MATLAB's bicubic, imresize.q's default)."""
    t = np.abs(t)
    return np.where(t <= 1, (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1,
                    np.where(t < 2, a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a, 0.0))


def resample_axis(x, m, axis, width, kernel):
    """x resampled to m pixels along axis, output o sampling u = (o + 0.5) n / m - 0.5, the
    kernel stretched by n / m when shrinking, weights normalised, the input mirrored
    (half-sample) outside: imresize.q's definition, written out in NumPy."""
    n = x.shape[axis]
    s = m / n
    ks = min(1.0, s)
    w = width / ks
    taps = int(np.ceil(w))
    u = (np.arange(m) + 0.5) / s - 0.5
    j = np.floor(u - w / 2).astype(int)[:, None] + 1 + np.arange(taps)[None, :]
    wt = ks * kernel(ks * (u[:, None] - j))
    wt /= wt.sum(axis=1, keepdims=True)
    jm = np.mod(j, 2 * n)
    jm = np.where(jm >= n, 2 * n - 1 - jm, jm)
    xt = np.moveaxis(x, axis, 0)
    y = np.einsum("ok,ok...->o...", wt, xt[jm])
    return np.moveaxis(y, 0, axis)


@check("resize.q bicubic 2x and 0.5x equal Keys' cubic (a = -0.6 growing, -0.75 shrinking, antialiased; "
       "MATLAB's -0.5 when set) in NumPy, within 1; 2x within 24 of OpenCV INTER_CUBIC, mean within 0.4")
def _():
    src = still()
    x = cv2.imread(src)
    f = x.astype(np.float64)
    H, W = x.shape[:2]
    up = lambda t: keys(t, -0.6)
    down = lambda t: keys(t, -0.75)
    got = run_preset("resize.q", src, "up2_bicubic.png", "scale=2", "method=bicubic")
    want = resample_axis(resample_axis(f, 2 * H, 0, 4, up), 2 * W, 1, 4, up)
    compare(got, round8(want), 1, "2x bicubic")
    # OpenCV's INTER_CUBIC is Keys' cubic with a = -0.75 and the edge replicated: the same
    # 4 taps a pixel, sharper; on this still the two differ by at most 17 levels (edges of
    # text and bars), 0.26 on average
    cv = round8(cv2.resize(x.astype(np.float32), (2 * W, 2 * H), interpolation=cv2.INTER_CUBIC))
    d = np.abs(got - cv)[4:-4, 4:-4]
    if d.max() > 24 or d.mean() > 0.4:
        raise AssertionError("2x bicubic against OpenCV INTER_CUBIC: max %d (tolerance 24), mean %.3f "
                             "(tolerance 0.4)" % (d.max(), d.mean()))
    got = run_preset("resize.q", src, "down2_bicubic.png", "scale=0.5", "method=bicubic")
    want = resample_axis(resample_axis(f, H // 2, 0, 4, down), W // 2, 1, 4, down)
    compare(got, round8(want), 1, "0.5x bicubic")
    # one axis shrinks, the other grows: each with its own a
    got = run_preset("resize.q", src, "mixed_bicubic.png", "width=%d" % (2 * W), "height=%d" % (H // 2),
                     "method=bicubic")
    want = resample_axis(resample_axis(f, H // 2, 0, 4, down), 2 * W, 1, 4, up)
    compare(got, round8(want), 1, "bicubic 0.5x height, 2x width")
    # MATLAB's bicubic (imresize.q's default), a = -0.5 both ways
    for name, args, m, n in (("matlab_up2.png", ["scale=2"], 2 * H, 2 * W),
                             ("matlab_down2.png", ["scale=0.5"], H // 2, W // 2)):
        got = run_preset("resize.q", src, name, *args, "method=bicubic", "a=-0.5", "a_up=-0.5")
        want = resample_axis(resample_axis(f, m, 0, 4, keys), n, 1, 4, keys)
        compare(got, round8(want), 1, "MATLAB bicubic " + name)
    code, so, se = qpipe(os.path.join(ROOT, "presets", "resize.q"), src, out("bad_a.png"), "--set", "a=0.5",
                         "-y", "-q")
    if code != 64 or "'a' must be in the range -1..0" not in se or os.path.exists(out("bad_a.png")):
        raise AssertionError("a=0.5: exit %d (want 64), output %s, message %r"
                             % (code, "left" if os.path.exists(out("bad_a.png")) else "absent", se.strip()[:200]))


def ffmpeg_rgb(src, name, vf):
    dst = out(name)
    ffmpeg("-i", src, "-vf", "format=rgb24," + vf, dst)
    return cv2.imread(dst).astype(np.int32)


@check("color.q levels equal FFmpeg's colorlevels (input levels; output levels), within 1")
def _():
    src = still()
    got = run_preset("color.q", src, "levels_in.png", "black=20", "white=230")
    lv = ":".join("%simin=20/255:%simax=230/255" % (c, c) for c in "rgb")
    compare(got, ffmpeg_rgb(src, "levels_in_ff.png", "colorlevels=" + lv), 1, "input levels")
    got = run_preset("color.q", src, "levels_out.png", "out_black=30", "out_white=220")
    lv = ":".join("%somin=30/255:%somax=220/255" % (c, c) for c in "rgb")
    compare(got, ffmpeg_rgb(src, "levels_out_ff.png", "colorlevels=" + lv), 1, "output levels")


@check("color.q colour matrix equals FFmpeg's colorchannelmixer (sepia), within 2")
def _():
    src = still()
    m = [.393, .769, .189, .349, .686, .168, .272, .534, .131]
    names = ["rr", "rg", "rb", "gr", "gg", "gb", "br", "bg", "bb"]
    got = run_preset("color.q", src, "sepia.png", *["%s=%g" % (n, v) for n, v in zip(names, m)])
    mix = "colorchannelmixer=%g:%g:%g:0:%g:%g:%g:0:%g:%g:%g:0" % tuple(m)
    # FFmpeg rounds each product to an integer before summing: 2 rather than 1
    compare(got, ffmpeg_rgb(src, "sepia_ff.png", mix), 2, "colour matrix")


@check("color.q white balance, gamma, tone curve and saturation equal NumPy's formulas, within 1")
def _():
    src = still()
    got = run_preset("color.q", src, "grade.png", "wb_r=1.1", "wb_b=0.9", "gamma=1.4", "shadows=10",
                     "highlights=-12", "saturation=1.5")
    x = cv2.imread(src)[:, :, ::-1].astype(np.float64) * np.array([1.1, 1.0, 0.9])
    t = np.clip(x / 255, 0, 1) ** (1 / 1.4) * 255
    t = np.interp(t, [0, 63.75, 127.5, 191.25, 255], [0, 73.75, 127.5, 179.25, 255])
    lum = (t * [0.2126, 0.7152, 0.0722]).sum(2, keepdims=True)
    compare(got, round8(lum + 1.5 * (t - lum))[:, :, ::-1], 1, "grade")


MIX = """import "color.q"

function [] = main(src, dst)
    x = reshape(csvread(src), [24, 40, 3])
    y = process(x, wb_r := 1.3, rb := -0.2, bg := -0.3, saturation := 1.6)
    csvwrite(dst, reshape(y, [24, 120]))
endfunction
"""


@check("color.q with levels and curve at their defaults reads no table: float values equal NumPy's matrix, clip and saturation within 0.001")
def _():
    # float input between whole levels (where the table's nearest sample is up to 1/128
    # level off) and beyond 0..255 after the matrix (the clip before saturation shows)
    h, w = 24, 40               # as MIX reshapes
    rng = np.random.default_rng(13)
    x = rng.uniform(-20.0, 280.0, (h, w, 3)).astype(np.float32)
    src, dst, prog = out("mix_in.csv"), out("mix_out.csv"), out("mix.q")
    np.savetxt(src, x.reshape(h, 3 * w).astype(np.float64), delimiter=",", fmt="%.9g")
    with open(prog, "w") as f:
        f.write(MIX)
    expect_code(run([QPIPE, "exec", prog, src, dst]), 0, "color.q on a CSV cube")
    got = np.loadtxt(dst, delimiter=",").reshape(h, w, 3)
    m = np.array([[1, 0, -0.2], [0, 1, 0], [0, -0.3, 1]]) * [1.3, 1.0, 1.0]
    t = np.clip(x.astype(np.float64) @ m.T, 0, 255)
    lum = (t * [0.2126, 0.7152, 0.0722]).sum(2, keepdims=True)
    want = np.clip(lum + 1.6 * (t - lum), 0, 255)
    d = np.abs(got - want)
    if d.max() > 1e-3:
        at = np.unravel_index(int(d.argmax()), d.shape)
        raise AssertionError("differs by %.5f at %s (got %.5f, expected %.5f)" % (d.max(), at, got[at], want[at]))


def write_cube(path, n):
    """A .cube table of a warm look (red lifted, blue lowered, curved), red fastest."""
    with open(path, "w") as f:
        f.write('TITLE "e2e"\n# comment\nLUT_3D_SIZE %d\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 1 1 1\n' % n)
        for b in range(n):
            for g in range(n):
                for r in range(n):
                    R, G, B = r / (n - 1), g / (n - 1), b / (n - 1)
                    o = (min(1.0, (0.9 * R + 0.1 * G) ** 0.8 * 1.05), (0.1 * R + 0.8 * G + 0.1 * B) ** 1.1,
                         0.6 * B + 0.2 * G * R)
                    f.write("%.6f %.6f %.6f\n" % o)


@check("lut3d.q applies a 17^3 .cube table as FFmpeg's lut3d interp=trilinear, within 1")
def _():
    src = still()
    table = out("warm.cube")
    write_cube(table, 17)
    got = run_preset("lut3d.q", src, "lut3d.png", "file=" + table)
    want = ffmpeg_rgb(src, "lut3d_ff.png", "lut3d=file=%s:interp=trilinear" % table)
    if np.abs(want - cv2.imread(src).astype(np.int32)).max() < 20:
        raise AssertionError("the table hardly changes the image: the check would prove little")
    compare(got, want, 1, "lut3d")
    code, _, err = qpipe(os.path.join(ROOT, "presets", "lut3d.q"), src, out("nolut.png"))
    if code != 65 or "--set file=" not in err or os.path.exists(out("nolut.png")):
        raise AssertionError("lut3d.q without a file: exit %d, %s" % (code, err.strip()[-200:]))


@check("deband.q brings a 6-level banded gradient 3 dB closer to the smooth truth, edges kept")
def _():
    h, w = 180, 320
    yy, xx = np.mgrid[0:h, 0:w]
    truth = np.stack([40 + 60 * xx / w + 20 * yy / h, 80 + 40 * xx / w, 120 + 30 * yy / h], 2)
    truth[60:120, 100:200] = [200, 60, 60]      # an object with sharp edges
    band = np.floor(truth / 6) * 6 + 3
    src = out("banded.png")
    cv2.imwrite(src, band.astype(np.uint8)[:, :, ::-1])
    got = run_preset("deband.q", src, "debanded.png", "threshold=8")[:, :, ::-1]

    def psnr(a):
        e = a - truth
        return 10 * np.log10(255.0 ** 2 / np.mean(e * e))
    before, after = psnr(band), psnr(got)
    if after < before + 3:
        raise AssertionError("PSNR against the smooth gradient %.2f dB -> %.2f dB, expected +3 dB" % (before, after))
    inside = np.abs(got[62:118, 102:198] - [200, 60, 60]).max()
    edge = np.abs(got[59, 100:200].astype(int) - got[60, 100:200].astype(int)).min()
    if inside > 3 or edge < 25:
        raise AssertionError("the object's edges were blurred: inside off by %d, smallest edge step %d" % (inside, edge))


def fft_reference(x, mask):
    y = np.real(np.fft.ifft2(np.fft.fft2(x, axes=(0, 1)) * mask[:, :, None], axes=(0, 1)))
    return round8(y)


@check("fft_filter.q lowpass and notch equal NumPy's fft2/ifft2 with the same masks, within 1")
def _():
    src = still()
    x = cv2.imread(src)[:, :, ::-1].astype(np.float64)
    h, w = x.shape[:2]
    fy, fx = np.fft.fftfreq(h)[:, None], np.fft.fftfreq(w)[None, :]
    got = run_preset("fft_filter.q", src, "lowpass.png", "cutoff=0.08")[:, :, ::-1]
    compare(got, fft_reference(x, np.exp(-(fy ** 2 + fx ** 2) / (2 * 0.08 ** 2))), 1, "lowpass")
    # stripes every 4 columns (0.25 cycles/pixel) added to the still; the notch removes them
    n = np.arange(w)[None, :, None]
    striped = np.clip(x + 12 * np.cos(2 * np.pi * 0.25 * n), 0, 255).astype(np.uint8)
    src2 = out("striped.png")
    cv2.imwrite(src2, striped[:, :, ::-1])
    got = run_preset("fft_filter.q", src2, "notch.png", "mode=notch", "fy=0", "fx=0.25", "width=0.01")[:, :, ::-1]
    g = lambda dy, dx: np.exp(-((fy - dy) ** 2 + (fx - dx) ** 2) / (2 * 0.01 ** 2))
    compare(got, fft_reference(striped.astype(np.float64), 1 - g(0, 0.25) - g(0, -0.25)), 1, "notch")

    def stripes(a):     # amplitude of the 0.25 cycles/pixel component along the rows
        return abs(2 * np.mean((a.astype(np.float64) - x) * np.cos(2 * np.pi * 0.25 * n)))
    if stripes(got) > 0.1 * stripes(striped):
        raise AssertionError("the notch left the stripes: amplitude %.2f -> %.2f" % (stripes(striped), stripes(got)))


@check("a 1x1 still through every preset: a 1x1 RGB output (a frame of leading singletons stays a "
       "frame); invert, blur, median, morph, sharpen values; a 1x1 video through denoise_temporal")
def _():
    src = out("one.png")
    px = np.array([[[30, 140, 220]]], np.uint8)      # BGR, as cv2 writes
    cv2.imwrite(src, px)
    same = {"blur.q", "median.q", "morph.q", "sharpen.q", "identity.q"}
    names = sorted(f for f in os.listdir(os.path.join(ROOT, "presets"))
                   if f.endswith(".q") and "function y = process" in open(os.path.join(ROOT, "presets", f)).read())
    for preset in names:
        if preset == "lut3d.q":         # needs a table: checked above
            continue
        img = run_preset(preset, src, "one-" + preset + ".png")
        if img.shape != (1, 1, 3):
            raise AssertionError("%s on a 1x1 still: output of shape %s" % (preset, img.shape))
        if preset in same:
            compare(img, px, 0, preset + " on a 1x1 still")
        if preset == "invert.q":
            compare(img, 255 - px.astype(np.int32), 0, "invert.q on a 1x1 still")
    clip = out("one.mkv")
    ffmpeg("-loop", "1", "-i", src, "-frames:v", "4", "-r", "5", "-c:v", "ffv1", "-pix_fmt", "bgr0", clip)
    dst = out("one-dt.mkv")
    expect_code(qpipe(os.path.join(ROOT, "presets", "denoise_temporal.q"), clip, dst, "-y"), 0,
                "denoise_temporal.q on a 1x1 video")
    frames = np.frombuffer(rgb_frames(dst), np.uint8).reshape(-1, 1, 1, 3)[..., ::-1]     # RGB -> BGR
    if len(frames) != 4:
        raise AssertionError("denoise_temporal.q on a 1x1 video: %d frames, expected 4" % len(frames))
    for f in frames:
        compare(f, px, 2, "denoise_temporal.q on a 1x1 video of one colour")


@check("each new preset's --help lists its parameters with their defaults")
def _():
    want = {"sharpen.q": ["method", "strength"], "median.q": ["radius", "boundary"],
            "morph.q": ["op", "radius", "shape"], "resize.q": ["scale", "width", "height", "method", "a", "a_up"],
            "color.q": ["wb_r", "rr", "black", "gamma", "out_white", "shadows", "saturation"],
            "lut3d.q": ["file", "amount"], "deband.q": ["threshold", "radius", "grain"],
            "fft_filter.q": ["mode", "cutoff", "fy", "fx", "width"]}
    for preset, names in want.items():
        code, so, se = qpipe(os.path.join(ROOT, "presets", preset), "--help")
        if code != 0:
            raise AssertionError("%s --help: exit status %d" % (preset, code))
        text = so + se
        for n in names:
            if ("  " + n + " ") not in text:
                raise AssertionError("%s --help does not list '%s'" % (preset, n))


if __name__ == "__main__":
    sys.exit(main())
