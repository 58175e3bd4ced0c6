#!/usr/bin/env python3
"""tests/e2e/e2e_grid.py - grid barriers (syncthreads(grid), this_grid.sync()) in compiled
kernels (lang/klockstep.c, runtime/cpu/engine.c, docs/kernels.md "Grid barriers"), checked
without a GPU.

- every golden kernel with a grid barrier is compiled (`exec -v` says so) and prints the
  golden file's `% expect:` lines (computed independently with NumPy when written);
- a prefix sum over 131072 values in 512 blocks (17 rounds, 35 grid barriers) on the CPU
  engine against Python's running sum: more threads than the interpreter keeps in
  lockstep (65536), so it fails unless the kernel is compiled;
- a grid barrier that only some blocks reach (against the spec) ends, with no hang;
- the CUDA text (`emit --cuda`) waits at qpk_grid_sync and NVRTC + ptxas sm_90 accept it:
  bar.sync, membar.gl, atom.global.add on qpk_grid_bar and the volatile spin on it in the
  PTX; the plain C text resumes its blocks instead (qp_resume, qpk_grid_blocks); the tiled
  variant the CUDA engine compiles for grids larger than the device holds (QPK_GRID_TILED)
  is not native and runs qpk_grid_tiles over the engine's state;
- shared memory with a grid barrier stays in the interpreter, each block with its own array.
"""

import os
import sys

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT
from harness import main

from cudatext import compiled_run, emit, expected, program, ptx_of  # noqa: E402

GOLDEN = {
    "tests/kernels/shared/grid_barrier_reverse.q": ["k"],
    "tests/kernels/shared/grid_barrier_twice.q": ["k"],
    "tests/kernels/shared/grid_prefix_sum.q": ["scan"],
    "tests/kernels/shared/grid_two_phase_sum.q": ["total"],
    "tests/kernels/shared/grid_barrier_in_for.q": ["smooth"],
    "tests/kernels/shared/grid_barrier_edges.q": ["k"],
    "tests/kernels/shared/grid_multi_grid.q": ["k"],
    "tests/kernels/shared/grid_warp_shuffle.q": ["k"],
    "tests/kernels/shared/grid_repeated_launches.q": ["scan"],
    "tests/kernels/spec/separable_filter_grid_sync.q": ["gaussian_filter_separable"],
    "tests/kernels/blocks/opt_block_cnt_grid.q": ["k"],
}


@check("golden kernels with grid barriers: compiled, the golden files' expected output")
def _():
    for rel, names in GOLDEN.items():
        o, e = compiled_run(os.path.join(ROOT, rel), names)
        if o != expected(rel):
            raise AssertionError("%s printed %r, expected %r" % (rel, o, expected(rel)))
        if "runs in the interpreter" in e:
            raise AssertionError("%s: %s" % (rel, e.strip()[-300:]))


N = 131072
SCAN = """function [] = __kernel__ scan(x : vec, y : vec, z : vec, pos : int)
    y[pos] = x[pos]
    syncthreads(grid)
    d = 1
    while d < numel(x)
        if pos >= d
            z[pos] = y[pos] + y[pos - d]
        else
            z[pos] = y[pos]
        endif
        syncthreads(grid)
        y[pos] = z[pos]
        syncthreads(grid)
        d = d * 2
    endwhile
endfunction
n = %d
x = zeros(n)
for i = 0..n-1
    x[i] = mod(i * 5, 3) == 0
endfor
y = zeros(n)
z = zeros(n)
parallel_do([[n], [256]], x, y, z, scan)
print y[0], " ", y[1000], " ", y[65535], " ", y[65536], " ", y[n - 1]
""" % N


@check("prefix sum over 131072 values in 512 blocks (35 grid barriers): compiled, Python's running sum")
def _():
    x = [1 if (i * 5) % 3 == 0 else 0 for i in range(N)]
    run_sum, s = [], 0
    for v in x:
        s += v
        run_sum.append(s)
    want = " ".join(str(run_sum[i]) for i in (0, 1000, 65535, 65536, N - 1))
    o, _e = compiled_run(program("grid_scan.q", SCAN), ["scan"], timeout=120)
    if o.strip() != want:
        raise AssertionError("printed %r, expected %r" % (o.strip(), want))


