/*
 * lib_blas.c - the blas_* builtins of the CUDA guide's cuBLAS/cuSolver table, on
 * OpenBLAS and LAPACKE (docs/linalg.md has the table of arguments).
 *
 * Results are new arrays; arguments are never modified (Quasar arrays are references,
 * so a BLAS-style in-place update would show through every alias). Vectors are Quasar
 * vecs, indices zero-based (pivots too, unlike LAPACK's), pivots int32 vecs. Batched
 * functions take K x N x N cubes: matrix k is X[k,:,:].
 */
#include "runtime/linalg.h"
#include "runtime/lib.h"
#include "runtime/cuda/batched.h"
#include "runtime/cuda/blas_ops.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- argument helpers */

/* A transpose flag: a number (non-zero: transpose) or "N", "T", "C". */
static bool trans_arg(Rt *rt, RtLaTmp *t, Value v, const char *what)
{
    if (v.kind == V_STRING) {
        char c = v.s->text[0];
        if (v.s->len != 1 || !strchr("NnTtCc", c))
            rt_la_fail(rt, t, "%s must be \"N\", \"T\" or \"C\", not \"%s\"", what, v.s->text);
        return c != 'N' && c != 'n';
    }
    if (v.kind != V_INT && v.kind != V_SCALAR)
        rt_la_fail(rt, t, "%s must be a number or \"N\"/\"T\"", what);
    return rt_to_real(rt, v, what) != 0;
}

static double real_arg(Rt *rt, RtLaTmp *t, Value v, const char *what)
{
    if (v.kind != V_INT && v.kind != V_SCALAR)
        rt_la_fail(rt, t, "%s must be a real number", what);
    return rt_to_real(rt, v, what);
}

static Value real_result(Rt *rt, double x) { return rt_real(rt_round(rt, x)); }

/* ---------------------------------------------------------------- level 1 */

/* A working copy of a real array that keeps its shape (level-1 routines see any array
 * as its elements); a number is 1x1. */
static RtArray *flat_arg(Rt *rt, RtLaTmp *t, Value x, const char *what)
{
    if (x.kind != V_ARRAY || x.a->rank <= 2)
        return rt_la_arg(rt, t, x, what, false);
    if (x.a->elem == RT_VALUE || rt_elem_is_complex(x.a->elem))
        rt_la_fail(rt, t, "%s must be a real numeric array", what);
    RtArray *r = rt_la_keep(rt, t, rt_array_uninit(rt_scalar_elem(rt), x.a->rank, x.a->dims));
    for (int64_t i = 0; i < x.a->n; i++)
        rt_set_real(r, i, rt_get_real(x.a, i), false);
    return r;
}

static bool is_vec(Value x) { return x.kind == V_ARRAY && x.a->rank == 1; }

static void give(Rt *rt, RtLaTmp *t, RtArray *a, bool vec, Value *out)
{
    rt_la_give(rt, t, a, vec, out);
    rt_la_drop(t);
}

/* ---------------------------------------------------------------- level 1 */

/* Level-1 function op (blas_ops.h RT_CUDA_*) through cuBLAS on the CUDA engine: true
 * when done (x or y written as the op says, *res its number); false: the CPU does it. */
static bool gpu1(Rt *rt, RtLaTmp *t, int op, double alpha, RtArray *x, RtArray *y, double *res)
{
    char why[256];
    return x->n && rt_la_on_cuda(rt) &&
           rt_la_cuda_done(rt, t, rt_cuda_blas1(op, x->n, alpha, x->data, y ? y->data : NULL, rt->opt.dbl, res, why,
                                                sizeof why), why);
}

static void index_of(Rt *rt, int argc, Value *argv, Value *out, const char *fn, bool max)
{
    (void)argc;
    RtLaTmp t = {.fn = fn};
    RtArray *x = flat_arg(rt, &t, argv[0], "x");
    if (x->n == 0)
        rt_la_fail(rt, &t, "the vector is empty");
    if (x->n > INT32_MAX)
        rt_la_fail(rt, &t, "the vector is too large");
    int n = (int)x->n;
    double g;
    if (gpu1(rt, &t, max ? RT_CUDA_AMAX : RT_CUDA_AMIN, 0, x, NULL, &g)) {
        out[0] = rt_int((int64_t)g);
        rt_la_drop(&t);
        return;
    }
    rt_la_need(rt, &t);
    size_t i = rt->opt.dbl ? (max ? cblas_idamax(n, x->data, 1) : cblas_idamin(n, x->data, 1))
                           : (max ? cblas_isamax(n, x->data, 1) : cblas_isamin(n, x->data, 1));
    out[0] = rt_int((int64_t)i);        /* CBLAS indices are zero-based, as Quasar's */
    rt_la_drop(&t);
}

