/*
 * blas_ops.c - the blas_* builtins through cuBLAS on host working copies (blas_ops.h):
 * each call is one scratch run (scratch.c) of one cuBLAS function, resolved by name on
 * first use (a missing one: the CPU runs it). cuBLAS's pointer mode is the default
 * (host): alpha, beta and the level-1 results live in host memory.
 */
#include "runtime/cuda/blas_ops.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/scratch.h"

#include <stdio.h>
#include <string.h>

enum { F_ASUM, F_NRM2, F_DOT, F_AMAX, F_AMIN, F_AXPY, F_SCAL, F_GEMM, F_GEMV, F_TRSV, F_GEAM, NFN };

/* [function][0 single, 1 double] */
static const char *const names[NFN][2] = {
    {"cublasSasum_v2", "cublasDasum_v2"},   {"cublasSnrm2_v2", "cublasDnrm2_v2"},
    {"cublasSdot_v2", "cublasDdot_v2"},     {"cublasIsamax_v2", "cublasIdamax_v2"},
    {"cublasIsamin_v2", "cublasIdamin_v2"}, {"cublasSaxpy_v2", "cublasDaxpy_v2"},
    {"cublasSscal_v2", "cublasDscal_v2"},   {"cublasSgemm_v2", "cublasDgemm_v2"},
    {"cublasSgemv_v2", "cublasDgemv_v2"},   {"cublasStrsv_v2", "cublasDtrsv_v2"},
    {"cublasSgeam", "cublasDgeam"},
};

const char *rt_cuda_blas_ops_symbol(int i)
{
    return i >= 0 && i < 2 * NFN ? names[i / 2][i % 2] : NULL;
}

RtCudaGemmMap rt_cuda_gemm_map(int m, int n, int k)
{
    return (RtCudaGemmMap){.m = n, .n = m, .k = k, .swap = true, .lda = n, .ldb = k, .ldc = n};
}

void rt_cuda_trsv_map(char uplo, bool trans, int *fill, int *op)
{
    *fill = uplo == 'U' || uplo == 'u' ? 0 : 1;
    *op = trans ? 0 : 1;
}

typedef int (*Red)(void *h, int n, const void *x, int incx, void *res);
typedef int (*Dot)(void *h, int n, const void *x, int incx, const void *y, int incy, void *res);
typedef int (*Axpy)(void *h, int n, const void *alpha, const void *x, int incx, void *y, int incy);
typedef int (*Scal)(void *h, int n, const void *alpha, void *x, int incx);
typedef int (*Gemm)(void *h, int ta, int tb, int m, int n, int k, const void *alpha, const void *a, int lda,
                    const void *b, int ldb, const void *beta, void *c, int ldc);
typedef int (*Gemv)(void *h, int t, int m, int n, const void *alpha, const void *a, int lda, const void *x, int incx,
                    const void *beta, void *y, int incy);
typedef int (*Trsv)(void *h, int uplo, int t, int diag, int n, const void *a, int lda, void *x, int incx);
typedef int (*Geam)(void *h, int ta, int tb, int m, int n, const void *alpha, const void *a, int lda,
                    const void *beta, const void *b, int ldb, void *c, int ldc);

/* One call's arguments (the union of what the functions take). */
typedef struct Call {
    int fn;
    bool dbl;
    int m, n, k;
    double alpha, beta;
    char uplo, diag;
    bool trans;
    double res;
} Call;

static void *dev(const RtCudaRun *r, int i) { return (void *)(uintptr_t)r->dev[i]; }

static int call(RtCudaRun *run, void *ctx, char *why, size_t len)
{
    Call *c = ctx;
    void *f = rt_cuda_symbol(RT_CUDA_CUBLAS, names[c->fn][c->dbl], why, len);
    if (!f)
        return -1;
    /* alpha, beta and results in the precision's type */
    float af = (float)c->alpha, bf = (float)c->beta, rf = 0;
    double rd = 0;
    int ri = 0;
    const void *al = c->dbl ? (void *)&c->alpha : (void *)&af, *be = c->dbl ? (void *)&c->beta : (void *)&bf;
    void *res = c->dbl ? (void *)&rd : (void *)&rf;
    void *h = run->blas;
    int st = 0;
    switch (c->fn) {
    case F_ASUM:
    case F_NRM2:
        st = ((Red)f)(h, c->n, dev(run, 0), 1, res);
        break;
    case F_AMAX:
    case F_AMIN:
        st = ((Red)f)(h, c->n, dev(run, 0), 1, &ri);
        rd = ri - 1;            /* cuBLAS counts from 1 */
        rf = (float)rd;
        break;
    case F_DOT:
        st = ((Dot)f)(h, c->n, dev(run, 0), 1, dev(run, 1), 1, res);
        break;
    case F_AXPY:
        st = ((Axpy)f)(h, c->n, al, dev(run, 0), 1, dev(run, 1), 1);
        break;
    case F_SCAL:
        st = ((Scal)f)(h, c->n, al, dev(run, 0), 1);
        break;
    case F_GEMM: {
        RtCudaGemmMap g = rt_cuda_gemm_map(c->m, c->n, c->k);
        st = ((Gemm)f)(h, 0, 0, g.m, g.n, g.k, al, dev(run, 1), g.lda, dev(run, 0), g.ldb, be, dev(run, 2), g.ldc);
        break;
    }
    case F_GEMV:                /* y = A x with A^T (n x m) stored: gemv(T) */
        st = ((Gemv)f)(h, 1, c->n, c->m, al, dev(run, 0), c->n, dev(run, 1), 1, be, dev(run, 2), 1);
        break;
    case F_TRSV: {
        int fill, op;
        rt_cuda_trsv_map(c->uplo, c->trans, &fill, &op);
        st = ((Trsv)f)(h, fill, op, c->diag == 'U' ? 1 : 0, c->n, dev(run, 0), c->n, dev(run, 1), 1);
        break;
    }
    case F_GEAM:                /* in place into A: cuBLAS allows C == A with lda == ldc */
        st = ((Geam)f)(h, 0, 0, c->n, c->m, al, dev(run, 0), c->n, be, dev(run, 1), c->n, dev(run, 0), c->n);
        break;
    }
    if (st) {
        snprintf(why, len, "%s failed (status %d)", names[c->fn][c->dbl], st);
        return -1;
    }
    c->res = c->dbl ? rd : rf;
    return 0;
}

