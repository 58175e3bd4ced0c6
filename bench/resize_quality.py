#!/usr/bin/env python3
"""resize_quality.py - down-up PSNR of presets/resize.q against libswscale and OpenCV, on the
testsrc2 frame of bench/presets.sh and on natural photographs.

For each image and method (bilinear, bicubic, Lanczos): shrink 0.5x, enlarge back to the
input's size with the same method, PSNR against the input (RGB, 8 bits; the shrunk image
is held in 8 bits too, as a file holds it). Columns:
  qpipe        `qpipe run presets/resize.q` twice (its defaults: bicubic a = -0.75 shrinking,
               -0.6 enlarging); "qpipe MATLAB" is bicubic with a = a_up = -0.5 (imresize.q's
               default, MATLAB's imresize)
  swscale      FFmpeg's scale filter (flags=METHOD), down and up in one graph, on rgb24: its
               default reads RGB input with chroma at half the width (no full_chroma_inp)
  swscale RGB  the same with flags +full_chroma_inp+full_chroma_int: RGB read and written at
               full resolution, each channel resampled alone as qpipe and OpenCV do
  OpenCV       cv2.resize INTER_LINEAR / INTER_CUBIC (a = -0.75) / INTER_LANCZOS4 both ways,
               uint8 (no antialiasing when shrinking: see bench/presets.sh's zone plate)
The natural images are scikit-image's astronaut, coffee and chelsea (cropped to even sizes),
read through the Python of VENV (build/venv-denoise, which bench/denoise.sh makes) when it
has scikit-image; without it only testsrc2 is measured.

  /usr/bin/python3 bench/resize_quality.py          (QPIPE: build/qpipe; VENV as above)

  resize_quality: astronaut bicubic  qpipe 30.54  qpipe MATLAB 30.22  swscale 30.43  ...
"""
import os
import subprocess
import sys
import tempfile

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
QPIPE = os.environ.get("QPIPE") or os.path.join(ROOT, "build", "qpipe")
VENV = os.environ.get("VENV") or os.path.join(ROOT, "build", "venv-denoise")
CV = {"bilinear": cv2.INTER_LINEAR, "bicubic": cv2.INTER_CUBIC, "lanczos": cv2.INTER_LANCZOS4}


def psnr(a, b):
    e = a.astype(np.float64) - b.astype(np.float64)
    return 10 * np.log10(255.0 ** 2 / np.mean(e * e))


def qpipe_down_up(src, tmp, method, H, W, extra):
    d, u = os.path.join(tmp, "q_d.png"), os.path.join(tmp, "q_u.png")
    sets = ["--set", "method=" + method] + sum((["--set", e] for e in extra), [])
    for args in ([src, d, "--set", "scale=0.5"], [d, u, "--set", "width=%d" % W, "--set", "height=%d" % H]):
        subprocess.run([QPIPE, "run", os.path.join(ROOT, "presets", "resize.q")] + args + sets + ["-y", "-q"],
                       check=True, stdout=subprocess.DEVNULL)
    return cv2.imread(u)


def swscale_down_up(src, tmp, flags, H, W):
    u = os.path.join(tmp, "s_u.png")
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", src, "-vf",
                    "format=rgb24,scale=%d:%d:flags=%s,scale=%d:%d:flags=%s,format=rgb24"
                    % (W // 2, H // 2, flags, W, H, flags), u], check=True)
    return cv2.imread(u)


def images(tmp):
    out = []
    path = os.path.join(tmp, "testsrc2.png")
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "testsrc2=size=1920x1080:rate=25", "-frames:v", "1", "-pix_fmt", "rgb24", path], check=True)
    out.append(("testsrc2", path))
    py = os.path.join(VENV, "bin", "python")
    if os.path.exists(py):
        code = ("import sys, skimage.data as d, numpy as np, imageio.v3 as io\n"
                "for n in ('astronaut', 'coffee', 'chelsea'):\n"
                "    a = getattr(d, n)()[..., :3]\n"
                "    a = a[: a.shape[0] // 2 * 2, : a.shape[1] // 2 * 2]\n"
                "    io.imwrite(sys.argv[1] + '/' + n + '.png', a)\n")
        if subprocess.run([py, "-c", code, tmp]).returncode == 0:
            out += [(n, os.path.join(tmp, n + ".png")) for n in ("astronaut", "coffee", "chelsea")]
    if len(out) == 1:
        print("resize_quality: no scikit-image in %s: testsrc2 only" % VENV)
    return out


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in images(tmp):
            x = cv2.imread(src)
            H, W = x.shape[:2]
            for m in ("bilinear", "bicubic", "lanczos"):
                row = [("qpipe", psnr(qpipe_down_up(src, tmp, m, H, W, []), x))]
                if m == "bicubic":
                    row.append(("qpipe MATLAB", psnr(qpipe_down_up(src, tmp, m, H, W, ["a=-0.5", "a_up=-0.5"]), x)))
                row.append(("swscale", psnr(swscale_down_up(src, tmp, m, H, W), x)))
                row.append(("swscale RGB", psnr(swscale_down_up(src, tmp, m + "+full_chroma_inp+full_chroma_int",
                                                                H, W), x)))
                d = cv2.resize(x, (W // 2, H // 2), interpolation=CV[m])
                row.append(("OpenCV", psnr(cv2.resize(d, (W, H), interpolation=CV[m]), x)))
                print("resize_quality: %-9s %-8s " % (name, m) + "  ".join("%s %.2f" % kv for kv in row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