void lib_blas_amax(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    index_of(rt, argc, argv, out, "blas_amax", true);
}

void lib_blas_amin(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    index_of(rt, argc, argv, out, "blas_amin", false);
}

void lib_blas_asum(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_asum"};
    RtArray *x = flat_arg(rt, &t, argv[0], "x");
    rt_la_need(rt, &t);
    double g;
    out[0] = real_result(rt, gpu1(rt, &t, RT_CUDA_ASUM, 0, x, NULL, &g) ? g
                             : x->n                                     ? BL(rt->opt.dbl, asum, (int)x->n, x->data, 1)
                                                                        : 0);
    rt_la_drop(&t);
}

void lib_blas_nrm2(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_nrm2"};
    RtArray *x = flat_arg(rt, &t, argv[0], "x");
    rt_la_need(rt, &t);
    double g;
    out[0] = real_result(rt, gpu1(rt, &t, RT_CUDA_NRM2, 0, x, NULL, &g) ? g
                             : x->n                                     ? BL(rt->opt.dbl, nrm2, (int)x->n, x->data, 1)
                                                                        : 0);
    rt_la_drop(&t);
}

static void same_count(Rt *rt, RtLaTmp *t, const RtArray *x, const RtArray *y)
{
    if (x->n != y->n)
        rt_la_fail(rt, t, "x and y must have as many elements (%lld and %lld)", (long long)x->n,
                   (long long)y->n);
}

void lib_blas_dot(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_dot"};
    RtArray *x = flat_arg(rt, &t, argv[0], "x"), *y = flat_arg(rt, &t, argv[1], "y");
    same_count(rt, &t, x, y);
    rt_la_need(rt, &t);
    double g;
    out[0] = real_result(rt, gpu1(rt, &t, RT_CUDA_DOT, 0, x, y, &g) ? g
                             : x->n ? BL(rt->opt.dbl, dot, (int)x->n, x->data, 1, y->data, 1)
                                    : 0);
    rt_la_drop(&t);
}

/* blas_axpy(alpha, x, y) = alpha*x + y, shaped as y. */
void lib_blas_axpy(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_axpy"};
    double alpha = real_arg(rt, &t, argv[0], "alpha");
    RtArray *x = flat_arg(rt, &t, argv[1], "x"), *y = flat_arg(rt, &t, argv[2], "y");
    same_count(rt, &t, x, y);
    rt_la_need(rt, &t);
    if (x->n && !gpu1(rt, &t, RT_CUDA_AXPY, alpha, x, y, NULL))
        BL(rt->opt.dbl, axpy, (int)x->n, alpha, x->data, 1, y->data, 1);
    give(rt, &t, y, is_vec(argv[2]), out);
}

/* blas_scal(alpha, X) = alpha*X, shaped as X. */
void lib_blas_scal(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_scal"};
    double alpha = real_arg(rt, &t, argv[0], "alpha");
    RtArray *x = flat_arg(rt, &t, argv[1], "X");
    rt_la_need(rt, &t);
    if (x->n && !gpu1(rt, &t, RT_CUDA_SCAL, alpha, x, NULL, NULL))
        BL(rt->opt.dbl, scal, (int)x->n, alpha, x->data, 1);
    give(rt, &t, x, is_vec(argv[1]), out);
}

/* ---------------------------------------------------------------- level 2 and 3 */

/* op(A) as a new working copy: A itself, or its transpose (conjugated when `conj`). */
static RtArray *op_arg(Rt *rt, RtLaTmp *t, Value x, const char *what, bool trans, bool conj)
{
    RtArray *a = rt_la_arg(rt, t, x, what, conj);
    if (!trans)
        return a;
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    bool c = rt_elem_is_complex(a->elem);
    RtArray *r = rt_la_new(rt, t, n, m, c);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            RtC64 z = rt_get_cplx(a, i * n + j);
            if (conj)
                z.im = -z.im;
            rt_set_cplx(r, j * m + i, z);
        }
    return r;
}

