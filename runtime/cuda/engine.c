/*
 * engine.c - the CUDA engine (runtime/engine.h): kernel texts compiled by NVRTC (ptx.c)
 * for the device's architecture, loaded with cuModuleLoadData and launched with
 * cuLaunchKernel over the grid, block sizes from the occupancy API.
 *
 * Memory (README.md): each array's buffer keeps a device copy between launches, with the
 * valid bits of runtime/residency.c: uploaded only when the device copy is stale (not at
 * all for a declared 'nocopy output), never downloaded here: the host side downloads it
 * when it reads (rt_buf_host). Device blocks come from the caching allocator (alloc.c) and
 * go back to it when the buffer is freed. Short vectors and the accumulators of outputs
 * travel per launch, as does the argument array the kernel unpacks (entry.c).
 *
 * Streams (docs/cuda.md "Streams"): a launch picks one of CUDA_STREAMS compute streams,
 * waits there on the events of its buffers, issues everything on it and returns without
 * synchronising; its status comes back into page-locked memory (inflight.c) and is read
 * when the caller settles it (kernel_settle.c). Texture objects are cached per device
 * copy version (texcache.c).
 *
 * When a driver call fails inside launch (out of device memory, a grid too large), the
 * kernel runs on the CPU engine instead, compiled from the same text on first need, and
 * a warning says so once. Written and compiled without a GPU at hand: available() and
 * compile() run on any machine, launch() only where a device answers.
 */
#include "runtime/cuda/alloc.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/coop.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/gl.h"
#include "runtime/cuda/inflight.h"
#include "runtime/cuda/ptx.h"
#include "runtime/cuda/texcache.h"
#include "runtime/cuda/texture.h"
#include "runtime/engine.h"
#include "runtime/residency.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_CACHE_LIMIT ((size_t)1 << 30)      /* device bytes the allocator keeps */
#define CUDA_HEAP_BYTES ((size_t)256 << 20)     /* the device's malloc heap */
#define CUDA_STREAMS 4                          /* compute streams a launch picks from */

struct RtEngineKernel {
    CUmodule mod;
    CUfunction fn;
    int block;                  /* threads per block from the occupancy API */
    bool lockstep;
    bool grid;                  /* grid barriers (QPK_GRID): a cooperative launch (coop.c) */
    CUmodule tiled_mod;         /* … and its tiled variant (QPK_GRID_TILED), once needed */
    CUfunction tiled_fn;
    bool waits;                 /* its text may report status 3 (device heap, shared memory):
                                 * the launch waits for its status, to run it on the CPU then */
    int home;                   /* the compute stream of a 'hwconst kernel (-1: not yet) */
    unsigned shared;            /* a native lockstep text (QPK_NATIVE): its dynamic shared bytes */
    uint64_t hwconst;           /* QPK_HWCONST: args[i] that may go to __constant__ qpk_const */
    CUdeviceptr cbase;          /* qpk_const in the module, and its bytes */
    size_t cbytes;
    RtCudaTexSpec tex[RT_CUDA_MAX_TEX];    /* QPK_TEX: arguments read through texture objects */
    int ntex;
    char *name, *text;          /* for the CPU fallback */
    RtHost *host;               /* whose CPU engine compiles the fallback */
    RtEngineKernel *cpu;        /* the CPU engine's kernel, once needed */
};

static struct Cuda {
    pthread_mutex_t mu;
    int state;                  /* 0 not probed, 1 usable, -1 not */
    char why[256];
    const RtCudaDriver *d;
    int ordinal;                /* the device asked for (--gpu, {!sched gpu_index}); 0 by default */
    CUdevice dev;
    CUcontext ctx;
    int arch;                   /* 90 for sm_90 */
    char dev_name[128];
    RtCudaPool pool;
    bool fallback_warned;
    CUstream copy;              /* NULL (the legacy stream, all copies synchronous) when not made */
    CUstream compute[CUDA_STREAMS]; /* the compute streams (all NULL with copy) */
    unsigned next_stream;       /* the next one a launch without history takes */
    RtCudaInflight fl;          /* launches whose status is not read yet */
    RtCudaTexCache tex;         /* texture objects per device copy version */
    int64_t uploads, downloads, upload_bytes, download_bytes;  /* QPIPE_CUDA_STATS */
    int64_t up_overlap, down_overlap;   /* uploads, downloads issued while a launch still ran */
    struct {
        uint64_t ptr;
        size_t bytes;
        CUevent ev;
    } retiring[64];             /* freed buffers' device blocks whose last use may still run */
    int nretiring;
} C = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* The stream of residency.h's numbering: RT_DEV_COPY, RT_DEV_COMPUTE + k. */
static CUstream stream_of(int s)
{
    if (s == RT_DEV_COPY)
        return C.copy;
    s -= RT_DEV_COMPUTE;
    return s >= 0 && s < CUDA_STREAMS ? C.compute[s] : C.compute[0];
}

/* The engine's lock, given up by a thread that waits for a launch (inflight.c). */
static void eng_unlock(void) { pthread_mutex_unlock(&C.mu); }

static void eng_lock(void)
{
    pthread_mutex_lock(&C.mu);
    C.d->cuCtxSetCurrent(C.ctx);
}

