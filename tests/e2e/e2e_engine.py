#!/usr/bin/env python3
"""tests/e2e/e2e_engine.py - `--engine cpu|cuda|auto` and the CUDA engine's loader, on machines
without a GPU (docs/cuda.md).

The CUDA libraries are opened at run time, never linked: the checks look at the binary's
needed libraries, then point QPIPE_CUDA_LIBDIR at an empty folder (libraries missing) and at
the toolkit's stubs/ folder (a libcuda that answers every call with CUDA_ERROR_STUB_LIBRARY:
library present, no device), and read the exit status and the reason printed.
"""

import os
import re
import shutil
import subprocess

from harness import *  # noqa: F401,F403 - check, run, qpipe, out, expect_code, QPIPE, ROOT
from harness import main

CUDA_HOME = os.environ.get("CUDA_HOME") or "/usr/local/cuda"
STUBS = os.path.join(CUDA_HOME, "lib64", "stubs")
CUDA_LIBS = re.compile(r"\blib(cuda|nvrtc|cufft|cublas|cusolver|cudart)\b[^ ]*\.so")

# y = x * s + v[1] with x = 1, s = 2, v = [1, 2, 3]: 4 everywhere; t = 0 + 1 + ... + 9 = 45
PROGRAM = """function [] = __kernel__ k(x : mat'unchecked, y : mat, v : vec3, s : scalar, pos : ivec2)
    y[pos] = x[pos] * s + v[1]
end
function t : int = __kernel__ total(pos : int)
    t += pos
end
function main()
    x = ones(40, 50); y = zeros(40, 50)
    parallel_do(size(x), x, y, [1.0, 2.0, 3.0], 2.0, k)
    print(y[0, 0], " ", y[39, 49], " ", sum(y))
    t = parallel_do(10, total)
    print(t)
end
"""
EXPECTED = "4 4 8000\n45\n"


def program():
    path = out("engine.q")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(PROGRAM)
    return path


def exec_q(*args, libdir=None):
    env = dict(os.environ)
    if libdir is not None:
        env["QPIPE_CUDA_LIBDIR"] = libdir
    return run([QPIPE, "exec"] + list(args), env=env)


def empty_dir():
    path = out("no-cuda-libs")
    os.makedirs(path, exist_ok=True)
    return path


def gpu_answers():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@check("build/qpipe links no CUDA library (readelf NEEDED and ldd)")
def _():
    code, text, err = run(["readelf", "-d", QPIPE])
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", text)
    if code or not needed:
        raise AssertionError("readelf -d failed: %s" % err.strip()[-200:])
    bad = [n for n in needed if CUDA_LIBS.search(n)]
    code, text, _ = run(["ldd", QPIPE])
    bad += [l.strip() for l in text.splitlines() if CUDA_LIBS.search(l)]
    if bad:
        raise AssertionError("linked: %s" % ", ".join(bad))


@check("--engine cuda without the CUDA libraries: exit 69, the missing library named")
def _():
    libdir = empty_dir()
    code, o, e = exec_q("--engine", "cuda", program(), libdir=libdir)
    want = "qpipe exec: --engine cuda: the CUDA driver (libcuda.so.1) not found in QPIPE_CUDA_LIBDIR=%s\n" % libdir
    if code != 69 or e != want or o:
        raise AssertionError("exit %d, stderr %r (expected 69, %r)" % (code, e, want))


@check("--engine cuda with the driver library but no device (the toolkit's stub): exit 69, the reason")
def _():
    if not os.path.exists(os.path.join(STUBS, "libcuda.so")):
        raise AssertionError("no %s/libcuda.so: the CUDA toolkit belongs to the test machine" % STUBS)
    code, o, e = exec_q("--engine", "cuda", program(), libdir=STUBS)
    want = ("qpipe exec: --engine cuda: no CUDA device: libcuda is the toolkit's stub, no driver is "
            "installed (cuInit: CUDA_ERROR_STUB_LIBRARY)\n")
    if code != 69 or e != want or o:
        raise AssertionError("exit %d, stderr %r (expected 69, %r)" % (code, e, want))


@check("qpipe run --engine cuda without a device: exit 69 before reading, no output file")
def _():
    target = out("engine-cuda.png")
    code, _, e = run([QPIPE, "run", "presets/invert.q", out("no-such-input.png"), target, "--engine", "cuda"],
                     env=dict(os.environ, QPIPE_CUDA_LIBDIR=empty_dir()))
    if code != 69 or "qpipe run: --engine cuda: the CUDA driver (libcuda.so.1) not found" not in e:
        raise AssertionError("exit %d, stderr %r" % (code, e))
    if os.path.exists(target):
        raise AssertionError("%s was created" % target)


@check("--engine auto -v without CUDA: says once it uses the CPU and why; results as computed by hand")
def _():
    libdir = empty_dir()
    code, o, e = exec_q("-v", program(), libdir=libdir)
    line = "qpipe: engine cpu (the CUDA driver (libcuda.so.1) not found in QPIPE_CUDA_LIBDIR=%s)\n" % libdir
    if code != 0 or o != EXPECTED:
        raise AssertionError("exit %d, output %r (expected %r); stderr %s" % (code, o, EXPECTED, e[-300:]))
    if e.count("qpipe: engine ") != 1 or not e.startswith(line):
        raise AssertionError("stderr %r does not start with %r once" % (e[:400], line))
    code, o, e = exec_q("--engine", "auto", program(), libdir=libdir)
    if code != 0 or o != EXPECTED or "engine" in e:
        raise AssertionError("without -v: exit %d, output %r, stderr %r" % (code, o, e))


