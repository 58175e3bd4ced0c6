/*
 * pool.c - the persistent thread pool behind whole-array operations, reductions and
 * (with the kernel issue) the CPU engine (interp.h "thread pool").
 *
 * Workers are created once by rt_pool_new and sleep on a condition variable between
 * jobs; nothing spins. rt_parallel_for splits [0, n) into contiguous chunks, at most one
 * per thread and none smaller than `grain` (DESIGN.md "coarse work items"), publishes
 * the job, and runs chunks itself alongside the workers until every chunk is done. Chunk
 * boundaries depend only on n, grain and the thread count, so a caller that keeps one
 * partial result per chunk index gets the same answer on every run.
 *
 * A pool is an object (RtPool), owned by the host (host.c) that every runtime of a process
 * shares; several hosts, hence several pools, may live at once and never touch each
 * other. One job runs at a time on a pool. A call made while a job is running (from a
 * worker, from inside a chunk, or from another thread) runs serially in its caller
 * instead of waiting, so nested parallel loops cannot deadlock. With a NULL pool or one
 * thread, every call is serial. The chunk function must not raise (rt_error
 * longjmps and would leave the job half done): callers check their inputs first.
 *
 * Ctrl-C (interrupt.c) does not skip chunks here: a caller's per-chunk results (counts
 * before a prefix sum, partial reductions) would be left undefined. There is one chunk
 * per thread anyway; a caller whose work is long and safe to cut slices it itself and
 * polls between slices (the compiled kernel launch, kernel.c run_rows).
 */
#include "runtime/interp.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

/* More threads than this gain nothing for memory-bound loops and only cost stacks. */
#define POOL_MAX_THREADS 256

struct RtPool {
    pthread_mutex_t mu;
    pthread_cond_t work;        /* a job was published, or stop */
    pthread_cond_t done;        /* the last chunk of a job finished */
    pthread_t *workers;
    int nworkers;               /* threads besides the caller of rt_parallel_for */
    bool stop;
    bool busy;                  /* a job is running */
    uint64_t gen;               /* job number: a worker takes part in each job once */
    RtRangeFn fn;
    void *ctx;
    int64_t n;
    int nchunks, next, left;    /* chunks of the job; next to hand out; not yet finished */
};

/* ---------------------------------------------------------------- chunks */

static int64_t chunk_begin(int64_t n, int nchunks, int c)
{
    /* n * c / nchunks without overflow for any n below 2^63 */
    return n / nchunks * c + n % nchunks * c / nchunks;
}

/* Hand out and run chunks of the current job until none is left. Called with mu held;
 * returns with it held. */
static void run_chunks(RtPool *pool)
{
    while (pool->next < pool->nchunks) {
        int c = pool->next++;
        RtRangeFn fn = pool->fn;
        void *ctx = pool->ctx;
        int64_t begin = chunk_begin(pool->n, pool->nchunks, c);
        int64_t end = chunk_begin(pool->n, pool->nchunks, c + 1);
        pthread_mutex_unlock(&pool->mu);
        fn(ctx, begin, end);
        pthread_mutex_lock(&pool->mu);
        if (--pool->left == 0)
            pthread_cond_signal(&pool->done);
    }
}

static void *worker_main(void *arg)
{
    RtPool *pool = arg;
    pthread_mutex_lock(&pool->mu);
    uint64_t seen = pool->gen;
    for (;;) {
        while (!pool->stop && pool->gen == seen)
            pthread_cond_wait(&pool->work, &pool->mu);
        if (pool->stop)
            break;
        seen = pool->gen;
        run_chunks(pool);
    }
    pthread_mutex_unlock(&pool->mu);
    return NULL;
}

/* ---------------------------------------------------------------- API */

void rt_parallel_for(RtPool *pool, int64_t n, int64_t grain, RtRangeFn fn, void *ctx)
{
    if (n <= 0)
        return;
    if (grain < 1)
        grain = 1;
    int64_t most = n / grain;   /* chunks of at least `grain` items */
    if (!pool || n < grain || most < 2) {
        fn(ctx, 0, n);
        return;
    }
    pthread_mutex_lock(&pool->mu);
    int threads = pool->nworkers + 1;
    if (pool->busy || threads == 1) {
        pthread_mutex_unlock(&pool->mu);
        fn(ctx, 0, n);
        return;
    }
    pool->busy = true;
    pool->fn = fn;
    pool->ctx = ctx;
    pool->n = n;
    pool->nchunks = most < threads ? (int)most : threads;
    pool->next = 0;
    pool->left = pool->nchunks;
    pool->gen++;
    pthread_cond_broadcast(&pool->work);
    run_chunks(pool);
    while (pool->left > 0)
        pthread_cond_wait(&pool->done, &pool->mu);
    pool->busy = false;
    pool->fn = NULL;
    pool->ctx = NULL;
    pthread_mutex_unlock(&pool->mu);
}

int rt_pool_threads(RtPool *pool)
{
    if (!pool)
        return 1;
    pthread_mutex_lock(&pool->mu);
    int n = pool->nworkers + 1;
    pthread_mutex_unlock(&pool->mu);
    return n;
}

static int default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n;
}

/* When a thread cannot be created the pool runs with the ones it has. */
RtPool *rt_pool_new(int nthreads)
{
    RtPool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pthread_mutex_init(&pool->mu, NULL);
    pthread_cond_init(&pool->work, NULL);
    pthread_cond_init(&pool->done, NULL);
    if (nthreads <= 0)
        nthreads = default_threads();
    if (nthreads > POOL_MAX_THREADS)
        nthreads = POOL_MAX_THREADS;
    if (nthreads == 1)
        return pool;
    pthread_t *w = calloc((size_t)nthreads - 1, sizeof *w);
    int made = 0;
    /* the workers read nworkers/workers only under mu, after this returns */
    pthread_mutex_lock(&pool->mu);
    while (w && made < nthreads - 1 && !pthread_create(&w[made], NULL, worker_main, pool))
        made++;
    if (w && !made) {
        free(w);
        w = NULL;
    }
    pool->workers = w;
    pool->nworkers = made;
    pthread_mutex_unlock(&pool->mu);
    return pool;
}

/* Stops and joins every worker. No rt_parallel_for may be running on it. */
void rt_pool_free(RtPool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->mu);
    pool->stop = true;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->mu);
    for (int i = 0; i < pool->nworkers; i++)
        pthread_join(pool->workers[i], NULL);
    free(pool->workers);
    pthread_cond_destroy(&pool->work);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->mu);
    free(pool);
}
