/*
 * linalg.c - the helpers of linalg.h shared by lib_linalg.c and lib_blas.c, and the
 * matrix product that ops.c calls for `*` on matrices.
 *
 * Working copies: every routine copies its arguments into row-major rank-2 arrays of
 * the program's precision and calls the s* or d* routine of OpenBLAS/LAPACKE on them;
 * the temporaries live in an RtLaTmp so that an error (rt_error longjmps) frees them.
 *
 * Threads: OpenBLAS runs its own pthreads. rt_la_threads gives it the thread count of
 * qpipe's pool before each call that can go parallel, so a product uses the cores the
 * pool would and no more; the pool's workers sleep on a condition variable while BLAS
 * runs (pool.c), so the two never compete for cores.
 */
#include "runtime/linalg.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/decomp.h"
#include "runtime/cuda/solver.h"
#include "runtime/engine.h"
#include "runtime/residency.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- temporaries */

RtArray *rt_la_keep(Rt *rt, RtLaTmp *t, Value v)
{
    if (t->n == RT_LA_MAX_TMP) {
        rt_release(v);
        rt_la_fail(rt, t, "internal error: more than %d temporaries", RT_LA_MAX_TMP);
    }
    if (v.kind == V_UNDEF) {
        rt_la_drop(t);
        rt_out_of_memory(rt);
    }
    t->v[t->n++] = v;
    return v.a;
}

void rt_la_drop(RtLaTmp *t)
{
    while (t->n > 0)
        rt_release(t->v[--t->n]);
}

_Noreturn void rt_la_fail(Rt *rt, RtLaTmp *t, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rt_la_drop(t);
    rt_error(rt, "%s: %s", t->fn, msg);
}

void rt_la_give(Rt *rt, RtLaTmp *t, RtArray *a, bool vec, Value *out)
{
    if (vec && a->rank != 1) {
        int64_t n = a->n;
        *out = rt_array_reshape(a, 1, &n);
        if (out->kind == V_UNDEF) {
            rt_la_drop(t);
            rt_out_of_memory(rt);
        }
        return;
    }
    *out = (Value){.kind = V_ARRAY, .a = a};
    rt_retain(*out);
}

/* ---------------------------------------------------------------- working copies */

RtArray *rt_la_new(Rt *rt, RtLaTmp *t, int64_t m, int64_t n, bool cplx)
{
    if (m > INT32_MAX || n > INT32_MAX)
        rt_la_fail(rt, t, "the matrix is too large (%lld x %lld)", (long long)m, (long long)n);
    int64_t dims[2] = {m, n};
    return rt_la_keep(rt, t, rt_array_new(cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt), 2, dims));
}

RtArray *rt_la_arg(Rt *rt, RtLaTmp *t, Value x, const char *what, bool cplx_ok)
{
    if (x.kind == V_INT || x.kind == V_SCALAR || x.kind == V_COMPLEX) {
        bool c = x.kind == V_COMPLEX;
        if (c && !cplx_ok)
            rt_la_fail(rt, t, "complex matrices are not supported");
        RtArray *r = rt_la_new(rt, t, 1, 1, c);
        rt_set_cplx(r, 0, rt_to_cplx(rt, x, what));
        return r;
    }
    if (x.kind != V_ARRAY || x.a->elem == RT_VALUE)
        rt_la_fail(rt, t, "%s must be a numeric matrix", what);
    const RtArray *a = x.a;
    if (a->rank > 2)
        rt_la_fail(rt, t, "%s must be a vector or a matrix, not a %d-D array", what, a->rank);
    bool c = rt_elem_is_complex(a->elem);
    if (c && !cplx_ok)
        rt_la_fail(rt, t, "complex matrices are not supported");
    RtArray *r = rt_la_new(rt, t, rt_la_rows(a), rt_la_cols(a), c);
    for (int64_t i = 0; i < a->n; i++) {
        if (c)
            rt_set_cplx(r, i, rt_get_cplx(a, i));
        else
            rt_set_real(r, i, rt_get_real(a, i), false);
    }
    return r;
}

int64_t rt_la_square(Rt *rt, RtLaTmp *t, const RtArray *a)
{
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    if (m != n)
        rt_la_fail(rt, t, "the matrix must be square, not %lld x %lld", (long long)m, (long long)n);
    if (n == 0)
        rt_la_fail(rt, t, "the matrix is empty");
    return n;
}

void rt_la_need(Rt *rt, RtLaTmp *t)
{
    char why[600];
    if (rt_dl_loaded(&rt_blas_dl) || rt_dl_load(&rt_blas_dl, why, sizeof why))
        return;
    if (t)
        rt_la_drop(t);
    rt_error_unavailable(rt, "%s: %s", t ? t->fn : "linear algebra", why);
}