void lib_blas_transpose(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_transpose"};
    give(rt, &t, op_arg(rt, &t, argv[0], "X", true, false), false, out);
}

void lib_blas_hermtranspose(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_hermtranspose"};
    give(rt, &t, op_arg(rt, &t, argv[0], "X", true, true), false, out);
}

/* The C or y argument of gemm/gemv: a number fills an m x n matrix, else the sizes agree. */
static RtArray *addend_arg(Rt *rt, RtLaTmp *t, Value c, int64_t m, int64_t n, const char *what)
{
    if (c.kind == V_INT || c.kind == V_SCALAR) {
        RtArray *r = rt_la_new(rt, t, m, n, false);
        double v = rt_to_real(rt, c, what);
        for (int64_t i = 0; i < r->n; i++)
            rt_set_real(r, i, v, false);
        return r;
    }
    RtArray *r = rt_la_arg(rt, t, c, what, false);
    if (r->n != m * n || (n > 1 && m > 1 && rt_la_rows(r) != m))
        rt_la_fail(rt, t, "%s must be %lld x %lld", what, (long long)m, (long long)n);
    r->dims[0] = m;
    r->dims[1] = n;
    return r;
}

/* blas_gemm(A, B) or blas_gemm(alpha, A, B, beta, C[, transa[, transb]]):
 * alpha*op(A)*op(B) + beta*C. */
void lib_blas_gemm(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    RtLaTmp t = {.fn = "blas_gemm"};
    if (argc != 2 && argc < 5)
        rt_la_fail(rt, &t, "takes (A, B) or (alpha, A, B, beta, C[, transa, transb])");
    bool full = argc >= 5;
    double alpha = full ? real_arg(rt, &t, argv[0], "alpha") : 1;
    double beta = full ? real_arg(rt, &t, argv[3], "beta") : 0;
    bool ta = argc > 5 && trans_arg(rt, &t, argv[5], "transa");
    bool tb = argc > 6 && trans_arg(rt, &t, argv[6], "transb");
    RtArray *a = op_arg(rt, &t, argv[full], "A", ta, false), *b = op_arg(rt, &t, argv[full + 1], "B", tb, false);
    int64_t m = rt_la_rows(a), k = rt_la_cols(a), n = rt_la_cols(b);
    if (k != rt_la_rows(b))
        rt_la_fail(rt, &t, "inner dimensions do not agree: %lld x %lld and %lld x %lld", (long long)m,
                   (long long)k, (long long)rt_la_rows(b), (long long)n);
    RtArray *c = full ? addend_arg(rt, &t, argv[4], m, n, "C") : rt_la_new(rt, &t, m, n, false);
    char why[256];
    if (m && n && k &&
        !(rt_la_on_cuda(rt) &&
          rt_la_cuda_done(rt, &t, rt_cuda_blas_gemm(rt->opt.dbl, (int)m, (int)n, (int)k, alpha, a->data, b->data, beta,
                                                    c->data, why, sizeof why), why))) {
        rt_la_threads(rt, &t);
        BL(rt->opt.dbl, gemm, CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, alpha, a->data,
           (int)k, b->data, (int)n, beta, c->data, (int)n);
    }
    give(rt, &t, c, false, out);
}

/* blas_gemv(A, x) or blas_gemv(alpha, A, x, beta, y[, trans]): alpha*op(A)*x + beta*y,
 * a vec. */
