/*
 * blas.c - cuBLAS behind the runtime's builtins on the CUDA engine (cuda.h): the matrix
 * product of real or complex matrices (rt_cuda_gemm, for linalg.c's `*`: s/d/c/zgemm)
 * and the complex scaling of fft.c's inverse (rt_cuda_scal_c). libcublas is opened with
 * dlopen on first use (loader.c); one handle per process, made then, used under the
 * engine's lock. A complex product is the same transposition (no conjugation).
 *
 * cuBLAS is column-major and qpipe's arrays row-major: C = A B (m x n, A m x k) is
 * computed as C^T = B^T A^T, i.e. gemm(N, N, n, m, k, B, A) on the same memory, no copy.
 * The operands' device copies come from residency.c (uploaded when stale), the result is
 * written in full on the device ('nocopy) and downloaded when the host reads it.
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/scratch.h"
#include "runtime/residency.h"

#include <stdio.h>
#include <string.h>

typedef int (*GemmFn)(void *h, int ta, int tb, int m, int n, int k, const void *alpha, const void *a, int lda,
                      const void *b, int ldb, const void *beta, void *c, int ldc);
typedef int (*ScalFn)(void *h, int n, const void *alpha, void *x, int incx);
typedef int (*CopyFn)(void *h, int n, const void *x, int incx, void *y, int incy);

static struct {
    int state;                  /* 0 not tried, 1 ready, -1 missing */
    char why[256];
    void *h;
    GemmFn sgemm, dgemm, cgemm, zgemm;
    ScalFn csscal, zdscal, sscal, dscal;
    CopyFn scopy, dcopy;
} B;

/* The functions called, in the order ready() resolves them. */
static const char *const names[] = {"cublasCreate_v2", "cublasSgemm_v2", "cublasDgemm_v2", "cublasCgemm_v2",
                                    "cublasZgemm_v2", "cublasCsscal_v2", "cublasZdscal_v2", "cublasSscal_v2",
                                    "cublasDscal_v2", "cublasScopy_v2",  "cublasDcopy_v2"};

const char *rt_cuda_blas_symbol(int i)
{
    return i >= 0 && i < (int)(sizeof names / sizeof *names) ? names[i] : NULL;
}

static RtCudaHandle H;

void *rt_cuda_blas_handle(char *why, size_t len)
{
    return rt_cuda_handle(&H, RT_CUDA_CUBLAS, "cublasCreate_v2", why, len);
}

/* Called with the engine's lock held. */
static bool ready(char *why, size_t len)
{
    if (!B.state) {
        void *fn[sizeof names / sizeof *names] = {0};
        bool all = (B.h = rt_cuda_blas_handle(B.why, sizeof B.why)) != NULL;
        for (size_t i = 1; all && i < sizeof names / sizeof *names; i++)
            all = (fn[i] = rt_cuda_symbol(RT_CUDA_CUBLAS, names[i], B.why, sizeof B.why)) != NULL;
        B.sgemm = (GemmFn)fn[1];
        B.dgemm = (GemmFn)fn[2];
        B.cgemm = (GemmFn)fn[3];
        B.zgemm = (GemmFn)fn[4];
        B.csscal = (ScalFn)fn[5];
        B.zdscal = (ScalFn)fn[6];
        B.sscal = (ScalFn)fn[7];
        B.dscal = (ScalFn)fn[8];
        B.scopy = (CopyFn)fn[9];
        B.dcopy = (CopyFn)fn[10];
        B.state = all ? 1 : -1;
    }
    if (B.state < 0)
        snprintf(why, len, "%s", B.why);
    return B.state > 0;
}

static int sync_device(void)
{
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    return d ? d->cuCtxSynchronize() : 0;
}

int rt_cuda_gemm(RtArray *a, RtArray *b, RtArray *c, int m, int k, int n, bool dbl, bool cplx, char *why,
                 size_t len)
{
    const RtDevOps *ops = rt_cuda_dev_ops();
    if (!ops) {
        snprintf(why, len, "no CUDA device");
        return 0;
    }
    ops->lock(ops->ctx);
    int done = 0;
    uint64_t da = 0, db = 0, dc = 0;
    if (ready(why, len)) {
        if (rt_res_device(a->buf, ops, RT_USE_READ, &da) || rt_res_device(b->buf, ops, RT_USE_READ, &db) ||
            rt_res_device(c->buf, ops, RT_USE_WRITE | RT_USE_NOCOPY, &dc)) {
            snprintf(why, len, "out of device memory");
        } else {
            /* 1 and 0 as the element type: real, or complex (re, im) */
            double one[2] = {1, 0}, zero[2] = {0, 0};
            float onef[2] = {1, 0}, zerof[2] = {0, 0};
            GemmFn gemm = cplx ? (dbl ? B.zgemm : B.cgemm) : (dbl ? B.dgemm : B.sgemm);
            /* the uploads ran on the engine's copy stream, cuBLAS runs on the legacy one: wait for them explicitly */
            int r = sync_device();
            if (r == 0)
                r = gemm(B.h, 0, 0, n, m, k, dbl ? (void *)one : (void *)onef, (void *)(uintptr_t)db, n,
                         (void *)(uintptr_t)da, k, dbl ? (void *)zero : (void *)zerof, (void *)(uintptr_t)dc,
                         n);
            if (r == 0)
                r = sync_device();
            if (r == 0) {
                rt_res_launched(a->buf, RT_USE_READ);
                rt_res_launched(b->buf, RT_USE_READ);
                rt_res_launched(c->buf, RT_USE_WRITE);
                done = 1;
            } else {
                snprintf(why, len, "cuBLAS gemm failed (status %d)", r);
            }
        }
    }
    ops->unlock(ops->ctx);
    return done;
}

/* ready(), and n elements within cuBLAS's int counts. */
static bool ready_for(int64_t n, char *why, size_t len)
{
    if (!ready(why, len))
        return false;
    if (n > 0x7fffffff) {
        snprintf(why, len, "too many elements for cuBLAS");
        return false;
    }
    return true;
}

int rt_cuda_scal_c(uint64_t x, int64_t n, double by, bool dbl, char *why, size_t len)
{
    if (!ready_for(n, why, len))
        return -1;
    float byf = (float)by;
    int r = dbl ? B.zdscal(B.h, (int)n, &by, (void *)(uintptr_t)x, 1) : B.csscal(B.h, (int)n, &byf, (void *)(uintptr_t)x, 1);
    if (r)
        snprintf(why, len, "cuBLAS scal failed (status %d)", r);
    return r;
}

int rt_cuda_scal_r(uint64_t x, int64_t n, double by, bool dbl, char *why, size_t len)
{
    if (!ready_for(n, why, len))
        return -1;
    float byf = (float)by;
    void *p = (void *)(uintptr_t)x;
    int r = dbl ? B.dscal(B.h, (int)n, &by, p, 1) : B.sscal(B.h, (int)n, &byf, p, 1);
    if (r)
        snprintf(why, len, "cuBLAS scal failed (status %d)", r);
    return r;
}

int rt_cuda_widen(uint64_t x, uint64_t y, int64_t n, bool dbl, char *why, size_t len)
{
    if (!ready_for(n, why, len))
        return -1;
    int r = (dbl ? B.dcopy : B.scopy)(B.h, (int)n, (void *)(uintptr_t)x, 1, (void *)(uintptr_t)y, 2);
    if (r)
        snprintf(why, len, "cuBLAS copy failed (status %d)", r);
    return r;
}
