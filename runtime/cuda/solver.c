/*
 * solver.c - cuSOLVER's dense LU (getrf/getrs) and Cholesky (potrf) behind solve, inv
 * and chol on the CUDA engine (solver.h says the layout). libcusolver is opened with
 * dlopen on first use (loader.c); one handle per process, made then, used under the
 * engine's lock. The working copies are host arrays (linalg.h): they are uploaded into
 * one scratch block from the engine's caching allocator, factored, and the result is
 * downloaded back into them; the scratch goes back to the allocator at once.
 */
#include "runtime/cuda/solver.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/scratch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_N = 0, OP_T = 1, FILL_LOWER = 0, ALIGN = 256 };

typedef int (*GetrfSizeFn)(void *h, int m, int n, void *a, int lda, int *lwork);
typedef int (*GetrfFn)(void *h, int m, int n, void *a, int lda, void *work, int *ipiv, int *info);
typedef int (*GetrsFn)(void *h, int trans, int n, int nrhs, const void *a, int lda, const int *ipiv, void *b,
                       int ldb, int *info);
typedef int (*PotrfSizeFn)(void *h, int uplo, int n, void *a, int lda, int *lwork);
typedef int (*PotrfFn)(void *h, int uplo, int n, void *a, int lda, void *work, int lwork, int *info);

/* The functions called, [0] single and [1] double precision. */
static const char *const names[5][2] = {
    {"cusolverDnSgetrf_bufferSize", "cusolverDnDgetrf_bufferSize"},
    {"cusolverDnSgetrf", "cusolverDnDgetrf"},
    {"cusolverDnSgetrs", "cusolverDnDgetrs"},
    {"cusolverDnSpotrf_bufferSize", "cusolverDnDpotrf_bufferSize"},
    {"cusolverDnSpotrf", "cusolverDnDpotrf"},
};

static struct {
    int state;                  /* 0 not tried, 1 ready, -1 missing */
    char why[256];
    void *h;
    void *fn[5][2];
} S;

const char *rt_cuda_solver_symbol(int i)
{
    if (i == 0)
        return "cusolverDnCreate";
    return i >= 1 && i <= 10 ? names[(i - 1) / 2][(i - 1) % 2] : NULL;
}

static size_t up(size_t x) { return (x + ALIGN - 1) / ALIGN * ALIGN; }

bool rt_cuda_solve_plan(int op, int64_t n, int64_t r, size_t esz, RtCudaSolvePlan *p)
{
    memset(p, 0, sizeof *p);
    if (op == RT_CUDA_INV)
        r = n;
    if (op == RT_CUDA_CHOL)
        r = 0;
    if (n <= 0 || (op == RT_CUDA_SOLVE && r <= 0) || r < 0 || n > 46340 || r > 0x7fffffff / n || esz == 0 || esz > 16)
        return false;           /* n*n and n*r fit cuSOLVER's int */
    p->op = op;
    p->trans = op == RT_CUDA_SOLVE ? OP_T : OP_N;
    p->transpose_b = op == RT_CUDA_SOLVE && r > 1;
    p->ldb = (int)n;
    p->a_off = 0;
    p->b_off = up((size_t)(n * n) * esz);
    p->ipiv_off = p->b_off + up((size_t)(n * r) * esz);
    p->info_off = p->ipiv_off + (op == RT_CUDA_CHOL ? 0 : up((size_t)n * sizeof(int)));
    p->bytes = p->info_off + up(sizeof(int));
    return true;
}

size_t rt_cuda_solve_work_bytes(int64_t lwork, size_t esz)
{
    if (lwork < 0 || (uint64_t)lwork > (SIZE_MAX - ALIGN) / (esz ? esz : 1))
        return 0;
    return up((size_t)(lwork > 0 ? lwork : 1) * esz);
}

void rt_cuda_transpose(const void *src, void *dst, int64_t rows, int64_t cols, size_t esz)
{
    const char *s = src;
    char *d = dst;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++)
            memcpy(d + (size_t)(j * rows + i) * esz, s + (size_t)(i * cols + j) * esz, esz);
}

static RtCudaHandle H;

void *rt_cuda_solver_handle(char *why, size_t len)
{
    return rt_cuda_handle(&H, RT_CUDA_CUSOLVER, "cusolverDnCreate", why, len);
}

/* The functions of this file (the engine's lock held). */
static bool ready(char *why, size_t len)
{
    if (!S.state) {
        bool all = (S.h = rt_cuda_solver_handle(S.why, sizeof S.why)) != NULL;
        for (int i = 0; all && i < 5; i++)
            for (int k = 0; all && k < 2; k++)
                all = (S.fn[i][k] = rt_cuda_symbol(RT_CUDA_CUSOLVER, names[i][k], S.why, sizeof S.why)) != NULL;
        S.state = all ? 1 : -1;
    }
    if (S.state < 0)
        snprintf(why, len, "%s", S.why);
    return S.state > 0;
}

typedef struct Job {
    const RtCudaSolvePlan *p;
    int n, r, k;
    int info;
} Job;

