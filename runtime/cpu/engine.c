/*
 * engine.c - the CPU engine (runtime/engine.h): a kernel's text compiled by the system C
 * compiler through the JIT (jit.c) and run over the grid on the thread pool (pool.c).
 *
 * A kernel without barriers exports qpk_run(args, dims, blk, lo, hi, status), which runs
 * the positions whose first coordinate is in [lo, hi): the pool splits the rows of dim 0,
 * several rows per task when rows are short. A lockstep kernel exports qpk_blocks with the
 * same signature over block numbers: each task runs whole blocks, their threads in
 * lockstep. A kernel with grid barriers (its text defines QPK_GRID, lang/klockstep.c)
 * exports qpk_grid_blocks instead: the launch keeps every block's threads (the state) and
 * runs the grid in passes, each block up to its next grid barrier, until every block has
 * ended; a pass starts when the one before has ended in every block, which is the barrier.
 *
 * Its state on a host is one JIT (jit.h), made on the host's first kernel with the host's
 * kernel folder and freed with the host (shutdown); a kernel keeps the host's pool.
 */
#include "runtime/cpu/jit.h"
#include "runtime/engine.h"
#include "runtime/interp.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*Entry)(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, int64_t hi,
                      qp_status *status);

typedef int64_t (*GridEntry)(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, int64_t hi,
                             qp_status *status, void *state);

struct RtEngineKernel {
    Entry entry;
    GridEntry grid;             /* a kernel with grid barriers (then entry is NULL) */
    size_t *state;              /* … the state of its last launch, kept for the next (taken
                                   by a launch with an atomic exchange: launches may overlap);
                                   state[0] its bytes, the threads after STATE_HEAD */
    bool lockstep;
    RtPool *pool;               /* the host's */
    atomic_llong cost_ps;       /* CPU time of one position in its last launch, picoseconds
                                   (0: not launched yet); launches may overlap */
};


static void *make_jit(RtHost *host)
{
    return rt_jit_new(&(RtJitConfig){.kernel_dir = rt_host_kernel_dir(host)});
}

static RtJit *host_jit(RtHost *host)
{
    return rt_host_engine_state(host, &rt_cpu_engine, make_jit);
}

static bool cpu_available(RtHost *host, char *why, size_t len)
{
    RtJit *jit = host_jit(host);
    if (!jit) {
        snprintf(why, len, "out of memory");
        return false;
    }
    if (rt_jit_available(jit))
        return true;
    rt_jit_unavailable_reason(jit, why, len);
    return false;
}

static RtEngineKernel *cpu_compile(RtHost *host, const char *name, const char *text, bool lockstep, bool *cached,
                                   char *err, size_t errlen)
{
    RtJit *jit = host_jit(host);
    if (!jit) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    int compiled_before, cached_before, compiled_after, cached_after;
    rt_jit_stats(jit, &compiled_before, &cached_before);
    bool grid = lockstep && strstr(text, "\n#define QPK_GRID ");
    void *e = rt_jit_symbol(jit, name, text, grid ? "qpk_grid_blocks" : lockstep ? "qpk_blocks" : "qpk_run", err,
                            errlen);
    if (!e)
        return NULL;
    rt_jit_stats(jit, &compiled_after, &cached_after);
    *cached = compiled_after == compiled_before;
    RtEngineKernel *k = malloc(sizeof *k);
    if (!k) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    k->state = NULL;
    k->entry = grid ? NULL : (Entry)e;
    k->grid = grid ? (GridEntry)e : NULL;
    k->lockstep = lockstep;
    k->pool = rt_host_pool(host);
    atomic_init(&k->cost_ps, 0);
    return k;
}

/* A launch runs in slices and polls the interrupt flag between them. The first slice of
 * each chunk has about SLICE_ELEMS elements (a row at least), so that Ctrl-C stops a
 * kernel that is heavy per element quickly; a slice that took less than SLICE_SECONDS
 * doubles the next, so that a cheap kernel makes few calls (one call per row of 1024
 * elements cost 5% on a trivial 1-D kernel; growing slices cost nothing). */
#define SLICE_ELEMS 1024
#define SLICE_SECONDS 1e-3

