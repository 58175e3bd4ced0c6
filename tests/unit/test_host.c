/*
 * test_host.c - the host object (runtime/host.c, rt.h rt_host_*): runtimes made on one host
 * share its pool and JIT, and freeing one frees only what it owns. A filter with a compiled
 * parallel_do kernel runs frames on a second thread while the main thread loads, runs and
 * frees other filter runtimes in a loop; every frame of both must be right (before the host,
 * rt_free unloaded every runtime's kernels: the running filter would call unmapped code).
 * Two more hosts alive at once (each with its own pool and JIT, sharing the disk cache and
 * so the very same kernel object) run the same kernel on two threads and are freed in
 * either order; the survivor keeps running. Run under ASan by `make test-asan`.
 *
 * Prints `ok NAME` or `not ok NAME: REASON` per check (docs/testing.md "Unit tests").
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* y = 2x + k by a compiled kernel; k differs per file so each compiles its own kernel. */
static const char filter_fmt[] =
    "function [] = __kernel__ twice(x : mat, y : mat, pos : ivec2)\n"
    "    y[pos] = 2 * x[pos] + %d\n"
    "endfunction\n"
    "function y = process(x)\n"
    "    y = zeros(size(x))\n"
    "    parallel_do(size(y), x, y, twice)\n"
    "endfunction\n";

static char *write_filter(int k)
{
    char *path = strdup("/tmp/qpipe_test_host_XXXXXX.q");
    int fd = mkstemps(path, 2);
    char text[sizeof filter_fmt + 16];
    int n = snprintf(text, sizeof text, filter_fmt, k);
    if (fd < 0 || write(fd, text, (size_t)n) != n) {
        free(path);
        return NULL;
    }
    close(fd);
    return path;
}

/* A 64x64 frame of i*64+j; NULL message when f(frame) is 2*frame + k everywhere. */
static const char *run_frame(RtFilter *f, int k)
{
    int64_t dims[2] = {64, 64};
    Value x = rt_array_new(RT_F32, 2, dims), y = rt_undef();
    float *px = x.a->data;
    for (int i = 0; i < 64 * 64; i++)
        px[i] = (float)i;
    const char *bad = NULL;
    if (rt_filter_process(f, x, &y))
        bad = "process failed";
    else if (y.kind != V_ARRAY || y.a->elem != RT_F32 || y.a->n != 64 * 64)
        bad = "not a 64x64 single matrix";
    else
        for (int i = 0; i < 64 * 64 && !bad; i++)
            if (((float *)y.a->data)[i] != 2.0f * (float)i + (float)k)
                bad = why("element %d is %g, not %g", i, ((float *)y.a->data)[i], 2.0 * i + k);
    rt_release(x);
    rt_release(y);
    return bad;
}

typedef struct Runner {
    RtFilter *f;
    atomic_bool stop;
    atomic_int frames;
    const char *bad;
} Runner;

static void *runner_main(void *arg)
{
    Runner *r = arg;
    while (!atomic_load(&r->stop) && !r->bad) {
        r->bad = run_frame(r->f, 1);
        atomic_fetch_add(&r->frames, 1);
    }
    return NULL;
}

/* Hosts h[0] (2 threads) and h[1] (3 threads) each run the same filter on a thread of its
 * own; h[first] is freed while the other's filter keeps running, then the other. */
