#!/usr/bin/env python3
"""tests/e2e/e2e_compiled.py - kernels that must compile to native code, not fall back to
the interpreter (which gives the same values, so the golden files alone cannot tell).

`qpipe exec -v` says per kernel "kernel 'NAME' compiled" (or loaded from the cache) or
"runs in the interpreter: REASON". Each golden file here once ran its kernel in the
interpreter or computed a wrong value compiled:
- tests/kernels/basics/local_vector_compound_assign.q: `dr[i] += t * t` on a local vector;
- tests/kernels/calls/device_vector_by_reference.q: a local vector written by a device
  function (its values are checked by the golden run; here that it is compiled).
"""

import os
import sys

from harness import QPIPE, ROOT, check, main, run  # noqa: F401

FILES = [
    ("tests/kernels/basics/local_vector_compound_assign.q", ["kern"]),
    ("tests/kernels/calls/device_vector_by_reference.q", ["kern"]),
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


if __name__ == "__main__":
    sys.exit(main())