void lib_blas_gemv(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    RtLaTmp t = {.fn = "blas_gemv"};
    if (argc != 2 && argc < 5)
        rt_la_fail(rt, &t, "takes (A, x) or (alpha, A, x, beta, y[, trans])");
    bool full = argc >= 5;
    double alpha = full ? real_arg(rt, &t, argv[0], "alpha") : 1;
    double beta = full ? real_arg(rt, &t, argv[3], "beta") : 0;
    bool ta = argc > 5 && trans_arg(rt, &t, argv[5], "trans");
    RtArray *a = op_arg(rt, &t, argv[full], "A", ta, false), *x = flat_arg(rt, &t, argv[full + 1], "x");
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    if (x->n != n)
        rt_la_fail(rt, &t, "x must have %lld elements, not %lld", (long long)n, (long long)x->n);
    RtArray *y = full ? addend_arg(rt, &t, argv[4], 1, m, "y") : rt_la_new(rt, &t, 1, m, false);
    char why[256];
    if (m && n &&
        !(rt_la_on_cuda(rt) && rt_la_cuda_done(rt, &t, rt_cuda_blas_gemv(rt->opt.dbl, (int)m, (int)n, alpha, a->data,
                                                                          x->data, beta, y->data, why, sizeof why),
                                               why))) {
        rt_la_threads(rt, &t);
        BL(rt->opt.dbl, gemv, CblasRowMajor, CblasNoTrans, (int)m, (int)n, alpha, a->data, (int)n, x->data, 1,
           beta, y->data, 1);
    }
    give(rt, &t, y, true, out);
}

/* blas_geam(alpha, A, beta, B[, transa[, transb]]) = alpha*op(A) + beta*op(B). */
void lib_blas_geam(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    RtLaTmp t = {.fn = "blas_geam"};
    double alpha = real_arg(rt, &t, argv[0], "alpha"), beta = real_arg(rt, &t, argv[2], "beta");
    bool ta = argc > 4 && trans_arg(rt, &t, argv[4], "transa");
    bool tb = argc > 5 && trans_arg(rt, &t, argv[5], "transb");
    RtArray *a = op_arg(rt, &t, argv[1], "A", ta, false), *b = op_arg(rt, &t, argv[3], "B", tb, false);
    if (rt_la_rows(a) != rt_la_rows(b) || rt_la_cols(a) != rt_la_cols(b))
        rt_la_fail(rt, &t, "op(A) and op(B) differ in size: %lld x %lld and %lld x %lld", (long long)rt_la_rows(a),
                   (long long)rt_la_cols(a), (long long)rt_la_rows(b), (long long)rt_la_cols(b));
    char why[256];
    if (!a->n || !rt_la_on_cuda(rt) ||
        !rt_la_cuda_done(rt, &t, rt_cuda_blas_geam(rt->opt.dbl, (int)rt_la_rows(a), (int)rt_la_cols(a), alpha, a->data,
                                                   beta, b->data, why, sizeof why), why))
        for (int64_t i = 0; i < a->n; i++)
            rt_set_real(a, i, alpha * rt_get_real(a, i) + beta * rt_get_real(b, i), false);
    give(rt, &t, a, false, out);
}

/* A one-letter option: "U"/"L", "N"/"U" … (first letter, either case). */
static char letter_arg(Rt *rt, RtLaTmp *t, Value v, const char *what, const char *allowed)
{
    if (v.kind != V_STRING || v.s->len != 1 || !strchr(allowed, v.s->text[0] & ~0x20))
        rt_la_fail(rt, t, "%s must be one of the letters %s", what, allowed);
    return (char)(v.s->text[0] & ~0x20);
}

/* blas_trsv(A, b[, uplo[, trans[, diag]]]): solves op(A) x = b for triangular A. */
void lib_blas_trsv(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    RtLaTmp t = {.fn = "blas_trsv"};
    char uplo = argc > 2 ? letter_arg(rt, &t, argv[2], "uplo", "UL") : 'U';
    bool tr = argc > 3 && trans_arg(rt, &t, argv[3], "trans");
    char diag = argc > 4 ? letter_arg(rt, &t, argv[4], "diag", "NU") : 'N';
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *x = flat_arg(rt, &t, argv[1], "b");
    int64_t n = rt_la_square(rt, &t, a);
    if (x->n != n)
        rt_la_fail(rt, &t, "b must have %lld elements, not %lld", (long long)n, (long long)x->n);
    rt_la_need(rt, &t);
    char why[256];
    if (!rt_la_on_cuda(rt) || !rt_la_cuda_done(rt, &t, rt_cuda_blas_trsv(rt->opt.dbl, uplo, tr, diag, (int)n, a->data,
                                                                         x->data, why, sizeof why), why))
        BL(rt->opt.dbl, trsv, CblasRowMajor, uplo == 'U' ? CblasUpper : CblasLower, tr ? CblasTrans : CblasNoTrans,
       diag == 'U' ? CblasUnit : CblasNonUnit, (int)n, a->data, (int)n, x->data, 1);
    give(rt, &t, x, true, out);
}

