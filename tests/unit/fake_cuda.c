/*
 * fake_cuda.c - a fake CUDA driver and NVRTC for tests without a GPU (test_cuda_launch.c
 * builds it with `cc -shared` into libcuda.so.1 and libnvrtc.so, beside weak stubs for
 * every other function runtime/cuda/loader.c resolves, and points QPIPE_CUDA_LIBDIR at
 * them; tests/e2e/e2e_cuda_async.py does the same).
 *
 * Device memory is host memory: copies are memcpy, done at once whatever the stream.
 * Every call that orders or waits is written to a trace (fake_trace), with streams and
 * events numbered in creation order: `W e@s` stream s waits for event e, `R e@s` record,
 * `S e` host waits for e, `K@s` a launch, `U@s`/`D@s` an asynchronous upload/download,
 * `T@s` a copy into a CUDA array, `A+`/`A-` arrays, `X+`/`X-` texture objects, `CS` a
 * context synchronise, `SS s` a stream synchronise. A launch calls fake_kernel (set by
 * the test; its arguments are cuLaunchKernel's) or, without one, writes the status from
 * FAKE_CUDA_STATUS="failed:line" into the launch's status word, on the launch numbered
 * FAKE_CUDA_FAIL_AT (from 0; default every launch) when it is set. FAKE_CUDA_TRACE names
 * a file the trace is appended to at exit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;

char fake_trace[1 << 16];
void (*fake_kernel)(void **params);
int fake_event_sync_result;     /* what cuEventSynchronize returns (700: the kernel crashed) */
static int nstreams, nevents, nlaunches;

static void tr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void tr(const char *fmt, ...)
{
    size_t n = strlen(fake_trace);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fake_trace + n, sizeof fake_trace - n, fmt, ap);
    va_end(ap);
    n = strlen(fake_trace);
    if (n + 1 < sizeof fake_trace)
        strcat(fake_trace, " ");
}

static void dump(void)
{
    const char *p = getenv("FAKE_CUDA_TRACE");
    FILE *f = p ? fopen(p, "a") : NULL;
    if (f) {
        fprintf(f, "%s\n", fake_trace);
        fclose(f);
    }
}

static int sid(void *s) { return (int)(uintptr_t)s; }

