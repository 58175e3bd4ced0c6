#!/usr/bin/env python3
"""tests/e2e/e2e_cuda_async.py - where a GPU kernel's failure is reported, now that a
launch returns before the kernel has run (docs/cuda.md "Status of a launch"), on machines
without a GPU.

The CUDA engine runs against the fake driver of tests/unit/fake_cuda.c (built here with
weak stubs for the rest of loader.c's functions, NVRTC faked too, QPIPE_CUDA_LIBDIR
pointing at it). Its kernels compute nothing, but a launch writes the status that
FAKE_CUDA_STATUS gives ("failed:line", on the launch numbered FAKE_CUDA_FAIL_AT), as a
kernel on a GPU would: the checks compare where and how the error is reported with what
the CPU engine reports for the same program, whose kernel fails for real.
"""

import os
import re

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT, MEDIA
from harness import main


def fake_driver():
    d = out("fake-cuda-async")
    lib = os.path.join(d, "libcuda.so.1")
    if os.path.exists(lib):
        return d
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(ROOT, "runtime", "cuda", "loader.c")) as f:
        names = re.findall(r'SYM\(\w+, \w+, "(\w+)"\)', f.read())
    if len(names) < 30:
        raise AssertionError("loader.c's functions not found (%d)" % len(names))
    stubs = os.path.join(d, "stubs.c")
    with open(stubs, "w") as f:
        f.write("".join("__attribute__((weak)) int %s(void) { return 0; }\n" % n for n in names))
    code, _, e = run(["cc", "-shared", "-fPIC", "-o", lib, os.path.join(ROOT, "tests", "unit", "fake_cuda.c"), stubs])
    if code:
        raise AssertionError("cc: %s" % e[-300:])
    os.symlink(lib, os.path.join(d, "libnvrtc.so"))
    return d


def program(name, text):
    path = out(name)
    with open(path, "w") as f:
        f.write(text)
    return path


# line 2 fails on the CPU (every element is 1); on the fake GPU the status says line 2
KERNEL = """function [] = __kernel__ k(x : mat, pos : ivec2)
    assert(x[pos] < 0)
end
function [] = __kernel__ twice(x : mat, y : mat, pos : ivec2)
    y[pos] = 2 * x[pos]
end
x = ones(4, 5)
y = zeros(4, 5)
"""


def both(path, fail_at=None):
    """(cpu, cuda): each (exit, stdout, stderr)."""
    cache = out("cache-async")
    os.makedirs(cache, mode=0o700, exist_ok=True)
    cpu = run([QPIPE, "exec", "--engine", "cpu", path])
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=fake_driver(), FAKE_CUDA_STATUS="1:2", XDG_CACHE_HOME=cache)
    if fail_at is not None:
        env["FAKE_CUDA_FAIL_AT"] = str(fail_at)
    cuda = run([QPIPE, "exec", "--engine", "cuda", path], env=env)
    return cpu, cuda


@check("GPU assertion: the CPU's error (location, message, notes), raised when the host next reads the array")
def _():
    path = program("read.q", KERNEL + "parallel_do(size(x), x, k)\nz = x + 1\nprint \"not reached\"\n")
    (cc, co, ce), (gc, go, ge) = both(path)
    want = "%s:2:" % path
    if cc != 65 or co != "" or not ce.startswith(want) or "assertion failed: %s:2" % path not in ce:
        raise AssertionError("cpu: exit %d, stdout %r, stderr %r (expected 65, '', %r...)" % (cc, co, ce, want))
    if gc != 65 or go != "" or ge != ce:
        raise AssertionError("cuda: exit %d, stdout %r, stderr %r (expected 65, '', %r)" % (gc, go, ge, ce))