/* The byte count of n elements, false past cuBLAS's int. */
static bool fits(int64_t n, bool dbl, size_t *bytes, char *why, size_t len)
{
    if (n <= 0 || n > 0x7fffffff) {
        snprintf(why, len, n <= 0 ? "nothing to compute" : "too many elements for cuBLAS");
        return false;
    }
    *bytes = (size_t)n * (dbl ? 8 : 4);
    return true;
}

int rt_cuda_blas1(int op, int64_t n, double alpha, void *x, void *y, bool dbl, double *res, char *why, size_t len)
{
    static const int fn[] = {F_ASUM, F_NRM2, F_DOT, F_AMAX, F_AMIN, F_AXPY, F_SCAL};
    size_t b;
    if (op < 0 || op > RT_CUDA_SCAL || !fits(n, dbl, &b, why, len))
        return 0;
    Call c = {.fn = fn[op], .dbl = dbl, .n = (int)n, .alpha = alpha};
    RtCudaPart p[2] = {{.in = x, .out = op == RT_CUDA_SCAL ? x : NULL, .bytes = b},
                       {.in = y, .out = op == RT_CUDA_AXPY ? y : NULL, .bytes = y ? b : 0}};
    int r = rt_cuda_scratch_run(p, y ? 2 : 1, RT_CUDA_NEED_BLAS, call, &c, why, len);
    if (r > 0 && res)
        *res = c.res;
    return r;
}

int rt_cuda_blas_gemm(bool dbl, int m, int n, int k, double alpha, const void *a, const void *b, double beta, void *c,
                      char *why, size_t len)
{
    size_t ba, bb, bc;
    if (!fits((int64_t)m * k, dbl, &ba, why, len) || !fits((int64_t)k * n, dbl, &bb, why, len) ||
        !fits((int64_t)m * n, dbl, &bc, why, len))
        return 0;
    Call cl = {.fn = F_GEMM, .dbl = dbl, .m = m, .n = n, .k = k, .alpha = alpha, .beta = beta};
    RtCudaPart p[3] = {{.in = a, .bytes = ba}, {.in = b, .bytes = bb}, {.in = c, .out = c, .bytes = bc}};
    return rt_cuda_scratch_run(p, 3, RT_CUDA_NEED_BLAS, call, &cl, why, len);
}

int rt_cuda_blas_gemv(bool dbl, int m, int n, double alpha, const void *a, const void *x, double beta, void *y,
                      char *why, size_t len)
{
    size_t ba, bx, by;
    if (!fits((int64_t)m * n, dbl, &ba, why, len) || !fits(n, dbl, &bx, why, len) || !fits(m, dbl, &by, why, len))
        return 0;
    Call cl = {.fn = F_GEMV, .dbl = dbl, .m = m, .n = n, .alpha = alpha, .beta = beta};
    RtCudaPart p[3] = {{.in = a, .bytes = ba}, {.in = x, .bytes = bx}, {.in = y, .out = y, .bytes = by}};
    return rt_cuda_scratch_run(p, 3, RT_CUDA_NEED_BLAS, call, &cl, why, len);
}

int rt_cuda_blas_trsv(bool dbl, char uplo, bool trans, char diag, int n, const void *a, void *x, char *why,
                      size_t len)
{
    size_t ba, bx;
    if (!fits((int64_t)n * n, dbl, &ba, why, len) || !fits(n, dbl, &bx, why, len))
        return 0;
    Call cl = {.fn = F_TRSV, .dbl = dbl, .n = n, .uplo = uplo, .trans = trans, .diag = diag};
    RtCudaPart p[2] = {{.in = a, .bytes = ba}, {.in = x, .out = x, .bytes = bx}};
    return rt_cuda_scratch_run(p, 2, RT_CUDA_NEED_BLAS, call, &cl, why, len);
}

int rt_cuda_blas_geam(bool dbl, int m, int n, double alpha, void *a, double beta, const void *b, char *why,
                      size_t len)
{
    size_t bytes;
    if (!fits((int64_t)m * n, dbl, &bytes, why, len))
        return 0;
    Call cl = {.fn = F_GEAM, .dbl = dbl, .m = m, .n = n, .alpha = alpha, .beta = beta};
    RtCudaPart p[2] = {{.in = a, .out = a, .bytes = bytes}, {.in = b, .bytes = bytes}};
    return rt_cuda_scratch_run(p, 2, RT_CUDA_NEED_BLAS, call, &cl, why, len);
}