/* Is a launch still running? (the overlap QPIPE_CUDA_STATS counts: an upload issued then) */
static bool launch_in_flight(void)
{
    for (int i = 0; i < RT_CUDA_INFLIGHT && C.fl.state > 0; i++)
        if (C.fl.slot[i].status && C.d->cuEventQuery(C.fl.slot[i].done) != CU_OK)
            return true;
    return false;
}

static const char *err_name(CUresult r)
{
    static char buf[32];
    return rt_cuda_error_name(r, buf, sizeof buf);
}

static int pool_alloc(void *ctx, size_t bytes, uint64_t *ptr)
{
    (void)ctx;
    CUdeviceptr p = 0;
    CUresult r = C.d->cuMemAlloc(&p, bytes);
    *ptr = p;
    return r;
}

static void pool_free(void *ctx, uint64_t ptr)
{
    (void)ctx;
    C.d->cuMemFree((CUdeviceptr)ptr);
}

/* The device as runtime/residency.c sees it: blocks from the caching allocator, copies
 * counted (QPIPE_CUDA_STATS=1 prints the counts at exit, tests/gpu/run.sh reads them). */
/* Freed buffers' blocks whose last use has finished go back to the allocator (all: wait). */
static void reap(bool all)
{
    int n = 0;
    for (int i = 0; i < C.nretiring; i++) {
        CUevent ev = C.retiring[i].ev;
        if (all)
            C.d->cuEventSynchronize(ev);    /* a failure leaves nothing running either */
        if (all || C.d->cuEventQuery(ev) == CU_OK) {
            C.d->cuEventDestroy(ev);
            rt_cuda_pool_put(&C.pool, C.retiring[i].ptr, C.retiring[i].bytes);
        } else {
            C.retiring[n++] = C.retiring[i];
        }
    }
    C.nretiring = n;
}

static int res_alloc(void *ctx, size_t bytes, uint64_t *ptr)
{
    (void)ctx;
    reap(false);
    int r = rt_cuda_pool_get(&C.pool, bytes, ptr);
    if (r != CU_OK && C.nretiring) {
        reap(true);
        r = rt_cuda_pool_get(&C.pool, bytes, ptr);
    }
    return r;
}

static void res_free(void *ctx, uint64_t ptr, size_t bytes)
{
    (void)ctx;
    rt_cuda_tex_forget(&C.tex, C.d, (CUdeviceptr)ptr);     /* its textures go with it */
    rt_cuda_pool_put(&C.pool, ptr, bytes);
}

/* A freed buffer's block whose last use (ev, now ours) may still run: reused once ev has
 * completed, so freeing a frame does not wait for the kernels that read it. */
static void res_free_after(void *ctx, uint64_t ptr, size_t bytes, uint64_t ev)
{
    (void)ctx;
    rt_cuda_tex_forget(&C.tex, C.d, (CUdeviceptr)ptr);
    if (C.nretiring == (int)(sizeof C.retiring / sizeof *C.retiring))
        reap(true);
    C.retiring[C.nretiring].ptr = ptr;
    C.retiring[C.nretiring].bytes = bytes;
    C.retiring[C.nretiring++].ev = (CUevent)(uintptr_t)ev;
}

/* Copies go on the copy stream, asynchronous: residency.c orders them against the
 * kernels (on the compute stream) with the buffer's event, and the host waits on that
 * event before it reads. From pageable memory the driver stages them (they return once
 * the source is read); from pinned frames (pinned.c) they run beside the kernels. */
static int res_upload(void *ctx, uint64_t dst, const void *src, size_t bytes)
{
    (void)ctx;
    C.uploads++;
    C.upload_bytes += (int64_t)bytes;
    if (C.copy && launch_in_flight())
        C.up_overlap++;
    if (C.copy)
        return C.d->cuMemcpyHtoDAsync((CUdeviceptr)dst, src, bytes, C.copy);
    return C.d->cuMemcpyHtoD((CUdeviceptr)dst, src, bytes);
}

static int res_download(void *ctx, void *dst, uint64_t src, size_t bytes)
{
    (void)ctx;
    C.downloads++;
    C.download_bytes += (int64_t)bytes;
    if (C.copy && launch_in_flight())
        C.down_overlap++;
    if (C.copy)
        return C.d->cuMemcpyDtoHAsync(dst, (CUdeviceptr)src, bytes, C.copy);
    return C.d->cuMemcpyDtoH(dst, (CUdeviceptr)src, bytes);
}

/* The per-buffer events (residency.h RtDevOps streams); nothing without streams. */
static int res_record(void *ctx, int stream, uint64_t *ev)
{
    (void)ctx;
    if (!C.copy)
        return 0;
    if (!*ev) {
        CUevent e = NULL;
        CUresult r = C.d->cuEventCreate(&e, CU_EVENT_DISABLE_TIMING);
        if (r != CU_OK)
            return r;
        *ev = (uint64_t)(uintptr_t)e;
    }
    return C.d->cuEventRecord((CUevent)(uintptr_t)*ev, stream_of(stream));
}

static int res_wait(void *ctx, int stream, uint64_t ev)
{
    (void)ctx;
    if (!C.copy)
        return 0;
    return C.d->cuStreamWaitEvent(stream_of(stream), (CUevent)(uintptr_t)ev, 0);
}

static int res_sync(void *ctx, uint64_t ev)
{
    (void)ctx;
    return C.copy ? C.d->cuEventSynchronize((CUevent)(uintptr_t)ev) : 0;
}

