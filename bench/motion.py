"""bench/motion.py - presets/motion.q's block motion (issue 13): speed per frame and accuracy
against the known motion of bench/denoise_video.py's pan clip, in one run.

    build/venv-denoise/bin/python bench/motion.py [ROOT]      (the venv of bench/denoise.sh)

Environment: QPIPE (build/qpipe), REPS (20; 0: the vectors only), SIZES ("720 1080"), SIGMA (15), BASE (a git
revision: its presets/motion.q is measured in the same run, alternating, for the ratio;
unset: only the working tree's).

For each size, frames 0, 1, 2 of the pan clip (the window pans by (3.1, 1.7) px per frame and
zooms in 0.15% per frame, sigma 15 noise) go to PNG; bench/motion.q times pyramid_fill and
pyramid_motion of frame 1 into frame 2 (full search, the t+-1 case) and into frame 0 (search 2
around a predictor, the t+-2 case) and writes the vectors. Their error is the mean end-point
error (EPE, pixels) against the true displacement at each 8x8 block's centre: the point of
frame 1 at (y, x) is in frame 2 at h/2 + ((y - h/2) / z1 + c1 - c2) z2 (and likewise in x),
blocks within 16 pixels of an edge left out (what enters there is not in frame 1); also on
the textured blocks only (clean luma deviation >= 4 grey levels: in flat or clipped parts
any vector fits), and the share of blocks within 0.5 px. Timings are medians of REPS runs (wall, ms, on
2 threads): the machine is shared, so compare rows of the same run.
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile

import numpy as np

if len(sys.argv) < 2:
    sys.argv.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import denoise_video  # noqa: E402  (make_clip; its main does not run on import)

ROOT = sys.argv[1]
QPIPE = os.environ.get("QPIPE", os.path.join(ROOT, "build", "qpipe"))
REPS = int(os.environ.get("REPS", "20"))
SIZES = [int(s) for s in os.environ.get("SIZES", "720 1080").split()]
BASE = os.environ.get("BASE", "")


def true_motion(h, w, ta, tb):
    """The displacement (dy, dx) from frame ta to frame tb at each 8x8 block's centre."""
    by = np.arange((h + 7) // 8) * 8 + 3.5
    bx = np.arange((w + 7) // 8) * 8 + 3.5
    yy, xx = np.meshgrid(by, bx, indexing="ij")
    za, zb = 1 + 0.0015 * ta, 1 + 0.0015 * tb
    cya, cyb = 700 + 1.7 * ta, 700 + 1.7 * tb
    cxa, cxb = 60 + 3.1 * ta, 60 + 3.1 * tb
    ty = h / 2 + ((yy - h / 2) / za + cya - cyb) * zb
    tx = w / 2 + ((xx - w / 2) / za + cxa - cxb) * zb
    return ty - yy, tx - xx, yy, xx


def textured(clean, h, w):
    """Blocks whose clean luma varies (standard deviation of 4 grey levels or more): where
    the motion is defined by the picture (in flat or clipped parts any vector is right)."""
    l = clean.astype(float).mean(2)
    nby, nbx = (h + 7) // 8, (w + 7) // 8
    p = np.pad(l, ((0, nby * 8 - h), (0, nbx * 8 - w)), mode="edge")
    return p.reshape(nby, 8, nbx, 8).std(axis=(1, 3)) >= 4


def epe(prefix, tag, h, w, ta, tb, tex):
    dy = np.loadtxt(prefix + "_%sdy.csv" % tag, delimiter=",", ndmin=2)
    dx = np.loadtxt(prefix + "_%sdx.csv" % tag, delimiter=",", ndmin=2)
    ty, tx, yy, xx = true_motion(h, w, ta, tb)
    inner = (yy > 16) & (yy < h - 16) & (xx > 16) & (xx < w - 16)
    e = np.hypot(dy - ty, dx - tx)
    return float(e[inner].mean()), float((e[inner] <= 0.5).mean()), float(e[inner & tex].mean())


def write_png(frame, path):
    h, w = frame.shape[:2]
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                    "-s", "%dx%d" % (w, h), "-i", "-", "-frames:v", "1", path], input=frame.tobytes(), check=True)


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_bench(qdir, files, prefix, reps, op):
    t0 = child_cpu()
    p = subprocess.run([QPIPE, "exec", "--threads", "2", os.path.join(qdir, "motion.q")] + files +
                       [prefix, str(reps), op], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    if p.returncode:
        raise RuntimeError("bench/motion.q: exit %d: %s" % (p.returncode, p.stderr[-400:]))
    return child_cpu() - t0


def measure(qdir, files, prefix):
    """CPU ms per call of each OP: (CPU of REPS calls - CPU of none) / REPS, the smaller of
    two rounds."""
    r = {"fill": 0, "full": 0, "pred": 0}
    run_bench(qdir, files, prefix, 0, "full")        # compiles the kernels (cached for the rest)
    if REPS == 0:
        return r
    for op in r:
        best = None
        for _ in range(2):
            base = run_bench(qdir, files, prefix, 0, op)
            n = REPS * (5 if op == "fill" else 1)
            t = (run_bench(qdir, files, prefix, n, op) - base) / n * 1000
            best = t if best is None else min(best, t)
        r[op] = best
    return r


def setup(tmp, name, motion_text):
    """A folder with bench/motion.q importing the given text of presets/motion.q (import
    searches the importing file's folder first)."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    with open(os.path.join(d, "motion_mod.q"), "w") as f:
        f.write(motion_text)
    with open(os.path.join(ROOT, "bench", "motion.q")) as f:
        bench = f.read().replace('import "motion.q"', 'import "motion_mod.q"')
    with open(os.path.join(d, "motion.q"), "w") as f:
        f.write(bench)
    return d


def main():
    tmp = tempfile.mkdtemp(prefix="qpipe-motion-")
    versions = []
    with open(os.path.join(ROOT, "presets", "motion.q")) as f:
        versions.append(("tree", setup(tmp, "tree", f.read())))
    if BASE:
        text = subprocess.run(["git", "show", BASE + ":presets/motion.q"], cwd=ROOT, stdout=subprocess.PIPE,
                              check=True, text=True).stdout
        versions.append((BASE, setup(tmp, "base", text)))
    print("| size | motion.q | fill CPU ms | full search CPU ms | predicted CPU ms | EPE full (px) | textured | "
          "<= 0.5 px | EPE predicted | textured |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for hgt in SIZES:
        wid = hgt * 16 // 9
        clean, noisy = denoise_video.make_clip(3, hgt, wid)
        tex = textured(clean[1], hgt, wid)
        files = []
        for t in range(3):
            files.append(os.path.join(tmp, "f%d_%d.png" % (hgt, t)))
            write_png(noisy[t], files[-1])
        for name, d in versions:
            prefix = os.path.join(tmp, "%s_%d" % (name.replace("/", "_"), hgt))
            r = measure(d, files, prefix)
            e, share, et = epe(prefix, "", hgt, wid, 1, 2, tex)
            ep, _, ept = epe(prefix, "p", hgt, wid, 1, 0, tex)
            print("| %dp | %s | %.1f | %.1f | %.1f | %.3f | %.3f | %.1f%% | %.3f | %.3f |" % (
                hgt, name, r["fill"], r["full"], r["pred"], e, et, 100 * share, ep, ept))
            sys.stdout.flush()
    if not os.environ.get("KEEP"):
        shutil.rmtree(tmp)
    else:
        print(tmp)


if __name__ == "__main__":
    main()
