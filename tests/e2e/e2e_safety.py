#!/usr/bin/env python3
"""tests/e2e/e2e_safety.py - `qpipe run` and `qpipe exec` never lose data in silence and can
always be stopped (issue 15): Ctrl-C on every path, a second Ctrl-C, crashes in 'unchecked
kernels, orphaned temporaries, the race on the final rename, -n, decompression bombs
(--max-pixels) and symbolic links out of an input folder.

References are independent of qpipe: exit codes from DESIGN.md, pixels decoded by FFmpeg,
sizes and timings measured here.
"""

import os
import resource
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

from harness import *  # noqa: F401,F403 - check, run, qpipe, ffmpeg, out, MEDIA, QPIPE, ROOT, ...
from harness import main

# Ctrl-C must end a run within this many seconds (issue 15: "within 1 s").
STOP_WITHIN_S = 1.0
# A decompression bomb must be refused quickly and without decoding: seconds and resident KiB
# (its decoded size is 400 MB; a sanitizer build's own overhead stays well below the bound).
BOMB_MAX_S = 3.0
BOMB_MAX_KIB = 400 * 1024


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def temporaries(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith(".qpipe-"))


def start(argv):
    """qpipe with stderr to a file (read while it runs)."""
    err = open(out("stderr-%d.txt" % time.monotonic_ns()), "w+")
    p = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    p.errfile = err
    return p


def stderr_of(p):
    p.errfile.seek(0)
    return p.errfile.read()