static void res_event_free(void *ctx, uint64_t ev)
{
    (void)ctx;
    if (C.copy)
        C.d->cuEventDestroy((CUevent)(uintptr_t)ev);
}

/* The host side (another thread, perhaps) acquiring a buffer: the context is made
 * current on the calling thread. */
static void res_lock(void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&C.mu);
    C.d->cuCtxSetCurrent(C.ctx);
}

static void res_unlock(void *ctx)
{
    (void)ctx;
    pthread_mutex_unlock(&C.mu);
}

static const RtDevOps res_ops = {
    .alloc = res_alloc, .free = res_free, .upload = res_upload, .download = res_download, .lock = res_lock,
    .unlock = res_unlock, .record = res_record, .wait = res_wait, .sync = res_sync, .event_free = res_event_free,
    .free_after = res_free_after};

static void print_stats(void)
{
    fprintf(stderr, "qpipe: cuda transfers: %lld uploads (%lld bytes), %lld downloads (%lld bytes)\n",
            (long long)C.uploads, (long long)C.upload_bytes, (long long)C.downloads, (long long)C.download_bytes);
    fprintf(stderr, "qpipe: cuda launches: %lld issued, %lld waited for at once, %lld retired for room; "
            "issued while a launch ran: %lld uploads, %lld downloads\n", (long long)C.fl.issued,
            (long long)C.fl.waited, (long long)C.fl.retired, (long long)C.up_overlap, (long long)C.down_overlap);
    fprintf(stderr, "qpipe: cuda textures: %lld made, %lld reused, %lld refilled\n", (long long)C.tex.made,
            (long long)C.tex.hits, (long long)C.tex.refills);
    RtCudaPinnedStats p = rt_cuda_pinned_stats();
    fprintf(stderr, "qpipe: cuda pinned frames: %lld allocated (%lld bytes), %lld reused, %lld failed\n",
            (long long)p.allocated, (long long)p.bytes, (long long)p.reused, (long long)p.failed);
}

/* Probe the driver and the first device once. Called with mu held. */
static void probe(void)
{
    if (C.state)
        return;
    C.state = -1;
    const RtCudaDriver *d = rt_cuda_driver(C.why, sizeof C.why);
    if (!d)
        return;
    CUresult r = d->cuInit(0);
    if (r == CU_ERROR_NO_DEVICE) {
        snprintf(C.why, sizeof C.why, "no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)");
        return;
    }
    if (r != CU_OK) {
        char b[32];
        const char *name = rt_cuda_error_name(r, b, sizeof b);
        if (r == 34)
            snprintf(C.why, sizeof C.why, "no CUDA device: libcuda is the toolkit's stub, no driver is installed "
                     "(cuInit: %s)", name);
        else if (r == 36 || r == 803)
            snprintf(C.why, sizeof C.why, "the CUDA driver is too old (cuInit: %s)", name);
        else
            snprintf(C.why, sizeof C.why, "the CUDA driver does not start (cuInit: %s)", name);
        return;
    }
    int count = 0, version = 0;
    if (d->cuDeviceGetCount(&count) != CU_OK || count < 1) {
        snprintf(C.why, sizeof C.why, "no CUDA device");
        return;
    }
    d->cuDriverGetVersion(&version);
    char nvwhy[256];
    const RtCudaNvrtc *nv = rt_cuda_nvrtc(nvwhy, sizeof nvwhy);
    if (!nv) {
        snprintf(C.why, sizeof C.why, "%s", nvwhy);
        return;
    }
    int major = 0, minor = 0;
    nv->nvrtcVersion(&major, &minor);
    /* PTX of a newer NVRTC names a PTX ISA the older driver's JIT does not know */
    if (version < major * 1000 + minor * 10) {
        snprintf(C.why, sizeof C.why, "the CUDA driver (%d.%d) is too old for NVRTC %d.%d", version / 1000,
                 version % 1000 / 10, major, minor);
        return;
    }
    if (C.ordinal >= count) {
        snprintf(C.why, sizeof C.why, "no CUDA device %d (%d found, numbered from 0)", C.ordinal, count);
        return;
    }
    int cmaj = 0, cmin = 0;
    if ((r = d->cuDeviceGet(&C.dev, C.ordinal)) != CU_OK ||
        (r = d->cuDeviceGetAttribute(&cmaj, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, C.dev)) != CU_OK ||
        (r = d->cuDeviceGetAttribute(&cmin, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, C.dev)) != CU_OK ||
        (r = d->cuDevicePrimaryCtxRetain(&C.ctx, C.dev)) != CU_OK) {
        snprintf(C.why, sizeof C.why, "CUDA device %d does not answer (%s)", C.ordinal, err_name(r));
        return;
    }
    d->cuDeviceGetName(C.dev_name, sizeof C.dev_name, C.dev);
    /* lockstep blocks keep their threads' state in qp_calloc'd memory: the default 8 MiB
     * device heap is too small for many blocks in flight (a failure falls back anyway) */
    if (d->cuCtxSetCurrent(C.ctx) == CU_OK) {
        d->cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, CUDA_HEAP_BYTES);
        /* blocking streams: what still runs on the legacy stream (argument arrays,
         * 'hwconst and texture copies, cuFFT, cuBLAS) stays ordered with both */
        bool ok = d->cuStreamCreate(&C.copy, 0) == CU_OK;
        for (int i = 0; i < CUDA_STREAMS && ok; i++)
            ok = d->cuStreamCreate(&C.compute[i], 0) == CU_OK;
        if (!ok) {
            C.copy = NULL;
            memset(C.compute, 0, sizeof C.compute);
        }
    }
    C.arch = cmaj * 10 + cmin;
    C.d = d;
    C.pool = (RtCudaPool){.dev_alloc = pool_alloc, .dev_free = pool_free, .limit = CUDA_CACHE_LIMIT};
    C.fl = (RtCudaInflight){.d = d, .pool = &C.pool};
    C.state = 1;
    const char *st = getenv("QPIPE_CUDA_STATS");
    if (st && *st && strcmp(st, "0"))
        atexit(print_stats);
}