void rt_la_threads(Rt *rt, RtLaTmp *t)
{
    rt_la_need(rt, t);
    /* OpenBLAS's thread count is global to the library: set to this runtime's pool size
     * before each call (hosts of different sizes in one process each get their own). */
    static _Atomic int set;
    int n = rt_pool_threads(rt->pool);
    if (n != set) {
        openblas_set_num_threads(n);
        set = n;
    }
}

/* ---------------------------------------------------------------- shared factorisations */

int rt_la_getrf(Rt *rt, RtLaTmp *t, RtArray *a, RtArray **ipiv)
{
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), k = m < n ? m : n;
    *ipiv = rt_la_keep(rt, t, rt_array_vec(RT_I32, k > 0 ? k : 1));
    int info = 0;
    char why[256];
    if (rt_la_on_cuda(rt) &&
        rt_la_cuda_done(rt, t, rt_cuda_getrf(rt->opt.dbl, (int)m, (int)n, a->data, (*ipiv)->data, &info, why,
                                             sizeof why), why))
        return info;
    rt_la_threads(rt, t);
    info = LA(rt->opt.dbl, getrf, LA_ROW, (int)m, (int)n, a->data, (int)n, (int *)(*ipiv)->data);
    if (info < 0)
        rt_la_fail(rt, t, "internal error: LAPACK getrf argument %d", -info);
    return info;
}

void rt_la_svd(Rt *rt, RtLaTmp *t, RtArray *a, RtArray **s, RtArray **u, RtArray **vt)
{
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), k = m < n ? m : n;
    bool dbl = rt->opt.dbl, full = u != NULL;
    if (k == 0)
        rt_la_fail(rt, t, "the matrix is empty");
    *s = rt_la_new(rt, t, 1, k, false);
    RtArray *U = full ? rt_la_new(rt, t, m, m, false) : NULL;
    RtArray *V = full ? rt_la_new(rt, t, n, n, false) : NULL;
    char why[256];
    if (rt_la_on_cuda(rt) &&
        rt_la_cuda_done(rt, t, rt_cuda_gesvd(dbl, (int)m, (int)n, a->data, (*s)->data, full ? U->data : NULL,
                                             full ? V->data : NULL, why, sizeof why), why)) {
        if (full) {
            *u = U;
            *vt = V;
        }
        return;
    }
    rt_la_threads(rt, t);
    int info = LA(dbl, gesdd, LA_ROW, full ? 'A' : 'N', (int)m, (int)n, a->data, (int)n, (*s)->data,
                  full ? U->data : NULL, (int)m, full ? V->data : NULL, (int)n);
    if (info != 0)
        rt_la_fail(rt, t, "the singular value decomposition did not converge (LAPACK info %d)", info);
    if (full) {
        *u = U;
        *vt = V;
    }
}

/* ---------------------------------------------------------------- the CUDA engine */

bool rt_la_on_cuda(Rt *rt)
{
    return rt->opt.engine != RT_ENGINE_CPU && rt_engine_for(rt->opt.engine, NULL, 0) == &rt_cuda_engine;
}

/* The builtins whose CPU fallback -v has reported (each once per process). */
static struct {
    pthread_mutex_t mu;
    const char *said[64];
    int n;
} fallback = {.mu = PTHREAD_MUTEX_INITIALIZER};

bool rt_la_cuda_done(Rt *rt, RtLaTmp *t, int r, const char *why)
{
    if (r < 0)
        rt_la_fail(rt, t, "on the GPU: %s", why);
    if (r > 0 || !rt->opt.verbose)
        return r > 0;
    pthread_mutex_lock(&fallback.mu);
    bool said = false;
    for (int i = 0; i < fallback.n && !said; i++)
        said = !strcmp(fallback.said[i], t->fn);
    if (!said && fallback.n < 64)
        fallback.said[fallback.n++] = t->fn;
    pthread_mutex_unlock(&fallback.mu);
    if (!said)
        fprintf(stderr, "qpipe: %s runs on the CPU (%s)\n", t->fn, why);
    return false;
}

bool rt_la_cuda_solver(Rt *rt, RtLaTmp *t, int op, RtArray *a, RtArray *x, int *info)
{
    if (!rt_la_on_cuda(rt))
        return false;
    char why[256];
    int r = rt_cuda_solver(op, a, x, rt->opt.dbl, info, why, sizeof why);
    if (r < 0)
        rt_la_fail(rt, t, "cuSOLVER: %s", why);
    return rt_la_cuda_done(rt, t, r, why);
}

/* ---------------------------------------------------------------- the matrix product */