@check("qpipe run -v without CUDA: the engine line says CPU and why; the image is the negative")
def _():
    libdir = empty_dir()
    src, dst = os.path.join(MEDIA, "clean_1.png"), out("engine-inv.png")
    code, _, e = run([QPIPE, "run", "presets/invert.q", src, dst, "-v"], env=dict(os.environ, QPIPE_CUDA_LIBDIR=libdir))
    want = ("qpipe run: engine CPU (the CUDA driver (libcuda.so.1) not found in QPIPE_CUDA_LIBDIR=%s; "
            "single precision); filters: presets/invert.q\n" % libdir)
    if code != 0 or want not in e:
        raise AssertionError("exit %d, stderr %r (expected the line %r)" % (code, e[:400], want))
    if rgb_frames(dst) != rgb_frames(src, "format=rgb24,negate"):
        raise AssertionError("the output is not FFmpeg's negate of the input")


@check("--engine cpu: the CPU, CUDA not even probed; a bad engine name is exit 64")
def _():
    code, o, e = exec_q("-v", "--engine", "cpu", program(), libdir=empty_dir())
    if code != 0 or o != EXPECTED or "qpipe: engine cpu (--engine cpu)\n" not in e:
        raise AssertionError("exit %d, output %r, stderr %r" % (code, o, e[:300]))
    code, _, e = exec_q("--engine", "gpu", program())
    if code != 64 or "--engine is cpu, cuda or auto, not 'gpu'" not in e:
        raise AssertionError("exit %d, stderr %r" % (code, e))


@check("--engine cuda on this machine: exit 69 with a reason when no GPU answers, else the CPU's results")
def _():
    code, o, e = exec_q("--engine", "cuda", program())
    if gpu_answers():
        if code != 0 or o != EXPECTED:
            raise AssertionError("on the GPU: exit %d, output %r (expected %r); %s" % (code, o, EXPECTED, e[-300:]))
    elif code != 69 or not e.startswith("qpipe exec: --engine cuda: ") or len(e.splitlines()) != 1:
        raise AssertionError("exit %d, stderr %r (expected 69 and one line)" % (code, e))


FFT_PROGRAM = """function main()
    x = [[1.0, 2.0, 0.5], [3.0, -1.0, 4.0]]
    X = fft2(x)
    print(real(X[0, 0]), " ", real(X[1, 1]), " ", imag(X[1, 1]), " ", imag(X[0, 1]))
    y = real(ifft2(X))
    print(y[1, 2])
    Y = fft1(complex(x))
    print(real(Y[1, 1]), " ", imag(Y[1, 1]))
end
"""


@check("fft2/ifft2/fft1 behind --engine auto without the CUDA libraries: the CPU's results, as NumPy computes them")
def _():
    import numpy as np
    path = out("engine-fft.q")
    with open(path, "w") as f:
        f.write(FFT_PROGRAM)
    code, o, e = exec_q("--double", "-v", path, libdir=empty_dir())
    x = np.array([[1.0, 2.0, 0.5], [3.0, -1.0, 4.0]])
    X, Y = np.fft.fft2(x), np.fft.fft(x, axis=1)
    want = [[X[0, 0].real, X[1, 1].real, X[1, 1].imag, X[0, 1].imag], [4.0], [Y[1, 1].real, Y[1, 1].imag]]
    got = [[float(t) for t in line.split()] for line in o.splitlines()]
    if code != 0 or len(got) != 3 or any(len(g) != len(w) or any(abs(a - b) > 1e-5 * max(1.0, abs(b)) for a, b in zip(g, w))
                                         for g, w in zip(got, want)):
        raise AssertionError("exit %d, output %r (expected %r); stderr %s" % (code, o, want, e[-300:]))
    if "engine cpu" not in e:
        raise AssertionError("-v does not say the CPU engine: %r" % e[:300])


@check("qpipe preview --engine cuda without a device: exit 69 with the reason, before any window")
def _():
    libdir = empty_dir()
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=libdir)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    src = os.path.join(MEDIA, "clean_1.png")
    code, o, e = run([QPIPE, "preview", "presets/invert.q", src, "--engine", "cuda", "--exit-at-end"], env=env)
    want = "qpipe preview: --engine cuda: the CUDA driver (libcuda.so.1) not found in QPIPE_CUDA_LIBDIR=%s\n" % libdir
    if code != 69 or e != want or o:
        raise AssertionError("exit %d, stderr %r (expected 69, %r)" % (code, e, want))
    code, _, e = run([QPIPE, "preview", "presets/invert.q", src, "--engine", "gpu"], env=env)
    if code != 64 or "qpipe preview: --engine is cpu, cuda or auto, not 'gpu'" not in e:
        raise AssertionError("--engine gpu: exit %d, stderr %r (expected 64)" % (code, e))


@check("emit --cuda shows the launchable entry the CUDA engine compiles")
def _():
    code, o, e = run([QPIPE, "emit", "--cuda", program()])
    if code != 0 or o.count('extern "C" __global__ void qpk_cuda_args(const qp_arg *args') != 2:
        raise AssertionError("exit %d; %d entries in the text (2 kernels)" % (
            code, o.count("__global__ void qpk_cuda_args(")))


if __name__ == "__main__":
    raise SystemExit(main())
