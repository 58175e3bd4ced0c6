/*
 * engine.c - the CPU engine (runtime/engine.h): a kernel's text compiled by the system C
 * compiler through the JIT (jit.c) and run over the grid on the thread pool (pool.c).
 *
 * A kernel without barriers exports qpk_run(args, dims, blk, lo, hi, status), which runs
 * the positions whose first coordinate is in [lo, hi): the pool splits the rows of dim 0,
 * several rows per task when rows are short. A lockstep kernel exports qpk_blocks with the
 * same signature over block numbers: each task runs whole blocks, their threads in
 * lockstep.
 */
#include "runtime/cpu/jit.h"
#include "runtime/engine.h"
#include "runtime/interp.h"

#include <stdlib.h>

typedef void (*Entry)(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, int64_t hi,
                      qp_status *status);

struct RtEngineKernel {
    Entry entry;
    bool lockstep;
};

static bool cpu_available(char *why, size_t len)
{
    if (rt_jit_available())
        return true;
    rt_jit_unavailable_reason(why, len);
    return false;
}

static RtEngineKernel *cpu_compile(const char *name, const char *text, bool lockstep, bool *cached, char *err,
                                   size_t errlen)
{
    int compiled_before, cached_before, compiled_after, cached_after;
    rt_jit_stats(&compiled_before, &cached_before);
    Entry e = (Entry)rt_jit_symbol(name, text, lockstep ? "qpk_blocks" : "qpk_run", err, errlen);
    if (!e)
        return NULL;
    rt_jit_stats(&compiled_after, &cached_after);
    *cached = compiled_after == compiled_before;
    RtEngineKernel *k = malloc(sizeof *k);
    if (!k) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    k->entry = e;
    k->lockstep = lockstep;
    return k;
}

typedef struct RowJob {
    Entry entry;
    const qp_arg *args;
    const int64_t *dims, *blk;
    qp_status *status;
} RowJob;

static void run_rows(void *ctx, int64_t lo, int64_t hi)
{
    RowJob *j = ctx;
    j->entry(j->args, j->dims, j->blk, lo, hi, j->status);
}

static void cpu_launch(RtEngineKernel *k, const qp_arg *args, RtBuffer *const *bufs, int nargs,
                       const RtEngineGrid *grid, qp_status *status)
{
    (void)bufs, (void)nargs;    /* host memory: the kernel reads the buffers where they are */
    RowJob job = {.entry = k->entry, .args = args, .dims = grid->dims, .blk = grid->blk, .status = status};
    int64_t rows = grid->dims[0];
    int64_t per_row = 1;
    for (int d = 1; d < grid->rank; d++)
        per_row *= grid->dims[d];
    int64_t grain = per_row >= 4096 ? 1 : 4096 / (per_row ? per_row : 1);
    if (k->lockstep)
        rt_parallel_for(grid->nblocks, 1, run_rows, &job);     /* blocks, each in lockstep */
    else
        rt_parallel_for(rows, grain, run_rows, &job);
}

static void cpu_free(RtEngineKernel *k)
{
    free(k);    /* the code stays loaded until shutdown: the JIT owns the objects */
}

const RtEngine rt_cpu_engine = {
    .name = "cpu",
    .available = cpu_available,
    .compile = cpu_compile,
    .launch = cpu_launch,
    .free = cpu_free,
    .shutdown = rt_jit_shutdown,
};