/* The factorisation on the scratch parts (0 A, 1 B, 2 pivots, 3 info). */
static int run(RtCudaRun *rn, void *ctx, char *why, size_t len)
{
    Job *j = ctx;
    const RtCudaSolvePlan *p = j->p;
    if (!ready(why, len))
        return -1;
    int n = j->n, k = j->k, lwork = 0, st;
    void *a = (void *)(uintptr_t)rn->dev[0], *b = (void *)(uintptr_t)rn->dev[1];
    int *ipiv = (int *)(uintptr_t)rn->dev[2], *dinfo = (int *)(uintptr_t)rn->dev[3];
    if (p->op == RT_CUDA_CHOL)
        st = ((PotrfSizeFn)S.fn[3][k])(S.h, FILL_LOWER, n, a, n, &lwork);
    else
        st = ((GetrfSizeFn)S.fn[0][k])(S.h, n, n, a, n, &lwork);
    size_t wbytes = st ? 0 : rt_cuda_solve_work_bytes(lwork, k ? 8 : 4);
    uint64_t work = 0;
    if (st || !wbytes || rt_cuda_run_work(rn, wbytes, &work, why, len)) {
        if (st)
            snprintf(why, len, "cuSOLVER bufferSize failed (status %d)", st);
        return -1;
    }
    void *w = (void *)(uintptr_t)work;
    if (p->op == RT_CUDA_CHOL) {
        st = ((PotrfFn)S.fn[4][k])(S.h, FILL_LOWER, n, a, n, w, lwork, dinfo);
    } else {
        st = ((GetrfFn)S.fn[1][k])(S.h, n, n, a, n, w, ipiv, dinfo);
        if (!st && !(st = rt_cuda_run_sync()) && !(st = rt_cuda_run_read(rn, &j->info, (uint64_t)(uintptr_t)dinfo,
                                                                         sizeof j->info)) &&
            j->info == 0)
            st = ((GetrsFn)S.fn[2][k])(S.h, p->trans, n, j->r, a, n, ipiv, b, p->ldb, dinfo);
    }
    if (st)
        snprintf(why, len, "cuSOLVER failed (status %d)", st);
    return st;
}

int rt_cuda_solver(int op, RtArray *a, RtArray *x, bool dbl, int *info, char *why, size_t len)
{
    size_t esz = dbl ? 8 : 4;
    int64_t n = a->dims[0], r = op == RT_CUDA_SOLVE ? x->n / n : 0;
    RtCudaSolvePlan p;
    if (!rt_cuda_solve_plan(op, n, r, esz, &p)) {
        snprintf(why, len, "the matrix is too large for cuSOLVER");
        return 0;
    }
    if (op == RT_CUDA_INV)
        r = n;
    size_t abytes = (size_t)(n * n) * esz, bbytes = (size_t)(n * r) * esz;
    char *hb = NULL;            /* B as the device wants it, when not x's own memory */
    if (op == RT_CUDA_INV || p.transpose_b) {
        if (!(hb = calloc(1, bbytes ? bbytes : 1))) {
            snprintf(why, len, "out of memory");
            return 0;
        }
        if (op == RT_CUDA_INV)
            for (int64_t i = 0; i < n; i++) {
                double one = 1;
                float onef = 1;
                memcpy(hb + (size_t)(i * n + i) * esz, dbl ? (void *)&one : (void *)&onef, esz);
            }
        else
            rt_cuda_transpose(x->data, hb, n, r, esz);
    }
    /* what comes back: chol's factor, inv's B, solve's B; nothing unless info is 0
     * (singular, indefinite: the caller fails, nothing to read) */
    void *bdst = hb ? (void *)hb : op == RT_CUDA_SOLVE ? x->data : NULL;
    char *back = malloc(op == RT_CUDA_CHOL ? abytes : bbytes);
    Job j = {.p = &p, .n = (int)n, .r = (int)r, .k = dbl};
    RtCudaPart parts[4] = {{.in = a->data, .out = op == RT_CUDA_CHOL ? back : NULL, .bytes = abytes},
                           {.in = op == RT_CUDA_CHOL ? NULL : hb ? hb : x->data,
                            .out = op == RT_CUDA_CHOL ? NULL : back, .bytes = op == RT_CUDA_CHOL ? 0 : bbytes},
                           {.bytes = op == RT_CUDA_CHOL ? 0 : (size_t)n * sizeof(int)},
                           {.out = &j.info, .bytes = sizeof(int), .zero = true}};
    int done = back ? rt_cuda_scratch_run(parts, 4, RT_CUDA_NEED_SOLVER, run, &j, why, len) : 0;
    if (!back)
        snprintf(why, len, "out of memory");
    if (done > 0 && j.info < 0) {   /* an argument refused: LAPACK does it instead */
        snprintf(why, len, "cuSOLVER refused argument %d", -j.info);
        done = 0;
    }
    if (done > 0) {
        *info = j.info;
        if (j.info == 0 && op == RT_CUDA_CHOL)
            memcpy(a->data, back, abytes);
        else if (j.info == 0 && op == RT_CUDA_INV)
            memcpy(a->data, back, bbytes);
        else if (j.info == 0)
            memcpy(bdst, back, bbytes);
        if (j.info == 0 && op == RT_CUDA_SOLVE && hb)
            rt_cuda_transpose(hb, x->data, r, n, esz);
    }
    free(back);
    free(hb);
    return done;
}
