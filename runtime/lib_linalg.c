/*
 * lib_linalg.c - the MATLAB-named linear algebra builtins (lib.def "linear algebra"):
 * inv det logdet svd symeig eig chol lu qr solve pinv norm trace kron, on LAPACKE.
 *
 * Conventions (docs/linalg.md): matrices are row-major; a vec argument is a 1xN row,
 * a vec result is a Quasar vec (singular values, eigenvalues, solve(A, b) for a vec b).
 * Outputs follow MATLAB: [U, S, V] = svd(A) with A = U*S*transpose(V), S m x n;
 * [V, D] = symeig(A) with eigenvectors in the columns of V, eigenvalues ascending (a vec);
 * chol(A) upper triangular R with transpose(R)*R = A; [L, U, P] = lu(A) with
 * P*A = L*U; [Q, R] = qr(A) full. Everything runs in the program's precision.
 *
 * Errors go through rt_la_fail (linalg.h), which frees the working copies: a singular
 * matrix in inv or solve, a non-square matrix where one is needed, a matrix that is not
 * positive definite in chol, complex input (only eig returns complex results, and
 * norm, trace and kron take complex input).
 */
#include "runtime/linalg.h"
#include "runtime/lib.h"
#include "runtime/cuda/decomp.h"
#include "runtime/cuda/solver.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* Element (i, j) of an m x n working array. */
static double at(const RtArray *a, int64_t i, int64_t j) { return rt_get_real(a, i * rt_la_cols(a) + j); }
static void put(RtArray *a, int64_t i, int64_t j, double x) { rt_set_real(a, i * rt_la_cols(a) + j, x, false); }

static void done(Rt *rt, RtLaTmp *t, RtArray **res, const bool *vec, int nout, Value *out)
{
    for (int i = 0; i < nout; i++)
        rt_la_give(rt, t, res[i], vec[i], &out[i]);
    rt_la_drop(t);
}

/* The n x n identity row permutation that LAPACK's 1-based ipiv (k swaps) describes:
 * row i of P*A is row perm[i] of A. */
static RtArray *permutation(Rt *rt, RtLaTmp *t, const RtArray *ipiv, int64_t k, int64_t m)
{
    RtArray *perm = rt_la_keep(rt, t, rt_array_vec(RT_I64, m));
    int64_t *p = perm->data;
    const int *piv = ipiv->data;
    for (int64_t i = 0; i < m; i++)
        p[i] = i;
    for (int64_t i = 0; i < k; i++) {
        int64_t j = piv[i] - 1, s = p[i];
        p[i] = p[j];
        p[j] = s;
    }
    return perm;
}

/* ---------------------------------------------------------------- inv, det, logdet */

void lib_inv(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "inv"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *ipiv;
    int64_t n = rt_la_square(rt, &t, a);
    int info;
    if (rt_la_cuda_solver(rt, &t, RT_CUDA_INV, a, NULL, &info)) {
        if (info > 0)
            rt_la_fail(rt, &t, "the matrix is singular");
    } else {
        if (rt_la_getrf(rt, &t, a, &ipiv) > 0)
            rt_la_fail(rt, &t, "the matrix is singular");
        if (LA(rt->opt.dbl, getri, LA_ROW, (int)n, a->data, (int)n, ipiv->data) != 0)
            rt_la_fail(rt, &t, "the matrix is singular");
    }
    rt_la_give(rt, &t, a, false, out);
    rt_la_drop(&t);
}

/* log|det| and the sign of det (0 when singular) from an LU factorisation. */
static double lu_logabs(Rt *rt, RtLaTmp *t, Value x, int *sign)
{
    RtArray *a = rt_la_arg(rt, t, x, "A", false), *ipiv;
    int64_t n = rt_la_square(rt, t, a);
    rt_la_getrf(rt, t, a, &ipiv);
    double s = 0;
    *sign = 1;
    for (int64_t i = 0; i < n; i++) {
        double u = at(a, i, i);
        if (((const int *)ipiv->data)[i] != i + 1)
            *sign = -*sign;
        if (u < 0)
            *sign = -*sign;
        if (u == 0)
            *sign = 0;
        s += log(fabs(u));
    }
    return s;
}