void lib_blas_version(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)argv, (void)nout;
    RtLaTmp t = {.fn = "blas_version"};
    rt_la_need(rt, &t);
    out[0] = rt_string_cstr(openblas_get_config());
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
}

/* ---------------------------------------------------------------- factorisations */

void lib_blas_chol(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_chol"};
    give(rt, &t, rt_la_chol(rt, &t, argv[0]), false, out);
}

/* The right-hand side of a solve with an n x n matrix: a working copy n x r (a vec is
 * one column). */
static RtArray *rhs_arg(Rt *rt, RtLaTmp *t, Value b, int64_t n, bool *vec)
{
    *vec = b.kind != V_ARRAY || b.a->rank == 1;
    RtArray *x = rt_la_arg(rt, t, b, "b", false);
    if (*vec) {
        x->dims[0] = x->n;
        x->dims[1] = 1;
    }
    if (rt_la_rows(x) != n)
        rt_la_fail(rt, t, "b must have %lld rows, not %lld", (long long)n, (long long)rt_la_rows(x));
    return x;
}

/* blas_cholsolve(R, b): solves transpose(R)*R x = b with R from blas_chol / chol. */
void lib_blas_cholsolve(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_cholsolve"};
    RtArray *r = rt_la_arg(rt, &t, argv[0], "R", false);
    int64_t n = rt_la_square(rt, &t, r);
    bool vec;
    RtArray *x = rhs_arg(rt, &t, argv[1], n, &vec);
    int nr = (int)rt_la_cols(x);
    char why[256];
    if (rt_la_on_cuda(rt) &&
        rt_la_cuda_done(rt, &t, rt_cuda_potrs(rt->opt.dbl, (int)n, nr, r->data, x->data, why, sizeof why), why)) {
        give(rt, &t, x, vec, out);
        return;
    }
    rt_la_need(rt, &t);
    if (LA(rt->opt.dbl, potrs, LA_ROW, 'U', (int)n, nr, r->data, (int)n, x->data, nr) != 0)
        rt_la_fail(rt, &t, "internal error in LAPACK potrs");
    give(rt, &t, x, vec, out);
}

/* s = blas_gesvd(A) or [U, s, VT] = blas_gesvd(A): A = U*diag(s)*VT (cuSolver's
 * outputs: the singular values as a vec, V transposed). */
void lib_blas_gesvd(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "blas_gesvd"};
    if (nout == 2)
        rt_la_fail(rt, &t, "takes one output (s) or three ([U, s, VT])");
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *s, *u = NULL, *vt = NULL;
    rt_la_svd(rt, &t, a, &s, nout > 1 ? &u : NULL, nout > 1 ? &vt : NULL);
    if (nout <= 1) {
        give(rt, &t, s, true, out);
        return;
    }
    rt_la_give(rt, &t, u, false, &out[0]);
    rt_la_give(rt, &t, s, true, &out[1]);
    give(rt, &t, vt, false, &out[2]);
}

/* LAPACK's 1-based pivots of n rows as a zero-based int vec, and back. */
static void pivots_out(const int *piv, int64_t n, RtArray *dst, int64_t off)
{
    for (int64_t i = 0; i < n; i++)
        rt_set_int(dst, off + i, piv[i] - 1, false);
}

static void pivots_in(Rt *rt, RtLaTmp *t, const RtArray *src, int64_t off, int64_t n, int *piv)
{
    for (int64_t i = 0; i < n; i++) {
        double p = rt_get_real(src, off + i);
        if (!(p >= 0 && p < (double)n))
            rt_la_fail(rt, t, "pivot %lld is %g, outside 0..%lld", (long long)i, p, (long long)n - 1);
        piv[i] = (int)p + 1;
    }
}

/* [LU, ipiv] = blas_lu(A): the packed factors of P*A = L*U and the zero-based pivots
 * (row i was swapped with row ipiv[i], in order). */
