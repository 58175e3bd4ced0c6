"""tests/e2e/cudatext.py - helpers of the e2e checks of the CUDA text (e2e_cudatext.py,
e2e_warp.py, e2e_grid.py): `qpipe emit`, a program written under build/e2e, and the PTX that NVRTC makes
of a kernel text (tests/nvrtc_check.py's NVRTC and options) after ptxas has assembled it
for sm_90. Not a test script itself (no e2e_ prefix).
"""

import os
import sys

from harness import QPIPE, ROOT, out, run

sys.path.insert(0, os.path.join(ROOT, "tests"))
import nvrtc_check  # noqa: E402


def emit(mode, rel):
    code, o, e = run([QPIPE, "emit", "--" + mode, os.path.join(ROOT, rel)])
    if code != 0 or "qpk_cuda" not in o:
        raise AssertionError("emit --%s %s: exit %d, %s" % (mode, rel, code, e.strip()[-300:]))
    return o


def expected(rel):
    """The output a golden program states in its `% expect: ` lines."""
    with open(os.path.join(ROOT, rel)) as f:
        return "".join(line[len("% expect: "):] for line in f if line.startswith("% expect: "))


def compiled_run(path, names, engine="cpu", timeout=60):
    """`qpipe exec -v` of a program; fails unless it exits 0 and every named kernel was
    compiled (or loaded from the kernel cache). Its stdout and stderr."""
    code, o, e = run([QPIPE, "exec", "-v", "--engine", engine, path], timeout=timeout)
    if code != 0:
        raise AssertionError("exit %d: %s" % (code, e.strip()[-300:]))
    for name in names:
        if "kernel '%s' compiled" % name not in e and "kernel '%s' loaded from the kernel cache" % name not in e:
            raise AssertionError("kernel %s not compiled: %s" % (name, e.strip()[-300:]))
    return o, e


def program(name, text):
    path = out(name)
    with open(path, "w") as f:
        f.write(text)
    return path


_nvrtc = []


def ptx_of(text, name):
    """The PTX NVRTC makes of a kernel text, after ptxas has assembled it for sm_90."""
    if not _nvrtc:
        home = nvrtc_check.cuda_home()
        lib, ptxas = nvrtc_check.find_nvrtc(home), nvrtc_check.find_ptxas(home)
        if not lib or not ptxas:
            raise AssertionError("no NVRTC or ptxas under %s: the CUDA toolkit belongs to the test machine" % home)
        _nvrtc.append((nvrtc_check.Nvrtc(lib), ptxas, nvrtc_check.read_headers(os.path.join(ROOT, "kernels", "qp_kernel.h"))))
    nv, ptxas, headers = _nvrtc[0]
    ptx, log = nv.compile(text.encode(), name + ".c", headers)
    if ptx is None:
        raise AssertionError("NVRTC: %s" % nvrtc_check.summary(log))
    problem = nvrtc_check.run_ptxas(ptxas, ptx, name)
    if problem:
        raise AssertionError("ptxas: %s" % nvrtc_check.summary(problem))
    return ptx.decode("utf-8", "replace")
