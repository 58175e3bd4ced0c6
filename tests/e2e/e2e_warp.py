#!/usr/bin/env python3
"""tests/e2e/e2e_warp.py - cooperative groups and warp shuffles in compiled kernels
(lang/kwarp.c, docs/kernels.md "Cooperative groups"), checked without a GPU.

- every golden kernel with coalesced_threads / this_thread_block (shuffles, votes, matches,
  sync, properties) is compiled (`exec -v` says so; partition alone stays interpreted) and
  prints the golden file's `% expect:` lines (worked out by hand when they were written);
- edge cases against values computed here in Python: the block's last warp partial (40
  threads: a warp of 32 and one of 8, shfl_down keeping its own value past the group),
  this_thread_block.shfl over a block of 64 (wider than a warp);
- the CUDA text (`emit --cuda`) defines the exchanges with the warp intrinsics
  (__shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync, __ballot_sync,
  __all_sync, __any_sync, __match_*_sync, __syncwarp) and NVRTC + ptxas sm_90 accept it:
  shfl.sync, vote.sync, match.*.sync and bar.warp.sync in the PTX; the plain C text has none;
  a this_thread_block exchange runs its CUDA blocks in one GPU thread (no shfl.sync).
"""

import os
import re
import sys

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT
from harness import main

from cudatext import compiled_run, emit, expected, program, ptx_of  # noqa: E402

GOLDEN = {
    "tests/kernels/shared/warp_butterfly_xor.q": ["k"],
    "tests/kernels/shared/warp_shuffles.q": ["k"],
    "tests/kernels/spec/reduce_sum_warp_shuffle.q": ["reduce_sum"],
    "tests/lang/spec/000_coop_groups_methods.q": ["method_sync", "method_shfl", "method_shfl_xor", "method_all",
                                                  "method_any", "method_ballot", "method_match_any", "method_match_all"],
    "tests/lang/spec/000_coop_groups_properties.q": ["prop_thread_idx", "prop_size", "prop_active_mask"],
}

INTRINSICS = ("__shfl_sync(", "__shfl_up_sync(", "__shfl_down_sync(", "__shfl_xor_sync(", "__ballot_sync(",
              "__all_sync(", "__any_sync(", "__syncwarp()")


@check("golden cooperative-group kernels: compiled, the golden files' expected output")
def _():
    for rel, names in GOLDEN.items():
        o, e = compiled_run(os.path.join(ROOT, rel), names)
        if o != expected(rel):
            raise AssertionError("%s printed %r, expected %r" % (rel, o, expected(rel)))
        if "runs in the interpreter" in e and "method_partition" not in e:
            raise AssertionError("%s: %s" % (rel, e.strip()[-300:]))


PARTIAL = """function [] = __kernel__ k(y : mat, coalesced_threads : thread_block, pos : int)
    v = pos * 10
    y[pos, 0] = coalesced_threads.size
    y[pos, 1] = coalesced_threads.shfl_down(v, 4)
    y[pos, 2] = coalesced_threads.ballot((mod(pos, 3) == 0) * (pos < 20))
endfunction
y = zeros(40, 3)
parallel_do([[40], [40]], y, k)
print y
"""


def partial_expected():
    rows = []
    for t in range(40):
        first = t - t % 32
        size = min(32, 40 - first)
        src = t % 32 + 4
        mask = sum(1 << (u - first) for u in range(first, first + size) if u % 3 == 0 and u < 20)
        rows.append([size, (first + src) * 10 if src < size else t * 10, mask])
    return rows


def matrix(text):
    return [[float(x) for x in row.split(",")] for row in re.findall(r"\[([^\[\]]*)\]", text)]


@check("a partial last warp (blocks of 40): size 8, shfl_down keeps its own value past the group, ballot")
def _():
    o, _e = compiled_run(program("partial_warp.q", PARTIAL), ["k"])
    got = matrix(o)
    if got != [[float(x) for x in r] for r in partial_expected()]:
        raise AssertionError("printed %r" % o[:300])


STRIDE = """function y : scalar = __kernel__ reduce_sum(coalesced_threads : thread_block, x : vec'unchecked,
    pos : int, blkdim : int, blkcnt : int)
    total = 0.0
    for index=pos..blkdim*blkcnt..numel(x)-1
        val = x[index]
        val += coalesced_threads.shfl_down(val, 16)
        val += coalesced_threads.shfl_down(val, 8)
        val += coalesced_threads.shfl_down(val, 4)
        val += coalesced_threads.shfl_down(val, 2)
        val += coalesced_threads.shfl_down(val, 1)
        total += val
    endfor
    if coalesced_threads.thread_idx == 0
        y += total
    endif
endfunction
x = zeros(250)
for k = 0..249
    x[k] = mod(k, 9)
endfor
print parallel_do([[64], [32]], x, reduce_sum)
"""