void lib_blas_lu(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "blas_lu"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *ipiv;
    int64_t n = rt_la_square(rt, &t, a);
    rt_la_getrf(rt, &t, a, &ipiv);
    pivots_out(ipiv->data, n, ipiv, 0);     /* in place: int32 either way */
    if (nout > 1)
        rt_la_give(rt, &t, ipiv, true, &out[1]);
    give(rt, &t, a, false, out);
}

/* Solve with packed LU factors of an n x n matrix (lu) and LAPACK pivots, in place. */
static void lu_solve(Rt *rt, RtLaTmp *t, const void *lu, const int *piv, int64_t n, RtArray *x)
{
    int nr = (int)rt_la_cols(x);
    for (int64_t i = 0; i < n; i++)
        if (rt->opt.dbl ? ((const double *)lu)[i * n + i] == 0 : ((const float *)lu)[i * n + i] == 0)
            rt_la_fail(rt, t, "the matrix is singular");
    char why[256];
    if (rt_la_on_cuda(rt) && rt_la_cuda_done(rt, t, rt_cuda_getrs_batched(rt->opt.dbl, 1, (int)n, nr, lu, piv, x->data,
                                                                          why, sizeof why), why))
        return;
    rt_la_need(rt, t);
    if (LA(rt->opt.dbl, getrs, LA_ROW, 'N', (int)n, nr, lu, (int)n, piv, x->data, nr) != 0)
        rt_la_fail(rt, t, "internal error in LAPACK getrs");
}

/* blas_lusolve(LU, ipiv, B): solves A X = B with [LU, ipiv] = blas_lu(A). */
void lib_blas_lusolve(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_lusolve"};
    RtArray *lu = rt_la_arg(rt, &t, argv[0], "LU", false);
    int64_t n = rt_la_square(rt, &t, lu);
    RtArray *p = flat_arg(rt, &t, argv[1], "ipiv");
    if (p->n != n)
        rt_la_fail(rt, &t, "ipiv must have %lld elements, not %lld", (long long)n, (long long)p->n);
    RtArray *piv = rt_la_keep(rt, &t, rt_array_vec(RT_I32, n));
    pivots_in(rt, &t, p, 0, n, piv->data);
    bool vec;
    RtArray *x = rhs_arg(rt, &t, argv[2], n, &vec);
    lu_solve(rt, &t, lu->data, piv->data, n, x);
    give(rt, &t, x, vec, out);
}

/* ---------------------------------------------------------------- batches */

/* A K x N x N cube of working precision (a copy of x); *n gets N. */
static RtArray *batch_arg(Rt *rt, RtLaTmp *t, Value x, const char *what, int64_t *n)
{
    if (x.kind != V_ARRAY || x.a->elem == RT_VALUE || rt_elem_is_complex(x.a->elem) || x.a->rank != 3 ||
        x.a->dims[1] != x.a->dims[2] || x.a->dims[1] == 0)
        rt_la_fail(rt, t, "%s must be a real K x N x N cube (a stack of square matrices)", what);
    if (x.a->dims[1] > INT32_MAX)
        rt_la_fail(rt, t, "the matrices are too large");
    RtArray *r = rt_la_keep(rt, t, rt_array_uninit(rt_scalar_elem(rt), 3, x.a->dims));
    for (int64_t i = 0; i < x.a->n; i++)
        rt_set_real(r, i, rt_get_real(x.a, i), false);
    *n = x.a->dims[1];
    return r;
}

/* Matrix k of a K x N x N cube of working precision. */
static void *batch_at(Rt *rt, RtArray *c, int64_t k)
{
    int64_t n = c->dims[1];
    return (char *)c->data + (size_t)(k * n * n) * (rt->opt.dbl ? sizeof(double) : sizeof(float));
}

/* The K x N pivots of blas_lubatched's output, as LAPACK pivots for matrix k. */
static int *batch_pivots(Rt *rt, RtLaTmp *t, Value p, int64_t K, int64_t n)
{
    if (p.kind != V_ARRAY || p.a->elem == RT_VALUE || p.a->n != K * n)
        rt_la_fail(rt, t, "ipiv must be the K x N pivots of blas_lubatched");
    RtArray *piv = rt_la_keep(rt, t, rt_array_vec(RT_I32, K * n > 0 ? K * n : 1));
    for (int64_t k = 0; k < K; k++)
        pivots_in(rt, t, p.a, k * n, n, (int *)piv->data + k * n);
    return piv->data;
}

