#!/usr/bin/env python3
"""tests/e2e/e2e_cudatext.py - what `qpipe emit --cuda` writes differently from `emit --c`
(docs/cuda.md "The CUDA text"), checked without a GPU: the text, then the PTX that NVRTC
makes of it (tests/nvrtc_check.py's NVRTC, the same options) and ptxas for sm_90.

- a kernel with syncthreads and shared memory runs natively: the CUDA text defines
  QPK_NATIVE, declares the block's `__shared__` memory and uses `__syncthreads()`; its PTX
  declares `.shared` memory and has `bar.sync`, and calls no `malloc` (the one-thread
  block's per-thread state); a shared(...) reached only by some threads stays in one thread;
- 'hwconst: a `__constant__` qpk_const, the argument's bit in QPK_HWCONST, `ld.const` in
  the PTX; 'hwtex_const: `__ldg`;
- 'hwtex_nearest/'hwtex_linear(n) of single-precision 2-D/3-D data: a texture object
  (`tex2D`/`tex3D` on `cudaTextureObject_t`, the argument in QPK_TEX with its filter, rank,
  address mode and channels), `tex.2d`/`tex.3d` in the PTX; 'checked arrays and 1-D ones
  keep global memory;
- the plain C text (`emit --c`) has none of these.
"""

import os
import sys

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT
from harness import main

from cudatext import emit, program, ptx_of  # noqa: E402

CUDA_ONLY = ("__shared__", "__syncthreads", "__constant__", "__ldg", "QPK_NATIVE", "QPK_HWCONST", "qpk_shared",
             "QPK_TEX", "cudaTextureObject_t", "tex2D", "tex3D", "_tex")


def plain_c_lacks(rel):
    text = emit("c", rel)
    found = [w for w in CUDA_ONLY if w in text]
    if found:
        raise AssertionError("emit --c has %s" % ", ".join(found))


@check("emit --cuda: a syncthreads kernel runs natively (__shared__, __syncthreads, QPK_NATIVE); emit --c does not")
def _():
    rel = "tests/kernels/cuda/native_partial_block.q"
    text = emit("cuda", rel)
    # shared(blkdim): its size is known at run time, so the block gets the 48 KiB
    for want in ("#define QPK_NATIVE 49152\n", "extern __shared__ __align__(16) unsigned char qpk_shared[];",
                 "#define QPK_SYNC() __syncthreads()", "QPK_SYNC();", "__syncthreads_or("):
        if want not in text:
            raise AssertionError("no %r in the CUDA text" % want)
    plain_c_lacks(rel)


@check("PTX of a native syncthreads kernel: .shared memory, bar.sync, no device malloc")
def _():
    ptx = ptx_of(emit("cuda", "tests/kernels/cuda/native_partial_block.q"), "native_partial_block")
    if ".extern .shared .align 16 .b8 qpk_shared[]" not in ptx or "bar.sync" not in ptx:
        raise AssertionError("the PTX lacks the shared qpk_shared or bar.sync")
    if "malloc" in ptx:
        raise AssertionError("the PTX calls malloc (the one-thread-per-block text)")


@check("PTX of a constant-size tile: QPK_NATIVE is the tile's 1024 bytes, bar.sync")
def _():
    text = emit("cuda", "tests/kernels/cuda/native_tiles_2d.q")
    text = "/* kernel " + [k for k in text.split("\n/* kernel ") if k.startswith("tile,")][0]   # not the loop kernel
    if "#define QPK_NATIVE 1024\n" not in text:
        raise AssertionError("16 x 16 single-precision tile: QPK_NATIVE 1024 expected")
    ptx = ptx_of(text, "native_tiles_2d")
    if "bar.sync" not in ptx or ".shared" not in ptx:
        raise AssertionError("the PTX lacks bar.sync or .shared")


@check("a shared(...) inside an if that only some threads run: not native, one thread per block")
def _():
    path = program("shared_in_if.q", """function [] = __kernel__ k(y : vec, pos : int, blkpos : int)
    if blkpos == 0
        s = shared(4)
        s[0] = 1
    endif
    syncthreads
    y[pos] = blkpos
endfunction
y = zeros(8)
parallel_do([[8], [4]], y, k)
print y
""")
    code, o, e = run([QPIPE, "emit", "--cuda", path])
    if code != 0:
        raise AssertionError("exit %d: %s" % (code, e.strip()[-300:]))
    if "#define QPK_NATIVE" in o or "if (threadIdx.x || threadIdx.y || threadIdx.z) return;" not in o:
        raise AssertionError("the text runs natively, or lacks the one-thread guard")
    ptx = ptx_of(o, "shared_in_if")
    if "bar.sync" in ptx:
        raise AssertionError("bar.sync in a one-thread-per-block kernel")
    code, o, e = run([QPIPE, "exec", path], env=dict(os.environ, QPIPE_DUMP="passes"))
    want = "  CUDA blocks: one GPU thread per block (a shared(\u2026) statement that not every thread of the block reaches)\n"
    if code != 0 or o != "[0,1,2,3,0,1,2,3]\n" or want not in e:
        raise AssertionError("QPIPE_DUMP=passes: exit %d, output %r, no %r in the dump" % (code, o, want))


