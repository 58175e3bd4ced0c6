/*
 * test_pool.c - the thread pool (runtime/pool.c): every index of [0, n) is visited exactly
 * once for several sizes, grains and thread counts; small jobs, one thread and an
 * uninitialised pool run serially in the caller; chunks are contiguous and at least
 * `grain` long; nested calls do not deadlock; init is idempotent and init → shutdown →
 * init works.
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
    rt_parallel_for(n, grain, visit, v);
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

static void check_exactly_once(int threads)
{
    static const int64_t sizes[] = {0, 1, 2, 3, 7, 100, 1000, 65536, 100003, 1 << 20};
    static const int64_t grains[] = {1, 2, 64, 1000, 1 << 15};
    char name[64], buf[160];
    snprintf(name, sizeof name, "exactly_once_%d_threads", threads);
    rt_pool_init(threads);
    const char *why = NULL;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes && !why; s++)
        for (size_t g = 0; g < sizeof grains / sizeof *grains && !why; g++) {
            Visits v;
            why = run_job(sizes[s], grains[g], &v, buf, sizeof buf);
            if (!why && atomic_load(&v.calls) > rt_pool_threads()) {
                snprintf(buf, sizeof buf, "%d chunks for %d threads", atomic_load(&v.calls),
                         rt_pool_threads());
                why = buf;
            }
        }
    report(name, why);
    rt_pool_shutdown();
}

static void check_thread_count(void)
{
    rt_pool_init(3);
    int n = rt_pool_threads();
    rt_pool_init(5);            /* idempotent: keeps its three threads */
    int again = rt_pool_threads();
    rt_pool_shutdown();
    int after = rt_pool_threads();
    char buf[96];
    snprintf(buf, sizeof buf, "threads %d, after a second init %d, after shutdown %d", n, again, after);
    report("thread_count_and_idempotent_init", n == 3 && again == 3 && after == 1 ? NULL : buf);
}

static void check_serial(const char *name, int threads, int64_t n, int64_t grain)
{
    if (threads)
        rt_pool_init(threads);
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
        rt_pool_shutdown();
}

static void check_parallel_used(void)
{
    rt_pool_init(4);
    Visits v;
    char buf[160];
    const char *why = run_job(1 << 20, 1024, &v, buf, sizeof buf);
    if (!why && atomic_load(&v.calls) != 4) {
        snprintf(buf, sizeof buf, "%d chunks, expected 4", atomic_load(&v.calls));
        why = buf;
    }
    report("one_chunk_per_thread", why);
    rt_pool_shutdown();
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
        rt_parallel_for(1000, 10, inner, ctx);
}

static void check_nested(void)
{
    rt_pool_init(4);
    Nested n = {0};
    rt_parallel_for(64, 1, outer, &n);
    char buf[64];
    snprintf(buf, sizeof buf, "total %ld, expected 64000", (long)atomic_load(&n.total));
    report("nested_calls", atomic_load(&n.total) == 64000 ? NULL : buf);
    rt_pool_shutdown();
}

static void check_reinit(void)
{
    const char *why = NULL;
    char buf[160];
    for (int round = 0; round < 20 && !why; round++) {
        rt_pool_init(2 + round % 3);
        Visits v;
        for (int job = 0; job < 5 && !why; job++)
            why = run_job(50000 + job, 100, &v, buf, sizeof buf);
        rt_pool_shutdown();
    }
    report("init_shutdown_init", why);
}

static void check_many_jobs(void)
{
    rt_pool_init(0);
    const char *why = NULL;
    char buf[160];
    for (int job = 0; job < 2000 && !why; job++) {
        Visits v;
        why = run_job(1 + job % 97 * 13, 1 + job % 5, &v, buf, sizeof buf);
    }
    report("many_small_jobs_all_cores", why);
    rt_pool_shutdown();
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
    rt_pool_shutdown();         /* shutting down twice is harmless */
    return failures != 0;
}