/* [LU, ipiv] = blas_lubatched(X): blas_lu of every X[k,:,:]; ipiv is K x N. */
void lib_blas_lubatched(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "blas_lubatched"};
    int64_t n;
    RtArray *c = batch_arg(rt, &t, argv[0], "X", &n);
    int64_t K = c->dims[0], dims[2] = {K, n};
    RtArray *ipiv = rt_la_keep(rt, &t, rt_array_new(RT_I32, 2, dims));
    RtArray *info = rt_la_keep(rt, &t, rt_array_vec(RT_I32, K));
    char why[256];
    if (rt_la_on_cuda(rt) && K <= INT32_MAX &&
        rt_la_cuda_done(rt, &t, rt_cuda_getrf_batched(rt->opt.dbl, (int)K, (int)n, c->data, ipiv->data, info->data, why,
                                                      sizeof why), why)) {
        for (int64_t k = 0; k < K; k++)
            pivots_out((int *)ipiv->data + k * n, n, ipiv, k * n);
        K = 0;                  /* done: the loop below has nothing left */
    }
    rt_la_threads(rt, &t);
    for (int64_t k = 0; k < K; k++) {
        int *piv = (int *)ipiv->data + k * n;
        if (LA(rt->opt.dbl, getrf, LA_ROW, (int)n, (int)n, batch_at(rt, c, k), (int)n, piv) < 0)
            rt_la_fail(rt, &t, "internal error in LAPACK getrf");
        pivots_out(piv, n, ipiv, k * n);
    }
    if (nout > 1)
        rt_la_give(rt, &t, ipiv, false, &out[1]);
    give(rt, &t, c, false, out);
}

/* Inverts matrix k of c (packed LU factors with pivots piv) in place. */
static void batch_invert(Rt *rt, RtLaTmp *t, RtArray *c, int64_t k, const int *piv)
{
    int n = (int)c->dims[1];
    rt_la_need(rt, t);
    if (LA(rt->opt.dbl, getri, LA_ROW, n, batch_at(rt, c, k), n, piv) != 0)
        rt_la_fail(rt, t, "matrix %lld is singular", (long long)k);
}

/* The inverses of the K matrices of c in place through cuBLAS's batched getri (from
 * the factors with pivots piv, or from the matrices when piv is NULL): true when done, a
 * singular matrix failing as on the CPU; false: the CPU does them. */
static bool gpu_inverses(Rt *rt, RtLaTmp *t, RtArray *c, int64_t n, const int *piv)
{
    int64_t K = c->dims[0];
    char why[256];
    if (!rt_la_on_cuda(rt) || K > INT32_MAX)
        return false;
    RtArray *info = rt_la_keep(rt, t, rt_array_vec(RT_I32, K));
    if (!rt_la_cuda_done(rt, t, rt_cuda_getri_batched(rt->opt.dbl, (int)K, (int)n, c->data, piv, info->data, why,
                                                      sizeof why), why))
        return false;
    for (int64_t k = 0; k < K; k++)
        if (((const int *)info->data)[k] != 0)
            rt_la_fail(rt, t, "matrix %lld is singular", (long long)k);
    return true;
}

/* blas_lumatinvbatches(LU, ipiv): the inverses from blas_lubatched's factors. */
void lib_blas_lumatinvbatches(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_lumatinvbatches"};
    int64_t n;
    RtArray *c = batch_arg(rt, &t, argv[0], "LU", &n);
    const int *piv = batch_pivots(rt, &t, argv[1], c->dims[0], n);
    if (!gpu_inverses(rt, &t, c, n, piv))
        for (int64_t k = 0; k < c->dims[0]; k++)
            batch_invert(rt, &t, c, k, piv + k * n);
    give(rt, &t, c, false, out);
}