def stride_expected():
    """The spec's grid-stride reduce_sum over 250 values with 64 threads: in the last round
    lanes 26..31 of the second warp have no element; a lane reading one of them keeps its
    own value (CUDA's rule for inactive source lanes)."""
    n, threads, result = 250, 64, 0
    for first in (0, 32):
        total = [0] * 32
        for i in range(4):
            active = [first + l + i * threads < n for l in range(32)]
            val = [(first + l + i * threads) % 9 if active[l] else 0 for l in range(32)]
            for d in (16, 8, 4, 2, 1):
                val = [val[l] + (val[l + d] if l + d < 32 and active[l + d] else val[l]) for l in range(32)]
            total = [total[l] + (val[l] if active[l] else 0) for l in range(32)]
        result += total[0]
    return result


@check("grid-stride loop whose threads run different counts (250 values, 64 threads): each thread its own range")
def _():
    o, _e = compiled_run(program("stride.q", STRIDE), ["reduce_sum"])
    if o.strip() != str(stride_expected()):
        raise AssertionError("printed %r, expected %d" % (o, stride_expected()))


BLOCK = """function [] = __kernel__ k(y : vec, this_thread_block : thread_block, pos : int)
    y[pos] = this_thread_block.shfl(pos + 100, 0) + this_thread_block.thread_idx * 1000
    this_thread_block.sync()
endfunction
y = zeros(128)
parallel_do([[128], [64]], y, k)
print y[0], " ", y[5], " ", y[63], " ", y[64], " ", y[127]
"""


@check("this_thread_block.shfl over a block of 64: compiled; its CUDA blocks run in one GPU thread")
def _():
    path = program("block_shfl.q", BLOCK)
    o, _e = compiled_run(path, ["k"])
    want = " ".join(str(b * 64 + 100 + (t % 64) * 1000) for b, t in ((0, 0), (0, 5), (0, 63), (1, 64), (1, 127)))
    if o.strip() != want:
        raise AssertionError("printed %r, expected %r" % (o, want))
    code, text, e = run([QPIPE, "emit", "--cuda", path])
    if code != 0 or "#define QPK_NATIVE" in text or "__shfl" in text:
        raise AssertionError("exit %d: the text runs natively or uses warp shuffles" % code)
    ptx = ptx_of(text, "block_shfl")
    if "shfl.sync" in ptx:
        raise AssertionError("shfl.sync in a one-thread-per-block kernel")


@check("emit --cuda: the exchanges are warp intrinsics; NVRTC + ptxas sm_90: shfl.sync, vote.sync; emit --c has none")
def _():
    rel = "tests/kernels/shared/warp_shuffles.q"
    text = emit("cuda", rel)
    for want in INTRINSICS + ("QPK_SHFL_UP(", "QPK_SHFL_XOR(", "#define QPK_NATIVE"):
        if want not in text:
            raise AssertionError("no %r in the CUDA text" % want)
    ptx = ptx_of(text, "warp_shuffles")
    for want in ("shfl.sync.idx", "shfl.sync.up", "shfl.sync.bfly", "vote.sync.ballot"):
        if want not in ptx:
            raise AssertionError("no %s in the PTX" % want)
    plain = emit("c", rel)
    found = [w for w in INTRINSICS if w in plain]
    if found:
        raise AssertionError("emit --c has %s" % ", ".join(found))


@check("PTX of votes, matches and the warp barrier: vote.sync.all/any, match.any/all.sync, bar.warp.sync")
def _():
    text = emit("cuda", "tests/lang/spec/000_coop_groups_methods.q")
    kernels = {k.split(",")[0]: "/* kernel " + k for k in text.split("/* kernel ")[1:]}
    for name, want in (("method_all", "vote.sync.all"), ("method_any", "vote.sync.any"),
                       ("method_match_any", "match.any.sync"), ("method_match_all", "match.all.sync"),
                       ("method_shfl_xor", "shfl.sync.bfly")):
        if want not in ptx_of(kernels[name], name):
            raise AssertionError("%s: no %s in the PTX" % (name, want))
    path = program("warp_sync.q", """function [] = __kernel__ k(x : vec, y : vec, coalesced_threads : thread_block, pos : int)
    y[pos] = x[pos] * 2
    syncthreads(warp)
    coalesced_threads.sync()
    y[pos] += coalesced_threads.shfl_down(y[pos], 1)
endfunction
x = 0..63
y = zeros(64)
parallel_do([[64], [64]], x, y, k)
print y[0], " ", y[30], " ", y[31], " ", y[32]
""")
    o, _e = compiled_run(path, ["k"])
    if o.strip() != "2 122 124 130":     # 2x + 2(x+1) within a warp; lane 31 adds its own 2*31
        raise AssertionError("printed %r" % o)
    code, text, e = run([QPIPE, "emit", "--cuda", path])
    if code != 0 or "QPK_SYNCWARP();" not in text:
        raise AssertionError("exit %d: no QPK_SYNCWARP() in the text" % code)
    if "bar.warp.sync" not in ptx_of(text, "warp_sync"):
        raise AssertionError("no bar.warp.sync in the PTX")


if __name__ == "__main__":
    sys.exit(main())
