#!/usr/bin/env python3
"""blur_opencv.py - the 5x5 Gaussian blur of blur.q through OpenCV, the library peer.

cv2.GaussianBlur on an h x 1920 x 3 float32 image (CV_32FC3), ksize 5x5, sigma 1 in both
directions, borderType BORDER_REPLICATE: blur.q's 'clamped border (the edge pixel repeats).
OpenCV builds the kernel as blur.q does, exp(-k^2 / 2) for k = -2..2 divided by the sum,
and applies it separably, on its own thread pool (cv2.getNumThreads() threads).
One untimed run, then REPS timed runs (11 unless given); prints the median and the sum of
the output (in double):

  blur_opencv: h 1080 w 1920 c 3 threads 2 reps 11 in_sum 3109350.06 opencv 4.6.0
  blur_opencv: ms 6.07 sum 3109348.03

  python3 bench/blur_opencv.py [h [reps]] [--input FILE]

--input FILE reads the image as raw float32 (h x 1920 x 3), as `blur_ref --dump FILE`
writes it: the image of blur.q and blur_ref.c (qpipe's rand generator, which Python cannot
run at speed), so that the checksums can be compared. Without it the image is numpy's
uniform random numbers and only the timing means anything.

OpenCV is the Debian package python3-opencv (numpy comes with it); it is not in
scripts/deps.sh, being large (about 450 MB installed) and needed by this benchmark only.
Without it this prints one line saying so and exits with status 3; bench/run.sh skips it.
"""
import statistics
import sys
import time

W, C = 1920, 3


def main(argv):
    pos, path = [], None
    i = 0
    while i < len(argv):
        if argv[i] == "--input" and i + 1 < len(argv):
            path = argv[i + 1]
            i += 2
        elif not argv[i].startswith("-") and len(pos) < 2 and argv[i].isdigit() and int(argv[i]) > 0:
            pos.append(int(argv[i]))
            i += 1
        else:
            print("usage: blur_opencv.py [h [reps]] [--input FILE]", file=sys.stderr)
            return 2
    h = pos[0] if pos else 1080
    reps = pos[1] if len(pos) > 1 else 11

    try:
        import cv2
        import numpy as np
    except ImportError as e:
        print(f"blur_opencv: skipped: {sys.executable} has no {e.name or 'cv2'}; install OpenCV with "
              "'apt-get install --no-install-recommends python3-opencv' (as root, about 450 MB; "
              "bench only, not in scripts/deps.sh)")
        return 3

    if path:
        x = np.fromfile(path, dtype=np.float32)
        if x.size != h * W * C:
            print(f"blur_opencv: {path} holds {x.size} floats, not {h} x {W} x {C}", file=sys.stderr)
            return 1
        x = x.reshape(h, W, C)
    else:
        x = np.random.default_rng(5489).random((h, W, C), dtype=np.float32)
    y = np.empty_like(x)

    def blur():
        cv2.GaussianBlur(x, (5, 5), 1.0, dst=y, sigmaY=1.0, borderType=cv2.BORDER_REPLICATE)

    blur()  # untimed first run
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        blur()
        times.append((time.perf_counter() - t0) * 1e3)

    print(f"blur_opencv: h {h} w {W} c {C} threads {cv2.getNumThreads()} reps {reps} "
          f"in_sum {x.sum(dtype=np.float64):.9g} opencv {cv2.__version__}")
    print(f"blur_opencv: ms {statistics.median(times):.6g} sum {y.sum(dtype=np.float64):.9g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