/* The pool's chunks (cpu_grain): GRAIN_ELEMS positions at least while a kernel's cost
 * is not known, or about GRAIN_NS nanoseconds of work once it is (a worker's wake-up and
 * the wait for it cost some microseconds). */
#define GRAIN_ELEMS 4096
#define GRAIN_NS 200000.0

/* Rows of the grid per chunk of the pool: chunks of at least GRAIN_ELEMS positions while a
 * kernel's cost is unknown (its first launch) or small, fewer once its last launch showed
 * positions heavy enough that GRAIN_NS of work fills a chunk with fewer: then the few
 * threads of a small grid (the reference tiles of presets/denoise.q, a few dozen positions
 * of milliseconds each) are shared by the pool's threads instead of all run by the caller.
 * It never asks for larger chunks than GRAIN_ELEMS positions. */
static int64_t cpu_grain(int64_t per_row, long long cost_ps)
{
    int64_t elems = GRAIN_ELEMS;
    if (cost_ps > 0 && GRAIN_NS * 1000.0 / (double)cost_ps < (double)GRAIN_ELEMS)
        elems = (int64_t)(GRAIN_NS * 1000.0 / (double)cost_ps) + 1;
    if (per_row < 1)
        per_row = 1;
    return per_row >= elems ? 1 : elems / per_row;
}

typedef struct RowJob {
    Entry entry;
    const qp_arg *args;
    const int64_t *dims, *blk;
    int64_t slice;              /* rows (blocks) per call: the interrupt is polled between */
    const RtKernelSite *site;   /* what a crash inside the call reports (crash.c) */
    qp_status *status;
} RowJob;

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A chunk of the pool: [lo, hi) in slices, so that Ctrl-C stops a long launch within a
 * slice (the runtime raises the interrupt when the launch returns); a failed check or
 * assertion (qp_fail) also ends the chunk at the next slice. */
static void run_rows(void *ctx, int64_t lo, int64_t hi)
{
    RowJob *j = ctx;
    const RtKernelSite *prev = rt_kernel_site_enter(j->site);
    int64_t slice = j->slice;
    for (int64_t a = lo; a < hi && !rt_interrupt_pending();) {
        if (__atomic_load_n(&j->status->failed, __ATOMIC_RELAXED))
            break;
        int64_t b = hi - a > slice ? a + slice : hi;
        double t0 = seconds();
        j->entry(j->args, j->dims, j->blk, a, b, j->status);
        if (b < hi && seconds() - t0 < SLICE_SECONDS && slice < hi - lo)
            slice *= 2;
        a = b;
    }
    rt_kernel_site_leave(prev);
}

#define STATE_HEAD 64     /* the state's size, before the threads (64: their alignment) */

typedef struct GridJob {
    GridEntry entry;
    const qp_arg *args;
    const RtEngineGrid *grid;
    qp_status *status;
    unsigned char *state;
    size_t block_bytes;         /* a block's threads in the state */
    bool first;                 /* the first pass: each block's state zeroed before it runs */
    int64_t running;            /* blocks not ended after this pass (atomic) */
} GridJob;

static void run_grid_blocks(void *ctx, int64_t lo, int64_t hi)
{
    GridJob *j = ctx;
    const RtKernelSite *prev = rt_kernel_site_enter(j->grid->site);
    for (int64_t b = lo; b < hi && !rt_interrupt_pending(); b++) {
        if (__atomic_load_n(&j->status->failed, __ATOMIC_RELAXED))
            break;
        if (j->first)   /* here, in parallel and just before use, not all at once before */
            memset(j->state + (size_t)b * j->block_bytes, 0, j->block_bytes);
        int64_t n = j->entry(j->args, j->grid->dims, j->grid->blk, b, b + 1, j->status, j->state);
        __atomic_fetch_add(&j->running, n, __ATOMIC_RELAXED);
    }
    rt_kernel_site_leave(prev);
}

/* A kernel with grid barriers: passes over the grid (see the banner). The state, one
 * qpk_thread per thread of the grid, is what the interpreter keeps too (a frame per
 * thread); it is kept for the kernel's next launch (a frame's worth of it is tens of MB,
 * whose page faults cost more than the kernel), and zeroed block by block in the first
 * pass. When it cannot be had the launch fails as a block's qp_calloc does (status 3). */