const RtCudaDriver *rt_cuda_current(void)
{
    pthread_mutex_lock(&C.mu);
    probe();
    const RtCudaDriver *d = C.state > 0 && C.d->cuCtxSetCurrent(C.ctx) == CU_OK ? C.d : NULL;
    pthread_mutex_unlock(&C.mu);
    return d;
}

bool rt_cuda_set_device(int ordinal, int *current)
{
    pthread_mutex_lock(&C.mu);
    bool ok = C.state <= 0 || C.ordinal == ordinal;    /* no device in use: nothing to move */
    if (!C.state)
        C.ordinal = ordinal;
    if (current)
        *current = C.ordinal;
    pthread_mutex_unlock(&C.mu);
    return ok;
}

bool rt_cuda_probed(void)
{
    pthread_mutex_lock(&C.mu);
    bool done = C.state != 0;
    pthread_mutex_unlock(&C.mu);
    return done;
}

const RtDevOps *rt_cuda_dev_ops(void)
{
    pthread_mutex_lock(&C.mu);
    probe();
    bool ok = C.state > 0;
    pthread_mutex_unlock(&C.mu);
    return ok ? &res_ops : NULL;
}

/* The device context is the process's (one driver context, like FFTW's planner): the host
 * argument is not needed to answer. */
static bool cuda_available(RtHost *host, char *why, size_t len)
{
    (void)host;
    pthread_mutex_lock(&C.mu);
    probe();
    bool ok = C.state > 0;
    if (!ok)
        snprintf(why, len, "%s", C.why);
    pthread_mutex_unlock(&C.mu);
    return ok;
}

const char *rt_cuda_device_name(int *arch)
{
    pthread_mutex_lock(&C.mu);
    probe();
    if (arch)
        *arch = C.state > 0 ? C.arch : 0;
    const char *n = C.state > 0 ? C.dev_name : NULL;
    pthread_mutex_unlock(&C.mu);
    return n;
}

/* The same kernel on the CPU engine, for a kernel the GPU cannot take. */
static RtEngineKernel *on_cpu(RtEngineKernel *k, char *err, size_t errlen)
{
    bool cached;
    if (!k->cpu)
        k->cpu = rt_cpu_engine.compile(k->host, k->name, k->text, k->lockstep, &cached, err, errlen);
    return k->cpu;
}

/* A kernel the GPU cannot take (NVRTC or the driver refuses it) runs on the CPU engine,
 * with one warning: the program still runs, and the message says what to report. */
/* What a host holds of this engine (rt_host_engine_state): the process's context, so that
 * the host's free trims the device blocks cached (cuda_shutdown). */
static void *host_state(RtHost *host)
{
    (void)host;
    return &C;
}

static RtEngineKernel *cuda_compile(RtHost *host, const char *name, const char *text, bool lockstep, bool *cached,
                                    char *err, size_t errlen)
{
    rt_host_engine_state(host, &rt_cuda_engine, host_state);
    RtEngineKernel *k = calloc(1, sizeof *k);
    if (!k || !(k->name = strdup(name)) || !(k->text = strdup(text))) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    k->lockstep = lockstep;
    k->waits = strstr(text, "qp_fail(qp_st, 3,") != NULL;
    k->home = -1;
    const char *native = lockstep ? strstr(text, "\n#define QPK_NATIVE ") : NULL;
    if (native)
        k->shared = (unsigned)strtoul(native + strlen("\n#define QPK_NATIVE "), NULL, 10);
    k->grid = lockstep && strstr(text, "\n#define QPK_GRID ");
    const char *hwconst = strstr(text, "\n#define QPK_HWCONST ");
    if (hwconst)
        k->hwconst = strtoull(hwconst + strlen("\n#define QPK_HWCONST "), NULL, 16);
    k->ntex = rt_cuda_tex_specs(text, k->tex, RT_CUDA_MAX_TEX);
    k->host = host;
    pthread_mutex_lock(&C.mu);
    probe();
    int arch = C.arch;
    pthread_mutex_unlock(&C.mu);
    /* kernel_compiled.c adds the entry already; a text from elsewhere gets it here */
    char *full = arch ? rt_cuda_entry_text(text, err, errlen) : NULL;
    char *ptx = full ? rt_cuda_ptx(name, full, arch, cached, err, errlen) : NULL;
    free(full);
    if (!arch)
        snprintf(err, errlen, "no CUDA device");
    CUresult r = CU_OK;
    if (ptx) {
        pthread_mutex_lock(&C.mu);
        r = C.d->cuCtxSetCurrent(C.ctx);
        if (r == CU_OK)
            r = C.d->cuModuleLoadData(&k->mod, ptx);
        if (r == CU_OK)
            r = C.d->cuModuleGetFunction(&k->fn, k->mod, RT_CUDA_ENTRY);
        int min_grid = 0;
        if (r == CU_OK && !lockstep)
            r = C.d->cuOccupancyMaxPotentialBlockSize(&min_grid, &k->block, k->fn, NULL, 0, 0);
        if (r == CU_OK && k->hwconst && C.d->cuModuleGetGlobal(&k->cbase, &k->cbytes, k->mod, "qpk_const") != CU_OK)
            k->hwconst = 0;     /* the arrays stay in global memory */
        pthread_mutex_unlock(&C.mu);
        if (r != CU_OK)
            snprintf(err, errlen, "loading its PTX: %s", err_name(r));
        free(ptx);
    }
    if (ptx && r == CU_OK) {
        if (k->block < 32)
            k->block = 32;
        return k;
    }
    if (k->mod)
        C.d->cuModuleUnload(k->mod);
    k->mod = NULL;
    k->fn = NULL;
    err[strcspn(err, "\n")] = '\0';
    fprintf(stderr, "qpipe: warning: kernel '%s' runs on the CPU, not the GPU (a bug of qpipe): %s\n", name, err);
    if (on_cpu(k, err, errlen))
        return k;
fail:
    if (k) {
        free(k->name);
        free(k->text);
        free(k);
    }
    return NULL;
}