void lib_det(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "det"};
    int sign;
    double l = lu_logabs(rt, &t, argv[0], &sign);
    out[0] = rt_real(rt_round(rt, sign ? sign * exp(l) : 0));
    rt_la_drop(&t);
}

/* logdet(A) = log(det(A)) without overflow: -inf when singular, NaN when det < 0. */
void lib_logdet(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "logdet"};
    int sign;
    double l = lu_logabs(rt, &t, argv[0], &sign);
    out[0] = rt_real(rt_round(rt, sign > 0 ? l : sign == 0 ? -INFINITY : NAN));
    rt_la_drop(&t);
}

/* ---------------------------------------------------------------- svd, pinv */

/* s = svd(A): singular values descending; [U, S, V] = svd(A): A = U*S*transpose(V). */
void lib_svd(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "svd"};
    if (nout == 2)
        rt_la_fail(rt, &t, "takes one output (s) or three ([U, S, V])");
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *s, *u, *vt;
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    rt_la_svd(rt, &t, a, &s, nout > 1 ? &u : NULL, nout > 1 ? &vt : NULL);
    if (nout <= 1) {
        done(rt, &t, &s, (bool[]){true}, 1, out);
        return;
    }
    RtArray *S = rt_la_new(rt, &t, m, n, false), *V = rt_la_new(rt, &t, n, n, false);
    for (int64_t i = 0; i < s->n; i++)
        put(S, i, i, rt_get_real(s, i));
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++)
            put(V, i, j, at(vt, j, i));
    done(rt, &t, (RtArray *[]){u, S, V}, (bool[]){false, false, false}, 3, out);
}

/* pinv(A) = V * diag(1/s) * transpose(U) over the singular values above
 * max(m, n) * eps * s[0] (MATLAB's default tolerance). */
void lib_pinv(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "pinv"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *s, *u, *vt;
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), k = m < n ? m : n;
    rt_la_svd(rt, &t, a, &s, &u, &vt);
    double eps = rt->opt.dbl ? DBL_EPSILON : FLT_EPSILON;
    double tol = (double)(m > n ? m : n) * eps * rt_get_real(s, 0);
    for (int64_t l = 0; l < k; l++) {       /* scale column l of U by 1/s[l] */
        double sl = rt_get_real(s, l), f = sl > tol ? 1 / sl : 0;
        for (int64_t i = 0; i < m; i++)
            put(u, i, l, at(u, i, l) * f);
    }
    RtArray *x = rt_la_new(rt, &t, n, m, false);
    /* X (n x m) = VT[0..k-1,:]^T * U[:,0..k-1]^T */
    rt_la_threads(rt, &t);
    BL(rt->opt.dbl, gemm, CblasRowMajor, CblasTrans, CblasTrans, (int)n, (int)m, (int)k, 1, vt->data, (int)n,
       u->data, (int)m, 0, x->data, (int)m);
    rt_la_give(rt, &t, x, false, out);
    rt_la_drop(&t);
}

/* ---------------------------------------------------------------- eigenvalues */

/* symeig(A): eigenvalues of the symmetric A (its upper triangle is read), ascending;
 * [V, D] = symeig(A): eigenvectors in the columns of V, D the eigenvalues as a vec (Quasar:
 * programs take `min(D)` as the smallest eigenvalue; docs/linalg.md). */
void lib_symeig(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "symeig"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false);
    int64_t n = rt_la_square(rt, &t, a);
    RtArray *w = rt_la_new(rt, &t, 1, n, false);
    char why[256];
    int info = 0;
    if (!rt_la_on_cuda(rt) ||
        !rt_la_cuda_done(rt, &t, rt_cuda_syevd(rt->opt.dbl, (int)n, a->data, w->data, nout > 1, why, sizeof why),
                         why)) {
        rt_la_threads(rt, &t);
        info = LA(rt->opt.dbl, syevd, LA_ROW, nout > 1 ? 'V' : 'N', 'U', (int)n, a->data, (int)n, w->data);
    }
    if (info != 0)
        rt_la_fail(rt, &t, "the eigenvalue iteration did not converge (LAPACK info %d)", info);
    if (nout <= 1) {
        done(rt, &t, &w, (bool[]){true}, 1, out);
        return;
    }
    done(rt, &t, (RtArray *[]){a, w}, (bool[]){false, true}, 2, out);
}