static void grid_launch(RtEngineKernel *k, const qp_arg *args, const RtEngineGrid *grid, qp_status *status)
{
    int64_t per = k->grid(args, grid->dims, grid->blk, 0, 0, status, NULL);
    int64_t nt = 1;
    for (int d = 0; d < grid->rank; d++)
        nt *= grid->blk[d];
    if (grid->nblocks < 1)
        return;
    if (per < 1 || nt < 1 || (uint64_t)grid->nblocks > SIZE_MAX / (uint64_t)nt / (uint64_t)per) {
        status->failed = 3;
        return;
    }
    size_t bytes = (size_t)grid->nblocks * (size_t)nt * (size_t)per;
    if (bytes > SIZE_MAX - STATE_HEAD) {
        status->failed = 3;
        return;
    }
    size_t *state = __atomic_exchange_n(&k->state, NULL, __ATOMIC_ACQ_REL);
    if (state && state[0] < bytes) {
        free(state);
        state = NULL;
    }
    if (!state && (state = malloc(STATE_HEAD + bytes)))
        state[0] = bytes;
    if (!state) {
        status->failed = 3;
        return;
    }
    GridJob job = {.entry = k->grid, .args = args, .grid = grid, .status = status,
                   .state = (unsigned char *)state + STATE_HEAD, .block_bytes = (size_t)nt * (size_t)per,
                   .first = true};
    do {
        job.running = 0;
        rt_parallel_for(k->pool, grid->nblocks, 1, run_grid_blocks, &job);
        job.first = false;
    } while (job.running && !status->failed && !rt_interrupt_pending());
    /* keep it for the next launch, unless another launch kept one meanwhile */
    size_t *none = NULL;
    if (!__atomic_compare_exchange_n(&k->state, &none, state, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        free(state);
}

static void cpu_launch(RtEngineKernel *k, const qp_arg *args, RtBuffer *const *bufs, int nargs,
                       const RtEngineGrid *grid, qp_status *status)
{
    (void)bufs, (void)nargs;    /* host memory: the kernel reads the buffers where they are */
    if (k->grid) {
        grid_launch(k, args, grid, status);
        return;
    }
    RowJob job = {.entry = k->entry, .args = args, .dims = grid->dims, .blk = grid->blk, .site = grid->site,
                  .status = status};
    int64_t rows = grid->dims[0];
    int64_t per_row = 1;
    for (int d = 1; d < grid->rank; d++)
        per_row *= grid->dims[d];
    job.slice = k->lockstep ? 1 : per_row >= SLICE_ELEMS ? 1 : SLICE_ELEMS / (per_row ? per_row : 1);
    if (k->lockstep) {
        rt_parallel_for(k->pool, grid->nblocks, 1, run_rows, &job);     /* blocks, each in lockstep */
        return;
    }
    int64_t grain = cpu_grain(per_row, atomic_load_explicit(&k->cost_ps, memory_order_relaxed));
    double t0 = seconds();
    rt_parallel_for(k->pool, rows, grain, run_rows, &job);
    /* the pool ran min(rows / grain, threads) chunks side by side, one when fewer than 2 */
    int64_t most = rows / grain, threads = rt_pool_threads(k->pool);
    int64_t chunks = most < 2 ? 1 : most < threads ? most : threads;
    double ps = (seconds() - t0) * 1e12 * (double)chunks / ((double)rows * (double)(per_row ? per_row : 1));
    atomic_store_explicit(&k->cost_ps, ps < 1 ? 1 : ps > 1e15 ? (long long)1e15 : (long long)ps, memory_order_relaxed);
}


static void cpu_free(RtEngineKernel *k)
{
    if (k)
        free(k->state);
    free(k);    /* the code stays loaded until shutdown: the JIT owns the objects */
}

static void cpu_shutdown(void *state)
{
    rt_jit_free(state);
}

const RtEngine rt_cpu_engine = {
    .name = "cpu",
    .available = cpu_available,
    .compile = cpu_compile,
    .launch = cpu_launch,
    .free = cpu_free,
    .shutdown = cpu_shutdown,
};
