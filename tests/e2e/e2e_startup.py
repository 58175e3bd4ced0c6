#!/usr/bin/env python3
"""tests/e2e/e2e_startup.py - the heavy libraries are opened on first use, not at exec
(runtime/dl.h, docs/runtime.md "Start-up").

- build/qpipe's NEEDED entries name none of FFmpeg, SDL2/SDL2_ttf/GL, Cairo, OpenBLAS/LAPACKE,
  FFTW, SQLite;
- `qpipe --version`, a PNG -> PNG run and an exec without linear algebra load none of them:
  the dynamic loader's own account (LD_DEBUG=files) says which files it opened; a video run
  opening libavcodec in that account shows the method sees them;
- a library made unloadable (LD_LIBRARY_PATH to a folder holding an empty file under its
  soname; the loader's message names that file, so it was picked up): a command that needs
  it exits 69 naming it, with no output left behind; commands that do not need it work;
- --engine auto opens the CUDA driver only when a compiled kernel first launches, so a run of
  interpreted filters (identity.q) never starts a device driver;
- PNG output is compressed with zlib's fastest setting (io/png.c), losslessly.
The sonames come from the development libraries' SONAME (readelf), not from qpipe.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (MEDIA, OUT, QPIPE, ROOT, check, ffmpeg, main, out, rgb_frames,  # noqa: E402
                     run)

LAZY = re.compile(r"libav(codec|format|util|device|filter)|libsw(scale|resample)|libSDL2|libGL\b|libGL\.|"
                  r"libcairo|openblas|lapack|libblas|fftw|sqlite")


def soname(pkg, lib):
    """The SONAME of lib (e.g. "libavcodec") in the libdir pkg-config gives for pkg."""
    libdir = subprocess.run(["pkg-config", "--variable=libdir", pkg], stdout=subprocess.PIPE,
                            check=True).stdout.decode().strip()
    path = os.path.join(libdir, lib + ".so")
    code, text, err = run(["readelf", "-d", path])
    m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", text)
    if code or not m:
        raise AssertionError("no SONAME in %s: %s" % (path, err.strip()[-200:]))
    return m.group(1)


def broken_dir(names):
    """A folder holding an empty file under each name: dlopen finds it first (LD_LIBRARY_PATH)
    and refuses it."""
    d = out("broken-" + "-".join(n.split(".")[0] for n in names))
    os.makedirs(d, exist_ok=True)
    for n in names:
        open(os.path.join(d, n), "w").close()
    return d


def run_env(argv, env_add, timeout=60):
    env = dict(os.environ, **env_add)
    return run(argv, timeout=timeout, env=env)


def loaded_files(argv):
    """Exit code and the files the dynamic loader opened for argv (LD_DEBUG=files)."""
    code, o, e = run_env(argv, {"LD_DEBUG": "files"})
    files = set(re.findall(r"^\s*\d+:\s+file=(\S+) \[\d+\];", e, re.M))
    return code, files


def png(name, size="64x48"):
    path = out(name)
    if not os.path.exists(path):
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=%s" % size, "-frames:v", "1", path)
    return path


def same_pixels(a, b):
    fa, fb = rgb_frames(a), rgb_frames(b)
    if fa != fb:
        raise AssertionError("%s differs from %s" % (b, a))


def program(name, text):
    path = out(name)
    with open(path, "w") as f:
        f.write(text)
    return path


@check("build/qpipe links none of the libraries opened on first use (readelf NEEDED, ldd)")
def _():
    code, text, err = run(["readelf", "-d", QPIPE])
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", text)
    if code or not needed:
        raise AssertionError("readelf -d failed: %s" % err.strip()[-200:])
    bad = [n for n in needed if LAZY.search(n)]
    code, text, _ = run(["ldd", QPIPE])
    bad += [l.strip() for l in text.splitlines() if LAZY.search(l)]
    if bad:
        raise AssertionError("linked: %s" % ", ".join(bad))


@check("--version, a PNG -> PNG run and exec without linear algebra load none of them (LD_DEBUG=files)")
def _():
    a, b = png("a.png"), out("b.png")
    prog = program("plain.q", "x = [1, 2, 3]\nprint(sum(x .* x))\n")
    for argv in ([QPIPE, "--version"], [QPIPE, "run", "presets/identity.q", a, b], [QPIPE, "exec", prog]):
        code, files = loaded_files(argv)
        if code:
            raise AssertionError("%s: exit %d" % (" ".join(argv[1:2]), code))
        bad = sorted(f for f in files if LAZY.search(os.path.basename(f)))
        if bad:
            raise AssertionError("%s loaded %s" % (" ".join(argv[1:3]), ", ".join(bad)))
    same_pixels(a, b)
    # the method sees a library opened on first use: a video run lists libavcodec
    code, files = loaded_files([QPIPE, "run", "presets/identity.q", os.path.join(MEDIA, "in420.mp4"),
                                out("seen.mkv")])
    avcodec = soname("libavcodec", "libavcodec")
    if code or not any(os.path.basename(f) == avcodec for f in files):
        raise AssertionError("video run: exit %d, %s not among the files loaded" % (code, avcodec))


def asks_cuda(files):
    return any(os.path.basename(f).startswith("libcuda.so") for f in files)


@check("--engine auto asks for the CUDA driver when a kernel first launches: not for interpreted filters")
def _():
    a, v = png("a.png"), os.path.join(MEDIA, "in420.mp4")
    for argv, want in (([QPIPE, "run", "-y", "presets/identity.q", a, out("c.png")], False),
                       ([QPIPE, "run", "-y", "presets/identity.q", v, out("c.mkv")], False),
                       ([QPIPE, "run", "-y", "presets/blur.q", a, out("d.png")], True),
                       ([QPIPE, "run", "-y", "presets/blur.q", v, out("d.mkv")], True),
                       ([QPIPE, "run", "-y", "--engine", "cpu", "presets/blur.q", a, out("e.png")], False),
                       ([QPIPE, "run", "-y", "-v", "presets/identity.q", a, out("f.png")], True)):
        code, files = loaded_files(argv)
        if code or asks_cuda(files) != want:
            raise AssertionError("%s: exit %d, libcuda %s (expected %s)"
                                 % (" ".join(argv[2:]), code, "asked" if asks_cuda(files) else "not asked",
                                    "asked" if want else "not asked"))
    same_pixels(a, out("c.png"))


@check("FFmpeg unloadable: a video run exits 69 naming libavcodec, leaves no output; a PNG run works")
def _():
    avcodec = soname("libavcodec", "libavcodec")
    d = broken_dir([avcodec])
    env = {"LD_LIBRARY_PATH": d}
    os.makedirs(out("nolib"), exist_ok=True)
    dst = out("nolib/v.mkv")
    code, o, e = run_env([QPIPE, "run", "presets/identity.q", os.path.join(MEDIA, "in420.mp4"), dst], env)
    want = os.path.join(d, avcodec)
    if code != 69 or want not in e or "FFmpeg" not in e:
        raise AssertionError("exit %d, stderr %r (expected 69 naming %s)" % (code, e[-300:], want))
    if os.listdir(out("nolib")):
        raise AssertionError("left behind: %s" % os.listdir(out("nolib")))
    a, b = png("a.png"), out("b-nolib.png")
    code, o, e = run_env([QPIPE, "run", "presets/identity.q", a, b], env)
    if code:
        raise AssertionError("PNG run: exit %d, %s" % (code, e[-300:]))
    same_pixels(a, b)


@check("SDL2 unloadable: preview exits 69 naming libSDL2")
def _():
    sdl = soname("sdl2", "libSDL2")
    d = broken_dir([sdl])
    code, o, e = run_env([QPIPE, "preview", "presets/identity.q", png("a.png")],
                         {"LD_LIBRARY_PATH": d, "DISPLAY": ":99", "WAYLAND_DISPLAY": ""})
    want = os.path.join(d, sdl)
    if code != 69 or want not in e:
        raise AssertionError("exit %d, stderr %r (expected 69 naming %s)" % (code, e[-300:], want))


@check("OpenBLAS unloadable: inv and a matrix product exit 69 at their line, naming it; other programs run")
def _():
    blas = soname("openblas", "libopenblas")
    d = broken_dir([blas])
    env = {"LD_LIBRARY_PATH": d}
    want = os.path.join(d, blas)
    for name, text, col in (("inv.q", "A = [[2.0, 1.0], [1.0, 3.0]]\nB = inv(A)\nprint(B)\n", 8),
                            ("prod.q", "A = [[2.0, 1.0], [1.0, 3.0]]\nB = A * A\nprint(B)\n", 7)):
        prog = program(name, text)
        code, o, e = run_env([QPIPE, "exec", prog], env)
        if code != 69 or want not in e or ("%s:2:%d: error:" % (prog, col)) not in e or o:
            raise AssertionError("%s: exit %d, stdout %r, stderr %r (expected 69 naming %s at 2:%d)"
                                 % (name, code, o, e[-300:], want, col))
    code, o, e = run_env([QPIPE, "exec", program("plain2.q", "x = [1, 2, 3]\nprint(sum(x .* x))\n")], env)
    if code or o.strip() != "14":
        raise AssertionError("plain program: exit %d, stdout %r, stderr %r" % (code, o, e[-300:]))


@check("FFTW unloadable: fft1 exits 69 naming it")
def _():
    fftw = soname("fftw3", "libfftw3")
    d = broken_dir([fftw])
    prog = program("fft.q", "print(fft1([1.0, 2.0, 3.0, 4.0]))\n")
    code, o, e = run_env([QPIPE, "exec", prog], {"LD_LIBRARY_PATH": d})
    want = os.path.join(d, fftw)
    if code != 69 or want not in e or ("%s:1:" % prog) not in e:
        raise AssertionError("exit %d, stderr %r (expected 69 naming %s)" % (code, e[-300:], want))


@check("PNG output: zlib's fastest setting (run-length strategy) in the IDAT stream, pixels exact")
def _():
    # The zlib header's FLEVEL bits (RFC 1950) say how the stream was compressed: 0 for
    # level 1 or the RLE/Huffman-only strategies, 2 for the default level 6.
    a, b = png("still.png", "256x192"), out("still-out.png")
    code, o, e = run([QPIPE, "run", "presets/identity.q", a, b])
    if code:
        raise AssertionError("exit %d: %s" % (code, e[-300:]))
    with open(b, "rb") as f:
        data = f.read()
    i = data.index(b"IDAT") + 4
    cmf, flg = data[i], data[i + 1]
    if cmf & 0x0F != 8 or ((cmf << 8) | flg) % 31 or flg >> 6 != 0:
        raise AssertionError("zlib header %02x %02x: FLEVEL %d, expected 0 (fastest)" % (cmf, flg, flg >> 6))
    same_pixels(a, b)


if __name__ == "__main__":
    sys.exit(main())
