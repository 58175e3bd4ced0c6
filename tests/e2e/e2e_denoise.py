#!/usr/bin/env python3
"""tests/e2e/e2e_denoise.py - presets/denoise.q (issue 13, stills) by content.

The still: a 160x224 "natural-ish" RGB image made by NumPy from a fixed seed (smooth colour
gradients, 1/f textured regions, discs and bars with sharp edges), with white Gaussian noise
of known standard deviation (seed 13), rounded to 8 bits. Checked against that clean image
(never against qpipe's own output):

- PSNR gain at sigma 10 and 25 (set to the true sigma) above thresholds a little below the
  measured gains (docs/filters.md "denoise.q")
- sigma=0: the noise estimate (`estimate_sigma` of presets/denoise.q, printed by a small
  program) within 10% of the true sigma, and the filter with sigma=0 close to the one told
- the compiled and the interpreted (QPIPE_CC=none) engines give the same still within 1
  level (8-bit rounding of nearly equal floats) on a 24x32 crop
- the same PNG bytes with --threads 1 and 3 (no two threads of a launch write one pixel)
- `bm_match` (called from a small program on a random 40x52 luma with an exact copy of a
  reference block planted at the corner of its +-15 window): every reference's blocks equal
  NumPy's brute force (the reference, then the nearest others below the distance limit,
  count rounded down to a power of two), with distances over all 8 block rows, every second
  and every fourth; with the predictive search (the first pass's) over the rows it promises:
  within 2 of the reference's, every fourth, and within 2 of the rows of the blocks that the
  reference to its left got
- profiles fast and quality: `qpipe run -v` names every BM3D kernel compiled (or loaded
  from the kernel cache), none run by the interpreter (which would be about 100x slower)
- an unknown profile is an error (exit 65) naming the choices, with no output

NumPy and OpenCV (PNG I/O) are Debian's python3-numpy and python3-opencv (scripts/deps.sh):
when the interpreter running this script lacks them, it re-runs itself in /usr/bin/python3.
About 15 s on two cores with a warm kernel cache (the first run compiles the kernels).
"""

import os
import re
import sys