def wait_for(cond, what, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting for " + what)


def stop(p, sig=signal.SIGINT):
    """Send sig; the seconds until p exits (killed after 10 s)."""
    t0 = time.monotonic()
    p.send_signal(sig)
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        raise AssertionError("still running 10 s after %s" % signal.Signals(sig).name)
    return time.monotonic() - t0


def expect_stopped(p, folder, output, sig=signal.SIGINT, code=130):
    dt = stop(p, sig)
    err = stderr_of(p)
    if p.returncode != code:
        raise AssertionError("exit status %d, expected %d; stderr: %s" % (p.returncode, code, err.strip()[-400:]))
    if dt > STOP_WITHIN_S:
        raise AssertionError("took %.2f s to stop after %s, expected <= %.1f" % (dt, signal.Signals(sig).name,
                                                                               STOP_WITHIN_S))
    if os.path.exists(output):
        raise AssertionError("%s was written" % output)
    left = temporaries(folder)
    if left:
        raise AssertionError("temporaries left: %s" % left)
    return err


def fresh(name):
    d = out(name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def interrupt_case(name, source, ready="engine CPU", delay=0.4, sig=signal.SIGINT):
    """Run `source` (a filter) over the clip, `sig` once it computes: 130, fast, nothing left."""
    d = fresh(name)
    f = write(os.path.join(d, "f.q"), source)
    target = os.path.join(d, "out.mkv")
    p = start([QPIPE, "run", "-v", f, os.path.join(MEDIA, "clean.mkv"), target, "--codec", "ffv1"])
    wait_for(lambda: ready in stderr_of(p) or p.poll() is not None, "'%s' on stderr" % ready)
    time.sleep(delay)
    if p.poll() is not None:
        raise AssertionError("ended before the signal: %d %s" % (p.returncode, stderr_of(p)[-300:]))
    err = expect_stopped(p, d, target, sig)
    if "out.mkv not written" not in err:
        raise AssertionError("the message does not name the output: " + err.strip()[-300:])


# A filter that passes the first frames through (so that the encoder has created its
# temporary) and then runs `body` (module-level state counts the frames).
def after_frames(body, n=3):
    return ("state = object()\n"
            "state.frames = 0\n"
            "function y = process(x)\n"
            "    state.frames = state.frames + 1\n"
            "    y = x\n"
            "    if state.frames > %d\n%s\n    endif\n"
            "endfunction\n" % (n, body))


# One row of this kernel runs for seconds: polls between rows cannot stop it.
HEAVY_KERNEL = """function [] = __kernel__ heavy(x : cube, y : cube, pos : ivec3)
    s = 0.0
    for k = 0..100000000
        s = s + sin(k * 0.001)
    endfor
    y[pos] = x[pos] + s * 0
endfunction
"""


@check("Ctrl-C stops an endless while loop in process: exit 130 within 1 s, nothing left")
def _():
    interrupt_case("int-while", "function y = process(x)\n    k = 0\n    while true\n        k = k + 1\n"
                                "    endwhile\n    y = x\nendfunction\n")


@check("SIGTERM stops a long host for loop with calls: exit 130 within 1 s, nothing left")
def _():
    interrupt_case("int-for", "function z = step(a, i)\n    z = a + i\nendfunction\n"
                              "function y = process(x)\n    s = 0\n    for i = 0..2000000000\n"
                              "        s = step(s, i)\n    endfor\n    y = x + s * 0\nendfunction\n", sig=signal.SIGTERM)


@check("Ctrl-C stops a long compiled kernel between rows: exit 130 within 1 s, nothing left")
def _():
    # each element loops 2000 times: a frame takes seconds, one row a few milliseconds
    interrupt_case("int-kernel",
                   "function [] = __kernel__ slow(x : cube, y : cube, pos : ivec3)\n    s = 0.0\n"
                   "    for k = 0..2000\n        s = s + sin(k * 0.001)\n    endfor\n"
                   "    y[pos] = x[pos] + s * 0\nendfunction\n"
                   "function y = process(x)\n    y = zeros(size(x))\n    parallel_do(size(y), x, y, slow)\n"
                   "endfunction\n", ready="kernel 'slow'", delay=0.3)


@check("Ctrl-C stops the top level of a filter while it loads: exit 130 within 1 s")
def _():
    interrupt_case("int-load", "while true\n    a = 1\nendwhile\nfunction y = process(x)\n    y = x\nendfunction\n",
                   ready="", delay=0.5)


@check("Ctrl-C stops qpipe exec in an endless loop inside try (not caught): exit 130 within 1 s")
def _():
    d = fresh("int-exec")
    f = write(os.path.join(d, "p.q"), "function [] = main()\n    s = 0\n    try\n        while true\n"
                                      "            s = s + 1\n        endwhile\n    catch e\n"
                                      "        print \"caught: \", e\n    endtry\nendfunction\n")
    p = start([QPIPE, "exec", f])
    time.sleep(0.5)
    err = expect_stopped(p, d, os.path.join(d, "none"))
    if "interrupted" not in err:
        raise AssertionError("no 'interrupted' on stderr: " + err.strip()[-300:])


@check("Ctrl-C stops interpreted kernels (QPIPE_CC=none): lockstep with syncthreads, and serial")
def _():
    d = fresh("int-lockstep")
    kernels = {
        "lockstep": "function [] = __kernel__ kb(y : vec, blkpos : int, pos : int)\n    s = shared(4)\n"
                    "    for k = 0..1000000000\n        s[blkpos] = k\n        syncthreads\n    endfor\n"
                    "    y[pos] = s[0]\nendfunction\n"
                    "function [] = main()\n    v = zeros(4)\n    parallel_do([[4], [4]], v, kb)\n    print v\n"
                    "endfunction\n",
        "serial": "function [] = __kernel__ ks(y : vec, pos : int)\n    y[pos] = pos\nendfunction\n"
                  "function [] = main()\n    v = zeros(20000000)\n    parallel_do(size(v), v, ks)\n    print v[0]\n"
                  "endfunction\n",
    }
    env = dict(os.environ, QPIPE_CC="none")
    for name, text in kernels.items():
        f = write(os.path.join(d, name + ".q"), text)
        err = open(os.path.join(d, name + ".err"), "w+")
        p = subprocess.Popen([QPIPE, "exec", f], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err)
        p.errfile = err
        time.sleep(0.6)
        if p.poll() is not None:
            raise AssertionError("%s ended before the signal: %s" % (name, stderr_of(p)[-300:]))
        expect_stopped(p, d, os.path.join(d, "none"))


@check("a crash in an 'unchecked kernel under qpipe exec: exit 70 naming the kernel and its line")
def _():
    d = fresh("crash-exec")
    f = write(os.path.join(d, "p.q"), "function [] = __kernel__ far(x : vec'unchecked, y : vec, pos : int)\n"
                                      "    y[pos] = x[pos + 1000000000]\nendfunction\n"
                                      "function [] = main()\n    x = zeros(1000)\n    y = zeros(1000)\n"
                                      "    parallel_do(size(y), x, y, far)\n    print y[0]\nendfunction\n")
    code, _, err = run([QPIPE, "exec", f])
    if code != 70 or "p.q:1: error: kernel far crashed (SIG" not in err:
        raise AssertionError("exit status %d (expected 70): %s" % (code, err.strip()[-400:]))


@check("a second Ctrl-C stops at once inside an unstoppable kernel row: 130, temporary removed")
def _():
    d = fresh("int-twice")
    f = write(os.path.join(d, "f.q"), HEAVY_KERNEL + after_frames("        parallel_do(size(y), x, y, heavy)"))
    target = os.path.join(d, "out.mkv")
    p = start([QPIPE, "run", "-v", f, os.path.join(MEDIA, "clean.mkv"), target, "--codec", "ffv1"])
    wait_for(lambda: (temporaries(d) and "kernel 'heavy'" in stderr_of(p)) or p.poll() is not None,
             "the temporary and the kernel")
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    time.sleep(0.3)
    if p.poll() is not None:
        raise AssertionError("the first signal already stopped it (the kernel row is not long enough)")
    err = expect_stopped(p, d, target)
    if "out.mkv not written" not in err:
        raise AssertionError("the message does not name the output: " + err.strip()[-300:])


@check("SIGKILL leaves a temporary; the next run into the folder removes it (and only orphans)")
def _():
    d = fresh("orphan")
    f = write(os.path.join(d, "f.q"), after_frames("        while true\n            a = 1\n        endwhile"))
    p = start([QPIPE, "run", f, os.path.join(MEDIA, "clean.mkv"), os.path.join(d, "out.mkv"), "--codec", "ffv1"])
    wait_for(lambda: temporaries(d) or p.poll() is not None, "the temporary")
    p.kill()
    p.wait()
    orphans = temporaries(d)
    if not orphans:
        raise AssertionError("no temporary after SIGKILL (the test needs one)")
    keep = [".qpipe-%d-alive.png" % os.getpid(), ".qpipe-x-notours.png", ".qpipe-123"]
    for k in keep:
        write(os.path.join(d, k), "x")
    expect_code(qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), os.path.join(d, "next.png"), "-q"),
                0, "the next run")
    left = temporaries(d)
    if left != sorted(keep):
        raise AssertionError("temporaries after the next run: %s (expected only %s)" % (left, sorted(keep)))