CUresult cuInit(unsigned flags)
{
    (void)flags;
    atexit(dump);
    return 0;
}
CUresult cuDriverGetVersion(int *v) { *v = 99990; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int ord) { *d = ord; return 0; }
CUresult cuDeviceGetAttribute(int *v, int attr, int dev)
{
    (void)dev;
    *v = attr == 75 ? 9 : attr == 76 ? 0 : 1024;
    return 0;
}
CUresult cuDeviceGetName(char *name, int len, int dev)
{
    (void)dev;
    snprintf(name, (size_t)len, "fake GPU");
    return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev)
{
    (void)dev;
    *ctx = (void *)1;
    return 0;
}
CUresult cuCtxSynchronize(void) { tr("CS"); return 0; }
CUresult cuStreamSynchronize(void *s) { tr("SS %d", sid(s)); return 0; }
CUresult cuMemAlloc_v2(unsigned long long *p, size_t bytes)
{
    void *m = calloc(1, bytes ? bytes : 1);
    *p = (unsigned long long)(uintptr_t)m;
    return m ? 0 : 2;
}
CUresult cuMemFree_v2(unsigned long long p) { free((void *)(uintptr_t)p); return 0; }
CUresult cuMemHostAlloc(void **p, size_t bytes, unsigned flags)
{
    (void)flags;
    *p = calloc(1, bytes ? bytes : 1);
    return *p ? 0 : 2;
}
CUresult cuMemFreeHost(void *p) { free(p); return 0; }
CUresult cuMemcpyHtoD_v2(unsigned long long d, const void *s, size_t n) { memcpy((void *)(uintptr_t)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, unsigned long long s, size_t n) { memcpy(d, (void *)(uintptr_t)s, n); return 0; }
CUresult cuMemcpyDtoD_v2(unsigned long long d, unsigned long long s, size_t n)
{
    memcpy((void *)(uintptr_t)d, (void *)(uintptr_t)s, n);
    return 0;
}
CUresult cuMemsetD8_v2(unsigned long long d, unsigned char v, size_t n) { memset((void *)(uintptr_t)d, v, n); return 0; }
CUresult cuMemcpyHtoDAsync_v2(unsigned long long d, const void *s, size_t n, void *st)
{
    tr("U@%d", sid(st));
    memcpy((void *)(uintptr_t)d, s, n);
    return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *d, unsigned long long s, size_t n, void *st)
{
    tr("D@%d", sid(st));
    memcpy(d, (void *)(uintptr_t)s, n);
    return 0;
}
CUresult cuMemcpyDtoDAsync_v2(unsigned long long d, unsigned long long s, size_t n, void *st)
{
    (void)st;
    memcpy((void *)(uintptr_t)d, (void *)(uintptr_t)s, n);
    return 0;
}
CUresult cuMemsetD8Async(unsigned long long d, unsigned char v, size_t n, void *st)
{
    (void)st;
    memset((void *)(uintptr_t)d, v, n);
    return 0;
}
CUresult cuModuleLoadData(void **m, const void *image)
{
    (void)image;
    *m = (void *)2;
    return 0;
}
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name)
{
    (void)m, (void)name;
    *f = (void *)3;
    return 0;
}
static unsigned char qpk_const[32768];
CUresult cuModuleGetGlobal_v2(unsigned long long *p, size_t *bytes, void *m, const char *name)
{
    (void)m;
    if (strcmp(name, "qpk_const"))
        return 500;
    *p = (unsigned long long)(uintptr_t)qpk_const;
    *bytes = sizeof qpk_const;
    return 0;
}
CUresult cuOccupancyMaxPotentialBlockSize(int *min_grid, int *block, void *f, void *smem, size_t dyn, int limit)
{
    (void)f, (void)smem, (void)dyn, (void)limit;
    *min_grid = 1;
    *block = 256;
    return 0;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned smem, void *st, void **params, void **extra)
{
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)smem, (void)extra;
    tr("K@%d", sid(st));
    int n = nlaunches++;
    if (fake_kernel) {
        fake_kernel(params);
        return 0;
    }
    const char *s = getenv("FAKE_CUDA_STATUS"), *at = getenv("FAKE_CUDA_FAIL_AT");
    int failed = 0, line = 0;
    if (s && sscanf(s, "%d:%d", &failed, &line) == 2 && (!at || atoi(at) == n)) {
        int *status = (int *)(uintptr_t) * (unsigned long long *)params[1];   /* qp_status: failed, line */
        status[0] = failed;
        status[1] = line;
    }
    return 0;
}
CUresult cuStreamCreate(void **s, unsigned flags)
{
    (void)flags;
    *s = (void *)(uintptr_t)++nstreams;
    return 0;
}
CUresult cuEventCreate(void **e, unsigned flags)
{
    (void)flags;
    *e = (void *)(uintptr_t)++nevents;
    return 0;
}
CUresult cuEventRecord(void *e, void *s) { tr("R %d@%d", sid(e), sid(s)); return 0; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned flags)
{
    (void)flags;
    tr("W %d@%d", sid(e), sid(s));
    return 0;
}
CUresult cuEventSynchronize(void *e) { tr("S %d", sid(e)); return fake_event_sync_result; }
CUresult cuEventQuery(void *e) { (void)e; return 0; }
CUresult cuEventDestroy_v2(void *e) { (void)e; return 0; }
static int narrays, ntex;
CUresult cuArray3DCreate_v2(void **a, const void *desc)
{
    (void)desc;
    *a = (void *)(uintptr_t)++narrays;
    tr("A+");
    return 0;
}
CUresult cuArrayDestroy(void *a) { (void)a; tr("A-"); return 0; }
CUresult cuMemcpy3DAsync_v2(const void *copy, void *st)
{
    (void)copy;
    tr("T@%d", sid(st));
    return 0;
}
CUresult cuTexObjectCreate(unsigned long long *t, const void *res, const void *tex, const void *view)
{
    (void)res, (void)tex, (void)view;
    *t = (unsigned long long)++ntex;
    tr("X+");
    return 0;
}
CUresult cuTexObjectDestroy(unsigned long long t) { (void)t; tr("X-"); return 0; }
CUresult cuGetErrorName(CUresult r, const char **s)
{
    (void)r;
    *s = NULL;
    return 1;
}

/* NVRTC: every text compiles, to the same PTX */
static const char ptx[] = "// fake PTX\n";
int nvrtcVersion(int *major, int *minor) { *major = 12, *minor = 0; return 0; }
const char *nvrtcGetErrorString(int r) { (void)r; return "fake NVRTC"; }
int nvrtcCreateProgram(void **p, const char *src, const char *name, int n, const char *const *h, const char *const *in)
{
    (void)src, (void)name, (void)n, (void)h, (void)in;
    *p = (void *)4;
    return 0;
}
int nvrtcCompileProgram(void *p, int n, const char *const *opts) { (void)p, (void)n, (void)opts; return 0; }
int nvrtcGetProgramLogSize(void *p, size_t *n) { (void)p; *n = 1; return 0; }
int nvrtcGetProgramLog(void *p, char *log) { (void)p; log[0] = '\0'; return 0; }
int nvrtcGetPTXSize(void *p, size_t *n) { (void)p; *n = sizeof ptx; return 0; }
int nvrtcGetPTX(void *p, char *out) { (void)p; memcpy(out, ptx, sizeof ptx); return 0; }
int nvrtcDestroyProgram(void **p) { *p = NULL; return 0; }
