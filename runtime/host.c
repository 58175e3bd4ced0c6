/*
 * host.c - the host object (rt.h RtHost): the resources every runtime of a program shares,
 * owned once (DESIGN.md "Process-wide resources are owned once"), as Lua's global_State
 * is owned by its lua_State.
 *
 * A host owns, as fields of its own:
 *   - the thread pool (pool.c, RtPool), made when the first runtime is attached, so a
 *     command can set the thread count after reading its options, and freed with the host;
 *   - each engine's state (engine.h rt_host_engine_state): for the CPU engine the JIT
 *     (cpu/jit.c, RtJit) with its cache folder, loaded objects and statistics, made on the
 *     first kernel and freed through the engine's shutdown when the host is freed;
 *   - the builtin tables that the folders above the runtime register (io/, display/:
 *     rt_host_register_builtins), looked up after the runtime's own table (lib.c).
 * Freeing a runtime never touches them: a filter reloaded by `qpipe preview` frees its old
 * runtime while the new one, and any other filter of the chain, keeps its compiled kernels.
 * Runtimes made on a host count themselves in and out, so freeing a host that still has
 * runtimes is reported as the bug it is.
 *
 * Nothing here is a process global, so several hosts may live at once (tests/unit/
 * test_host.c runs kernels on two and frees them in either order). What stays process-
 * wide is what a library keeps global itself: FFTW's planner (lib_fft.c counts hosts in
 * and out) and OpenBLAS's thread count (linalg.c sets it before each call).
 */
#include "runtime/cuda/ptx.h"
#include "runtime/engine.h"
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/lib_fft.h"
#include "runtime/mem.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tables of builtins registered by the folders above the runtime: io/ and display/ today. */
#define RT_HOST_MAX_TABLES 8

struct RtHost {
    int threads;
    char *kernel_dir;
    int nruntimes;              /* runtimes made on this host and not yet freed */
    RtPool *pool;               /* made on first use (the first runtime, rt_host_pool) */
    bool started;               /* the pool was made (it may be NULL: out of memory, serial) */
    struct {
        const RtEngine *engine;
        void *state;
    } engines[RT_HOST_MAX_ENGINES];
    int nengines;
    struct {
        const RtBuiltin *table;
        int n;
    } tables[RT_HOST_MAX_TABLES];
    int ntables;
    pthread_mutex_t mu;
};

RtHost *rt_host_new(const RtOptions *opt)
{
    RtHost *h = calloc(1, sizeof *h);
    if (!h || (opt->kernel_dir && !(h->kernel_dir = strdup(opt->kernel_dir)))) {
        free(h);
        return NULL;
    }
    h->threads = opt->threads;
    pthread_mutex_init(&h->mu, NULL);
    rt_fft_attach();
    rt_cuda_ptx_configure(h->kernel_dir, NULL);     /* NVRTC's headers (cuda/ptx.h) */
    return h;
}

void rt_host_free(RtHost *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->mu);
    int n = h->nruntimes;
    pthread_mutex_unlock(&h->mu);
    if (n)
        fprintf(stderr, "qpipe: internal error: host freed with %d runtime%s alive\n", n,
                n == 1 ? "" : "s");
    rt_fft_detach();
    for (int i = h->nengines - 1; i >= 0; i--)
        h->engines[i].engine->shutdown(h->engines[i].state);   /* the JIT's loaded kernels */
    rt_pool_free(h->pool);
    rt_mem_trim();
    pthread_mutex_destroy(&h->mu);
    free(h->kernel_dir);
    free(h);
}

int rt_host_runtimes(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    int n = h->nruntimes;
    pthread_mutex_unlock(&h->mu);
    return n;
}

int rt_host_set_threads(RtHost *h, int threads)
{
    pthread_mutex_lock(&h->mu);
    int rc = h->started ? -1 : 0;
    if (!rc)
        h->threads = threads;
    pthread_mutex_unlock(&h->mu);
    return rc;
}

/* With mu held. */
static void start_pool(RtHost *h)
{
    if (!h->started) {
        h->pool = rt_pool_new(h->threads);
        h->started = true;
    }
}

void rt_host_attach(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    start_pool(h);
    h->nruntimes++;
    pthread_mutex_unlock(&h->mu);
}

void rt_host_detach(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    h->nruntimes--;
    pthread_mutex_unlock(&h->mu);
}

RtPool *rt_host_pool(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    start_pool(h);
    RtPool *p = h->pool;
    pthread_mutex_unlock(&h->mu);
    return p;
}

const char *rt_host_kernel_dir(RtHost *h)
{
    return h->kernel_dir;       /* set once by rt_host_new */
}

void *rt_host_engine_state(RtHost *h, const RtEngine *e, void *(*make)(RtHost *host))
{
    pthread_mutex_lock(&h->mu);
    void *state = NULL;
    int i = 0;
    while (i < h->nengines && h->engines[i].engine != e)
        i++;
    if (i < h->nengines) {
        state = h->engines[i].state;
    } else if (i < RT_HOST_MAX_ENGINES && (state = make(h))) {
        h->engines[i].engine = e;
        h->engines[i].state = state;
        h->nengines++;
    }
    pthread_mutex_unlock(&h->mu);
    return state;
}

void rt_host_register_builtins(RtHost *h, const RtBuiltin *table, int n)
{
    pthread_mutex_lock(&h->mu);
    bool known = false;
    for (int i = 0; i < h->ntables; i++)
        known |= h->tables[i].table == table;
    if (!known && h->ntables < RT_HOST_MAX_TABLES) {
        h->tables[h->ntables].table = table;
        h->tables[h->ntables++].n = n;
    }
    pthread_mutex_unlock(&h->mu);
}

const RtBuiltin *rt_host_find_builtin(RtHost *h, const char *name)
{
    /* registered before any runtime binds a name (qpipe/main.c), never changed after, so
     * the scan reads without the lock */
    for (int t = 0; t < h->ntables; t++)
        for (int i = 0; i < h->tables[t].n; i++)
            if (!strcmp(h->tables[t].table[i].name, name))
                return &h->tables[t].table[i];
    return NULL;
}