def png_rgb(path):
    return ffmpeg("-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-") if False else \
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24",
                        "-"], stdout=subprocess.PIPE, check=True).stdout


@check("an output name of 250 characters is written (its temporary fits NAME_MAX); pixels 255 - x")
def _():
    d = fresh("longname")
    name = os.path.join(d, "n" * 246 + ".png")
    src = os.path.join(MEDIA, "clean_1.png")
    code, _, err = qpipe("presets/invert.q", src, name)
    expect_code((code, _, err), 0, "qpipe run")
    if ".qpipe-" in err:
        raise AssertionError("a message names a temporary: " + err.strip())
    got, ref = png_rgb(name), png_rgb(src)
    if got != bytes(255 - b for b in ref):
        raise AssertionError("the pixels are not 255 - x")
    if temporaries(d):
        raise AssertionError("temporaries left: %s" % temporaries(d))


# Waits until the file named by --set go exists: the test decides when the filter ends.
WAIT_FOR_GO = ('function y = process(x, go = "")\n    while fopen(go, "r") < 0\n        a = 1\n    endwhile\n'
               '    y = 255 - x\nendfunction\n')


@check("an output that appears during the run is not replaced without -y: exit 73, untouched")
def _():
    d = fresh("race")
    f = write(os.path.join(d, "f.q"), WAIT_FOR_GO)
    target, go = os.path.join(d, "out.png"), os.path.join(d, "go")
    p = start([QPIPE, "run", "-v", f, os.path.join(MEDIA, "clean_1.png"), target, "--set", "go=" + go])
    wait_for(lambda: "engine CPU" in stderr_of(p) or p.poll() is not None, "the start")
    write(target, "the user's own file")
    write(go, "")
    p.wait(timeout=20)
    err = stderr_of(p)
    if p.returncode != 73:
        raise AssertionError("exit status %d, expected 73: %s" % (p.returncode, err.strip()[-300:]))
    with open(target) as fh:
        if fh.read() != "the user's own file":
            raise AssertionError("the file that appeared was replaced")
    if "out.png appeared" not in err or ".qpipe-" in err:
        raise AssertionError("the message: " + err.strip()[-300:])
    if temporaries(d):
        raise AssertionError("temporaries left: %s" % temporaries(d))


