#!/usr/bin/env python3
"""tests/e2e/e2e_compiled.py - kernels that must compile to native code, not fall back to
the interpreter (which gives the same values, so the golden files alone cannot tell).

`qpipe exec -v` says per kernel "kernel 'NAME' compiled" (or loaded from the cache) or
"runs in the interpreter: REASON". Each golden file here once ran its kernel in the
interpreter or computed a wrong value compiled:
- tests/kernels/basics/local_vector_compound_assign.q: `dr[i] += t * t` on a local vector;
- tests/kernels/calls/device_vector_by_reference.q: a local vector written by a device
  function (its values are checked by the golden run; here that it is compiled);
- tests/kernels/access_modes/mat_as_cube_vec3_index.q: x[pos + [i, j, 0]] on a mat given
  for a cube parameter (a position vector one longer than the array's rank).

And the CPU engine's split of a small grid of heavy positions between the pool's threads
(runtime/cpu/engine.c rt_cpu_grain): two positions that each wait (a bounded spin on an
atomic read) for the other to have started meet only when two threads run them at once.
"""

import os
import sys

from harness import QPIPE, ROOT, check, main, out, run  # noqa: F401

FILES = [
    ("tests/kernels/basics/local_vector_compound_assign.q", ["kern"]),
    ("tests/kernels/calls/device_vector_by_reference.q", ["kern"]),
    ("tests/kernels/access_modes/mat_as_cube_vec3_index.q", ["lap"]),
]


@check("compiled: local-vector compound assignment and vectors written by device functions run natively")
def _():
    for path, kernels in FILES:
        code, out, err = run([QPIPE, "exec", "-v", os.path.join(ROOT, path)])
        if code != 0:
            raise AssertionError("%s: exit %d: %s" % (path, code, err[-300:]))
        if "runs in the interpreter" in err:
            raise AssertionError("%s: %s" % (path, [l for l in err.splitlines() if "interpreter" in l]))
        for k in kernels:
            if "kernel '%s' compiled" % k not in err and "kernel '%s' loaded" % k not in err:
                raise AssertionError("%s: no 'kernel %s compiled' in: %s" % (path, k, err[-300:]))


# Position i marks f[i] (atomic), then spins until it sees f[1 - i] marked or `bound` reads
# have gone by, and adds what it saw to saw[i]; then it works a fixed few milliseconds, so
# that every launch is heavy whether the two met or not (a launch whose positions met at
# once would otherwise teach the engine that they are cheap). The first launch (cost not
# known yet) runs both positions in the caller, one after the other: position 0 gives up
# after 1e5 reads. The three later ones, once a launch showed positions heavy, must each
# go to two threads: both see, three times.
MEET = """function [] = __kernel__ meet(f : vec'unchecked, saw : vec'unchecked, w : vec'unchecked, bound : int,
                                 pos : int)
    other = 1 - pos
    f[pos] += 1
    v = 0.0
    n = 0
    while v == 0 && n < bound
        v = (f[other] += 0)
        n += 1
    endwhile
    saw[pos] += v
    a = 0.0
    for i = 0..1999999
        a = a * 0.999 + 1.0
    endfor
    w[pos] = a
endfunction
saw = zeros(2)
w = zeros(2)
{!serial for}
for t = 0..3
    f = zeros(2)
    if t == 1
        saw[:] = 0
    endif
    parallel_do(2, f, saw, w, t == 0 ? 100000 : 200000000, meet)
endfor
print(saw[0], " ", saw[1], " ", round(w[0]))
"""


@check("CPU engine: a grid of two heavy positions runs on two threads once its cost is known (--threads 2)")
def _():
    path = out("meet.q")
    with open(path, "w") as f:
        f.write(MEET)
    code, text, err = run([QPIPE, "exec", "--threads", "2", path], timeout=120)
    if code != 0:
        raise AssertionError("exit %d: %s" % (code, err[-300:]))
    if text.split() != ["3", "3", "1000"]:
        raise AssertionError("the positions did not run side by side in each of 3 launches: saw %r"
                             % text.strip())


if __name__ == "__main__":
    sys.exit(main())