/* The launch shape: CUDA's x is the innermost dimension (pos[rank-1]), as qpk_cuda reads
 * it. False when the grid does not fit CUDA's limits or the text's mapping (rank 4 maps
 * dim 0 to nothing, so it must be 1). */
bool rt_cuda_launch_shape(int block, int how, const RtEngineGrid *g, unsigned grid[3], unsigned blk[3])
{
    if (how != RT_CUDA_PLAIN) {     /* a CUDA block per block of the grid (emit_c.c) */
        int64_t nt = 1;
        for (int k = 0; k < g->rank && how == RT_CUDA_NATIVE; k++)
            nt *= g->blk[k];
        if (g->nblocks > 0x7fffffff || nt < 1 || nt > 1024)
            return false;
        grid[0] = (unsigned)g->nblocks, grid[1] = grid[2] = 1;
        blk[0] = (unsigned)nt, blk[1] = blk[2] = 1;
        return true;
    }
    int r = g->rank;
    if (r == 4 && g->dims[0] != 1)
        return false;
    int64_t d[3] = {1, 1, 1};   /* x, y, z */
    for (int i = 0; i < 3 && i < r; i++)
        d[i] = g->dims[r - 1 - i];
    int64_t b[3] = {1, 1, 1};
    int64_t left = block;
    b[0] = d[0] >= left ? left : d[0] < 32 ? d[0] : (d[0] + 31) / 32 * 32;
    if (b[0] > left)
        b[0] = left;
    left /= b[0];
    if (r >= 2) {
        b[1] = d[1] < left ? d[1] : left;
        left /= b[1];
    }
    if (r >= 3 && left > 1)
        b[2] = d[2] < left ? d[2] : (left > 64 ? 64 : left);
    static const int64_t max[3] = {0x7fffffff, 65535, 65535};
    for (int i = 0; i < 3; i++) {
        if (b[i] < 1)
            b[i] = 1;
        int64_t n = (d[i] + b[i] - 1) / b[i];
        if (n > max[i] || n < 1)
            return false;
        grid[i] = (unsigned)n;
        blk[i] = (unsigned)b[i];
    }
    return true;
}

/* How a launch uses an array, from what kernel.c recorded on its buffer: 'const is read
 * only; a declared 'nocopy is written in full (no upload); a parameter never read but
 * written (inferred 'nocopy) may leave elements alone, which must keep their values, so
 * its stale device copy is uploaded. */
static unsigned buffer_use(const RtBuffer *b)
{
    if (b->flags & RT_BUF_CONST)
        return RT_USE_READ;
    if (b->flags & RT_BUF_NOCOPY_DECLARED)
        return RT_USE_WRITE | RT_USE_NOCOPY;
    return RT_USE_READ | RT_USE_WRITE;
}

/* A block of the allocator one launch uses besides the buffers' device copies (a short
 * vector, an accumulator, the argument array). */
typedef struct Moved {
    void *host;
    uint64_t dev;
    size_t bytes;
    bool download;              /* an accumulator: copied back after the kernel */
} Moved;

/* The compute stream of a launch (an index into C.compute): a kernel with 'hwconst arrays
 * always the same one (its module's qpk_const is refilled per launch, in that stream's
 * order); else the stream of the last use of its first array that has one (a chain of
 * kernels over a frame stays on one stream, where its order costs nothing); else the next
 * of the pool in turn, so launches that share no buffer run side by side. */
static int pick_stream(RtEngineKernel *k, RtBuffer *const *bufs, int nargs)
{
    if (k->hwconst) {
        if (k->home < 0)
            k->home = (int)(C.next_stream++ % CUDA_STREAMS);
        return k->home;
    }
    for (int i = 0; i < nargs; i++) {
        int s = bufs[i] ? rt_res_last_stream(bufs[i]) - RT_DEV_COMPUTE : -1;
        if (s >= 0 && s < CUDA_STREAMS)
            return s;
    }
    return (int)(C.next_stream++ % CUDA_STREAMS);
}

