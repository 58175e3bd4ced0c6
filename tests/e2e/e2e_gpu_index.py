#!/usr/bin/env python3
"""tests/e2e/e2e_gpu_index.py - which CUDA device runs the kernels: `--gpu N` (exec, run,
preview, watch) and the program's `{!sched gpu_index=N}` (docs/cuda.md "Devices"), on
machines without a GPU.

A fake driver library (libcuda.so.1 built here from C: every function the loader resolves,
reading its names from runtime/cuda/loader.c) reports FAKE_CUDA_COUNT devices, writes each
ordinal asked of cuDeviceGet to FAKE_CUDA_LOG and answers it with
CUDA_ERROR_INVALID_DEVICE; NVRTC is the toolkit's, linked beside it. QPIPE_CUDA_LIBDIR
points the engine at that folder, so the device number the engine asks for, and the
reason it prints, are what the checks read.
"""

import glob
import os
import re

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT
from harness import main

CUDA_HOME = os.environ.get("CUDA_HOME") or "/usr/local/cuda"

SPECIAL = {
    "cuDriverGetVersion": "int cuDriverGetVersion(int *v) { *v = 99990; return 0; }",
    "cuDeviceGetCount": ("int cuDeviceGetCount(int *n) { const char *c = getenv(\"FAKE_CUDA_COUNT\"); "
                         "*n = c ? atoi(c) : 1; return 0; }"),
    "cuDeviceGet": ("int cuDeviceGet(int *d, int ord) { const char *p = getenv(\"FAKE_CUDA_LOG\"); "
                    "FILE *f = p ? fopen(p, \"a\") : NULL; if (f) { fprintf(f, \"%d\\n\", ord); fclose(f); } "
                    "*d = ord; return 101; }"),
    "cuGetErrorName": "int cuGetErrorName(int r, const char **s) { (void)r; *s = 0; return 1; }",
}

# y = x * 2 + 1 over a 4x5 grid on whichever engine: 3 everywhere, 60 in all
PROGRAM = """%s
function [] = __kernel__ k(x : mat, y : mat, pos : ivec2)
    y[pos] = x[pos] * 2 + 1
end
x = ones(4, 5); y = zeros(4, 5)
parallel_do(size(x), x, y, k)
print(sum(y))
"""


def fake_driver():
    """The folder with the fake libcuda.so.1 and the toolkit's NVRTC."""
    d = out("fake-cuda")
    lib = os.path.join(d, "libcuda.so.1")
    if os.path.exists(lib):
        return d
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(ROOT, "runtime", "cuda", "loader.c")) as f:
        names = re.findall(r'SYM\(d, \w+, "(\w+)"\)', f.read())
    if "cuDeviceGet" not in names or len(names) < 20:
        raise AssertionError("loader.c's driver functions not found (%d)" % len(names))
    src = ["#include <stdio.h>", "#include <stdlib.h>"]
    src += [SPECIAL.get(n, "int %s(void) { return 0; }" % n) for n in names]
    c = os.path.join(d, "fake.c")
    with open(c, "w") as f:
        f.write("\n".join(src) + "\n")
    code, _, e = run(["cc", "-shared", "-fPIC", "-o", lib, c])
    if code:
        raise AssertionError("cc: %s" % e[-300:])
    nvrtc = sorted(glob.glob(os.path.join(CUDA_HOME, "lib64", "libnvrtc.so*")))
    if not nvrtc:
        raise AssertionError("no NVRTC under %s/lib64: the toolkit belongs to the test machine" % CUDA_HOME)
    for p in nvrtc:
        os.symlink(p, os.path.join(d, os.path.basename(p)))
    return d


def prog(name, attr):
    path = out(name)
    with open(path, "w") as f:
        f.write(PROGRAM % attr)
    return path


def fake_run(argv, count, log):
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=fake_driver(), FAKE_CUDA_COUNT=str(count), FAKE_CUDA_LOG=log)
    code, o, e = run([QPIPE] + argv, env=env)
    asked = open(log).read().split() if os.path.exists(log) else []
    return code, o, e, asked