/* Eigenvector j of geev's output as complex column j of V: a real eigenvalue's vector is
 * column j; a pair (wi[j] > 0) has vectors vr[:,j] ± i*vr[:,j+1]. */
static void eig_vectors(const RtArray *vr, const RtArray *wi, RtArray *v, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        double im = rt_get_real(wi, j);
        for (int64_t i = 0; i < n; i++) {
            RtC64 z = {at(vr, i, j), 0};
            if (im > 0)
                z.im = at(vr, i, j + 1);
            else if (im < 0)
                z = (RtC64){at(vr, i, j - 1), -at(vr, i, j)};
            rt_set_cplx(v, i * n + j, z);
        }
    }
}

static bool any_nonzero(const RtArray *x)
{
    for (int64_t i = 0; i < x->n; i++)
        if (rt_get_real(x, i) != 0)
            return true;
    return false;
}

/* eig(A) for a general real A: eigenvalues in LAPACK's order, a vec, or a complex vec
 * when some are complex; [V, D] = eig(A) with A*V = V*D, V and D complex in that case. */
void lib_eig(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "eig"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false);
    int64_t n = rt_la_square(rt, &t, a);
    RtArray *wr = rt_la_new(rt, &t, 1, n, false), *wi = rt_la_new(rt, &t, 1, n, false);
    RtArray *vr = nout > 1 ? rt_la_new(rt, &t, n, n, false) : NULL;
    char why[256];
    int info = 0;
    if (!rt_la_on_cuda(rt) || !rt_la_cuda_done(rt, &t, rt_cuda_geev(rt->opt.dbl, (int)n, a->data, wr->data, wi->data,
                                                                      vr ? vr->data : NULL, why, sizeof why), why)) {
        rt_la_threads(rt, &t);
        info = LA(rt->opt.dbl, geev, LA_ROW, 'N', nout > 1 ? 'V' : 'N', (int)n, a->data, (int)n, wr->data, wi->data,
                  NULL, (int)n, vr ? vr->data : NULL, (int)n);
    }
    if (info != 0)
        rt_la_fail(rt, &t, "the eigenvalue iteration did not converge (LAPACK info %d)", info);
    bool cplx = any_nonzero(wi);
    RtArray *w = cplx ? rt_la_new(rt, &t, 1, n, true) : wr;
    for (int64_t i = 0; cplx && i < n; i++)
        rt_set_cplx(w, i, (RtC64){rt_get_real(wr, i), rt_get_real(wi, i)});
    if (nout <= 1) {
        done(rt, &t, &w, (bool[]){true}, 1, out);
        return;
    }
    RtArray *d = rt_la_new(rt, &t, n, n, cplx), *v = cplx ? rt_la_new(rt, &t, n, n, true) : vr;
    for (int64_t i = 0; i < n; i++)
        rt_set_cplx(d, i * n + i, rt_get_cplx(w, i));
    if (cplx)
        eig_vectors(vr, wi, v, n);
    done(rt, &t, (RtArray *[]){v, d}, (bool[]){false, false}, 2, out);
}

/* ---------------------------------------------------------------- chol, lu, qr */

RtArray *rt_la_chol(Rt *rt, RtLaTmp *t, Value x)
{
    RtArray *a = rt_la_arg(rt, t, x, "A", false);
    int64_t n = rt_la_square(rt, t, a);
    rt_la_threads(rt, t);
    int info;
    if (!rt_la_cuda_solver(rt, t, RT_CUDA_CHOL, a, NULL, &info))
        info = LA(rt->opt.dbl, potrf, LA_ROW, 'U', (int)n, a->data, (int)n);
    if (info > 0)
        rt_la_fail(rt, t, "the matrix is not positive definite");
    for (int64_t i = 1; i < n; i++)
        for (int64_t j = 0; j < i; j++)
            put(a, i, j, 0);
    return a;
}

/* chol(A): upper triangular R with transpose(R)*R = A. */
void lib_chol(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "chol"};
    RtArray *r = rt_la_chol(rt, &t, argv[0]);
    done(rt, &t, &r, (bool[]){false}, 1, out);
}

