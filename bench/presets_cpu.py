#!/usr/bin/env python3
"""presets_cpu.py - CPU time (user + system) of one thread, qpipe against OpenCV float32.

The wall-time figures of bench/presets.sh move by a factor of 2 to 4 with the load of a
shared machine; CPU time on one thread moves much less. For the operations below, on the
1080 x 1920 testsrc2 frame of bench/presets.sh:
  qpipe   bench/presets_cpu.q OP under `qpipe exec --threads 1`: the process's CPU time
          for REPS + 1 runs minus that for 1 run (start-up, PNG reading and kernel loading
          cancel), divided by REPS;
  OpenCV  the same operation on float32 (0..255), cv2.setNumThreads(1), one untimed run,
          then the CPU time of REPS runs (resource.getrusage), divided by REPS.
Alternating, ROUNDS times; the figure is the median over rounds, the ratio qpipe / OpenCV.

  /usr/bin/python3 bench/presets_cpu.py [FILE [REPS [ROUNDS [OPS]]]]    (defaults: a
  testsrc2 frame made with ffmpeg, 40, 3, all; OPS names some of them, comma-separated,
  e.g. down_bilinear,down_bicubic; FILE "-" is the default frame; QPIPE: build/qpipe)

  presets_cpu: median3   qpipe   3.95 ms  OpenCV   4.71 ms  qpipe/OpenCV 0.84
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
QPIPE = os.environ.get("QPIPE") or os.path.join(os.path.dirname(HERE), "build", "qpipe")
OPS = ["median3", "median5", "open3", "down_bicubic", "up2_bicubic", "down_lanczos", "down_bilinear"]


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def qpipe_ms(path, op, reps):
    def run(n):
        t0 = children_cpu()
        subprocess.run([QPIPE, "exec", "--threads", "1", os.path.join(HERE, "presets_cpu.q"), path, str(op), str(n)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return children_cpu() - t0
    run(1)                      # compiles the kernels on a cold cache
    return (run(reps + 1) - run(1)) / reps * 1e3


def opencv_ms(x, op, reps):
    H, W = x.shape[:2]
    k3 = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    f = [lambda: cv2.medianBlur(x, 3), lambda: cv2.medianBlur(x, 5),
         lambda: cv2.morphologyEx(x, cv2.MORPH_OPEN, k3),
         lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_CUBIC),
         lambda: cv2.resize(x, (2 * W, 2 * H), interpolation=cv2.INTER_CUBIC),
         lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_LANCZOS4),
         lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_AREA)][op]
    f()
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    for _ in range(reps):
        f()
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    return (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) / reps * 1e3


def main(argv):
    reps = int(argv[1]) if len(argv) > 1 else 40
    rounds = int(argv[2]) if len(argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        given = argv and argv[0] != "-"
        path = argv[0] if given else os.path.join(tmp, "in1080.png")
        if not given:
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                            "testsrc2=size=1920x1080:rate=25", "-frames:v", "1", "-pix_fmt", "rgb24", path], check=True)
        cv2.setNumThreads(1)
        x = cv2.imread(path).astype(np.float32)
        print("presets_cpu: one thread, CPU ms a 1080p frame, median of %d rounds of %d reps, load %.1f"
              % (rounds, reps, os.getloadavg()[0]))
        chosen = argv[3].split(",") if len(argv) > 3 else OPS
        for op, name in enumerate(OPS):
            if name not in chosen:
                continue
            q, o = [], []
            for _ in range(rounds):
                q.append(qpipe_ms(path, op, reps))
                o.append(opencv_ms(x, op, reps))
            qm, om = statistics.median(q), statistics.median(o)
            print("presets_cpu: %-13s qpipe %7.2f ms  OpenCV %7.2f ms  qpipe/OpenCV %5.2f  (qpipe %s; OpenCV %s)"
                  % (name, qm, om, qm / om, " ".join("%.2f" % v for v in q), " ".join("%.2f" % v for v in o)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