/* `x` as a contiguous array of element type e: itself, or a kept converted copy. */
static RtArray *as_elem(Rt *rt, RtLaTmp *t, RtArray *x, RtElem e)
{
    if (x->elem == e)
        return x;
    RtArray *r = rt_la_keep(rt, t, rt_array_uninit(e, x->rank, x->dims));
    for (int64_t i = 0; i < x->n; i++) {
        if (rt_elem_is_complex(e))
            rt_set_cplx(r, i, rt_get_cplx(x, i));
        else
            rt_set_real(r, i, rt_get_real(x, i), false);
    }
    return r;
}

/* r (m x n) = a (m x k) * b (k x n), all contiguous of one element type. Products with
 * one row or one column go through gemv, the rest through gemm. */
static void product(bool dbl, bool cplx, int m, int k, int n, const void *a, const void *b, void *r)
{
    if (cplx) {
        const double one[2] = {1, 0}, zero[2] = {0, 0};
        const float onef[2] = {1, 0}, zerof[2] = {0, 0};
        if (dbl)
            cblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, one, a, k, b, n, zero, r, n);
        else
            cblas_cgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, onef, a, k, b, n, zerof, r, n);
    } else if (m == 1) {        /* row * B = B^T row */
        BL(dbl, gemv, CblasRowMajor, CblasTrans, k, n, 1, b, n, a, 1, 0, r, 1);
    } else if (n == 1) {
        BL(dbl, gemv, CblasRowMajor, CblasNoTrans, m, k, 1, a, k, b, 1, 0, r, 1);
    } else {
        BL(dbl, gemm, CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1, a, k, b, n, 0, r, n);
    }
}

_Noreturn static void inner_mismatch(Rt *rt, const RtArray *a, const RtArray *b)
{
    StrBuf x = {0}, y = {0};
    rt_format_dims(a, &x);
    rt_format_dims(b, &y);
    char msg[512];
    snprintf(msg, sizeof msg, "inner dimensions do not agree in '*': %s and %s", x.s, y.s);
    sb_free(&x);
    sb_free(&y);
    rt_error(rt, "%s", msg);
}

/* A vec is a 1xN row on either side; when that reading does not agree and the left side
 * is an m x k matrix with a vec of k on the right, the vec is a column and the result
 * a vec of m (the matrix-vector product). */
void rt_la_matmul(Rt *rt, RtArray *a, RtArray *b, Value *dst)
{
    int64_t m = rt_la_rows(a), k = rt_la_cols(a), k2 = rt_la_rows(b), n = rt_la_cols(b);
    bool column = false;
    if (k != k2) {
        if (!(a->rank == 2 && b->rank == 1 && b->dims[0] == k))
            inner_mismatch(rt, a, b);
        column = true;
        n = 1;
    }
    if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX)
        rt_error(rt, "the matrix product is too large for BLAS");
    bool cplx = rt_elem_is_complex(a->elem) || rt_elem_is_complex(b->elem);
    RtElem e = cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt);
    if (a->elem == e && b->elem == e && m > 0 && n > 0 && k > 0 && rt->opt.engine != RT_ENGINE_CPU &&
        rt_engine_for(rt->opt.engine, NULL, 0) == &rt_cuda_engine) {
        /* the CUDA engine: cuBLAS on the operands' device copies (mixed types: the CPU) */
        int64_t cd[2] = {m, n};
        Value c = column ? rt_array_uninit(e, 1, cd) : rt_array_uninit(e, 2, cd);
        if (c.kind == V_UNDEF)
            rt_out_of_memory(rt);
        char why[256];
        if (rt_cuda_gemm(a, b, c.a, (int)m, (int)k, (int)n, rt->opt.dbl, cplx, why, sizeof why)) {
            *dst = c;
            return;
        }
        rt_release(c);
    }
    Value ab[2] = {{.kind = V_ARRAY, .a = a}, {.kind = V_ARRAY, .a = b}};
    rt_kernels_settle_for(rt, ab, 2);
    if (!rt_values_host(ab, 2, false))      /* BLAS reads host memory */
        rt_error(rt, "'*': an operand could not be copied back from the GPU");
    rt_la_need(rt, NULL);
    RtLaTmp t = {.fn = "*"};
    RtArray *A = as_elem(rt, &t, a, e), *B = as_elem(rt, &t, b, e);
    int64_t dims[2] = {m, n};
    *dst = column ? rt_array_new(e, 1, dims) : rt_array_new(e, 2, dims);
    if (dst->kind == V_UNDEF) {
        rt_la_drop(&t);
        rt_out_of_memory(rt);
    }
    if (m > 0 && n > 0 && k > 0) {
        rt_la_threads(rt, &t);
        product(rt->opt.dbl, cplx, (int)m, (int)k, (int)n, A->data, B->data, dst->a->data);
    }
    rt_la_drop(&t);
}

