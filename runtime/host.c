/*
 * host.c - the host object (rt.h RtHost): the process-wide resources every runtime shares,
 * owned once (DESIGN.md "Process-wide resources are owned once").
 *
 * The thread pool (pool.c), the CPU engine's JIT with its cache and loaded objects
 * (cpu/jit.c) and FFTW's plans and threads (lib_fft.c) are made when the host is created
 * and torn down when it is freed, never when a runtime is: a filter reloaded by
 * `qpipe preview` frees its old runtime while the new one, and any other filter of the chain,
 * keeps its compiled kernels. Runtimes made on a host count themselves in and out, so
 * freeing a host that still has runtimes is reported as the bug it is.
 *
 * These resources exist once per process (a pool's workers, the dynamic loader's objects),
 * so only one host may be alive at a time; rt_host_new refuses a second one. The pool starts
 * with the first runtime, so a command can set the thread count after reading its options.
 */
#include "runtime/cpu/jit.h"
#include "runtime/cuda/ptx.h"
#include "runtime/engine.h"
#include "runtime/interp.h"
#include "runtime/lib_fft.h"
#include "runtime/mem.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct RtHost {
    int threads;
    char *kernel_dir;
    int nruntimes;              /* runtimes made on this host and not yet freed */
    bool started;               /* the pool runs (started by the first runtime) */
    pthread_mutex_t mu;
};

static pthread_mutex_t host_mu = PTHREAD_MUTEX_INITIALIZER;
static RtHost *alive;           /* the one host of the process, or NULL */

RtHost *rt_host_new(const RtOptions *opt)
{
    pthread_mutex_lock(&host_mu);
    if (alive) {
        pthread_mutex_unlock(&host_mu);
        return NULL;
    }
    RtHost *h = calloc(1, sizeof *h);
    if (!h || (opt->kernel_dir && !(h->kernel_dir = strdup(opt->kernel_dir)))) {
        free(h);
        pthread_mutex_unlock(&host_mu);
        return NULL;
    }
    h->threads = opt->threads;
    pthread_mutex_init(&h->mu, NULL);
    rt_fft_attach();
    RtJitConfig jc = {.kernel_dir = h->kernel_dir};
    rt_jit_configure(&jc);
    rt_cuda_ptx_configure(h->kernel_dir, NULL);     /* NVRTC's headers (cuda/ptx.h) */
    alive = h;
    pthread_mutex_unlock(&host_mu);
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
    pthread_mutex_lock(&host_mu);
    rt_fft_detach();
    rt_cuda_engine.shutdown();    /* the device blocks cached (cuda/engine.c) */
    rt_cpu_engine.shutdown();     /* the JIT's loaded kernels */
    rt_pool_shutdown();
    rt_mem_trim();
    alive = NULL;
    pthread_mutex_unlock(&host_mu);
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

void rt_host_attach(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    if (!h->started) {
        rt_pool_init(h->threads);
        h->started = true;
    }
    h->nruntimes++;
    pthread_mutex_unlock(&h->mu);
}

void rt_host_detach(RtHost *h)
{
    pthread_mutex_lock(&h->mu);
    h->nruntimes--;
    pthread_mutex_unlock(&h->mu);
}