@check("-n skips an existing output (exit 0, a note, untouched); in a batch each existing one")
def _():
    d = fresh("no-overwrite")
    target = write(os.path.join(d, "out.png"), "keep")
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), target, "-n")
    expect_code((code, _, err), 0, "qpipe run -n")
    if "skipped" not in err or open(target).read() != "keep":
        raise AssertionError("not skipped: " + err.strip())
    outdir = os.path.join(d, "batch")
    os.makedirs(outdir)
    write(os.path.join(outdir, "clean_2.png"), "keep")
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean_*.png"), outdir, "-n")
    expect_code((code, _, err), 0, "qpipe run -n over a glob")
    if open(os.path.join(outdir, "clean_2.png")).read() != "keep":
        raise AssertionError("clean_2.png was replaced")
    for n in ("clean_1.png", "clean_3.png"):
        if png_rgb(os.path.join(outdir, n)) != bytes(255 - b for b in png_rgb(os.path.join(MEDIA, n))):
            raise AssertionError("%s is not 255 - x" % n)
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), target, "-n", "-y")
    expect_code((code, _, err), 64, "-n with -y")


def bomb_png(path, w, h):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    z = zlib.compressobj(9)
    row = b"\0" * (w + 1)   # filter byte 0 and w gray zeros
    data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
                chunk(b"IDAT", data) + chunk(b"IEND", b""))


@check("a decompression bomb (PNG of 20000 x 20000) is refused: exit 65 quickly, bounded memory")
def _():
    d = fresh("bomb")
    src = os.path.join(d, "bomb.png")
    bomb_png(src, 20000, 20000)
    t0 = time.monotonic()
    p = subprocess.Popen([QPIPE, "run", "presets/invert.q", src, os.path.join(d, "o.png")], cwd=ROOT,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    dt = time.monotonic() - t0
    if p.returncode != 65:
        raise AssertionError("exit status %d, expected 65: %s" % (p.returncode, err.strip()))
    if "20000 x 20000" not in err or "268435456" not in err:
        raise AssertionError("the message does not give the size and the limit: " + err.strip())
    if dt > BOMB_MAX_S or usage.ru_maxrss > BOMB_MAX_KIB:
        raise AssertionError("%.2f s and %d KiB, expected <= %.1f s and %d KiB" % (dt, usage.ru_maxrss, BOMB_MAX_S,
                                                                                BOMB_MAX_KIB))


@check("--max-pixels applies to images and to video frames (exit 65), and allows what fits")
def _():
    d = fresh("maxpix")
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), os.path.join(d, "a.png"),
                         "--max-pixels", "1000")
    expect_code((code, _, err), 65, "an image over --max-pixels 1000")
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean.mkv"), os.path.join(d, "v.mkv"),
                         "--max-pixels", "57599")      # 320 x 180 = 57600
    expect_code((code, _, err), 65, "a video over --max-pixels 57599")
    if "320 x 180" not in err or "57599" not in err:
        raise AssertionError("the message: " + err.strip())
    code, _, err = qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), os.path.join(d, "b.png"),
                         "--max-pixels", "57600")
    expect_code((code, _, err), 0, "an image at the limit")
    expect_code(qpipe("presets/invert.q", os.path.join(MEDIA, "clean_1.png"), os.path.join(d, "c.png"),
                      "--max-pixels", "0"), 64, "--max-pixels 0")


