#!/usr/bin/env python3
"""tests/e2e/harness.py - what every end-to-end script of tests/e2e/ shares.

Each script (`run_e2e.py`, `e2e_*.py`) imports this module, registers its checks with
`@check(NAME)` and ends with `sys.exit(main())`. tests/run.py runs every script; each check
prints one line, `ok NAME` or `not ok NAME: REASON`, counted as one test. The media of
samples/make_media.sh (320x180, 1 s, 25 fps) is made once into build/e2e/media by setup();
each script's outputs go to a folder of its own process (OUT). FFmpeg computes every
reference independently (DESIGN.md "Tests").

Environment: QPIPE (default build/qpipe). Needs ffmpeg and ffprobe. Standard library only.
"""

import hashlib
import math
import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QPIPE = os.path.abspath(os.environ.get("QPIPE") or os.path.join(ROOT, "build", "qpipe"))
# Beside the binary (build/e2e, build-asan/e2e), so that two builds never share it; the
# media is made once (its stamp is the script's hash), the outputs go to a folder of this
# run's own, so that concurrent runs of the suite do not meet.
WORK = os.path.join(os.path.dirname(QPIPE), "e2e")
MEDIA = os.path.join(WORK, "media")
OUT = os.path.join(WORK, "out-%d" % os.getpid())

# denoise.q must raise the PSNR against the clean source by at least this much (dB); it
# measured +3.8 dB on this media (noise of standard deviation ~9, --set sigma=6; +4.4 with
# sigma=9; the former bilateral denoise.q +4.5 at sigma=6).
DENOISE_MARGIN_DB = 3.0
# the temporal denoiser on the same clip (it measured +3.36 dB, --set sigma=9; +2.5 before its
# per-pixel gain and edge-aware spatial step)
TEMPORAL_MARGIN_DB = 3.0
NEGATE_MIN_PSNR = 50.0
# Part of the media's stamp with make_media.sh's text: change it when setup() makes other files.
MEDIA_VERSION = "4"

results = []


def check(name):
    def wrap(fn):
        results.append((name, fn))
        return fn
    return wrap


def run(argv, timeout=60, **kw):
    p = subprocess.run(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout, **kw)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def qpipe(*args, timeout=60):
    return run([QPIPE, "run"] + list(args), timeout=timeout)


def ffmpeg(*args):
    code, out, err = run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + list(args))
    if code:
        raise AssertionError("ffmpeg %s failed: %s" % (" ".join(args), err.strip()[-300:]))
    return out


def rgb_frames(path, vf=None):
    """Every video frame of `path` as packed rgb24 bytes (frames as decoded, no rate change)."""
    args = ["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough"]
    if vf:
        args += ["-vf", vf]
    args += ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode:
        raise AssertionError("cannot decode %s: %s" % (path, p.stderr.decode()[-300:]))
    return p.stdout


def psnr_bytes(a, b):
    if len(a) != len(b):
        raise AssertionError("sizes differ: %d and %d bytes" % (len(a), len(b)))
    if a == b:
        return math.inf
    se = 0
    for x, y in zip(a, b):
        d = x - y
        se += d * d
    mse = se / len(a)
    return 10 * math.log10(255.0 * 255.0 / mse)


def psnr_files(a, b):
    """FFmpeg's average PSNR of a against b in RGB."""
    code, out, err = run(["ffmpeg", "-nostdin", "-hide_banner", "-i", a, "-i", b, "-lavfi",
                          "[0]format=rgb24[a];[1]format=rgb24[b];[a][b]psnr", "-f", "null", "-"])
    for part in err.split():
        if part.startswith("average:"):
            v = part[len("average:"):]
            return math.inf if v == "inf" else float(v)
    raise AssertionError("no PSNR from ffmpeg: " + err.strip()[-300:])


