#!/usr/bin/env python3
"""bench/fft_numpy.py - NumPy's side of bench/fft.sh: numpy.fft.fft2 and numpy.fft.irfft2
of a 1080x1920 float32 plane (NumPy >= 2 transforms float32 in single precision); prints
the median milliseconds of REPS runs of each.  Usage: python3 bench/fft_numpy.py [REPS]"""
import statistics
import sys
import time

import numpy as np

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 21
x = np.random.default_rng(1).random((1080, 1920), dtype=np.float32)
X = np.fft.fft2(x)
half = np.ascontiguousarray(X[:, : 1920 // 2 + 1])


def median_ms(f):
    f()
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(t)


print("numpy fft2 %.3f ms (output %s)" % (median_ms(lambda: np.fft.fft2(x)), np.fft.fft2(x).dtype))
print("numpy irfft2 %.3f ms" % median_ms(lambda: np.fft.irfft2(half, s=x.shape)))
