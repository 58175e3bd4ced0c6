/*
 * codegen.h - kernel code generation: a __kernel__ function, specialised on the concrete
 * types of one launch, as text in the kernel dialect (kernels/qp_kernel.h).
 *
 * The runtime knows the types (element type, rank, access mode of each array, ints,
 * reals, fixed vectors, the device functions passed) when parallel_do runs; the kernel
 * compiler (its passes are listed in kpasses.c) infers the types of the kernel's locals
 * from them and writes C that the CPU engine compiles with the system C compiler and NVRTC
 * compiles for the GPU. It emits text and runs nothing (DESIGN.md "Layout"). A kernel using something not handled yet gets NULL
 * and a reason, and the runtime runs it in its interpreter.
 *
 * The text defines the CPU entry point
 *     void qpk_run(const qp_arg *args, const int64_t *dims, const int64_t *blk,
 *                  int64_t lo, int64_t hi, qp_status *status)
 * which runs positions with pos[0] in [lo, hi) (the whole of the other dimensions, the last
 * innermost), and under NVRTC a __global__ qpk_cuda with the same body.
 */
#ifndef LANG_CODEGEN_H
#define LANG_CODEGEN_H

#include "lang/ast.h"

#include <stddef.h>
#include <stdio.h>

/* ORDER ELEM: the numeric element types of runtime/elemtype.def, same order. */
typedef enum LangKElem {
    LKE_I8, LKE_U8, LKE_I16, LKE_U16, LKE_I32, LKE_U32, LKE_I64, LKE_U64, LKE_F32, LKE_F64,
    LKE_C32, LKE_C64,
} LangKElem;

typedef enum LangKKind {
    LK_NONE,
    LK_INT,         /* int: 32 bits in kernels */
    LK_REAL,        /* scalar: float, or double with --double */
    LK_CPLX,        /* cscalar: qp_cf, or qp_cd with --double (elem: the real type) */
    LK_VEC,         /* fixed-length vector: elem LKE_I32 or the real type, n elements */
    LK_ARRAY,       /* an array argument: elem, rank (1..4), access mode */
    LK_FUNC,        /* a __device__ function passed as an argument: fn */
} LangKKind;

enum { LANG_KMODE_SAFE, LANG_KMODE_CHECKED, LANG_KMODE_MIRROR, LANG_KMODE_CIRCULAR, LANG_KMODE_CLAMPED,
       LANG_KMODE_UNCHECKED };

typedef struct LangKType {
    LangKKind kind;
    LangKElem elem;
    int n;
    int rank;
    int mode;
    Node *fn;
    int fixed[4];       /* LK_ARRAY: dims baked into the code (0: read at run time) */
    int sat;            /* LK_ARRAY of 8-32-bit integers: writes saturate ('sat) */
    int tex;            /* LK_ARRAY: LANG_KTEX_* flags of 'hwtex_linear / 'hwtex_nearest(n) */
} LangKType;

/* Texture reads (spec 000 "Texture memory"; the host's runtime/texture.c): reads at real
 * positions interpolate (LINEAR) or take the nearest sample (NEAREST); with COMPS the last
 * dimension holds the components and is indexed by integers. */
enum { LANG_KTEX_LINEAR = 1, LANG_KTEX_NEAREST = 2, LANG_KTEX_COMPS = 4 };
/* Read-only arrays the CUDA text reads through a cache (spec 000 "Constant memory",
 * "Texture memory"): 'hwtex_const through the read-only data cache (__ldg), 'hwconst from
 * __constant__ memory when the CUDA engine placed it there (docs/cuda.md). */
enum { LANG_KTEX_LDG = 8, LANG_KTEX_HWCONST = 16 };

/* Special parameters, bound by name (spec 004 §2.4.1). */
enum { LANG_KSPEC_NONE, LANG_KSPEC_POS, LANG_KSPEC_BLKPOS, LANG_KSPEC_BLKIDX, LANG_KSPEC_BLKDIM,
       LANG_KSPEC_BLKCNT, LANG_KSPEC_WARPSIZE,
       /* cooperative groups (spec 000), compiled kernels only in lockstep (lang/kwarp.c) */
       LANG_KSPEC_GROUP_WARP,       /* coalesced_threads: a warp of 32 threads of the block */
       LANG_KSPEC_GROUP_BLOCK,      /* this_thread_block */
       LANG_KSPEC_GROUP_GRID };     /* this_grid, this_multi_grid (one device is one grid) */

typedef struct LangKParam {
    const char *name;
    LangKType type;
    int special;        /* LANG_KSPEC_*: no qp_arg is passed for it */
} LangKParam;

typedef struct LangKernelSpec {
    Node *fn;                   /* the __kernel__ FUNCTION or LAMBDA */
    const char *file;           /* source file, for #line */
    int rank;                   /* of the grid: 1..4 */
    int grid_fixed[4];          /* grid dims baked into the code (0: read at run time) */
    int may_alias;              /* two array arguments share memory: no restrict */
    int dbl;                    /* scalar is double */
    const LangKParam *params;   /* parameters then captures; args[] follow this order,
                                   skipping specials; then one double accumulator per output */
    int nparams;
    /* A name the kernel calls that is neither a builtin nor a parameter: the device
     * function it names (FUNCTION or LAMBDA), or NULL. */
    Node *(*lookup)(void *ctx, const char *name);
    void *ctx;
    FILE *dump;                 /* QPIPE_DUMP=passes: each pass's result and time, or NULL */
    int cuda;                   /* the CUDA text (emit --cuda, what the runtime compiles): under
                                   QP_CUDA, kernels with barriers run natively (one GPU thread
                                   per Quasar thread, __shared__, __syncthreads); 0: the plain C
                                   text (emit --c), whose QP_CUDA branch is the generic entry */
} LangKernelSpec;

/* The kernel's text (malloc'd, the caller frees it), or NULL with the reason in why. */
char *lang_kernel_c(const LangKernelSpec *spec, char *why, size_t whylen);

#endif
