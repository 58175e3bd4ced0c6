#!/usr/bin/env python3
"""tests/e2e/e2e_cuda_solver.py - solve, inv and chol behind `--engine auto` (cuSOLVER on
the CUDA engine, runtime/cuda/solver.c; LAPACK otherwise). On a machine without a GPU
auto is the CPU: the results must be NumPy's and the errors (singular, not positive
definite) the CPU path's messages, whether the toolkit's libraries are found or not.
On a GPU machine the same program runs on the device and must still give NumPy's
results (tests/gpu/solvers.q compares the engines on larger matrices)."""
import os
import re

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE
from harness import main

M = [[2.0, -1.0, 0.5, 1.0, 0.0, 3.0], [1.0, 4.0, -2.0, 0.5, 1.5, -1.0], [0.0, 1.0, 3.0, -1.5, 2.0, 0.5],
     [-1.0, 0.5, 1.0, 2.5, -0.5, 1.0], [1.5, 0.0, -1.0, 1.0, 3.5, -2.0], [0.5, 2.0, 1.0, 0.0, -1.0, 2.0]]
B = [[1.0, -2.0, 0.5], [0.0, 1.0, 3.0], [2.0, 0.5, -1.0], [-1.0, 1.5, 0.0], [0.5, 0.0, 2.0], [3.0, -1.0, 1.0]]


def mat(x):
    return "[" + ",".join("[" + ",".join(repr(v) for v in row) + "]" for row in x) + "]"


def program(path, body):
    with open(path, "w") as f:
        f.write(body)
    return path


NUM = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def libdirs():
    """No CUDA libraries at all, and the toolkit's (no device answers here)."""
    empty = out("no-cuda-libs-solver")
    os.makedirs(empty, exist_ok=True)
    return [empty, None]


def exec_q(path, libdir):
    env = dict(os.environ)
    if libdir is not None:
        env["QPIPE_CUDA_LIBDIR"] = libdir
    return run([QPIPE, "exec", "--engine", "auto", "--double", path], env=env)


@check("solve/inv/chol under --engine auto: NumPy's results (A X = B with 3 right-hand sides, a vec b, A^-1, R)")
def _():
    import numpy as np
    m = np.array(M)
    a = m @ m.T + 6 * np.eye(6)       # symmetric positive definite, well conditioned
    b = np.array(B)
    path = program(out("solver.q"), "A = %s\nB = %s\nprint solve(A, B)\nprint solve(transpose(A) + B * transpose(B), "
                   "[1,2,3,4,5,6])\nprint inv(%s)\nprint chol(A)\n" % (mat(a.tolist()), mat(B), mat(M)))
    want = np.concatenate([np.linalg.solve(a, b).ravel(),
                           np.linalg.solve(a.T + b @ b.T, np.arange(1.0, 7.0)),
                           np.linalg.inv(m).ravel(), np.linalg.cholesky(a).T.ravel()])
    for libdir in libdirs():
        code, o, e = exec_q(path, libdir)
        got = np.array([float(t) for t in NUM.findall(o)])
        if code != 0 or got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=1e-5):
            raise AssertionError("libdir %s: exit %d, %d numbers, max error %s; stderr %s" % (
                libdir, code, got.size, np.max(np.abs(got - want)) if got.shape == want.shape else "-", e[-300:]))


@check("inv/solve of a singular matrix, chol of an indefinite one under --engine auto: the CPU path's errors, exit 65")
def _():
    cases = [("inv([[1,2],[2,4]])", "inv: the matrix is singular"),
             ("solve([[1,2,3],[2,4,6],[1,0,1]], [1,1,1])", "solve: the matrix is singular"),
             ("chol([[1,2],[2,1]])", "chol: the matrix is not positive definite")]
    for i, (expr, msg) in enumerate(cases):
        path = program(out("solver-err-%d.q" % i), "x = %s\nprint x\n" % expr)
        for libdir in libdirs():
            code, o, e = exec_q(path, libdir)
            if code != 65 or o or "%s:1:" % os.path.basename(path) not in e or msg not in e:
                raise AssertionError("%s (libdir %s): exit %d, stdout %r, stderr %r (expected 65, %r)" % (
                    expr, libdir, code, o, e, msg))


if __name__ == "__main__":
    raise SystemExit(main())
