#!/usr/bin/env python3
"""tests/e2e/e2e_vectorize.py - the C that `qpipe emit --c` writes for stencil kernels is
vectorized by the C compiler with the JIT's default flags (docs/kernels.md "Interior and
border").

Each check writes a program with one kernel, takes its C from `qpipe emit --c`, drops the
`#line` directives (so that the compiler's remarks name lines of the C text), compiles it as
the JIT does (cc -O3 -march=native ..., runtime/cpu/jit.c) with -fopt-info-vec-optimized,
and requires a "loop vectorized" remark on the interior's loop over a row (the one that calls
qpk_fast). The kernels are the taps of a Gaussian blur as gaussian.q writes them:
- 11 taps along the height: without `#pragma GCC ivdep` on that loop GCC would test every
  tap's address against the store at run time and give up past 10 such tests;
- 17 taps along the width, the same;
- 17 taps along the height: a constant loop of more than 8 iterations, which qpipe now
  writes out (up to 24; GCC does not unroll this one itself, and then vectorizes nothing).
"""

import os
import re
import shutil

from harness import *  # noqa: F401,F403 - check, run, qpipe, out, QPIPE, ROOT
from harness import main

CFLAGS = ["-O3", "-march=native", "-fPIC", "-shared", "-std=c11", "-fno-math-errno",
          "-fno-trapping-math", "-D_GNU_SOURCE"]

KERNEL = """function [] = __kernel__ taps(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -R..R
        s += g[k + R] * x[AT]
    endfor
    y[pos] = s
endfunction

function [] = main()
    x = rand(40, 64, 3)
    y = zeros(size(x))
    parallel_do(size(x), x, y, ones(2 * R + 1), taps)
    print(y[20, 30, 1] > 0)
endfunction
"""


def interior_vectorized(name, r, at):
    src = out(name + ".q")
    with open(src, "w") as f:
        f.write(KERNEL.replace("AT", at).replace("R", str(r)))
    code, o, e = run([QPIPE, "emit", "--c", src])
    if code != 0:
        raise AssertionError("emit: exit %d, %s" % (code, e[-300:]))
    text = "\n".join(l for l in o.splitlines() if not l.startswith("#line"))
    lines = text.splitlines()
    loop = [i + 1 for i, l in enumerate(lines) if re.search(r"for \(int32_t k = .*\) \{", l)]
    if len(loop) != 1 or "qpk_fast(" not in lines[loop[0]]:
        raise AssertionError("no flattened interior loop in the C text (%d candidates)" % len(loop))
    c = out(name + ".c")
    with open(c, "w") as f:
        f.write(text + "\n")
    cc = shutil.which("cc")
    code, o, e = run([cc] + CFLAGS + ["-I", os.path.join(ROOT, "kernels"), "-fopt-info-vec-optimized",
                                       c, "-o", out(name + ".so")], timeout=120)
    if code != 0:
        raise AssertionError("cc: exit %d, %s" % (code, e[-300:]))
    want = "%s:%d:" % (os.path.basename(c), loop[0])
    if not any(want in l and "loop vectorized" in l for l in e.splitlines()):
        raise AssertionError("the interior loop (line %d) was not vectorized" % loop[0])


@check("an 11-tap vertical stencil's interior loop is vectorized (ivdep: no run-time alias tests)")
def _():
    interior_vectorized("taps_v11", 5, "pos[0] + k, pos[1], pos[2]")


@check("a 17-tap horizontal stencil's interior loop is vectorized")
def _():
    interior_vectorized("taps_h17", 8, "pos[0], pos[1] + k, pos[2]")


@check("a 17-tap vertical stencil's interior loop is vectorized (its taps written out)")
def _():
    interior_vectorized("taps_v17", 8, "pos[0] + k, pos[1], pos[2]")


if __name__ == "__main__":
    raise SystemExit(main())