/* Y = lu(A): the packed factors (L below the diagonal, U on and above) of P*A;
 * [L, U] = lu(A): A = L*U with L a row-permuted lower triangle; [L, U, P] = lu(A):
 * P*A = L*U. A is m x n; L is m x k, U k x n with k = min(m, n). */
void lib_lu(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "lu"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *ipiv;
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), k = m < n ? m : n;
    if (k == 0)
        rt_la_fail(rt, &t, "the matrix is empty");
    rt_la_getrf(rt, &t, a, &ipiv);
    if (nout <= 1) {
        done(rt, &t, &a, (bool[]){false}, 1, out);
        return;
    }
    const int64_t *perm = permutation(rt, &t, ipiv, k, m)->data;
    RtArray *L = rt_la_new(rt, &t, m, k, false), *U = rt_la_new(rt, &t, k, n, false);
    for (int64_t i = 0; i < m; i++) {
        int64_t row = nout == 2 ? perm[i] : i;  /* [L, U]: L = transpose(P) * L */
        for (int64_t j = 0; j < k && j <= i; j++)
            put(L, row, j, j == i ? 1 : at(a, i, j));
    }
    for (int64_t i = 0; i < k; i++)
        for (int64_t j = i; j < n; j++)
            put(U, i, j, at(a, i, j));
    if (nout == 2) {
        done(rt, &t, (RtArray *[]){L, U}, (bool[]){false, false}, 2, out);
        return;
    }
    RtArray *P = rt_la_new(rt, &t, m, m, false);
    for (int64_t i = 0; i < m; i++)
        put(P, i, perm[i], 1);
    done(rt, &t, (RtArray *[]){L, U, P}, (bool[]){false, false, false}, 3, out);
}

/* Householder QR of a working copy in place; tau gets the k scalar factors. */
RtArray *rt_la_geqrf(Rt *rt, RtLaTmp *t, RtArray *a)
{
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), k = m < n ? m : n;
    if (k == 0)
        rt_la_fail(rt, t, "the matrix is empty");
    RtArray *tau = rt_la_new(rt, t, 1, k, false);
    char why[256];
    if (rt_la_on_cuda(rt) &&
        rt_la_cuda_done(rt, t, rt_cuda_geqrf(rt->opt.dbl, (int)m, (int)n, a->data, tau->data, why, sizeof why), why))
        return tau;
    rt_la_threads(rt, t);
    if (LA(rt->opt.dbl, geqrf, LA_ROW, (int)m, (int)n, a->data, (int)n, tau->data) != 0)
        rt_la_fail(rt, t, "internal error in LAPACK geqrf");
    return tau;
}

/* The first `cols` columns (k <= cols <= m) of Q from geqrf's reflectors in qr. */
RtArray *rt_la_orgqr(Rt *rt, RtLaTmp *t, const RtArray *qr, const RtArray *tau, int64_t cols)
{
    int64_t m = rt_la_rows(qr), n = rt_la_cols(qr), k = tau->n;
    RtArray *q = rt_la_new(rt, t, m, cols, false);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < k && j < n; j++)
            put(q, i, j, at(qr, i, j));
    char why[256];
    if (rt_la_on_cuda(rt) && rt_la_cuda_done(rt, t, rt_cuda_orgqr(rt->opt.dbl, (int)m, (int)cols, (int)k, q->data,
                                                                  tau->data, why, sizeof why), why))
        return q;
    rt_la_need(rt, t);
    if (LA(rt->opt.dbl, orgqr, LA_ROW, (int)m, (int)cols, (int)k, q->data, (int)cols, tau->data) != 0)
        rt_la_fail(rt, t, "internal error in LAPACK orgqr");
    return q;
}

/* R = qr(A) or [Q, R] = qr(A): A = Q*R, Q m x m orthogonal, R m x n upper triangular. */
void lib_qr(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    RtLaTmp t = {.fn = "qr"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false);
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    RtArray *tau = rt_la_geqrf(rt, &t, a);
    RtArray *R = rt_la_new(rt, &t, m, n, false);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = i; j < n; j++)
            put(R, i, j, at(a, i, j));
    if (nout <= 1) {
        done(rt, &t, &R, (bool[]){false}, 1, out);
        return;
    }
    RtArray *Q = rt_la_orgqr(rt, &t, a, tau, m);
    done(rt, &t, (RtArray *[]){Q, R}, (bool[]){false, false}, 2, out);
}

