/*
 * test_pool.c - the thread pool (runtime/pool.c): every index of [0, n) is visited exactly
 * once for several sizes, grains and thread counts; small jobs, one thread and a NULL
 * pool run serially in the caller; chunks are contiguous and at least `grain` long;
 * nested calls do not deadlock; new → free → new works; two pools alive at once, driven
 * from two threads, each keep their own thread count and visit every index once.
 *
 * Prints `ok NAME` or `not ok NAME: REASON` per check (docs/testing.md "Unit tests"); the
 * exit status is non-zero if any check failed.
 */
#include "runtime/interp.h"

#include "tests/unit/check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---------------------------------------------------------------- a recording job */

#define MAX_CALLS 1024

static RtPool *pool;    /* the pool under test (NULL: none) */

typedef struct Visits {
    int64_t n, grain;
    atomic_int *count;          /* per index */
    atomic_int calls;
    atomic_int other_thread;    /* chunks run off the calling thread */
    atomic_int short_chunk;     /* chunks shorter than grain (when split) */
    pthread_t caller;
} Visits;

static void visit(void *ctx, int64_t begin, int64_t end)
{
    Visits *v = ctx;
    atomic_fetch_add(&v->calls, 1);
    if (!pthread_equal(pthread_self(), v->caller))
        atomic_fetch_add(&v->other_thread, 1);
    if (end - begin < v->grain)
        atomic_fetch_add(&v->short_chunk, 1);
    for (int64_t i = begin; i < end; i++)
        atomic_fetch_add(&v->count[i], 1);
}

/* Runs one job; returns NULL or a reason (in buf). */
static const char *run_job(int64_t n, int64_t grain, Visits *v, char *buf, size_t size)
{
    memset(v, 0, sizeof *v);
    v->n = n;
    v->grain = grain;
    v->caller = pthread_self();
    v->count = calloc((size_t)(n ? n : 1), sizeof *v->count);
    if (!v->count)
        return "out of memory";
    rt_parallel_for(pool, n, grain, visit, v);
    const char *why = NULL;
    for (int64_t i = 0; i < n && !why; i++)
        if (atomic_load(&v->count[i]) != 1) {
            snprintf(buf, size, "n=%lld grain=%lld: index %lld visited %d times", (long long)n,
                     (long long)grain, (long long)i, atomic_load(&v->count[i]));
            why = buf;
        }
    if (!why && n && atomic_load(&v->calls) > 1 && atomic_load(&v->short_chunk)) {
        snprintf(buf, size, "n=%lld grain=%lld: a chunk shorter than the grain", (long long)n,
                 (long long)grain);
        why = buf;
    }
    free(v->count);
    v->count = NULL;
    return why;
}

/* ---------------------------------------------------------------- checks */

static void pool_start(int threads)
{
    pool = rt_pool_new(threads);
}

static void pool_stop(void)
{
    rt_pool_free(pool);
    pool = NULL;
}

static void check_exactly_once(int threads)
{
    static const int64_t sizes[] = {0, 1, 2, 3, 7, 100, 1000, 65536, 100003, 1 << 20};
    static const int64_t grains[] = {1, 2, 64, 1000, 1 << 15};
    char name[64], buf[160];
    snprintf(name, sizeof name, "exactly_once_%d_threads", threads);
    pool_start(threads);
    const char *why = NULL;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes && !why; s++)
        for (size_t g = 0; g < sizeof grains / sizeof *grains && !why; g++) {
            Visits v;
            why = run_job(sizes[s], grains[g], &v, buf, sizeof buf);
            if (!why && atomic_load(&v.calls) > rt_pool_threads(pool)) {
                snprintf(buf, sizeof buf, "%d chunks for %d threads", atomic_load(&v.calls),
                         rt_pool_threads(pool));
                why = buf;
            }
        }
    report(name, why);
    pool_stop();
}

static void check_thread_count(void)
{
    RtPool *a = rt_pool_new(3), *b = rt_pool_new(5);
    int na = rt_pool_threads(a), nb = rt_pool_threads(b);
    rt_pool_free(a);
    int still = rt_pool_threads(b);
    rt_pool_free(b);
    int none = rt_pool_threads(NULL);
    char buf[128];
    snprintf(buf, sizeof buf, "threads %d and %d, %d after freeing the first, %d without a pool", na, nb, still,
             none);
    report("thread_count_per_pool", na == 3 && nb == 5 && still == 5 && none == 1 ? NULL : buf);
}

static void check_serial(const char *name, int threads, int64_t n, int64_t grain)
{
    if (threads)
        pool_start(threads);
    Visits v;
    char buf[160];
    const char *why = run_job(n, grain, &v, buf, sizeof buf);
    if (!why && (atomic_load(&v.calls) != 1 || atomic_load(&v.other_thread))) {
        snprintf(buf, sizeof buf, "%d calls, %d off the calling thread", atomic_load(&v.calls),
                 atomic_load(&v.other_thread));
        why = buf;
    }
    report(name, why);
    if (threads)
        pool_stop();
}

