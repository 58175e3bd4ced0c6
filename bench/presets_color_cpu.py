#!/usr/bin/env python3
"""presets_color_cpu.py - CPU time (user + system) of one thread: color.q against FFmpeg's
colour filters, on the 1080 x 1920 testsrc2 frame of bench/presets.sh.

The wall-time rows of bench/presets.sh move by a factor of 2 to 4 with the load of a shared
machine, and FFmpeg's eq has no slice threads (one thread whatever -filter_threads says), so
its wall time on two threads is not a like-for-like figure either. CPU time on one thread
moves much less:
  qpipe   bench/presets_color.q FILE REPS WHICH under `qpipe exec --threads 1`: the CPU time
          of the process (its children's, as getrusage counts them) for REPS + 1 runs minus
          that for 1 run (start-up, PNG reading and kernel loading cancel), over REPS;
  FFmpeg  the frame looped N = 4 REPS frames through `format=FMT,FILTER` minus through
          `format=FMT,null`, -filter_threads 1 -threads 1, the CPU time over N (decoding
          and the conversion to FMT cancel).
Rows, like for like (the parameters of bench/presets_color.q and presets_peers.py):
  color_eq       gamma 1.2, saturation 1.3    eq=gamma=1.2:saturation=1.3 on yuv444p (8-bit
                                              tables on planes: gamma on luma only)
  color_mixer    white balance and matrix     colorchannelmixer on rgb24
  color_balance  tone curve (+10, +5, -8)     colorbalance (+.04, +.02, -.03) on rgb24
  color          all of it (wb, matrix, black 10, gamma 1.2, saturation 1.3) against
                 colorchannelmixer + eq, the two FFmpeg filters it takes (their sum)
Alternating, ROUNDS times; the figure is the median over rounds.

  /usr/bin/python3 bench/presets_color_cpu.py [FILE [REPS [ROUNDS]]]   (defaults: a testsrc2
  frame made with ffmpeg, 40, 3; QPIPE: build/qpipe)

  presets_color_cpu: color_eq      qpipe   4.98 ms  FFmpeg   1.10 ms  qpipe/FFmpeg 4.53
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
QPIPE = os.environ.get("QPIPE") or os.path.join(os.path.dirname(HERE), "build", "qpipe")
EQ = ("eq=gamma=1.2:saturation=1.3", "yuv444p")
MIXER = ("colorchannelmixer=1.05:0.05:0:0:0:1:0:0:0:0:1:0", "rgb24")
BALANCE = ("colorbalance=rs=.04:gs=.04:bs=.04:rm=.02:gm=.02:bm=.02:rh=-.03:gh=-.03:bh=-.03", "rgb24")
# name, which (bench/presets_color.q), the FFmpeg filters whose times add up
ROWS = [("color_eq", 1, [EQ]), ("color_mixer", 2, [MIXER]), ("color_balance", 3, [BALANCE]),
        ("color", 0, [MIXER, EQ])]


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_of(argv):
    t0 = children_cpu()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return children_cpu() - t0


def qpipe_ms(path, which, reps):
    def run(n):
        return cpu_of([QPIPE, "exec", "--threads", "1", os.path.join(HERE, "presets_color.q"), path, str(n),
                       str(which)])
    run(1)                      # compiles the kernels on a cold cache
    return (run(reps + 1) - run(1)) / reps * 1e3


def ffmpeg_ms(path, vf, fmt, frames):
    def run(graph):
        return cpu_of(["ffmpeg", "-nostdin", "-loglevel", "error", "-loop", "1", "-i", path, "-frames:v", str(frames),
                       "-filter_threads", "1", "-threads", "1", "-vf", graph, "-f", "null", "-"])
    base = min(run("format=%s,null" % fmt) for _ in range(2))
    full = min(run("format=%s,%s" % (fmt, vf)) for _ in range(2))
    return max(0.0, (full - base) / frames * 1e3)


def main(argv):
    reps = int(argv[1]) if len(argv) > 1 else 40
    rounds = int(argv[2]) if len(argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        path = argv[0] if argv else os.path.join(tmp, "in1080.png")
        if not argv:
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                            "testsrc2=size=1920x1080:rate=25", "-frames:v", "1", "-pix_fmt", "rgb24", path], check=True)
        print("presets_color_cpu: one thread, CPU ms a 1080p frame, median of %d rounds of %d reps, load %.1f"
              % (rounds, reps, os.getloadavg()[0]))
        for name, which, peers in ROWS:
            q, f = [], []
            for _ in range(rounds):
                q.append(qpipe_ms(path, which, reps))
                f.append(sum(ffmpeg_ms(path, vf, fmt, 4 * reps) for vf, fmt in peers))
            qm, fm = statistics.median(q), statistics.median(f)
            print("presets_color_cpu: %-13s qpipe %7.2f ms  FFmpeg %7.2f ms  qpipe/FFmpeg %5.2f  (qpipe %s; FFmpeg %s)"
                  % (name, qm, fm, qm / fm if fm > 0 else float("inf"), " ".join("%.2f" % v for v in q),
                     " ".join("%.2f" % v for v in f)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
