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
  writes out (up to 24; GCC does not unroll this one itself, and then vectorizes nothing);
- a 2-D kernel over an RGB image's pixels reading a lookup table per channel (color.q): the
  loop over a row carries ivdep when every store is at the position's own column and no
  stored array is read; a kernel that reads a neighbour's store gets none;
- lut3d.q's kernel (a table read at 24 corners a pixel, positions clamped
  with selects and converted with int, 32-bit indices): its loop over a row is vectorized
  (through a 'hwtex_linear(3)'clamped texture, as before, it was not);
- min and max of single-precision values compute in float: the loop has no conversion to
  double (which would halve its vector width);
- color.q's kernel reads its table with gathers at 32-bit offsets (vgatherdps, 16 lanes a
  gather with AVX-512), never at 64-bit addresses (vgatherqps, 8 lanes): a table position
  clamped by one nested select `u > 0 ? (u < top ? u : top) : 0` is threaded by GCC 12 into
  the read's address, which it then gathers as 64-bit pointers (docs/kernels.md). On a
  processor without AVX2 gathers the check requires only that the kernel compiles.
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


# A 2-D grid over the pixels of an RGB image, each channel through a lookup table (as
# color.q's levels table): gathers at unknown addresses, which GCC cannot test for aliasing
# with the stores at run time. STORE and READ vary per check.
LOOKUP = """function [] = __kernel__ look(x : cube, y : cube, lut : vec'unchecked, pos : ivec2)
    for c = 0..2
        y[pos[0], STORE, c] = lut[int(min(255.0, max(0.0, READ)))]
    endfor
endfunction

function [] = main()
    x = rand(40, 64, 3) * 255
    y = zeros(size(x))
    parallel_do([40, 64], x, y, 0..255, look)
    print(y[20, 30, 1] >= 0)
endfunction
"""


# min and max chains on single-precision values, clamping table positions.
CLAMPED = """function [] = __kernel__ tri(x : cube, y : cube, t : vec'unchecked, n : int, pos : ivec2)
    top = float(n - 1)
    ur = min(top, max(0.0, x[pos[0], pos[1], 0] * 0.1))
    ug = min(top, max(0.0, x[pos[0], pos[1], 1] * 0.1))
    ub = min(top, max(0.0, x[pos[0], pos[1], 2] * 0.1))
    ir = int(min(top - 1.0, ur))
    ig = int(min(top - 1.0, ug))
    ib = int(min(top - 1.0, ub))
    o = (ir * n + ig) * n + ib
    v0 = t[o] + (ub - ib) * (t[o + 1] - t[o])
    v1 = t[o + n] + (ub - ib) * (t[o + n + 1] - t[o + n])
    y[pos[0], pos[1], 0] = v0 + (ug - ig) * (v1 - v0)
    y[pos[0], pos[1], 1] = ur - ir
    y[pos[0], pos[1], 2] = v1
endfunction

function [] = main()
    x = rand(40, 64, 3) * 255
    y = zeros(size(x))
    parallel_do([40, 64], x, y, 0..999, 10, tri)
    print(y[20, 30, 1] >= 0)
endfunction
"""


def emitted(name, program):
    src = out(name + ".q")
    with open(src, "w") as f:
        f.write(program)
    code, o, e = run([QPIPE, "emit", "--c", src])
    if code != 0:
        raise AssertionError("emit: exit %d, %s" % (code, e[-300:]))
    return "\n".join(l for l in o.splitlines() if not l.startswith("#line"))


def interior_vectorized(name, r=None, at=None, program=None):
    text = emitted(name, program or KERNEL.replace("AT", at).replace("R", str(r)))
    lines = text.splitlines()
    loop = [i + 1 for i, l in enumerate(lines) if re.search(r"for \(int32_t (k|q1) = \(int32_t\)L1", l)]
    if len(loop) != 1 or "qpk_fast(" not in "".join(lines[loop[0]:loop[0] + 3]):
        raise AssertionError("no interior loop in the C text (%d candidates)" % len(loop))
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