NONUNIFORM = """function [] = __kernel__ k(y : vec, pos : int, blkidx : int)
    if blkidx < 2
        syncthreads(grid)
    endif
    y[pos] = pos
endfunction
y = zeros(16)
parallel_do([[16], [4]], y, k)
print y
"""


@check("a grid barrier only some blocks reach (against the spec): the launch ends, every thread ran")
def _():
    o, _e = compiled_run(program("grid_nonuniform.q", NONUNIFORM), ["k"], timeout=30)
    if o.strip() != "[" + ",".join(str(i) for i in range(16)) + "]":
        raise AssertionError("printed %r" % o)


@check("emit --cuda: qpk_grid_sync; NVRTC + ptxas sm_90: bar.sync, membar.gl, atom.global.add and a volatile spin on qpk_grid_bar")
def _():
    rel = "tests/kernels/shared/grid_barrier_twice.q"
    text = emit("cuda", rel)
    for want in ("#define QPK_GRID 2", "QPK_GRID_SYNC(1);", "QPK_GRID_SYNC(2);"):
        if want not in text:
            raise AssertionError("no %r in the CUDA text" % want)
    ptx = ptx_of(text, "grid_barrier_twice")
    for want in ("bar.sync", "membar.gl", "atom.global.add.u32", "ld.volatile.global.u32", "qpk_grid_bar"):
        if want not in ptx:
            raise AssertionError("no %s in the PTX" % want)
    if ptx.count("atom.global.add.u32") < 2:
        raise AssertionError("one atomic arrival, two grid barriers")
    plain = emit("c", rel)
    for want in ("qp_resume:", "case 2: goto qp_grid2;", "qpk_grid_blocks("):
        if want not in plain:
            raise AssertionError("no %r in the C text" % want)
    # this_grid's fields and sync in the CUDA text of the golden two-phase sum
    text = emit("cuda", "tests/kernels/shared/grid_two_phase_sum.q")
    if "qp_bl * qp_bn + QPK_TID" not in text or "QPK_GRID_SYNC(1);" not in text:
        raise AssertionError("this_grid.thread_idx or this_grid.sync() not in the CUDA text")
    if "atom.global.add.u32" not in ptx_of(text, "grid_two_phase_sum"):
        raise AssertionError("no grid barrier in the PTX of this_grid.sync()")


@check("the tiled variant (QPK_GRID_TILED, a grid larger than the device holds): not native, qpk_grid_tiles; NVRTC + ptxas sm_90")
def _():
    text = emit("cuda", "tests/kernels/shared/grid_barrier_in_for.q")
    if "#ifndef QPK_GRID_TILED\n#define QPK_NATIVE" not in text:
        raise AssertionError("QPK_NATIVE not under #ifndef QPK_GRID_TILED")
    ptx = ptx_of("#define QPK_GRID_TILED 1\n" + text, "grid_barrier_in_for_tiled")
    for want in ("qpk_grid_state", "qpk_thread_bytes", "qpk_grid_running", "atom.global.add.u32", "membar.gl"):
        if want not in ptx:
            raise AssertionError("no %s in the tiled PTX" % want)
    if ".extern .shared" in ptx:
        raise AssertionError("the tiled variant uses the native blocks' shared memory")
    native = ptx_of(text, "grid_barrier_in_for")
    if "qpk_grid_state" in native:
        raise AssertionError("the native variant tiles")


@check("shared memory with a grid barrier: the interpreter runs it, one array per block")
def _():
    rel = "tests/kernels/shared/grid_shared_per_block.q"
    code, o, e = run([QPIPE, "exec", "-v", "--engine", "cpu", os.path.join(ROOT, rel)])
    if code != 0 or o != expected(rel):
        raise AssertionError("exit %d, printed %r" % (code, o))
    if "shared memory in a kernel with syncthreads(grid)" not in e:
        raise AssertionError("no note of the interpreter: %s" % e.strip()[-300:])


if __name__ == "__main__":
    sys.exit(main())