@check("GPU assertion: print waits for the kernels still running, so nothing is printed after a failure")
def _():
    path = program("print.q", KERNEL + "parallel_do(size(x), x, k)\nprint \"not reached\"\n")
    (cc, co, ce), (gc, go, ge) = both(path)
    if cc != 65 or gc != 65 or co != "" or go != "" or ge != ce:
        raise AssertionError("cpu: exit %d %r %r; cuda: exit %d, stdout %r, stderr %r" % (cc, co, ce, gc, go, ge))


@check("GPU assertion: raised once the next parallel_do was issued (the host one launch ahead)")
def _():
    log = out("async-trace")
    if os.path.exists(log):
        os.remove(log)
    path = program("next.q", KERNEL + "parallel_do(size(x), x, k)\nparallel_do(size(x), x, y, twice)\n"
                   "parallel_do(size(x), x, y, twice)\nprint \"not reached\"\n")
    os.environ["FAKE_CUDA_TRACE"] = log
    try:
        (cc, co, ce), (gc, go, ge) = both(path, fail_at=0)
    finally:
        del os.environ["FAKE_CUDA_TRACE"]
    launches = open(log).read().count("K@") if os.path.exists(log) else -1
    if cc != 65 or gc != 65 or go != "" or ge != ce or launches != 2:
        raise AssertionError("cpu: exit %d %r; cuda: exit %d, stdout %r, stderr %r, %d launches issued (want 2)"
                             % (cc, ce, gc, go, ge, launches))


@check("GPU assertion: raised at the end of the program when nothing reads the array")
def _():
    path = program("end.q", KERNEL + "parallel_do(size(x), x, k)\nz = 5\n")
    (cc, co, ce), (gc, go, ge) = both(path)
    if cc != 65 or gc != 65 or go != "" or ge != ce:
        raise AssertionError("cpu: exit %d %r; cuda: exit %d, stdout %r, stderr %r" % (cc, ce, gc, go, ge))


@check("no failure: a chain of launches on the fake GPU ends with exit 0 and no warning")
def _():
    path = program("ok.q", KERNEL + "for i = 1..5\n    parallel_do(size(x), x, y, twice)\nend\nprint \"done\"\n")
    cache = out("cache-async")
    os.makedirs(cache, mode=0o700, exist_ok=True)
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=fake_driver(), XDG_CACHE_HOME=cache, QPIPE_CUDA_STATS="1")
    code, o, e = run([QPIPE, "exec", "--engine", "cuda", path], env=env)
    launches = re.search(r"cuda launches: (\d+) issued, (\d+) waited", e)
    if code != 0 or o != "done\n" or "warning" in e or not launches or launches.group(1) != "5" or launches.group(2) != "0":
        raise AssertionError("exit %d, stdout %r, stderr %r (expected 5 launches issued, none waited for)" % (code, o, e))


FILTER = """function [] = __kernel__ k(x : cube, y : cube, pos : ivec3)
    assert(x[pos] > -1)
    y[pos] = x[pos]
end
function y = process(x : cube)
    y = zeros(size(x))
    parallel_do(size(x), x, y, k)
end
"""


@check("qpipe run: a GPU kernel failing at frame 3 is reported at frame 3 (the pipeline holds one frame back)")
def _():
    path = program("filter.q", FILTER)
    dst = out("async-fail.mkv")
    cache = out("cache-async")
    os.makedirs(cache, mode=0o700, exist_ok=True)
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=fake_driver(), XDG_CACHE_HOME=cache, FAKE_CUDA_STATUS="1:2",
               FAKE_CUDA_FAIL_AT="3")
    code, o, e = run([QPIPE, "run", "--engine", "cuda", path, os.path.join(MEDIA, "in444.mp4"), dst,
                      "--codec", "ffv1"], env=env, timeout=120)
    want = "error: (parallel_do) k - assertion failed: %s:2" % path
    if code != 65 or want not in e or "failed at frame 3" not in e or os.path.exists(dst):
        raise AssertionError("exit %d, stderr %r (expected 65, %r, 'failed at frame 3', no output)" % (code, e, want))


if __name__ == "__main__":
    raise SystemExit(main())