try:
    import cv2
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and not os.environ.get("QPIPE_E2E_SYSTEM_PYTHON"):
        os.environ["QPIPE_E2E_SYSTEM_PYTHON"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("not ok denoise: OpenCV and NumPy for Python are missing (sh scripts/deps.sh: python3-opencv)")
    sys.exit(1)

from harness import *  # noqa: F401,F403 - check, qpipe, run, out, expect_code, QPIPE, ROOT
from harness import main

# measured gains on this still: +7.94 dB (sigma 10), +11.02 dB (sigma 25)
GAIN_MIN = {10: 7.7, 25: 10.8}
_made = {}


def clean_still():
    """The clean 160x224 still (float, 0..255, RGB)."""
    if "clean" not in _made:
        h, w = 160, 224
        rng = np.random.default_rng(5)
        yy, xx = np.mgrid[0:h, 0:w].astype(float)
        img = np.zeros((h, w, 3))
        img[..., 0] = 60 + 120 * xx / w
        img[..., 1] = 80 + 90 * yy / h
        img[..., 2] = 150 - 70 * (xx + yy) / (w + h)
        # 1/f texture: faint in the upper half (sky, skin), strong in the lower (grass, bark)
        f = np.sqrt(np.fft.fftfreq(h)[:, None] ** 2 + np.fft.fftfreq(w)[None, :] ** 2)
        f[0, 0] = 1
        spec = (rng.normal(size=(h, w)) + 1j * rng.normal(size=(h, w))) / f
        tex = np.real(np.fft.ifft2(spec))
        tex = tex / tex.std()
        img += (4 + 14 * (yy > h / 2))[..., None] * tex[..., None] * np.array([1.0, 0.8, 0.6])
        # discs and bars with sharp edges
        for cy, cx, r, col in ((50, 60, 28, (220, 40, 40)), (110, 170, 35, (30, 200, 90)), (40, 180, 18, (240, 230, 60))):
            m = (yy - cy) ** 2 + (xx - cx) ** 2 < r * r
            img[m] = col
        img[120:150, 20:100] = (20, 20, 120)
        img[128:132, 20:100] = 250
        _made["clean"] = np.clip(img, 0, 255)
    return _made["clean"]


def write(img, name):
    path = out(name)
    cv2.imwrite(path, np.ascontiguousarray(img[..., ::-1]).astype(np.uint8))
    return path


def read(path):
    img = cv2.imread(path)
    if img is None:
        raise AssertionError("%s not written" % path)
    return img[..., ::-1].astype(float)


def psnr(a, b):
    return 10 * np.log10(255.0 ** 2 / np.mean((a - b) ** 2))


def noisy_still(sigma):
    """The clean still (rounded) and the noisy one as a PNG path."""
    key = "n%d" % sigma
    if key not in _made:
        clean = np.round(clean_still())
        rng = np.random.default_rng(13)
        noisy = np.clip(np.round(clean + rng.normal(0, sigma, clean.shape)), 0, 255)
        _made[key] = (clean, write(noisy, "noisy%d.png" % sigma))
    return _made[key]


def denoise(src, name, *sets, env=None):
    dst = out(name)
    args = [QPIPE, "run", os.path.join(ROOT, "presets", "denoise.q"), src, dst, "-y", "-q"]
    for s in sets:
        args += ["--set", s]
    r = run(args, timeout=120, env=env)
    expect_code(r, 0, "qpipe run denoise.q " + " ".join(sets))
    return read(dst)


def gain(sigma, *sets):
    clean, src = noisy_still(sigma)
    y = denoise(src, "den%d.png" % sigma, *sets)
    return psnr(clean, y) - psnr(clean, read(src))


for _s in (10, 25):
    def _make(sigma):
        @check("denoise.q sigma=%d raises PSNR by >= %g dB on a natural-ish still" % (sigma, GAIN_MIN[sigma]))
        def _():
            g = gain(sigma, "sigma=%d" % sigma)
            if g < GAIN_MIN[sigma]:
                raise AssertionError("gain %.2f dB < %g dB" % (g, GAIN_MIN[sigma]))
    _make(_s)


@check("denoise.q sigma=0 estimates the noise within 10% (MAD of the HH band)")
def _():
    prog = out("estimate.q")
    for sigma in (10, 25):
        _, src = noisy_still(sigma)
        with open(prog, "w") as f:
            f.write('import "denoise.q"\nprint estimate_sigma(imread("%s"))\n' % src)
        env = dict(os.environ, QPIPE_MODULES=os.path.join(ROOT, "presets"))
        code, text, err = run([QPIPE, "exec", prog], env=env)
        if code:
            raise AssertionError("qpipe exec: exit %d: %s" % (code, err[-300:]))
        est = float(text.split()[-1])
        if abs(est - sigma) > 0.1 * sigma:   # measured 10.59 and 24.99
            raise AssertionError("estimate %.2f for sigma %d" % (est, sigma))
    clean, src = noisy_still(25)
    told = denoise(src, "told.png", "sigma=25")
    auto = denoise(src, "auto.png", "sigma=0")
    if psnr(clean, auto) < psnr(clean, told) - 0.5:
        raise AssertionError("sigma=0 gives %.2f dB, sigma=25 %.2f dB" % (psnr(clean, auto), psnr(clean, told)))


@check("denoise.q: compiled and interpreted kernels give the same still (within 1 level)")
def _():
    clean = np.round(clean_still()[40:64, 40:72])
    rng = np.random.default_rng(3)
    src = write(np.clip(np.round(clean + rng.normal(0, 15, clean.shape)), 0, 255), "small.png")
    a = denoise(src, "small_c.png", "sigma=15")
    b = denoise(src, "small_i.png", "sigma=15", env=dict(os.environ, QPIPE_CC="none"))
    d = np.abs(a - b)
    if d.max() > 1 or d.mean() > 0.02:
        raise AssertionError("max difference %g, mean %g" % (d.max(), d.mean()))
    if psnr(clean, a) < psnr(clean, read(src)) + 3:
        raise AssertionError("the crop is not denoised: %.2f dB" % psnr(clean, a))


@check("denoise.q: the same bytes with --threads 1 and 3 (the strips of a launch write disjoint pixels)")
def _():
    _, src = noisy_still(25)
    outs = []
    for t in (1, 3):
        dst = out("threads%d.png" % t)
        r = run([QPIPE, "run", os.path.join(ROOT, "presets", "denoise.q"), src, dst, "-y", "-q",
                 "--set", "sigma=25", "--threads", str(t)], timeout=120)
        expect_code(r, 0, "qpipe run denoise.q --threads %d" % t)
        with open(dst, "rb") as f:
            outs.append(f.read())
    if outs[0] != outs[1]:
        d = np.abs(read(out("threads1.png")) - read(out("threads3.png")))
        raise AssertionError("the outputs differ: %d values, by up to %g" % ((d > 0).sum(), d.max()))


@check("denoise.q fast and quality: every BM3D kernel is compiled, none left to the interpreter")
def _():
    # A construct the kernel compiler does not handle sends the whole kernel to the
    # interpreter (about 100x slower) with only a line under -v: the speed of the preset
    # depends on none of its kernels falling back.
    _, src = noisy_still(10)
    for profile in ("fast", "quality"):
        r = run([QPIPE, "run", os.path.join(ROOT, "presets", "denoise.q"), src, out("v_%s.png" % profile),
                 "-y", "-v", "--set", "sigma=10", "--set", "profile=" + profile], timeout=120)
        expect_code(r, 0, "denoise.q -v profile=" + profile)
        if "runs in the interpreter" in r[2]:
            raise AssertionError("profile %s: %s" % (profile, [l for l in r[2].splitlines() if "interpreter" in l]))
        for k in ("bm_match", "bm_hard", "bm_wiener", "row_dct", "ola_rows", "ola_sum", "acc_clear", "rgb_to_opp",
                  "opp_to_rgb"):
            if not re.search(r"kernel '%s' (compiled|loaded from the kernel cache)" % k, r[2]):
                raise AssertionError("profile %s: kernel %s not named compiled: %s" % (profile, k, r[2][-400:]))


BM_PROG = """import "denoise.q"
x = imread("%s")
h = size(x, 0)
w = size(x, 1)
nry = int(ceil((h - 8) / 4)) + 1
nrx = int(ceil((w - 8) / 4)) + 1
my = zeros(nry, nrx, 8)
mx = zeros(nry, nrx, 8)
cnt = zeros(nry, nrx)
parallel_do([nry, 1], padded_luma(x), my, mx, cnt, zeros(nry * 1024), h, w, 4, 15, 8, %g, %d, %d, 4, 0, bm_match)
{!serial for}
for a = 0..nry - 1
    {!serial for}
    for b = 0..nrx - 1
        s = sprintf("%%d %%d %%d", a, b, cnt[a, b])
        {!serial for}
        for j = 0..cnt[a, b] - 1
            s = s + sprintf(" %%d %%d", my[a, b, j], mx[a, b, j])
        endfor
        print s
    endfor
endfor
"""


def bm_expected(g, ry, rx, rad, n, tau, ur, only=None):
    """The blocks bm_match should return for the reference at (ry, rx), by brute force in
    NumPy: the reference, then the n - 1 nearest others of the window (squared distance over
    every ur-th row of the 8x8 blocks) below tau per pixel, count rounded down to a power of 2.
    only: the window's rows searched (the predictive search), None: all."""
    h, w = g.shape
    rows = list(range(0, 8, ur))
    ref = g[ry:ry + 8, rx:rx + 8][rows]
    found = []
    for qy in range(max(ry - rad, 0), min(ry + rad, h - 8) + 1):
        if only is not None and qy not in only:
            continue
        for qx in range(max(rx - rad, 0), min(rx + rad, w - 8) + 1):
            if (qy, qx) != (ry, rx):
                d = float(((g[qy:qy + 8, qx:qx + 8][rows] - ref) ** 2).sum())
                if d < tau * 8 * len(rows):
                    found.append((d, qy, qx))
    found.sort()
    blocks = [(ry, rx)] + [(qy, qx) for _, qy, qx in found[:n - 1]]
    k = 1
    while k * 2 <= len(blocks):
        k *= 2
    return blocks[:k]


@check("denoise.q bm_match: the nearest blocks of a +-15 window, as NumPy's brute force finds them")
def _():
    # random 8-bit luma (no ties) with an exact copy of the reference block at (4, 16) planted
    # 15 pixels down and right (the window's corner); every channel the same
    rng = np.random.default_rng(7)
    g = rng.integers(0, 256, (40, 52)).astype(float)
    g[19:27, 31:39] = g[4:12, 16:24]
    src = write(np.repeat(g[..., None], 3, axis=2), "bm_luma.png")
    prog = out("bm.q")
    env = dict(os.environ, QPIPE_MODULES=os.path.join(ROOT, "presets"))
    for tau, ur, pm in ((1e6, 1, 0), (1e6, 2, 0), (1e6, 4, 0), (9000.0, 1, 0), (1e6, 2, 2), (9000.0, 1, 2)):
        with open(prog, "w") as f:
            f.write(BM_PROG % (src, tau, ur, pm))
        code, text, err = run([QPIPE, "exec", prog], env=env)
        if code:
            raise AssertionError("qpipe exec: exit %d: %s" % (code, err[-300:]))
        lines = text.split("\n")
        lines = [l for l in lines if l.strip()]
        if len(lines) != 9 * 12:
            raise AssertionError("%d references printed, expected 108" % len(lines))
        got = {}
        for line in lines:
            v = [int(t) for t in line.split()]
            got[(v[0], v[1])] = [(v[3 + 2 * j], v[4 + 2 * j]) for j in range(v[2])]
        for (a, b), blocks in sorted(got.items()):
            ry, rx = min(4 * a, 32), min(4 * b, 44)
            only = None
            if pm and b > 0:
                # predictive: the rows within pm of the reference's, every 4th row from it,
                # and those within pm of the rows of the blocks the reference to its left got
                only = {y for y in range(ry - 15, ry + 16) if abs(y - ry) <= pm or (y - ry) % 4 == 0}
                only |= {y + e for y, _ in got[(a, b - 1)] for e in range(-pm, pm + 1)}
            want = bm_expected(g, ry, rx, 15, 8, tau, ur, only)
            if blocks != want:
                raise AssertionError("tau %g, rows every %d, prediction %d, reference (%d, %d): %s, expected %s"
                                     % (tau, ur, pm, a, b, blocks, want))
        if (tau, ur, pm) == (1e6, 1, 0) and not any(l.startswith("1 4 8 4 16 19 31 ") for l in lines):
            raise AssertionError("the planted copy is not the first match of (4, 16)")


@check("denoise.q profile=bad exits 65 naming the profiles, no output")
def _():
    _, src = noisy_still(10)
    dst = out("bad.png")
    r = run([QPIPE, "run", os.path.join(ROOT, "presets", "denoise.q"), src, dst, "--set", "profile=bad"])
    expect_code(r, 65, "profile=bad")
    if "fast" not in r[2] or "quality" not in r[2] or os.path.exists(dst):
        raise AssertionError("stderr: %s" % r[2][-300:])


if __name__ == "__main__":
    sys.exit(main())