/* ---------------------------------------------------------------- solve */

/* solve(A, b) = A\b: LU for a square A (an error when singular), otherwise the
 * minimum-norm least-squares solution (SVD, pinv's tolerance), which is pinv(A)*b.
 * b is a vec of m (the result is a vec), an m x r matrix, or a number (with a 1x1 A;
 * the result is a number). */
void lib_solve(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "solve"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", false), *b = rt_la_arg(rt, &t, argv[1], "b", false);
    int64_t m = rt_la_rows(a), n = rt_la_cols(a);
    bool vec = argv[1].kind != V_ARRAY || argv[1].a->rank == 1;
    int64_t r = vec ? b->n : rt_la_cols(b), brows = vec ? b->n : rt_la_rows(b);
    if (brows != m)
        rt_la_fail(rt, &t, "b must have %lld rows, not %lld", (long long)m, (long long)brows);
    if (m == 0 || n == 0)
        rt_la_fail(rt, &t, "the matrix is empty");
    if (vec)
        r = 1;
    RtArray *x = rt_la_new(rt, &t, m > n ? m : n, r, false);
    for (int64_t i = 0; i < b->n; i++)
        rt_set_real(x, i, rt_get_real(b, i), false);
    rt_la_threads(rt, &t);
    int info;
    char why[256];
    if (m == n && rt_la_cuda_solver(rt, &t, RT_CUDA_SOLVE, a, x, &info)) {
        /* cuSOLVER did it */
    } else if (m == n) {
        RtArray *ipiv = rt_la_keep(rt, &t, rt_array_vec(RT_I32, n));
        info = LA(rt->opt.dbl, gesv, LA_ROW, (int)n, (int)r, a->data, (int)n, ipiv->data, x->data, (int)r);
    } else if (rt_la_on_cuda(rt) && rt_la_cuda_done(rt, &t, rt_cuda_lstsq(rt->opt.dbl, (int)m, (int)n, (int)r, a->data,
                                                                          x->data, why, sizeof why), why)) {
        info = 0;               /* QR least squares on the GPU (full rank) */
    } else {
        RtArray *sv = rt_la_new(rt, &t, 1, m < n ? m : n, false);
        double rcond = (double)(m > n ? m : n) * (rt->opt.dbl ? DBL_EPSILON : FLT_EPSILON);
        int rank;
        info = LA(rt->opt.dbl, gelsd, LA_ROW, (int)m, (int)n, (int)r, a->data, (int)n, x->data, (int)r, sv->data,
                  rcond, &rank);
    }
    if (info > 0)
        rt_la_fail(rt, &t, m == n ? "the matrix is singular" : "the least-squares iteration did not converge");
    RtArray *sol = rt_la_new(rt, &t, n, r, false);    /* the first n rows of x */
    memcpy(sol->data, x->data, (size_t)(n * r) * rt_elem_size(x->elem));
    if (argv[1].kind == V_ARRAY) {
        done(rt, &t, &sol, &vec, 1, out);
        return;
    }
    out[0] = rt_real(rt_get_real(sol, 0));    /* solve(a, b) of numbers is b / a */
    rt_la_drop(&t);
}

/* ---------------------------------------------------------------- norm, trace, kron */

/* The p-norm of the elements of x (p >= 1, inf, or 0 for "fro", which is p = 2). */
static double vector_norm(const RtArray *x, double p)
{
    double s = 0;
    for (int64_t i = 0; i < x->n; i++) {
        RtC64 z = rt_get_cplx(x, i);
        double v = hypot(z.re, z.im);
        if (isinf(p))
            s = v > s || isnan(v) ? v : s;
        else
            s += p == 1 ? v : p == 2 ? v * v : pow(v, p);
    }
    return isinf(p) || p == 1 ? s : p == 2 ? sqrt(s) : pow(s, 1 / p);
}