/* The texture object of a QPK_TEX argument (texcache.c), its handle in dargs[a].i; or 0,
 * and the kernel reads global memory: when the array is written by the kernel or shares
 * memory with another argument (a texture is a snapshot), cannot be a CUDA array, or a
 * driver call fails. Failures are not errors. */
static int launch_texture(const RtCudaTexSpec *s, const qp_arg *args, RtBuffer *const *bufs, int nargs, qp_arg *dargs,
                          CUstream st)
{
    int a = s->arg, entry = -1;
    if (a >= nargs)
        return -1;
    dargs[a].i = 0;
    if (!bufs[a] || !bufs[a]->device || !args[a].p || !dargs[a].p || !(bufs[a]->flags & RT_BUF_CONST))
        return -1;
    for (int j = 0; j < nargs; j++)
        if (j != a && args[j].p == args[a].p)
            return -1;
    const RtDevCopy *c = bufs[a]->device;
    if ((uint64_t)(uintptr_t)dargs[a].p != c->ptr)
        return -1;      /* in qpk_const ('hwconst as well): no texture */
    RtCuTexObject obj = rt_cuda_tex_get(&C.tex, C.d, st, s, args[a].d, c, &entry);
    dargs[a].i = (int64_t)obj;
    return obj ? entry : -1;
}

/* The tiled variant of a grid kernel's native text (QPK_GRID_TILED, kernels/qp_kernel.h):
 * the same text with that line first, compiled and loaded on the first grid too large to
 * wait in place. */
static CUresult load_tiled(RtEngineKernel *k)
{
    size_t n = strlen(k->text);
    char *text = malloc(n + 32), err[512];
    bool cached;
    if (!text)
        return 2;   /* CUDA_ERROR_OUT_OF_MEMORY */
    snprintf(text, n + 32, "#define QPK_GRID_TILED 1\n%s", k->text);
    char *full = rt_cuda_entry_text(text, err, sizeof err);
    char *ptx = full ? rt_cuda_ptx(k->name, full, C.arch, &cached, err, sizeof err) : NULL;
    free(full);
    free(text);
    if (!ptx)
        return 218;     /* CUDA_ERROR_INVALID_PTX: the CPU runs the kernel */
    CUresult r = C.d->cuModuleLoadData(&k->tiled_mod, ptx);
    free(ptx);
    if (r == CU_OK)
        r = C.d->cuModuleGetFunction(&k->tiled_fn, k->tiled_mod, RT_CUDA_ENTRY);
    if (r != CU_OK && k->tiled_mod) {
        C.d->cuModuleUnload(k->tiled_mod);
        k->tiled_mod = NULL;
        k->tiled_fn = NULL;
    }
    return r;
}

/* A kernel with grid barriers (docs/cuda.md "The CUDA text"): native blocks wait in place
 * when the device holds the whole grid (one cooperative launch); a larger grid runs the
 * tiled variant, and a text whose blocks are not native tiles its grid itself (coop.c). */
static CUresult grid_launch(RtEngineKernel *k, const RtEngineGrid *g, const unsigned grid[3], const unsigned blk[3],
                            CUstream st, void **params)
{
    if (!k->shared)
        return rt_cuda_coop_tiled(C.d, C.dev, &C.pool, k->mod, k->fn, g, st, params);
    CUresult r = rt_cuda_coop_launch(C.d, C.dev, k->fn, grid, blk, k->shared, st, params);
    if (r != RT_CUDA_COOP_TOO_LARGE)
        return r;
    if (!k->tiled_fn && (r = load_tiled(k)) != CU_OK)
        return r;
    return rt_cuda_coop_tiled(C.d, C.dev, &C.pool, k->tiled_mod, k->tiled_fn, g, st, params);
}

/* Issue the launch on the device: the buffers' device copies made current (each upload on
 * the copy stream, the launch's compute stream waiting on each buffer's event), the
 * argument array and short vectors copied on the compute stream, the kernel, its status
 * to page-locked memory (inflight.c). No synchronisation: *status is RT_STATUS_PENDING on
 * return, but for a kernel that may report status 3 or has accumulators to copy back,
 * which is waited for here (the engine's lock given up while it runs). CU_OK, or the
 * first failing call's result (the host copies are then what they were). */
