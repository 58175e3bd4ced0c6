/*
 * decomp.c - LU, QR, SVD, eigenproblems and least squares through cuSOLVER on host
 * working copies (decomp.h says the layouts). Each function transposes what must be
 * transposed on the host, runs one scratch run (scratch.c) of the library calls, and
 * transposes the results back. Functions are resolved by name when first called (a
 * missing one, e.g. cusolverDnXgeev before CUDA 12.6: the CPU runs that builtin).
 */
#include "runtime/cuda/decomp.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/scratch.h"
#include "runtime/cuda/solver.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    GETRF_SZ, GETRF, GEQRF_SZ, GEQRF, ORGQR_SZ, ORGQR, ORMQR_SZ, ORMQR, GESVD_SZ, GESVD, SYEVD_SZ, SYEVD,
    TRSM, NFN
};

/* [function][0 single, 1 double]; TRSM is cuBLAS's. */
static const char *const names[NFN][2] = {
    {"cusolverDnSgetrf_bufferSize", "cusolverDnDgetrf_bufferSize"},
    {"cusolverDnSgetrf", "cusolverDnDgetrf"},
    {"cusolverDnSgeqrf_bufferSize", "cusolverDnDgeqrf_bufferSize"},
    {"cusolverDnSgeqrf", "cusolverDnDgeqrf"},
    {"cusolverDnSorgqr_bufferSize", "cusolverDnDorgqr_bufferSize"},
    {"cusolverDnSorgqr", "cusolverDnDorgqr"},
    {"cusolverDnSormqr_bufferSize", "cusolverDnDormqr_bufferSize"},
    {"cusolverDnSormqr", "cusolverDnDormqr"},
    {"cusolverDnSgesvd_bufferSize", "cusolverDnDgesvd_bufferSize"},
    {"cusolverDnSgesvd", "cusolverDnDgesvd"},
    {"cusolverDnSsyevd_bufferSize", "cusolverDnDsyevd_bufferSize"},
    {"cusolverDnSsyevd", "cusolverDnDsyevd"},
    {"cublasStrsm_v2", "cublasDtrsm_v2"},
};
static const char *const geev_names[] = {"cusolverDnCreateParams", "cusolverDnDestroyParams",
                                         "cusolverDnXgeev_bufferSize", "cusolverDnXgeev"};

const char *rt_cuda_decomp_symbol(int i, int *lib)
{
    *lib = RT_CUDA_CUSOLVER;
    if (i >= 0 && i < 2 * NFN) {
        if (i / 2 == TRSM)
            *lib = RT_CUDA_CUBLAS;
        return names[i / 2][i % 2];
    }
    i -= 2 * NFN;
    return i >= 0 && i < 4 ? geev_names[i] : NULL;
}

RtCudaSvdMap rt_cuda_svd_map(int m, int n)
{
    if (n >= m)
        return (RtCudaSvdMap){.rows = n, .cols = m, .transposed = false};
    return (RtCudaSvdMap){.rows = m, .cols = n, .transposed = true};
}