static const char *two_hosts(const char *path, int first, FILE *devnull)
{
    RtOptions o[2] = {{.kernel_dir = "kernels", .threads = 2}, {.kernel_dir = "kernels", .threads = 3}};
    RtHost *h[2] = {rt_host_new(&o[0]), rt_host_new(&o[1])};
    RtFilter *f[2] = {NULL, NULL};
    Runner r[2] = {0};
    pthread_t t[2];
    bool running[2] = {false, false};
    const char *bad = !h[0] || !h[1] ? "rt_host_new failed" : NULL;
    for (int i = 0; i < 2 && !bad; i++) {
        int rc = 0;
        f[i] = rt_filter_load(h[i], &o[i], path, devnull, stderr, &rc);
        if (!f[i])
            bad = why("load on host %d failed (rc %d)", i, rc);
        else if (rt_pool_threads(rt_host_pool(h[i])) != o[i].threads)
            bad = why("host %d has %d threads, not %d", i, rt_pool_threads(rt_host_pool(h[i])), o[i].threads);
    }
    for (int i = 0; i < 2 && !bad; i++) {
        r[i].f = f[i];
        running[i] = pthread_create(&t[i], NULL, runner_main, &r[i]) == 0;
    }
    /* both run; then the first host goes away under the other's running kernels */
    for (int spin = 0; spin < 5000 && !bad && (atomic_load(&r[0].frames) < 3 || atomic_load(&r[1].frames) < 3);
         spin++)
        usleep(1000);
    int other = 1 - first;
    if (running[first]) {
        atomic_store(&r[first].stop, true);
        pthread_join(t[first], NULL);
        running[first] = false;
    }
    if (!bad && atomic_load(&r[first].frames) < 3)
        bad = why("host %d's filter made %d frames", first, atomic_load(&r[first].frames));
    if (!bad)
        bad = r[first].bad;
    rt_filter_free(f[first]);
    f[first] = NULL;
    rt_host_free(h[first]);
    h[first] = NULL;
    int seen = atomic_load(&r[other].frames);
    for (int spin = 0; spin < 5000 && !bad && atomic_load(&r[other].frames) < seen + 3 && !r[other].bad; spin++)
        usleep(1000);
    if (running[other]) {
        atomic_store(&r[other].stop, true);
        pthread_join(t[other], NULL);
    }
    if (!bad)
        bad = r[other].bad;
    if (!bad && atomic_load(&r[other].frames) < seen + 3)
        bad = why("host %d's filter stopped when host %d was freed", other, first);
    if (!bad && f[other])
        bad = run_frame(f[other], 1);
    rt_filter_free(f[other]);
    rt_host_free(h[other]);
    return bad;
}

int main(void)
{
    char *cache = strdup("/tmp/qpipe_test_host_cache_XXXXXX");
    if (!mkdtemp(cache)) {
        report("cache_dir", "mkdtemp failed");
        return 1;
    }
    setenv("XDG_CACHE_HOME", cache, 1);     /* the JIT's disk cache, fresh */
    RtOptions opt = {.kernel_dir = "kernels", .threads = 2};
    FILE *devnull = fopen("/dev/null", "w");
    RtHost *host = rt_host_new(&opt);
    report("host_new", host ? NULL : "rt_host_new failed");
    if (!host)
        return 1;

    char *pa = write_filter(1);
    int rc = 0;
    RtFilter *a = pa ? rt_filter_load(host, &opt, pa, devnull, stderr, &rc) : NULL;
    report("load_first", a ? NULL : why("rc %d", rc));
    if (!a)
        return 1;
    report("first_frame", run_frame(a, 1));

    Runner r = {.f = a};
    pthread_t t;
    pthread_create(&t, NULL, runner_main, &r);
    const char *bad = NULL;
    for (int i = 0; i < 12 && !bad; i++) {
        char *pb = write_filter(100 + i % 3);
        RtFilter *b = pb ? rt_filter_load(host, &opt, pb, devnull, stderr, &rc) : NULL;
        if (!b)
            bad = why("load %d failed (rc %d)", i, rc);
        else
            bad = run_frame(b, 100 + i % 3);
        rt_filter_free(b);
        if (pb)
            unlink(pb);
        free(pb);
        if (!bad && rt_host_runtimes(host) != 1)
            bad = why("%d runtimes alive after freeing, not 1", rt_host_runtimes(host));
    }
    /* the first filter keeps running a while after the last free */
    int seen = atomic_load(&r.frames);
    for (int spin = 0; spin < 2000 && atomic_load(&r.frames) < seen + 3 && !r.bad; spin++)
        usleep(1000);
    atomic_store(&r.stop, true);
    pthread_join(t, NULL);
    report("load_free_loop", bad);
    report("other_runtime_keeps_its_kernels", r.bad);
    report("other_runtime_ran", atomic_load(&r.frames) > 3 ? NULL : "the running filter made no frames");
    report("after_loop", run_frame(a, 1));
    report("two_hosts_free_first_made_first", two_hosts(pa, 0, devnull));
    report("two_hosts_free_last_made_first", two_hosts(pa, 1, devnull));
    rt_filter_free(a);
    report("all_runtimes_counted_out", rt_host_runtimes(host) == 0 ? NULL : "a runtime is still counted");
    rt_host_free(host);
    unlink(pa);
    free(pa);
    fclose(devnull);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    if (system(cmd) != 0)
        report("cleanup", "rm failed");
    free(cache);
    return failures != 0;
}
