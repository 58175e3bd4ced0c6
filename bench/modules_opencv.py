#!/usr/bin/env python3
"""modules_opencv.py - OpenCV's peers of bench/modules.q, on a 1080 x 1920 x 3 float32 image.

  median5  cv2.medianBlur(x, 5)                       (float32 supports ksize 3 and 5;
                                                      its border is BORDER_REPLICATE)
  filter5  cv2.filter2D(x, -1, h, BORDER_REPLICATE)   the same 5 x 5 non-separable mask
  resize2  cv2.resize(x, (3840, 2160), INTER_CUBIC)

One untimed run, then REPS timed runs (11 unless given), cv2.setNumThreads(THREADS) (2 unless
given); prints the median of each in ms with the sum of its output:

  python3 bench/modules_opencv.py [reps [threads]]

  modules_opencv: median5_ms 12.3 sum 3109000.0

Needs Debian's python3-opencv (run through /usr/bin/python3); without it prints one line
and exits with status 3.
"""
import statistics
import sys
import time


def main(argv):
    reps = int(argv[0]) if argv else 11
    threads = int(argv[1]) if len(argv) > 1 else 2
    try:
        import cv2
        import numpy as np
    except ImportError:
        print("modules_opencv: skipped, no python3-opencv")
        return 3
    cv2.setNumThreads(threads)
    rng = np.random.default_rng(5489)
    x = rng.random((1080, 1920, 3), dtype=np.float32)
    h = np.array([[1 + (i * 3 + j * 7) % 5 for j in range(5)] for i in range(5)], np.float32)
    h /= h.sum()
    ops = [
        ("median5", lambda: cv2.medianBlur(x, 5)),
        ("filter5", lambda: cv2.filter2D(x, -1, h, borderType=cv2.BORDER_REPLICATE)),
        ("resize2", lambda: cv2.resize(x, (3840, 2160), interpolation=cv2.INTER_CUBIC)),
    ]
    print("modules_opencv: threads %d reps %d opencv %s" % (cv2.getNumThreads(), reps, cv2.__version__))
    for name, op in ops:
        y = op()
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            y = op()
            times.append((time.perf_counter() - t0) * 1e3)
        print("modules_opencv: %s_ms %.3f sum %.1f" % (name, statistics.median(times), float(y.sum(dtype=np.float64))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