def frame_times(path):
    out = run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
               "frame=pts_time", "-of", "csv=p=0", path])[1]
    return [line.strip().rstrip(",") for line in out.splitlines() if line.strip()]


def audio_md5(path):
    return ffmpeg("-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-").strip()


def out(name):
    return os.path.join(OUT, name)


def expect_code(result, want, what):
    code, _, err = result
    if code != want:
        raise AssertionError("%s: exit status %d, expected %d; stderr: %s" % (what, code, want, err.strip()[-400:]))


# ---- checks ---------------------------------------------------------------------------


def setup():
    """Make the media when it is missing or stale: into a folder of this run, renamed into
    place when complete (another run may be doing the same)."""
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    stamp = os.path.join(MEDIA, "stamp")
    script = os.path.join(ROOT, "samples", "make_media.sh")
    with open(script, "rb") as f:
        digest = hashlib.sha1(f.read() + MEDIA_VERSION.encode()).hexdigest()
    try:
        with open(stamp) as f:
            if f.read() == digest:
                return
    except OSError:
        pass
    tmp = os.path.join(WORK, "media-%d" % os.getpid())
    shutil.rmtree(tmp, ignore_errors=True)
    code, _, err = run(["sh", script, tmp, "320x180", "1"], timeout=120)
    if code:
        raise AssertionError("make_media.sh failed: " + err.strip()[-300:])
    ffmpeg("-i", os.path.join(tmp, "clean.mkv"), "-map", "0:v", "-c:v", "libx264", "-crf", "0",
           "-pix_fmt", "yuv444p", os.path.join(tmp, "in444.mp4"))
    # the common case: H.264 4:2:0
    ffmpeg("-i", os.path.join(tmp, "clean.mkv"), "-map", "0:v", "-c:v", "libx264", "-crf", "18",
           "-pix_fmt", "yuv420p", os.path.join(tmp, "in420.mp4"))
    # variable frame rate: frame n at 0.04 n s plus 0.02 s for every third frame
    ffmpeg("-i", os.path.join(tmp, "clean.mkv"), "-map", "0:v", "-vf",
           "setpts='(N*0.04+0.02*floor(N/3))/TB'", "-fps_mode", "passthrough", "-c:v", "ffv1",
           "-pix_fmt", "bgr0", os.path.join(tmp, "vfr.mkv"))
    with open(os.path.join(tmp, "stamp"), "w") as f:
        f.write(digest)
    old = os.path.join(WORK, "media-old-%d" % os.getpid())
    if os.path.exists(MEDIA):
        try:
            os.rename(MEDIA, old)
        except OSError:
            pass
    try:
        os.rename(tmp, MEDIA)
    except OSError:
        pass        # another run put its (identical) media in place first
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)


def main():
    for tool in ("ffmpeg", "ffprobe"):
        if not shutil.which(tool):
            print("not ok e2e: %s is not installed (sh scripts/deps.sh)" % tool)
            return 1
    if not os.access(QPIPE, os.X_OK):
        print("not ok e2e: %s is not built (make)" % QPIPE)
        return 1
    try:
        setup()
    except (AssertionError, subprocess.TimeoutExpired) as e:
        print("not ok e2e media: %s" % e)
        return 1
    env_cache = os.environ.get("XDG_CACHE_HOME")
    if not env_cache:
        os.environ["XDG_CACHE_HOME"] = os.path.join(ROOT, "build", "cache")
    failed = 0
    for name, fn in results:
        try:
            fn()
            print("ok " + name)
        except subprocess.TimeoutExpired as e:
            print("not ok %s: timeout (%s)" % (name, " ".join(map(str, e.cmd))[:200]))
            failed += 1
        except (AssertionError, OSError) as e:
            print("not ok %s: %s" % (name, str(e).replace("\n", " ")))
            failed += 1
        sys.stdout.flush()
    if not failed:
        shutil.rmtree(OUT, ignore_errors=True)     # kept after a failure, to look at
    return 1 if failed else 0