static CUresult launch_device(RtEngineKernel *k, const qp_arg *args, RtBuffer *const *bufs, int nargs,
                              const RtEngineGrid *g, qp_status *status)
{
    const RtCudaDriver *d = C.d;
    unsigned grid[3], blk[3];
    int how = k->shared ? RT_CUDA_NATIVE : k->lockstep ? RT_CUDA_LOCKSTEP : RT_CUDA_PLAIN;
    if (!rt_cuda_launch_shape(k->block, how, g, grid, blk))
        return 1;       /* CUDA_ERROR_INVALID_VALUE */
    CUresult r = d->cuCtxSetCurrent(C.ctx);
    if (r != CU_OK)
        return r;
    int si = pick_stream(k, bufs, nargs), sid = RT_DEV_COMPUTE + si;
    CUstream st = C.compute[si];
    RtCudaSlot *slot = rt_cuda_inflight_take(&C.fl, st, &r);
    if (!slot)
        return r;
    qp_arg dargs[nargs > 0 ? nargs : 1];
    Moved moved[nargs + 1];
    int nm = 0, first_acc = nargs - (g->nacc > 0 ? g->nacc : 0);
    bool now = k->waits;
    size_t cused = 0;       /* bytes of qpk_const given to 'hwconst arrays */
    for (int i = 0; i < nargs && r == CU_OK; i++) {
        dargs[i] = args[i];
        if (!args[i].p)
            continue;
        if (bufs[i]) {          /* an array: its device copy, kept between launches */
            uint64_t p = 0;
            r = rt_res_device_on(bufs[i], &res_ops, buffer_use(bufs[i]), sid, &p);
            dargs[i].p = (void *)(uintptr_t)p;
            size_t bytes = bufs[i]->bytes;
            if (r == CU_OK && i < 64 && (k->hwconst >> i & 1) && cused + bytes <= k->cbytes) {
                /* 'hwconst: read from the module's __constant__ memory, filled from the
                 * (current) device copy on this kernel's stream; the kernel only reads it */
                r = d->cuMemcpyDtoDAsync(k->cbase + cused, p, bytes, st);
                dargs[i].p = (void *)(uintptr_t)(k->cbase + cused);
                cused += (bytes + 15) / 16 * 16;
            }
            continue;
        }
        void *host = args[i].p;
        size_t bytes = (size_t)(args[i].d[0] > 0 ? args[i].d[0] : 1) * sizeof(double);    /* vec, accumulator */
        int same = -1;
        for (int j = 0; j < nm; j++)
            if (moved[j].host == host)
                same = j;
        if (same >= 0) {        /* aliasing arguments share one device copy */
            dargs[i].p = (void *)(uintptr_t)moved[same].dev;
            continue;
        }
        Moved *m = &moved[nm];
        *m = (Moved){.host = host, .bytes = bytes, .download = i >= first_acc};
        if ((r = rt_cuda_pool_get(&C.pool, bytes, &m->dev)) != CU_OK)
            break;
        nm++;
        now |= m->download;
        /* from pageable memory: the driver stages it before returning */
        r = d->cuMemcpyHtoDAsync(m->dev, host, bytes, st);
        dargs[i].p = (void *)(uintptr_t)m->dev;
    }
    int tex[RT_CUDA_MAX_TEX], nt = 0;
    for (int i = 0; i < k->ntex && r == CU_OK; i++) {
        int e = launch_texture(&k->tex[i], args, bufs, nargs, dargs, st);
        if (e >= 0)
            tex[nt++] = e;
    }
    uint64_t dev_args = 0;
    size_t args_bytes = sizeof(qp_arg) * (size_t)(nargs > 0 ? nargs : 1);
    if (r == CU_OK && (r = rt_cuda_pool_get(&C.pool, args_bytes, &dev_args)) == CU_OK) {
        moved[nm++] = (Moved){.host = NULL, .dev = dev_args, .bytes = args_bytes};
        r = d->cuMemcpyHtoDAsync(dev_args, dargs, args_bytes, st);
    }
    if (r == CU_OK) {
        qp_arg dims, blkd;
        memset(&dims, 0, sizeof dims);
        memset(&blkd, 0, sizeof blkd);
        for (int i = 0; i < 4; i++) {
            dims.d[i] = i < g->rank ? g->dims[i] : 1;
            blkd.d[i] = i < g->rank ? g->blk[i] : 1;
        }
        CUdeviceptr pa = dev_args, ps = slot->dev_status;
        void *params[] = {&pa, &ps, &dims, &blkd};
        if (k->grid)    /* every block resident (coop.c) */
            r = grid_launch(k, g, grid, blk, st, params);
        else
            r = d->cuLaunchKernel(k->fn, grid[0], grid[1], grid[2], blk[0], blk[1], blk[2], k->shared, st, params,
                                  NULL);
    }
    /* accumulators back (to pageable memory: the call returns once the kernel is done) */
    for (int j = 0; j < nm && r == CU_OK; j++)
        if (moved[j].download)
            r = d->cuMemcpyDtoHAsync(moved[j].host, moved[j].dev, moved[j].bytes, st);
    /* the blocks go back when the kernel is done: the slot's, or here after a wait */
    int kept = 0;
    for (int j = 0; j < nm; j++)
        if (rt_cuda_inflight_hold(slot, moved[j].dev, moved[j].bytes))
            moved[j].bytes = 0;
        else
            kept++;
    now |= kept > 0;
    if (r != CU_OK) {
        rt_cuda_inflight_abandon(&C.fl, slot, st);  /* waits for the stream */
        for (int j = 0; j < nm; j++)
            if (moved[j].bytes)
                rt_cuda_pool_put(&C.pool, moved[j].dev, moved[j].bytes);
        return r;
    }
    r = rt_cuda_inflight_issue(&C.fl, slot, st, status, k->name);
    for (int i = 0; i < nt && r == CU_OK; i++)
        rt_cuda_tex_used(&C.tex, d, tex[i], st);
    if (r == CU_OK && now) {
        /* the status is needed now: a failure 3 runs the kernel on the CPU, accumulators
         * are read as soon as the launch returns */
        C.fl.waited++;
        r = rt_cuda_inflight_wait(&C.fl, status, eng_unlock, eng_lock);
        if (r == CU_OK && status->failed == 3)
            r = 2;      /* the device heap (qp_calloc of lockstep blocks) or a native block's shared memory ran out: CPU */
    }
    for (int j = 0; j < nm; j++)
        if (moved[j].bytes)
            rt_cuda_pool_put(&C.pool, moved[j].dev, moved[j].bytes);
    if (r != CU_OK)
        return r;
    /* the buffers' events after the kernel: later copies and launches wait for it */
    for (int i = 0; i < nargs; i++)
        if (bufs[i] && args[i].p)
            rt_res_launched_on(bufs[i], buffer_use(bufs[i]), sid);
    return CU_OK;
}