@check("'hwconst: __constant__ qpk_const, the argument's bit in QPK_HWCONST, ld.const in the PTX; emit --c has none")
def _():
    rel = "tests/kernels/cuda/hwconst_taps.q"
    text = emit("cuda", rel)
    # taps(x, f, y): f is args[1]; ends(g, z): g is args[0]
    for want in ("#define QPK_HWCONST 0x2ull", "#define QPK_HWCONST 0x1ull",
                 "__constant__ __align__(16) unsigned char qpk_const[32768];"):
        if want not in text:
            raise AssertionError("no %r in the CUDA text" % want)
    first = text[:text.index("/* kernel ends")]
    ptx = ptx_of(first, "hwconst_taps")
    if ".const .align 16 .b8 qpk_const[32768]" not in ptx or "ld.const.f32" not in ptx:
        raise AssertionError("the PTX lacks qpk_const or an ld.const.f32")
    plain_c_lacks(rel)


@check("'hwtex_const: reads through __ldg in the CUDA text (ld.global.nc in the PTX); emit --c has none")
def _():
    rel = "tests/kernels/cuda/hwtex_const_ldg.q"
    text = emit("cuda", rel)
    if "return __ldg(p + off);" not in text:
        raise AssertionError("no __ldg read in the CUDA text")
    if "ld.global.nc" not in ptx_of(text, "hwtex_const_ldg"):
        raise AssertionError("no ld.global.nc in the PTX")
    plain_c_lacks(rel)


def kernels(text):
    """The kernels of an emit output, by name."""
    return {k.split(",")[0]: "/* kernel " + k for k in text.split("/* kernel ")[1:]}


@check("'hwtex_*: texture objects in the CUDA text (QPK_TEX, tex2D, tex.2d in the PTX, ptxas sm_90); emit --c has none")
def _():
    rel = "tests/kernels/textures/hwtex_objects.q"
    ks = kernels(emit("cuda", rel))
    # arg 1 each: nearest circular (wrap: normalized), linear mirror with channels, linear safe (border)
    want = {"wrap_nearest": ('#define QPK_TEX "1,n,2,w,0;"', "tex2D<float>((cudaTextureObject_t)qp_tex, "
                             "(float)(((double)l1 + 0.5) / (double)d[1]), (float)(((double)l0 + 0.5) / (double)d[0]))"),
            "mirror_channels": ('#define QPK_TEX "1,l,3,m,1;"', "tex2D<float4>((cudaTextureObject_t)qp_tex, "
                                "(float)((c1 + 0.5) / (double)d[1]), (float)((c0 + 0.5) / (double)d[0]))"),
            "border": ('#define QPK_TEX "1,l,2,b,0;"', "tex2D<float>((cudaTextureObject_t)qp_tex, (float)(c1 + 0.5), "
                       "(float)(c0 + 0.5))")}
    for name, lines in want.items():
        for w in lines:
            if w not in ks[name]:
                raise AssertionError("%s: no %r in the CUDA text" % (name, w))
        if "tex.2d.v4.f32.f32" not in ptx_of(ks[name], name):
            raise AssertionError("%s: no tex.2d in the PTX" % name)
    plain_c_lacks(rel)


@check("'hwtex_linear on a cube: tex3D (tex.3d in the PTX); 'checked and 1-D textures keep global memory")
def _():
    ks = kernels(emit("cuda", "tests/kernels/textures/hwtex_linear_trilinear.q"))
    if '#define QPK_TEX "1,l,3,b,0;"' not in ks["tri"] or "tex3D<float>" not in ks["tri"]:
        raise AssertionError("tri: no QPK_TEX entry or tex3D read")
    dev = emit("cuda", "tests/kernels/textures/hwtex_device_fn.q")
    if "unsigned long long x_tex, qp_v2f p)" not in dev or "tex.2d.v4.f32.f32" not in ptx_of(dev, "hwtex_device_fn"):
        raise AssertionError("a device function does not take the texture object, or its PTX has no tex.2d")
    if "tex.3d.v4.f32.f32" not in ptx_of(ks["tri"], "tri"):
        raise AssertionError("no tex.3d in the PTX")
    path = program("tex_global.q", """function [] = __kernel__ k (y : vec, x : mat'hwtex_linear'checked, v : vec'hwtex_linear'clamped, pos : int)
    y[pos] = x[0, 0.5 * pos] + v[0.5 * pos]
endfunction
y = zeros(2)
parallel_do(2, y, [[0, 2, 4]], [1, 3], k)
print y
""")
    code, o, e = run([QPIPE, "emit", "--cuda", path])
    if code != 0 or "qpk_cuda" not in o:
        raise AssertionError("exit %d: %s" % (code, e.strip()[-300:]))
    found = [w for w in ("QPK_TEX", "tex2D", "tex1D", "cudaTextureObject_t") if w in o]
    if found:
        raise AssertionError("a 'checked or 1-D texture has %s" % ", ".join(found))
    code, o, e = run([QPIPE, "exec", path])
    if code != 0 or o != "[1,3]\n":
        raise AssertionError("exit %d, output %r (by hand: [0 + 1, (0 + 2) / 2 + (1 + 3) / 2] = [1,3])" % (code, o))


if __name__ == "__main__":
    raise SystemExit(main())