/* blas_matinvbatches(X): the inverse of every X[k,:,:]. */
void lib_blas_matinvbatches(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_matinvbatches"};
    int64_t n;
    RtArray *c = batch_arg(rt, &t, argv[0], "X", &n);
    RtArray *piv = rt_la_keep(rt, &t, rt_array_vec(RT_I32, n));
    rt_la_threads(rt, &t);
    for (int64_t k = gpu_inverses(rt, &t, c, n, NULL) ? c->dims[0] : 0; k < c->dims[0]; k++) {
        if (LA(rt->opt.dbl, getrf, LA_ROW, (int)n, (int)n, batch_at(rt, c, k), (int)n, piv->data) != 0)
            rt_la_fail(rt, &t, "matrix %lld is singular", (long long)k);
        batch_invert(rt, &t, c, k, piv->data);
    }
    give(rt, &t, c, false, out);
}

/* blas_lusolvebatches(LU, ipiv, B): solves X[k,:,:] \ B[k,...] for every k; B is K x N
 * (one right-hand side each) or K x N x R, and so is the result. */
void lib_blas_lusolvebatches(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_lusolvebatches"};
    int64_t n;
    RtArray *c = batch_arg(rt, &t, argv[0], "LU", &n);
    int64_t K = c->dims[0];
    const int *piv = batch_pivots(rt, &t, argv[1], K, n);
    Value b = argv[2];
    if (b.kind != V_ARRAY || b.a->elem == RT_VALUE || rt_elem_is_complex(b.a->elem) || b.a->rank < 2 ||
        b.a->rank > 3 || b.a->dims[0] != K || b.a->dims[1] != n)
        rt_la_fail(rt, &t, "B must be a real K x N matrix or K x N x R cube");
    int64_t r = b.a->rank == 3 ? b.a->dims[2] : 1;
    RtArray *x = rt_la_new(rt, &t, n, r, false);
    RtArray *res = rt_la_keep(rt, &t, rt_array_uninit(rt_scalar_elem(rt), b.a->rank, b.a->dims));
    char why[256];
    if (rt_la_on_cuda(rt) && K <= INT32_MAX) {
        for (int64_t i = 0; i < K * n; i++)     /* the CPU's check: a zero on a diagonal */
            if (rt->opt.dbl ? ((const double *)c->data)[i / n * n * n + i % n * (n + 1)] == 0
                            : ((const float *)c->data)[i / n * n * n + i % n * (n + 1)] == 0)
                rt_la_fail(rt, &t, "the matrix is singular");
        for (int64_t i = 0; i < b.a->n; i++)
            rt_set_real(res, i, rt_get_real(b.a, i), false);
        if (rt_la_cuda_done(rt, &t, rt_cuda_getrs_batched(rt->opt.dbl, (int)K, (int)n, (int)r, c->data, piv, res->data,
                                                          why, sizeof why), why))
            K = 0;              /* done: the loop below has nothing left */
    }
    for (int64_t k = 0; k < K; k++) {
        for (int64_t i = 0; i < n * r; i++)
            rt_set_real(x, i, rt_get_real(b.a, k * n * r + i), false);
        lu_solve(rt, &t, batch_at(rt, c, k), piv + k * n, n, x);
        for (int64_t i = 0; i < n * r; i++)
            rt_set_real(res, k * n * r + i, rt_get_real(x, i), false);
    }
    give(rt, &t, res, false, out);
}

/* ---------------------------------------------------------------- QR */

/* [QR, tau] = blas_qr(A): Householder QR (LAPACK geqrf): R on and above the diagonal,
 * the reflectors below, tau their k = min(m, n) factors (a vec). */
void lib_blas_qr(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "blas_qr"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false);
    RtArray *tau = rt_la_geqrf(rt, &t, a);
    if (nout > 1)
        rt_la_give(rt, &t, tau, true, &out[1]);
    give(rt, &t, a, false, out);
}

/* blas_q(QR, tau): the m x k matrix Q with orthonormal columns of A = Q*R. */
void lib_blas_q(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "blas_q"};
    RtArray *qr = rt_la_arg(rt, &t, argv[0], "QR", false), *tau = flat_arg(rt, &t, argv[1], "tau");
    int64_t m = rt_la_rows(qr), n = rt_la_cols(qr), k = m < n ? m : n;
    if (tau->n != k || k == 0)
        rt_la_fail(rt, &t, "tau must have min(m, n) = %lld elements, not %lld", (long long)k, (long long)tau->n);
    give(rt, &t, rt_la_orgqr(rt, &t, qr, tau, k), false, out);
}
