"""bench/denoise_video.py - the video part of bench/denoise.sh: a panned and zoomed clip of a
natural picture, denoised by qpipe and FFmpeg, in one run.

Run by bench/denoise.sh in its virtualenv (scikit-image); argument: the repository root.
Environment: QPIPE, FRAMES (50: 2 s at 25 fps), NL_FRAMES (10: nlmeans is slow, its row is
on the first NL_FRAMES frames only), SIGMA (15), HD_FRAMES (30, the 1080p speed runs; at
least 30 so that start-up and the filling of the pipeline do not dominate).

The clip: scikit-image's astronaut (512x512) upscaled 3x (bicubic), a 1280x720 window that
pans right and down by (3.1, 1.7) pixels per frame and zooms in by 0.15% per frame (each
frame resampled bilinearly from the upscaled picture: sub-pixel motion everywhere), rounded
to 8 bits; then white Gaussian noise of deviation SIGMA per frame (NumPy, seed 13), rounded
and saturated. Clean and noisy clips are lossless (FFV1, RGB), as is every output.

Rows: PSNR and SSIM (scikit-image, RGB, the mean over frames) against the clean clip, the
frames per second of the run (wall) and the CPU seconds per frame (user + system of the
child process: the machine is shared, so CPU time is the steadier figure). The row of
invert.q is the decoding, conversion and FFV1 encoding that every qpipe row pays (FFV1 of a
noisy 720p frame alone costs about 0.1 CPU s): a filter's own cost is its CPU s/frame less
that row's.

Then the 1080p speed table: denoise.q fast, denoise_temporal.q and identity.q, each with
raw NUT in and `--format null` out (the filter's throughput, as `ffmpeg ... -f null -`
measures a filter) and with FFV1 in and out (the codec of the table above); fps (wall),
CPU s per frame, and for the raw rows the CPU per frame without the start-up.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np
import skimage.data
import skimage.transform
from scipy import ndimage
from skimage.metrics import structural_similarity

ROOT = sys.argv[1]
QPIPE = os.environ.get("QPIPE", os.path.join(ROOT, "build", "qpipe"))
FRAMES = int(os.environ.get("FRAMES", "50"))
NL_FRAMES = int(os.environ.get("NL_FRAMES", "10"))
HD_FRAMES = int(os.environ.get("HD_FRAMES", "30"))
HD_SHORT = max(1, min(10, HD_FRAMES // 3))
SIGMA = float(os.environ.get("SIGMA", "15"))


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_child(cmd):
    t0, w0 = child_cpu(), time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    if p.returncode:
        raise RuntimeError("%s: exit %d: %s" % (cmd[0], p.returncode, p.stderr[-300:]))
    return child_cpu() - t0, time.monotonic() - w0


def write_clip(frames, path):
    h, w = frames[0].shape[:2]
    p = subprocess.Popen(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                          "-s", "%dx%d" % (w, h), "-r", "25", "-i", "-", "-c:v", "ffv1", "-pix_fmt", "bgr0", path],
                         stdin=subprocess.PIPE)
    for f in frames:
        p.stdin.write(f.tobytes())
    p.stdin.close()
    if p.wait():
        raise RuntimeError("ffmpeg could not write " + path)


def read_clip(path, h, w):
    b = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24",
                        "-"], stdout=subprocess.PIPE, check=True).stdout
    return np.frombuffer(b, np.uint8).reshape(-1, h, w, 3)


def make_clip(n, h, w, seed=13):
    """The clean and noisy frames (see the top of the file)."""
    big = skimage.transform.rescale(skimage.data.astronaut() / 255.0, 3, order=3, channel_axis=2) * 255
    rng = np.random.default_rng(seed)
    clean, noisy = [], []
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    for t in range(n):
        zoom = 1 + 0.0015 * t
        cy, cx = 700 + 1.7 * t + h / 2, 60 + 3.1 * t + w / 2     # the window's centre in the picture
        sy = cy + (yy - h / 2) / zoom
        sx = cx + (xx - w / 2) / zoom
        f = np.stack([ndimage.map_coordinates(big[..., c], [sy, sx], order=1, mode="nearest") for c in range(3)], 2)
        c8 = np.clip(np.round(f), 0, 255).astype(np.uint8)
        clean.append(c8)
        noisy.append(np.clip(np.round(c8 + rng.normal(0, SIGMA, c8.shape)), 0, 255).astype(np.uint8))
    return clean, noisy


def scores(clean, out):
    ps, ss = [], []
    for a, b in zip(clean, out):
        d = a.astype(float) - b.astype(float)
        ps.append(10 * np.log10(255.0 ** 2 / np.mean(d * d)))
        ss.append(structural_similarity(a, b, channel_axis=2, data_range=255))
    return float(np.mean(ps)), float(np.mean(ss))


def main():
    h, w = 720, 1280
    tmp = tempfile.mkdtemp(prefix="qpipe-vdenoise-")
    clean, noisy = make_clip(FRAMES, h, w)
    src = os.path.join(tmp, "noisy.mkv")
    write_clip(noisy, src)
    nl_src = os.path.join(tmp, "noisy_nl.mkv")
    write_clip(noisy[:NL_FRAMES], nl_src)
    q = os.path.join(ROOT, "presets")
    ff = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y"]
    enc = ["-c:v", "ffv1", "-pix_fmt", "bgr0"]
    methods = [
        ("qpipe denoise.q fast", src, [QPIPE, "run", q + "/denoise.q", src, "OUT", "-y", "-q", "--codec", "ffv1",
                                        "--set", "sigma=%g" % SIGMA, "--set", "profile=fast"]),
        ("qpipe denoise.q quality", src, [QPIPE, "run", q + "/denoise.q", src, "OUT", "-y", "-q", "--codec", "ffv1",
                                           "--set", "sigma=%g" % SIGMA, "--set", "profile=quality"]),
        ("qpipe denoise_temporal.q", src, [QPIPE, "run", q + "/denoise_temporal.q", src, "OUT", "-y", "-q",
                                           "--codec", "ffv1", "--set", "sigma=%g" % SIGMA]),
        # the decoding, conversion and FFV1 encoding every qpipe row pays, with a trivial filter
        ("qpipe invert.q (I/O alone)", src, [QPIPE, "run", q + "/invert.q", src, "OUT", "-y", "-q", "--codec", "ffv1"]),
        ("ffmpeg dctdnoiz", src, ff + ["-i", src, "-vf", "dctdnoiz=sigma=%g" % SIGMA] + enc + ["OUT"]),
        # strength 0.75 sigma: the best of 0.5, 0.75, 1 x sigma on the stills (denoise_eval.py)
        ("ffmpeg nlmeans (first %d frames)" % NL_FRAMES, nl_src,
         ff + ["-i", nl_src, "-vf", "nlmeans=s=%g" % (0.75 * SIGMA)] + enc + ["OUT"]),
    ]
    # the kernels compiled into the cache first (untimed), so no row pays for another's
    for name, inp, cmd in methods:
        if cmd[0] == QPIPE:
            run_child([nl_src if c == src else os.path.join(tmp, "warm.mkv") if c == "OUT" else c for c in cmd])
    rows = []
    p, s = scores(clean, noisy)
    rows.append(("noisy", p, s, None, None))
    for name, inp, cmd in methods:
        out = os.path.join(tmp, "out.mkv")
        cmd = [out if c == "OUT" else c for c in cmd]
        cpu, wall = run_child(cmd)
        y = read_clip(out, h, w)
        n = len(y)
        want = FRAMES if inp == src else NL_FRAMES
        if n != want:
            raise RuntimeError("%s: %d frames out, %d in" % (name, n, want))
        p, s = scores(clean[:n], 255 - y if "invert" in name else y)
        rows.append((name, p, s, n / wall, cpu / n))
        print("  %s: %.2f dB" % (name, p), file=sys.stderr)
    print("pan clip: %dx%d, %d frames, sigma %g (nlmeans on the first %d)\n" % (w, h, FRAMES, SIGMA, NL_FRAMES))
    print("| method | PSNR (dB) | SSIM | fps (wall, this run) | CPU s/frame |")
    print("|---|---|---|---|---|")
    for name, p, s, fps, cpf in rows:
        if fps is None:
            print("| %s | %.2f | %.4f | — | — |" % (name, p, s))
        else:
            print("| %s | %.2f | %.4f | %.2f | %.2f |" % (name, p, s, fps, cpf))
    sys.stdout.flush()
    # 1080p speed: the clip at 1920x1080, HD_FRAMES frames, each filter run twice. "raw in,
    # null out": the frames as uncompressed NUT (bgr0 rawvideo) in and `--format null` out
    # (FFmpeg's -f null -), so that the row is the filter's throughput with the conversions
    # to and from float, as FFmpeg users measure a filter; "FFV1 in and out": the lossless
    # codec of the rows above on both sides (FFV1 of a noisy 1080p frame costs about 0.15
    # CPU s to decode and as much to encode). The start-up (loading the filter and its
    # compiled kernels, the first frame's buffers) is in every row; the last column leaves
    # it out: the CPU time of the run less that of a run of HD_SHORT frames, per frame.
    hd_clean, hd_noisy = make_clip(HD_FRAMES, 1080, 1920)
    hd = os.path.join(tmp, "hd.mkv")
    write_clip(hd_noisy, hd)
    hd_raw = os.path.join(tmp, "hd.nut")
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", hd, "-c:v", "rawvideo", "-pix_fmt",
                    "bgr0", hd_raw], check=True)
    del hd_clean, hd_noisy
    out = os.path.join(tmp, "hd_out.mkv")
    hd_rows = [("denoise.q fast", [q + "/denoise.q", "--set", "sigma=%g" % SIGMA, "--set", "profile=fast"]),
               ("denoise_temporal.q", [q + "/denoise_temporal.q", "--set", "sigma=%g" % SIGMA]),
               ("identity.q (input and output alone)", [q + "/identity.q"])]
    print("\n1080p (the clip at 1920x1080), %d frames; CPU s/frame after start-up: (CPU of the run - CPU of "
          "%d frames) / %d\n" % (HD_FRAMES, HD_SHORT, HD_FRAMES - HD_SHORT))
    print("| filter | input, output | fps (wall, this run) | CPU s/frame | CPU s/frame after start-up |")
    print("|---|---|---|---|---|")
    for name, args in hd_rows:
        cmd = [QPIPE, "run", args[0], hd_raw, "-", "-q", "--format", "null"] + args[1:]
        cpu, wall = run_child(cmd)
        short, _ = run_child(cmd + ["--frames", str(HD_SHORT)])
        print("| %s | raw NUT in, --format null out | %.2f | %.3f | %.3f |" % (
            name, HD_FRAMES / wall, cpu / HD_FRAMES, (cpu - short) / (HD_FRAMES - HD_SHORT)))
        cpu, wall = run_child([QPIPE, "run", args[0], hd, out, "-y", "-q", "--codec", "ffv1"] + args[1:])
        print("| %s | FFV1 in, FFV1 out | %.2f | %.3f | — |" % (name, HD_FRAMES / wall, cpu / HD_FRAMES))
        sys.stdout.flush()
    subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