@check("--gpu 1 --engine cuda on a machine with one device: exit 69, the reason")
def _():
    code, o, e, asked = fake_run(["exec", "--gpu", "1", "--engine", "cuda", prog("plain.q", "")], 1, out("log1"))
    want = "qpipe exec: --engine cuda: no CUDA device 1 (1 found, numbered from 0)\n"
    if code != 69 or e != want or o or asked:
        raise AssertionError("exit %d, stderr %r, devices asked %s (expected 69, %r, none)" % (code, e, asked, want))


@check("--gpu 1 with two devices: the engine asks the driver for device 1")
def _():
    code, o, e, asked = fake_run(["exec", "--gpu", "1", "--engine", "cuda", prog("plain.q", "")], 2, out("log2"))
    want = "qpipe exec: --engine cuda: CUDA device 1 does not answer (CUDA_ERROR_INVALID_DEVICE)\n"
    if code != 69 or e != want or asked != ["1"]:
        raise AssertionError("exit %d, stderr %r, devices asked %s (expected 69, %r, ['1'])" % (code, e, asked, want))


@check("qpipe run --gpu 1 --engine cuda on a machine with one device: exit 69, the reason")
def _():
    code, o, e, asked = fake_run(["run", "--gpu", "1", "--engine", "cuda", "presets/invert.q", "in.png",
                                  out("never.png")], 1, out("log3"))
    if code != 69 or "qpipe run: --engine cuda: no CUDA device 1 (1 found, numbered from 0)" not in e:
        raise AssertionError("exit %d, stderr %r" % (code, e))


@check("{!sched gpu_index=1}: the kernels' device is 1; results from the CPU when it does not answer")
def _():
    code, o, e, asked = fake_run(["exec", prog("attr.q", "{!sched gpu_index=1}")], 2, out("log4"))
    if code != 0 or o != "60\n" or asked != ["1"]:
        raise AssertionError("exit %d, output %r, devices asked %s (expected 0, '60', ['1']); %s"
                             % (code, o, asked, e[-300:]))


@check("--gpu 0 wins over the program's {!sched gpu_index=1}")
def _():
    code, o, e, asked = fake_run(["exec", "--gpu", "0", prog("attr.q", "{!sched gpu_index=1}")], 2, out("log5"))
    if code != 0 or o != "60\n" or asked != ["0"]:
        raise AssertionError("exit %d, output %r, devices asked %s (expected 0, '60', ['0'])" % (code, o, asked))


@check("--gpu without a device number: exit 64 on exec, run and preview")
def _():
    for argv, head in ((["exec", "--gpu", "x", "p.q"], "qpipe exec: --gpu needs a device number from 0 to 63, not 'x'"),
                       (["exec", "--gpu", "64", "p.q"], "qpipe exec: --gpu needs a device number from 0 to 63, not '64'"),
                       (["run", "--gpu", "-1", "f.q", "a.png", "b.png"],
                        "qpipe run: --gpu needs a device number from 0 to 63, not '-1'"),
                       (["preview", "--gpu", "one", "f.q", "a.png"],
                        "qpipe preview: --gpu needs a device number from 0 to 63, not 'one'")):
        code, o, e = run([QPIPE] + argv)
        if code != 64 or not e.startswith(head):
            raise AssertionError("%s: exit %d, stderr %r" % (" ".join(argv), code, e))


@check("{!sched gpu_index=x}: a program error at the setting (file:line:col, exit 65)")
def _():
    path = prog("bad.q", "{!sched gpu_index=x}")
    code, o, e = run([QPIPE, "exec", "--engine", "cpu", path])
    want = "%s:1:9: error: gpu_index needs a device number from 0 to 63\n" % path
    if code != 65 or not e.startswith(want):
        raise AssertionError("exit %d, stderr %r (expected 65, %r)" % (code, e, want))


if __name__ == "__main__":
    raise SystemExit(main())