@check("an 'unchecked kernel reading far out of bounds: exit 70 naming the kernel and its line")
def _():
    d = fresh("crash")
    kernel = ("function [] = __kernel__ far(x : cube'unchecked, y : cube, pos : ivec3)\n"
              "    y[pos] = x[pos[0] + 100000000, pos[1], pos[2]]\nendfunction\n")
    f = write(os.path.join(d, "f.q"), "%% a kernel that reads outside x\n" + kernel +
              after_frames("        parallel_do(size(y), x, y, far)"))
    target = os.path.join(d, "out.mkv")
    code, _, err = run([QPIPE, "run", f, os.path.join(MEDIA, "clean.mkv"), target, "--codec", "ffv1"])
    if code != 70:
        raise AssertionError("exit status %d, expected 70: %s" % (code, err.strip()[-400:]))
    if "f.q:2: error: kernel far crashed (SIGSEGV" not in err or "'unchecked" not in err:
        raise AssertionError("the message: " + err.strip()[-400:])
    if os.path.exists(target) or temporaries(d):
        raise AssertionError("left: %s" % os.listdir(d))
    # every thread of the pool faults at once: one report, not several interleaved
    for _ in range(5):
        code, _, err = run([QPIPE, "run", f, os.path.join(MEDIA, "clean.mkv"), target, "--codec", "ffv1",
                            "--threads", "8"])
        if code != 70 or err.count("crashed (") != 1 or err.count("note:") != 1:
            raise AssertionError("exit %d, the report not once: %s" % (code, err.strip()[-600:]))


@check("a symbolic link out of the input folder is not followed (unless --follow-symlinks)")
def _():
    d = fresh("links")
    src, outside = os.path.join(d, "in"), os.path.join(d, "outside")
    os.makedirs(src)
    os.makedirs(outside)
    shutil.copy(os.path.join(MEDIA, "clean_1.png"), os.path.join(src, "a.png"))
    shutil.copy(os.path.join(MEDIA, "clean_2.png"), os.path.join(outside, "secret.png"))
    os.symlink(os.path.join("..", "outside", "secret.png"), os.path.join(src, "b.png"))
    os.symlink("a.png", os.path.join(src, "c.png"))        # inside the folder: followed
    o1 = os.path.join(d, "o1")
    code, _, err = qpipe("presets/invert.q", src, o1)
    expect_code((code, _, err), 0, "qpipe run over the folder")
    if sorted(os.listdir(o1)) != ["a.png", "c.png"]:
        raise AssertionError("outputs %s, expected a.png and c.png" % sorted(os.listdir(o1)))
    if "b.png" not in err or "not followed" not in err:
        raise AssertionError("no warning about b.png: " + err.strip())
    o2 = os.path.join(d, "o2")
    expect_code(qpipe("presets/invert.q", src, o2, "--follow-symlinks"), 0, "with --follow-symlinks")
    if sorted(os.listdir(o2)) != ["a.png", "b.png", "c.png"]:
        raise AssertionError("outputs %s with --follow-symlinks" % sorted(os.listdir(o2)))


@check("an input name with control characters gives a sanitized output name, with a warning")
def _():
    d = fresh("names")
    src = os.path.join(d, "in")
    os.makedirs(src)
    shutil.copy(os.path.join(MEDIA, "clean_1.png"), os.path.join(src, "x\x01\ny.png"))
    o = os.path.join(d, "o")
    code, _, err = qpipe("presets/invert.q", src, o)
    expect_code((code, _, err), 0, "qpipe run")
    if os.listdir(o) != ["x__y.png"] or "warning" not in err:
        raise AssertionError("outputs %s; stderr %s" % (os.listdir(o), err.strip()))


if __name__ == "__main__":
    sys.exit(main())