@check("a 2-D kernel reading a lookup table per channel: its interior loop over a row is vectorized")
def _():
    interior_vectorized("lookup", program=LOOKUP.replace("STORE", "pos[1]").replace("READ", "x[pos[0], pos[1], c]"))


LUT3D = """import "lut3d.q"

function [] = main()
    x = rand(40, 64, 3) * 255
    y = process(x, "CUBE")
    print(y[20, 30, 1] >= 0)
endfunction
"""


@check("lut3d.q's kernel (24 table reads a pixel at clamped int positions) is vectorized")
def _():
    cube = out("vec_look.cube")
    with open(cube, "w") as f:
        f.write("LUT_3D_SIZE 3\n")
        for i in range(27):
            f.write("%g %g %g\n" % ((i % 3) / 2.0, (i // 3 % 3) / 2.0, (i // 9) / 2.0))
    interior_vectorized("lut3d_apply", program=LUT3D.replace("CUBE", cube))


def run_asm(name, program, kernel=None):
    """The assembly of qpk_run in the C that `qpipe emit --c` writes for `program` (its only
    kernel, or the one named `kernel`), compiled as the JIT does."""
    text = emitted(name, program)
    if kernel:
        parts = re.split(r"(?m)^(?=/\* kernel )", text)
        parts = [p for p in parts if p.startswith("/* kernel %s," % kernel)]
        if len(parts) != 1:
            raise AssertionError("%d kernels named %s in the C text" % (len(parts), kernel))
        text = parts[0]
    c, asm = out(name + ".c"), out(name + ".s")
    with open(c, "w") as f:
        f.write(text + "\n")
    flags = [f for f in CFLAGS if f != "-shared"]
    code, o, e = run([shutil.which("cc")] + flags + ["-I", os.path.join(ROOT, "kernels"), "-S", c, "-o", asm],
                     timeout=120)
    if code != 0:
        raise AssertionError("cc: exit %d, %s" % (code, e[-300:]))
    with open(asm) as f:
        body = f.read().split("qpk_run:", 1)
    if len(body) != 2:
        raise AssertionError("no qpk_run in the assembly")
    return body[1].split(".cfi_endproc", 1)[0]


@check("min and max of single-precision values compute in float: no conversion to double in the kernel")
def _():
    body = run_asm("clamped_f", CLAMPED)
    conv = [l.strip() for l in body.splitlines() if re.search(r"\bv?cvt(ps2pd|ss2sd)\b", l)]
    if conv:
        raise AssertionError("%d conversions to double in qpk_run, first: %s" % (len(conv), conv[0]))


COLOR = """import "color.q"

function [] = main()
    x = rand(40, 64, 3) * 255
    y = process(x, gamma := 1.2, saturation := 1.3)
    print(y[20, 30, 1] >= 0)
endfunction
"""


@check("color.q's table reads are gathers at 32-bit offsets (vgatherdps), not at 64-bit addresses (vgatherqps)")
def _():
    body = run_asm("color_px", COLOR, "color_px")
    wide = [l.strip() for l in body.splitlines() if re.search(r"\bvgatherq", l)]
    if wide:
        raise AssertionError("%d gathers of 64-bit addresses in qpk_run, first: %s" % (len(wide), wide[0]))
    code, o, e = run([shutil.which("cc"), "-march=native", "-dM", "-E", "-x", "c", "/dev/null"])
    if "__AVX2__" in o and not re.search(r"\bvgatherdps\b", body):
        raise AssertionError("no vgatherdps in qpk_run: the table reads are not vectorized")


@check("a kernel that reads what a neighbour position stores gets no ivdep (nor one that stores elsewhere)")
def _():
    for name, store, read in (("reads_y", "pos[1]", "y[pos[0], pos[1] - 1, c] + x[pos[0], pos[1], c]"),
                              ("stores_left", "pos[1] - 1", "x[pos[0], pos[1], c]")):
        text = emitted(name, LOOKUP.replace("STORE", store).replace("READ", read))
        if "ivdep" in text:
            raise AssertionError("%s: the C text has an ivdep" % name)


if __name__ == "__main__":
    raise SystemExit(main())
