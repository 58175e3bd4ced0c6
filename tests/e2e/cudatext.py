"""tests/e2e/cudatext.py - helpers of the e2e checks of the CUDA text (e2e_cudatext.py,
e2e_warp.py): `qpipe emit`, a program written under build/e2e, and the PTX that NVRTC makes
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