/* The CPU engine works on host memory: every array's host copy made current, its device
 * copy stale (the CPU writes). */
static void host_all(RtBuffer *const *bufs, int nargs)
{
    for (int i = 0; i < nargs; i++)
        if (bufs[i] && !rt_buf_host(bufs[i], !(bufs[i]->flags & RT_BUF_CONST)))
            fprintf(stderr, "qpipe: warning: a buffer could not be copied back from the GPU\n");
}

static void cuda_launch(RtEngineKernel *k, const qp_arg *args, RtBuffer *const *bufs, int nargs,
                        const RtEngineGrid *grid, qp_status *status)
{
    if (!k->fn) {
        host_all(bufs, nargs);
        rt_cpu_engine.launch(k->cpu, args, bufs, nargs, grid, status);
        return;
    }
    pthread_mutex_lock(&C.mu);
    CUresult r = launch_device(k, args, bufs, nargs, grid, status);
    bool warn = r != CU_OK && !C.fallback_warned;
    if (warn)
        C.fallback_warned = true;
    pthread_mutex_unlock(&C.mu);
    if (r == CU_OK)
        return;
    /* the same kernel on the CPU: the host copies are what they were before the launch */
    if (warn)
        fprintf(stderr, "qpipe: warning: kernel '%s' cannot run on the GPU (%s): it runs on the CPU\n", k->name,
                r == 1 ? "grid too large"
                : r == RT_CUDA_COOP_TOO_LARGE ? "syncthreads(grid) needs the whole grid resident, the device holds fewer blocks"
                : err_name(r));
    memset(status, 0, sizeof *status);
    char err[1024];
    if (!on_cpu(k, err, sizeof err)) {
        fprintf(stderr, "qpipe: internal error: kernel '%s' did not compile:\n%s\n", k->name, err);
        status->failed = 3;
        return;
    }
    host_all(bufs, nargs);
    rt_cpu_engine.launch(k->cpu, args, bufs, nargs, grid, status);
}

/* The status of a launch that returned RT_STATUS_PENDING: its event waited for without the
 * engine's lock (inflight.c), then the status read. */
static void cuda_settle(qp_status *status)
{
    pthread_mutex_lock(&C.mu);
    if (C.state > 0 && status->failed == RT_STATUS_PENDING) {
        C.d->cuCtxSetCurrent(C.ctx);
        rt_cuda_inflight_wait(&C.fl, status, eng_unlock, eng_lock);
    }
    if (status->failed == RT_STATUS_PENDING)
        memset(status, 0, sizeof *status);      /* not ours: nothing to wait for */
    pthread_mutex_unlock(&C.mu);
}

static void cuda_free(RtEngineKernel *k)
{
    if (!k)
        return;
    pthread_mutex_lock(&C.mu);
    if (k->mod && C.d) {
        C.d->cuCtxSetCurrent(C.ctx);
        C.d->cuCtxSynchronize();        /* no launch of it (or use of its qpk_const) still running */
        C.d->cuModuleUnload(k->mod);
        if (k->tiled_mod)
            C.d->cuModuleUnload(k->tiled_mod);
    }
    pthread_mutex_unlock(&C.mu);
    if (k->cpu)
        rt_cpu_engine.free(k->cpu);
    free(k->name);
    free(k->text);
    free(k);
}

/* The device blocks cached go back to the driver; the context and the libraries stay
 * until the process ends. Called by the host (host.c) before the CPU engine's shutdown,
 * which unloads the fallbacks' objects. */
static void cuda_shutdown(void *state)
{
    (void)state;                /* &C: the process's context */
    pthread_mutex_lock(&C.mu);
    if (C.state > 0) {
        C.d->cuCtxSetCurrent(C.ctx);
        rt_cuda_inflight_drain(&C.fl);
        reap(true);
        rt_cuda_tex_clear(&C.tex, C.d);
        rt_cuda_fft_shutdown();
        rt_cuda_pool_trim(&C.pool);
    }
    pthread_mutex_unlock(&C.mu);
    rt_cuda_ptx_shutdown();
}

const RtEngine rt_cuda_engine = {
    .name = "cuda",
    .available = cuda_available,
    .compile = cuda_compile,
    .launch = cuda_launch,
    .settle = cuda_settle,
    .free = cuda_free,
    .shutdown = cuda_shutdown,
    .host_alloc = rt_cuda_host_alloc,
    .host_free = rt_cuda_host_free,
    .gl = &rt_cuda_gl,          /* the display's CUDA–GL interop (gl.c) */
};