static void check_parallel_used(void)
{
    pool_start(4);
    Visits v;
    char buf[160];
    const char *why = run_job(1 << 20, 1024, &v, buf, sizeof buf);
    if (!why && atomic_load(&v.calls) != 4) {
        snprintf(buf, sizeof buf, "%d chunks, expected 4", atomic_load(&v.calls));
        why = buf;
    }
    report("one_chunk_per_thread", why);
    pool_stop();
}

/* A chunk that starts another parallel loop: runs it serially instead of deadlocking. */
typedef struct Nested {
    atomic_long total;
} Nested;

static void inner(void *ctx, int64_t begin, int64_t end)
{
    Nested *n = ctx;
    atomic_fetch_add(&n->total, (long)(end - begin));
}

static void outer(void *ctx, int64_t begin, int64_t end)
{
    for (int64_t i = begin; i < end; i++)
        rt_parallel_for(pool, 1000, 10, inner, ctx);
}

static void check_nested(void)
{
    pool_start(4);
    Nested n = {0};
    rt_parallel_for(pool, 64, 1, outer, &n);
    char buf[64];
    snprintf(buf, sizeof buf, "total %ld, expected 64000", (long)atomic_load(&n.total));
    report("nested_calls", atomic_load(&n.total) == 64000 ? NULL : buf);
    pool_stop();
}

static void check_reinit(void)
{
    const char *why = NULL;
    char buf[160];
    for (int round = 0; round < 20 && !why; round++) {
        pool_start(2 + round % 3);
        Visits v;
        for (int job = 0; job < 5 && !why; job++)
            why = run_job(50000 + job, 100, &v, buf, sizeof buf);
        pool_stop();
    }
    report("init_shutdown_init", why);
}

static void check_many_jobs(void)
{
    pool_start(0);
    const char *why = NULL;
    char buf[160];
    for (int job = 0; job < 2000 && !why; job++) {
        Visits v;
        why = run_job(1 + job % 97 * 13, 1 + job % 5, &v, buf, sizeof buf);
    }
    report("many_small_jobs_all_cores", why);
    pool_stop();
}

/* Two pools, each driven by its own thread at the same time. */
typedef struct Driver {
    RtPool *pool;
    const char *why;
    char buf[160];
} Driver;

static void *drive(void *arg)
{
    Driver *d = arg;
    for (int job = 0; job < 200 && !d->why; job++) {
        Visits v;
        memset(&v, 0, sizeof v);
        v.n = 20000 + job;
        v.grain = 100;
        v.caller = pthread_self();
        v.count = calloc((size_t)v.n, sizeof *v.count);
        if (!v.count) {
            d->why = "out of memory";
            break;
        }
        rt_parallel_for(d->pool, v.n, v.grain, visit, &v);
        for (int64_t i = 0; i < v.n && !d->why; i++)
            if (atomic_load(&v.count[i]) != 1) {
                snprintf(d->buf, sizeof d->buf, "index %lld visited %d times", (long long)i,
                         atomic_load(&v.count[i]));
                d->why = d->buf;
            }
        if (!d->why && atomic_load(&v.calls) > rt_pool_threads(d->pool)) {
            snprintf(d->buf, sizeof d->buf, "%d chunks on a pool of %d", atomic_load(&v.calls),
                     rt_pool_threads(d->pool));
            d->why = d->buf;
        }
        free(v.count);
    }
    return NULL;
}

static void check_two_pools(void)
{
    Driver d[2] = {{.pool = rt_pool_new(2)}, {.pool = rt_pool_new(3)}};
    pthread_t t[2];
    bool made[2];
    for (int i = 0; i < 2; i++)
        made[i] = pthread_create(&t[i], NULL, drive, &d[i]) == 0;
    for (int i = 0; i < 2; i++)
        if (made[i])
            pthread_join(t[i], NULL);
    const char *why = !made[0] || !made[1] ? "pthread_create failed" : d[0].why ? d[0].why : d[1].why;
    rt_pool_free(d[1].pool);    /* freed in the other order than made */
    rt_pool_free(d[0].pool);
    report("two_pools_at_once", why);
}

int main(void)
{
    check_serial("serial_without_pool", 0, 100000, 1);
    check_serial("serial_below_grain", 4, 999, 1000);
    check_serial("serial_one_thread", 1, 100000, 1);
    check_thread_count();
    for (int t = 1; t <= 8; t *= 2)
        check_exactly_once(t);
    check_exactly_once(3);
    check_parallel_used();
    check_nested();
    check_reinit();
    check_many_jobs();
    check_two_pools();
    pool_stop();         /* freeing NULL is harmless */
    return failures != 0;
}
