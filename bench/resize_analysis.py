#!/usr/bin/env python3
"""resize_analysis.py - why down-up PSNR differs between imresize.q and libswscale: the
measurements behind docs/filters.md "Presets" (resize) and bench/README.md.

imresize.q's resampling is written out here in NumPy (separable tables: output o samples
u = (o + 0.5) / s - 0.5, the kernel stretched by 1 / s when shrinking, weights normalised,
the input mirrored; Keys' cubic with parameter a), which reproduces `qpipe run resize.q`'s
down-up PSNR to 0.01 dB; swscale is FFmpeg's scale filter on the 8-bit PNGs. On the
testsrc2 frame of bench/presets.sh (or FILE):
  1. which half loses: NumPy's shrink + swscale's enlarge against swscale's shrink + NumPy's
  2. luma alone (one channel, BT.601 weights, as three equal channels): kernels compared
     without swscale's colour path
  3. swscale's flags one at a time (which one makes its default figure higher)
  4. edge handling (mirror / replicate) and the 8-bit shrunk image
  5. Keys' a: shrink with a_down, enlarge with a_up
  6. the zone plate of bench/presets.sh shrunk with each a: aliasing RMS and passband PSNR
About 3 minutes on one core.

  /usr/bin/python3 bench/resize_analysis.py [FILE]
"""
import os
import subprocess
import sys
import tempfile

import cv2
import numpy as np

TMP = tempfile.mkdtemp()
WIDTH = {"bilinear": 2, "bicubic": 4, "lanczos": 6}


def kernel(method, t, a):
    t = np.abs(t)
    if method == "bilinear":
        return np.maximum(1 - t, 0)
    if method == "bicubic":
        return np.where(t <= 1, (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1,
                        np.where(t < 2, a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a, 0.0))
    with np.errstate(all="ignore"):
        v = 3 * np.sin(np.pi * t) * np.sin(np.pi * t / 3) / (np.pi ** 2 * t * t)
    return np.where(t < 1e-12, 1.0, np.where(t < 3, v, 0.0))


def table(n, m, method, a, edge):
    s = m / n
    width, ks = WIDTH[method], 1.0
    if s < 1:
        width, ks = width / s, s
    p = int(np.ceil(width))
    M = np.zeros((m, n))
    for o in range(m):
        u = (o + 0.5) / s - 0.5
        j = np.floor(u - width / 2) + 1 + np.arange(p)
        w = ks * kernel(method, ks * (u - j), a)
        w /= w.sum()
        for jj, ww in zip(j.astype(int), w):
            if edge == "mirror":
                jm = jj % (2 * n)
                jm = 2 * n - 1 - jm if jm >= n else jm
            else:
                jm = min(max(jj, 0), n - 1)
            M[o, jm] += ww
    return M


def resize(x, m, n, method, a=-0.5, edge="mirror"):
    A, B = table(x.shape[0], m, method, a, edge), table(x.shape[1], n, method, a, edge)
    return np.tensordot(A, np.tensordot(x, B, axes=([1], [1])).transpose(0, 2, 1), axes=([1], [0]))


def q8(x):
    return np.clip(np.round(x), 0, 255)


def psnr(u, x):
    e = u - x
    return 10 * np.log10(255.0 ** 2 / np.mean(e * e))


def sws(x, W, H, flags):
    a, b = os.path.join(TMP, "a.png"), os.path.join(TMP, "b.png")
    cv2.imwrite(a, x.astype(np.uint8)[:, :, ::-1])
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", a, "-vf",
                    "format=rgb24,scale=%d:%d:flags=%s,format=rgb24" % (W, H, flags), b], check=True)
    return cv2.imread(b)[:, :, ::-1].astype(np.float64)


def main(argv):
    path = argv[0] if argv else os.path.join(TMP, "in.png")
    if not argv:
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                        "testsrc2=size=1920x1080:rate=25", "-frames:v", "1", "-pix_fmt", "rgb24", path], check=True)
    x = cv2.imread(path)[:, :, ::-1].astype(np.float64)
    H, W = x.shape[:2]
    h, w = H // 2, W // 2
    say = lambda *a: print("resize_analysis:", *a, flush=True)
    for m in ("bilinear", "bicubic", "lanczos"):
        qd, sd = q8(resize(x, h, w, m)), sws(x, w, h, m)
        say("%-8s down-up: numpy/numpy %.2f  swscale/swscale %.2f  numpy-down+swscale-up %.2f  "
            "swscale-down+numpy-up %.2f" % (m, psnr(q8(resize(qd, H, W, m)), x), psnr(sws(sd, W, H, m), x),
                                            psnr(sws(qd, W, H, m), x), psnr(q8(resize(sd, H, W, m)), x)))
    g = np.repeat(np.round(x @ [0.299, 0.587, 0.114])[:, :, None], 3, 2)
    for m in ("bilinear", "bicubic", "lanczos"):
        say("%-8s luma only: numpy %.2f  swscale %.2f" % (m, psnr(q8(resize(q8(resize(g, h, w, m)), H, W, m)), g),
                                                         psnr(sws(sws(g, w, h, m), W, H, m), g)))
    for extra in ("", "+full_chroma_inp", "+full_chroma_int", "+accurate_rnd", "+full_chroma_inp+full_chroma_int"):
        f = "bilinear" + extra
        say("swscale flags=%-40s bilinear down-up %.2f" % (f, psnr(sws(sws(x, w, h, f), W, H, f), x)))
    for m in ("bilinear", "bicubic", "lanczos"):
        d = resize(x, h, w, m)
        say("%-8s edges replicated %.2f, mirrored %.2f; shrunk image kept in float %.2f"
            % (m, psnr(q8(resize(q8(resize(x, h, w, m, edge="replicate")), H, W, m, edge="replicate")), x),
               psnr(q8(resize(q8(d), H, W, m)), x), psnr(q8(resize(d, H, W, m)), x)))
    for ad in (-0.5, -0.6, -0.75, -1.0):
        d = q8(resize(x, h, w, "bicubic", a=ad))
        say("bicubic a_down %5.2f: a_up -0.5 %.2f  -0.6 %.2f  -0.75 %.2f"
            % ((ad,) + tuple(psnr(q8(resize(d, H, W, "bicubic", a=au)), x) for au in (-0.5, -0.6, -0.75))))
    # the zone plate of bench/presets.sh
    R = 1080.0
    zh, zw = 1080, 1920
    yy, xx = np.mgrid[0:zh, 0:zw]
    z = np.round(127.5 + 100 * np.cos(np.pi * ((yy - (zh - 1) / 2) ** 2 + (xx - (zw - 1) / 2) ** 2) / (2 * R)))
    oy, ox = np.mgrid[0:zh // 2, 0:zw // 2]
    r = np.sqrt((2 * oy + 0.5 - (zh - 1) / 2) ** 2 + (2 * ox + 0.5 - (zw - 1) / 2) ** 2)
    stop, band = (r > 0.6 * R) & (r < 0.95 * R), r < 0.35 * R
    ideal = 127.5 + 100 * np.cos(np.pi * r ** 2 / (2 * R))
    for a in (-0.5, -0.6, -0.75, -1.0):
        s = q8(resize(z[:, :, None], zh // 2, zw // 2, "bicubic", a=a))[:, :, 0]
        e = s[band] - ideal[band]
        say("zone plate 0.5x bicubic a %5.2f: alias %.2f  passband %.2f dB"
            % (a, np.sqrt(np.mean((s[stop] - 127.5) ** 2)), 10 * np.log10(255.0 ** 2 / np.mean(e * e))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
