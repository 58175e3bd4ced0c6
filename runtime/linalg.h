/*
 * linalg.h - what lib_linalg.c (MATLAB-named functions) and lib_blas.c (blas_* and the
 * matrix product) share: dense working copies of arguments, a list of temporaries that
 * an error releases, and the precision switch over OpenBLAS/LAPACKE (docs/linalg.md).
 *
 * Every routine works on row-major rank-2 arrays in the program's precision (float,
 * or double under --double): LA(dbl, getrf, …) calls LAPACKE_sgetrf or LAPACKE_dgetrf,
 * BL(dbl, gemm, …) cblas_sgemm or cblas_dgemm, with the data passed as void pointers.
 * Arguments are copied into such arrays first (LAPACK overwrites its input), so an int
 * matrix or a vec works as well as a mat.
 *
 * rt_error longjmps, so every array a builtin makes is kept in an RtLaTmp: la_fail
 * releases them all before raising; on success la_give hands the outputs over.
 */
#ifndef RT_LINALG_H
#define RT_LINALG_H

#include "runtime/interp.h"

#include "runtime/blas_dl.h"   /* cblas.h, lapacke.h; the functions through the table */

#define LA(dbl, fn, ...) ((dbl) ? LAPACKE_d##fn(__VA_ARGS__) : LAPACKE_s##fn(__VA_ARGS__))
#define BL(dbl, fn, ...) ((dbl) ? cblas_d##fn(__VA_ARGS__) : cblas_s##fn(__VA_ARGS__))
#define LA_ROW LAPACK_ROW_MAJOR

/* Temporaries of one builtin call; more than any function here needs at once. */
#define RT_LA_MAX_TMP 16
typedef struct RtLaTmp {
    const char *fn;             /* builtin name, for messages */
    int n;
    Value v[RT_LA_MAX_TMP];
} RtLaTmp;

/* Keep `v` (a new array, or V_UNDEF when memory ran out) and return its array. */
RtArray *rt_la_keep(Rt *rt, RtLaTmp *t, Value v);
void rt_la_drop(RtLaTmp *t);
/* Release the temporaries, then raise "fn: message". */
_Noreturn void rt_la_fail(Rt *rt, RtLaTmp *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Hand a kept array over as an output (a new reference), as a vec when `vec`; the
 * temporaries are released if that fails. */
void rt_la_give(Rt *rt, RtLaTmp *t, RtArray *a, bool vec, Value *out);

/* A new zero-filled m x n matrix in the working precision (complex when `cplx`). */
RtArray *rt_la_new(Rt *rt, RtLaTmp *t, int64_t m, int64_t n, bool cplx);
/* Argument `x` as a new m x n working copy: a number is 1x1, a vec 1xN; complex input
 * is refused unless `cplx_ok`, and then the copy is complex. */
RtArray *rt_la_arg(Rt *rt, RtLaTmp *t, Value x, const char *what, bool cplx_ok);
static inline int64_t rt_la_rows(const RtArray *a) { return a->rank == 2 ? a->dims[0] : 1; }
static inline int64_t rt_la_cols(const RtArray *a) { return a->rank == 2 ? a->dims[1] : a->dims[0]; }
/* The argument must be square; returns n. */
int64_t rt_la_square(Rt *rt, RtLaTmp *t, const RtArray *a);
/* OpenBLAS and LAPACKE loaded (blas_dl.h), or the temporaries released (t may be NULL)
 * and the error raised: "fn: OpenBLAS/LAPACKE: <reason>", exit 69 when uncaught. Before
 * the first BLAS or LAPACK call of a builtin. */
void rt_la_need(Rt *rt, RtLaTmp *t);
/* rt_la_need, then give OpenBLAS the pool's thread count (DESIGN.md: one pool, no
 * oversubscription). */
void rt_la_threads(Rt *rt, RtLaTmp *t);
/* The matrix product a*b for ops.c (docs/runtime.md "Operators"): result in *dst. */
void rt_la_matmul(Rt *rt, RtArray *a, RtArray *b, Value *dst);

/* Whether the program runs on the CUDA engine (its libraries are then tried first). */
bool rt_la_on_cuda(Rt *rt);
/* The result r of a runtime/cuda library call (1 done, 0 not here, -1 failed; why says
 * why): true when done; -1 fails the builtin ("fn: on the GPU: why"); 0 is said under -v
 * ("qpipe: fn runs on the CPU (why)", once per builtin and process) and returns false:
 * the caller runs the CPU code, its working copies untouched. */
bool rt_la_cuda_done(Rt *rt, RtLaTmp *t, int r, const char *why);
/* On the CUDA engine, op (solver.h RT_CUDA_CHOL/_SOLVE/_INV) of the working copies a
 * (n x n) and x through cuSOLVER: true when done, with LAPACK's meaning of *info; false
 * (a and x untouched) when the engine is the CPU or cuSOLVER cannot run, said once
 * under -v: the caller runs LAPACK. */
bool rt_la_cuda_solver(Rt *rt, RtLaTmp *t, int op, RtArray *a, RtArray *x, int *info);
/* LU factors of a square working copy in place; returns LAPACK's info (> 0: singular). */
int rt_la_getrf(Rt *rt, RtLaTmp *t, RtArray *a, RtArray **ipiv);
/* The singular values (descending) of a working copy, which is destroyed; U and VT full
 * (m x m, n x n) when wanted, else NULL. */
void rt_la_svd(Rt *rt, RtLaTmp *t, RtArray *a, RtArray **s, RtArray **u, RtArray **vt);
/* chol(x) as a new upper triangular R (lib_linalg.c); an error unless positive definite. */
RtArray *rt_la_chol(Rt *rt, RtLaTmp *t, Value x);
/* Householder QR of a working copy in place; returns tau (k = min(m, n) factors). */
RtArray *rt_la_geqrf(Rt *rt, RtLaTmp *t, RtArray *a);
/* The first `cols` columns (k <= cols <= m) of Q from geqrf's output. */
RtArray *rt_la_orgqr(Rt *rt, RtLaTmp *t, const RtArray *qr, const RtArray *tau, int64_t cols);

#endif