bool rt_cuda_qr_rank_ok(const void *diag, int64_t k, int64_t stride, bool dbl)
{
    double lo = INFINITY, hi = 0;
    for (int64_t i = 0; i < k; i++) {
        double v = dbl ? fabs(((const double *)diag)[i * stride]) : fabs((double)((const float *)diag)[i * stride]);
        if (isnan(v))
            return false;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    return k > 0 && hi > 0 && lo > sqrt(dbl ? DBL_EPSILON : FLT_EPSILON) * hi;
}

/* ---------------------------------------------------------------- the calls */

typedef int (*SizeMN)(void *h, int m, int n, void *a, int lda, int *lwork);
typedef int (*Getrf)(void *h, int m, int n, void *a, int lda, void *work, int *ipiv, int *info);
typedef int (*Geqrf)(void *h, int m, int n, void *a, int lda, void *tau, void *work, int lwork, int *info);
typedef int (*OrgqrSz)(void *h, int m, int n, int k, const void *a, int lda, const void *tau, int *lwork);
typedef int (*Orgqr)(void *h, int m, int n, int k, void *a, int lda, const void *tau, void *work, int lwork,
                     int *info);
typedef int (*OrmqrSz)(void *h, int side, int trans, int m, int n, int k, const void *a, int lda, const void *tau,
                       const void *c, int ldc, int *lwork);
typedef int (*Ormqr)(void *h, int side, int trans, int m, int n, int k, const void *a, int lda, const void *tau,
                     void *c, int ldc, void *work, int lwork, int *info);
typedef int (*GesvdSz)(void *h, int m, int n, int *lwork);
typedef int (*Gesvd)(void *h, signed char ju, signed char jvt, int m, int n, void *a, int lda, void *s, void *u,
                     int ldu, void *vt, int ldvt, void *work, int lwork, void *rwork, int *info);
typedef int (*SyevdSz)(void *h, int jobz, int uplo, int n, const void *a, int lda, const void *w, int *lwork);
typedef int (*Syevd)(void *h, int jobz, int uplo, int n, void *a, int lda, void *w, void *work, int lwork, int *info);
typedef int (*Trsm)(void *h, int side, int uplo, int trans, int diag, int m, int n, const void *alpha, const void *a,
                    int lda, void *b, int ldb);
typedef int (*ParamsNew)(void **p);
typedef int (*ParamsFree)(void *p);
typedef int (*GeevSz)(void *h, void *params, int jobvl, int jobvr, int64_t n, int ta, const void *a, int64_t lda,
                      int tw, const void *w, int tvl, const void *vl, int64_t ldvl, int tvr, const void *vr,
                      int64_t ldvr, int tc, size_t *dev_bytes, size_t *host_bytes);
typedef int (*Geev)(void *h, void *params, int jobvl, int jobvr, int64_t n, int ta, void *a, int64_t lda, int tw,
                    void *w, int tvl, void *vl, int64_t ldvl, int tvr, void *vr, int64_t ldvr, int tc, void *dwork,
                    size_t dev_bytes, void *hwork, size_t host_bytes, int *info);

enum { OP_GETRF, OP_GEQRF, OP_ORGQR, OP_GESVD, OP_SYEVD, OP_GEEV, OP_LSTSQ };
enum { SIDE_LEFT = 0, FILL_LOWER = 0, FILL_UPPER = 1, TR_N = 0, TR_T = 1, DIAG_NON_UNIT = 0, EIG_NOVECTOR = 0,
       EIG_VECTOR = 1, CUDA_R_32F = 0, CUDA_R_64F = 1 };

typedef struct Job {
    int op;
    bool dbl, vectors;
    int m, n, k, r;             /* op's sizes, column-major */
    int info;                   /* cuSOLVER's, read back */
} Job;

/* Function f of the job's precision, or NULL with why. */
static void *fn(const Job *j, int f, char *why, size_t len)
{
    return rt_cuda_symbol(f == TRSM ? RT_CUDA_CUBLAS : RT_CUDA_CUSOLVER, names[f][j->dbl], why, len);
}

#define D(i) ((void *)(uintptr_t)run->dev[i])

/* The workspace of lwork elements. */
static void *work_for(RtCudaRun *run, const Job *j, int lwork, char *why, size_t len)
{
    size_t b = rt_cuda_solve_work_bytes(lwork, j->dbl ? 8 : 4);
    uint64_t p = 0;
    if (!b || rt_cuda_run_work(run, b, &p, why, len))
        return NULL;
    return (void *)(uintptr_t)p;
}

/* general eigenproblem: parts 0 A, 1 W (2n), 2 VR, 3 info */
static int call_geev(RtCudaRun *run, Job *j, char *why, size_t len)
{
    ParamsNew pnew = (ParamsNew)rt_cuda_symbol(RT_CUDA_CUSOLVER, geev_names[0], why, len);
    ParamsFree pfree = pnew ? (ParamsFree)rt_cuda_symbol(RT_CUDA_CUSOLVER, geev_names[1], why, len) : NULL;
    GeevSz sz = pfree ? (GeevSz)rt_cuda_symbol(RT_CUDA_CUSOLVER, geev_names[2], why, len) : NULL;
    Geev geev = sz ? (Geev)rt_cuda_symbol(RT_CUDA_CUSOLVER, geev_names[3], why, len) : NULL;
    void *params = NULL;
    if (!geev || pnew(&params)) {
        if (geev)
            snprintf(why, len, "cusolverDnCreateParams failed");
        return -1;
    }
    int t = j->dbl ? CUDA_R_64F : CUDA_R_32F, jv = j->vectors ? EIG_VECTOR : EIG_NOVECTOR, n = j->n;
    size_t db = 0, hb = 0;
    void *vr = j->vectors ? D(2) : NULL, *dw = NULL, *hw = NULL;
    int st = sz(run->solver, params, EIG_NOVECTOR, jv, n, t, D(0), n, t, D(1), t, NULL, n, t, vr, n, t, &db, &hb);
    if (!st && !(dw = work_for(run, j, (int)((db + 7) / (j->dbl ? 8 : 4)) + 1, why, len)))
        st = -1;
    else if (!st && hb && !(hw = malloc(hb)))
        st = -1;
    if (!st)
        st = geev(run->solver, params, EIG_NOVECTOR, jv, n, t, D(0), n, t, D(1), t, NULL, n, t, vr, n, t, dw, db,
                  hw, hb, (int *)D(3));
    if (!st)
        st = rt_cuda_run_sync();    /* the host workspace is used until the call ends */
    free(hw);
    pfree(params);
    if (st && !*why)
        snprintf(why, len, "cusolverDnXgeev failed (status %d)", st);
    return st;
}

static int call(RtCudaRun *run, void *ctx, char *why, size_t len)
{
    Job *j = ctx;
    void *h = run->solver;
    int lwork = 0, lw2 = 0, st = -1, m = j->m, n = j->n;
    void *w;
    *why = '\0';
    switch (j->op) {
    case OP_GETRF: {            /* 0 A, 1 ipiv, 2 info */
        SizeMN sz = (SizeMN)fn(j, GETRF_SZ, why, len);
        Getrf f = sz ? (Getrf)fn(j, GETRF, why, len) : NULL;
        if (f && !(st = sz(h, m, n, D(0), m, &lwork)))
            st = (w = work_for(run, j, lwork, why, len)) ? f(h, m, n, D(0), m, w, (int *)D(1), (int *)D(2)) : -1;
        break;
    }
    case OP_GEQRF: {            /* 0 A, 1 tau, 2 info */
        SizeMN sz = (SizeMN)fn(j, GEQRF_SZ, why, len);
        Geqrf f = sz ? (Geqrf)fn(j, GEQRF, why, len) : NULL;
        if (f && !(st = sz(h, m, n, D(0), m, &lwork)))
            st = (w = work_for(run, j, lwork, why, len)) ? f(h, m, n, D(0), m, D(1), w, lwork, (int *)D(2)) : -1;
        break;
    }
    case OP_ORGQR: {            /* 0 Q, 1 tau, 2 info */
        OrgqrSz sz = (OrgqrSz)fn(j, ORGQR_SZ, why, len);
        Orgqr f = sz ? (Orgqr)fn(j, ORGQR, why, len) : NULL;
        if (f && !(st = sz(h, m, n, j->k, D(0), m, D(1), &lwork)))
            st = (w = work_for(run, j, lwork, why, len)) ? f(h, m, n, j->k, D(0), m, D(1), w, lwork, (int *)D(2))
                                                         : -1;
        break;
    }
    case OP_GESVD: {            /* 0 A, 1 S, 2 U, 3 VT, 4 info */
        GesvdSz sz = (GesvdSz)fn(j, GESVD_SZ, why, len);
        Gesvd f = sz ? (Gesvd)fn(j, GESVD, why, len) : NULL;
        signed char job = j->vectors ? 'A' : 'N';
        if (f && !(st = sz(h, m, n, &lwork)))
            st = (w = work_for(run, j, lwork, why, len))
                     ? f(h, job, job, m, n, D(0), m, D(1), D(2), m, D(3), n, w, lwork, NULL, (int *)D(4))
                     : -1;
        break;
    }
    case OP_SYEVD: {            /* 0 A, 1 W, 2 info */
        SyevdSz sz = (SyevdSz)fn(j, SYEVD_SZ, why, len);
        Syevd f = sz ? (Syevd)fn(j, SYEVD, why, len) : NULL;
        int jz = j->vectors ? EIG_VECTOR : EIG_NOVECTOR;
        if (f && !(st = sz(h, jz, FILL_LOWER, n, D(0), n, D(1), &lwork)))
            st = (w = work_for(run, j, lwork, why, len)) ? f(h, jz, FILL_LOWER, n, D(0), n, D(1), w, lwork, (int *)D(2))
                                                         : -1;
        break;
    }
    case OP_GEEV:
        st = call_geev(run, j, why, len);
        break;
    case OP_LSTSQ: {            /* 0 A (m x n column-major, m > n), 1 B (m x r), 2 tau, 3 info */
        SizeMN qsz = (SizeMN)fn(j, GEQRF_SZ, why, len);
        Geqrf qr = qsz ? (Geqrf)fn(j, GEQRF, why, len) : NULL;
        OrmqrSz osz = qr ? (OrmqrSz)fn(j, ORMQR_SZ, why, len) : NULL;
        Ormqr orm = osz ? (Ormqr)fn(j, ORMQR, why, len) : NULL;
        Trsm trsm = orm ? (Trsm)fn(j, TRSM, why, len) : NULL;
        /* tall: A = QR, x = R^-1 (Q^T b); wide (the stored A^T = QR, j->k = 1):
         * x = Q [R^-T b; 0] */
        bool wide = j->k;
        int kk = n, tr = wide ? TR_N : TR_T;
        double one = 1;
        float onef = 1;
        if (!trsm || (st = qsz(h, m, n, D(0), m, &lwork)) ||
            (st = osz(h, SIDE_LEFT, tr, m, j->r, kk, D(0), m, D(2), D(1), m, &lw2)))
            break;
        if (!(w = work_for(run, j, lwork > lw2 ? lwork : lw2, why, len))) {
            st = -1;
            break;
        }
        int lmax = lwork > lw2 ? lwork : lw2;
        const void *al = j->dbl ? (void *)&one : (void *)&onef;
        st = qr(h, m, n, D(0), m, D(2), w, lmax, (int *)D(3));
        if (!st && !wide)
            st = orm(h, SIDE_LEFT, TR_T, m, j->r, kk, D(0), m, D(2), D(1), m, w, lmax, (int *)D(3));
        if (!st)
            st = trsm(run->blas, SIDE_LEFT, FILL_UPPER, wide ? TR_T : TR_N, DIAG_NON_UNIT, n, j->r, al, D(0), m,
                      D(1), m);
        if (!st && wide)
            st = orm(h, SIDE_LEFT, TR_N, m, j->r, kk, D(0), m, D(2), D(1), m, w, lmax, (int *)D(3));
        break;
    }
    }
    if (st && !*why)
        snprintf(why, len, "cuSOLVER failed (status %d)", st);
    return st;
}

/* ---------------------------------------------------------------- the functions */

static size_t esz(bool dbl) { return dbl ? 8 : 4; }

/* Sizes within cuSOLVER's int (every product of two of them too). */
static bool sizes_ok(int64_t a, int64_t b, char *why, size_t len)
{
    if (a <= 0 || b <= 0 || a > 0x7fffffff / b) {
        snprintf(why, len, a <= 0 || b <= 0 ? "the matrix is empty" : "the matrix is too large for cuSOLVER");
        return false;
    }
    return true;
}

/* A host buffer of n elements, or NULL with why. */
static void *scratch_host(size_t n, bool dbl, char *why, size_t len)
{
    void *p = malloc(n ? n * esz(dbl) : 1);
    if (!p)
        snprintf(why, len, "out of memory");
    return p;
}

/* Run the job; a failed info (< 0, or > 0 where it means no result) is "not here". */
static int run_job(Job *j, RtCudaPart *p, int np, bool info_ok_positive, char *why, size_t len)
{
    int r = rt_cuda_scratch_run(p, np, RT_CUDA_NEED_SOLVER | (j->op == OP_LSTSQ ? RT_CUDA_NEED_BLAS : 0), call, j,
                                why, len);
    if (r > 0 && (j->info < 0 || (j->info > 0 && !info_ok_positive))) {
        snprintf(why, len, "cuSOLVER info %d", j->info);
        return 0;
    }
    return r;
}

int rt_cuda_getrf(bool dbl, int m, int n, void *a, int *ipiv, int *info, char *why, size_t len)
{
    if (!sizes_ok(m, n, why, len))
        return 0;
    int k = m < n ? m : n;
    void *t = scratch_host((size_t)m * n, dbl, why, len);
    int *piv = t ? malloc((size_t)k * sizeof *piv) : NULL;
    if (!piv) {
        free(t);
        snprintf(why, len, "out of memory");
        return 0;
    }
    rt_cuda_transpose(a, t, m, n, esz(dbl));
    Job j = {.op = OP_GETRF, .dbl = dbl, .m = m, .n = n};
    RtCudaPart p[3] = {{.in = t, .out = t, .bytes = (size_t)m * n * esz(dbl)},
                       {.out = piv, .bytes = (size_t)k * sizeof(int)},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 3, true, why, len);
    if (r > 0) {
        rt_cuda_transpose(t, a, n, m, esz(dbl));
        memcpy(ipiv, piv, (size_t)k * sizeof *piv);
        *info = j.info;
    }
    free(piv);
    free(t);
    return r;
}

int rt_cuda_geqrf(bool dbl, int m, int n, void *a, void *tau, char *why, size_t len)
{
    if (!sizes_ok(m, n, why, len))
        return 0;
    int k = m < n ? m : n;
    void *t = scratch_host((size_t)m * n, dbl, why, len);
    if (!t)
        return 0;
    rt_cuda_transpose(a, t, m, n, esz(dbl));
    Job j = {.op = OP_GEQRF, .dbl = dbl, .m = m, .n = n};
    RtCudaPart p[3] = {{.in = t, .out = t, .bytes = (size_t)m * n * esz(dbl)},
                       {.out = tau, .bytes = (size_t)k * esz(dbl)},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 3, false, why, len);
    if (r > 0)
        rt_cuda_transpose(t, a, n, m, esz(dbl));
    free(t);
    return r;
}

int rt_cuda_orgqr(bool dbl, int m, int cols, int k, void *q, const void *tau, char *why, size_t len)
{
    if (!sizes_ok(m, cols, why, len))
        return 0;
    if (k <= 0 || k > cols || cols > m) {
        snprintf(why, len, "sizes orgqr cannot take");
        return 0;
    }
    void *t = scratch_host((size_t)m * cols, dbl, why, len);
    if (!t)
        return 0;
    rt_cuda_transpose(q, t, m, cols, esz(dbl));
    Job j = {.op = OP_ORGQR, .dbl = dbl, .m = m, .n = cols, .k = k};
    RtCudaPart p[3] = {{.in = t, .out = t, .bytes = (size_t)m * cols * esz(dbl)},
                       {.in = tau, .bytes = (size_t)k * esz(dbl)},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 3, false, why, len);
    if (r > 0)
        rt_cuda_transpose(t, q, cols, m, esz(dbl));
    free(t);
    return r;
}

int rt_cuda_gesvd(bool dbl, int m, int n, void *a, void *s, void *u, void *vt, char *why, size_t len)
{
    if (!sizes_ok(m, n, why, len) || !sizes_ok(m, m, why, len) || !sizes_ok(n, n, why, len))
        return 0;
    RtCudaSvdMap map = rt_cuda_svd_map(m, n);
    int k = m < n ? m : n, rows = map.rows, cols = map.cols;
    size_t e = esz(dbl);
    void *t = map.transposed ? scratch_host((size_t)m * n, dbl, why, len) : NULL;
    /* gesvd's U (rows x rows) and V^T (cols x cols) */
    void *du = u && map.transposed ? scratch_host((size_t)rows * rows, dbl, why, len) : NULL;
    void *dvt = u && map.transposed ? scratch_host((size_t)cols * cols, dbl, why, len) : NULL;
    if ((map.transposed && !t) || (u && map.transposed && (!du || !dvt))) {
        free(t), free(du), free(dvt);
        return 0;
    }
    if (t)
        rt_cuda_transpose(a, t, m, n, e);
    if (u && !map.transposed) {     /* the stored A^T: gesvd's U is our V^T, its V^T our U */
        du = vt;
        dvt = u;
    }
    Job j = {.op = OP_GESVD, .dbl = dbl, .m = rows, .n = cols, .vectors = u != NULL};
    RtCudaPart p[5] = {{.in = t ? t : a, .bytes = (size_t)m * n * e},
                       {.out = s, .bytes = (size_t)k * e},
                       {.out = du, .bytes = u ? (size_t)rows * rows * e : 0},
                       {.out = dvt, .bytes = u ? (size_t)cols * cols * e : 0},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 5, false, why, len);
    if (r > 0 && u && map.transposed) {
        rt_cuda_transpose(du, u, rows, rows, e);
        rt_cuda_transpose(dvt, vt, cols, cols, e);
    }
    if (map.transposed)
        free(du), free(dvt);
    free(t);
    return r;
}

int rt_cuda_syevd(bool dbl, int n, void *a, void *w, bool vectors, char *why, size_t len)
{
    if (!sizes_ok(n, n, why, len))
        return 0;
    void *t = vectors ? scratch_host((size_t)n * n, dbl, why, len) : NULL;
    if (vectors && !t)
        return 0;
    Job j = {.op = OP_SYEVD, .dbl = dbl, .n = n, .vectors = vectors};
    RtCudaPart p[3] = {{.in = a, .out = t, .bytes = (size_t)n * n * esz(dbl)},
                       {.out = w, .bytes = (size_t)n * esz(dbl)},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 3, false, why, len);
    if (r > 0 && vectors)
        rt_cuda_transpose(t, a, n, n, esz(dbl));
    free(t);
    return r;
}

int rt_cuda_geev(bool dbl, int n, void *a, void *wr, void *wi, void *vr, char *why, size_t len)
{
    if (!sizes_ok(n, n, why, len))
        return 0;
    size_t e = esz(dbl), nn = (size_t)n * n;
    void *t = scratch_host(nn, dbl, why, len), *w = scratch_host(2 * (size_t)n, dbl, why, len);
    void *v = vr ? scratch_host(nn, dbl, why, len) : NULL;
    if (!t || !w || (vr && !v)) {
        free(t), free(w), free(v);
        return 0;
    }
    rt_cuda_transpose(a, t, n, n, e);
    Job j = {.op = OP_GEEV, .dbl = dbl, .n = n, .vectors = vr != NULL};
    RtCudaPart p[4] = {{.in = t, .bytes = nn * e},
                       {.out = w, .bytes = 2 * (size_t)n * e},
                       {.out = v, .bytes = vr ? nn * e : 0},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int r = run_job(&j, p, 4, false, why, len);
    if (r > 0) {
        memcpy(wr, w, (size_t)n * e);
        memcpy(wi, (char *)w + (size_t)n * e, (size_t)n * e);
        if (vr)
            rt_cuda_transpose(v, vr, n, n, e);
    }
    free(t), free(w), free(v);
    return r;
}

int rt_cuda_lstsq(bool dbl, int m, int n, int r, const void *a, void *x, char *why, size_t len)
{
    int big = m > n ? m : n, k = m < n ? m : n;
    if (!sizes_ok(m, n, why, len) || !sizes_ok(big, r, why, len))
        return 0;
    if (m == n) {
        snprintf(why, len, "a square system");
        return 0;
    }
    bool wide = m < n;
    size_t e = esz(dbl);
    /* the column-major matrix factored: A (tall, transposed here) or the stored A^T */
    void *t = wide ? NULL : scratch_host((size_t)m * n, dbl, why, len);
    void *b = scratch_host((size_t)big * r, dbl, why, len);
    if ((!wide && !t) || !b) {
        free(t), free(b);
        return 0;
    }
    if (t)
        rt_cuda_transpose(a, t, m, n, e);
    memset(b, 0, (size_t)big * r * e);      /* b column-major big x r, its first m rows */
    for (int64_t i = 0; i < m; i++)
        for (int64_t c = 0; c < r; c++)
            memcpy((char *)b + (size_t)(c * big + i) * e, (const char *)x + (size_t)(i * r + c) * e, e);
    void *f = scratch_host((size_t)m * n, dbl, why, len);
    if (!f) {
        free(t), free(b);
        return 0;
    }
    Job j = {.op = OP_LSTSQ, .dbl = dbl, .m = big, .n = k, .r = r, .k = wide};
    RtCudaPart p[4] = {{.in = t ? t : a, .out = f, .bytes = (size_t)m * n * e},
                       {.in = b, .out = b, .bytes = (size_t)big * r * e},
                       {.bytes = (size_t)k * e},
                       {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int res = run_job(&j, p, 4, false, why, len);
    if (res > 0 && !rt_cuda_qr_rank_ok(f, k, big + 1, dbl)) {
        snprintf(why, len, "the matrix is close to rank deficient");
        res = 0;
    }
    if (res > 0)
        for (int64_t i = 0; i < n; i++)
            for (int64_t c = 0; c < r; c++)
                memcpy((char *)x + (size_t)(i * r + c) * e, (char *)b + (size_t)(c * big + i) * e, e);
    free(t), free(b), free(f);
    return res;
}