/* Largest absolute column sum (p = 1) or row sum (p = inf) of an m x n array. */
static double line_norm(const RtArray *a, bool rows)
{
    int64_t m = rt_la_rows(a), n = rt_la_cols(a), outer = rows ? m : n, inner = rows ? n : m;
    double best = 0;
    for (int64_t o = 0; o < outer; o++) {
        double s = 0;
        for (int64_t i = 0; i < inner; i++) {
            RtC64 z = rt_get_cplx(a, rows ? o * n + i : i * n + o);
            s += hypot(z.re, z.im);
        }
        best = s > best || isnan(s) ? s : best;
    }
    return best;
}

/* p of norm(x, p): a number > 0 (or inf), or the string "fro" (returned as 0). */
static double norm_p(Rt *rt, RtLaTmp *t, int argc, Value *argv)
{
    if (argc < 2)
        return 2;
    if (argv[1].kind == V_STRING) {
        if (strcmp(argv[1].s->text, "fro"))
            rt_la_fail(rt, t, "p must be a number, inf or \"fro\", not \"%s\"", argv[1].s->text);
        return 0;
    }
    if (argv[1].kind != V_INT && argv[1].kind != V_SCALAR)
        rt_la_fail(rt, t, "p must be a number, inf or \"fro\"");
    double p = rt_to_real(rt, argv[1], "p");
    if (!(p >= 1))
        rt_la_fail(rt, t, "p must be 1 or more, not %g", p);
    return p;
}

/* norm(x[, p]): vector p-norm of a vec (or 1xN, Nx1 matrix); for a matrix, p = 2
 * (default) the largest singular value, 1 / inf the largest column / row sum, "fro"
 * the Frobenius norm. */
void lib_norm(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    RtLaTmp t = {.fn = "norm"};
    double p = norm_p(rt, &t, argc, argv);
    RtArray *a = rt_la_arg(rt, &t, argv[0], "x", true);
    double r;
    if (p == 0)
        r = vector_norm(a, 2);
    else if (rt_la_rows(a) == 1 || rt_la_cols(a) == 1)
        r = vector_norm(a, p);
    else if (p == 1 || isinf(p))
        r = line_norm(a, isinf(p));
    else if (p == 2 && !rt_elem_is_complex(a->elem)) {
        RtArray *s;
        rt_la_svd(rt, &t, a, &s, NULL, NULL);
        r = rt_get_real(s, 0);
    } else
        rt_la_fail(rt, &t, "a matrix norm takes p = 1, 2, inf or \"fro\" (2 for real matrices only)");
    out[0] = rt_real(rt_round(rt, r));
    rt_la_drop(&t);
}

/* trace(A): the sum of the diagonal of a square matrix. */
void lib_trace(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "trace"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", true);
    int64_t n = rt_la_square(rt, &t, a);
    RtC64 s = {0, 0};
    for (int64_t i = 0; i < n; i++) {
        RtC64 z = rt_get_cplx(a, i * n + i);
        s.re += z.re;
        s.im += z.im;
    }
    out[0] = rt_number(rt, s, rt_elem_is_complex(a->elem));
    rt_la_drop(&t);
}

/* kron(A, B): the Kronecker product, (ma*mb) x (na*nb); a vec when both are vecs. */
void lib_kron(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtLaTmp t = {.fn = "kron"};
    RtArray *a = rt_la_arg(rt, &t, argv[0], "A", true), *b = rt_la_arg(rt, &t, argv[1], "B", true);
    int64_t ma = rt_la_rows(a), na = rt_la_cols(a), mb = rt_la_rows(b), nb = rt_la_cols(b);
    bool cplx = rt_elem_is_complex(a->elem) || rt_elem_is_complex(b->elem);
    RtArray *k = rt_la_new(rt, &t, ma * mb, na * nb, cplx);
    int64_t cols = na * nb;
    for (int64_t i = 0; i < ma * mb; i++)
        for (int64_t j = 0; j < cols; j++) {
            RtC64 x = rt_get_cplx(a, i / mb * na + j / nb), y = rt_get_cplx(b, i % mb * nb + j % nb);
            rt_set_cplx(k, i * cols + j, (RtC64){x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re});
        }
    bool vec = argv[0].kind == V_ARRAY && argv[0].a->rank == 1 && argv[1].kind == V_ARRAY && argv[1].a->rank == 1;
    done(rt, &t, &k, &vec, 1, out);
}
