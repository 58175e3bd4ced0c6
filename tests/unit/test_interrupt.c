/*
 * test_interrupt.c - rt_interrupt_request stops a running program (runtime/interrupt.c):
 * an endless loop inside `try` ends with RT_EX_INTERRUPTED (the `catch` never runs), a
 * compiled kernel launch with the request pending runs no slice, and after
 * rt_interrupt_clear programs run again. The request comes from another
 * thread, as a signal handler's would come at any moment.
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The request must be honoured within this long (the CLI promises 1 s). */
#define STOP_WITHIN_S 1.0

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static char *program_file(const char *text)
{
    char path[] = "/tmp/qpipe_test_interrupt_XXXXXX.q";
    int fd = mkstemps(path, 2);
    if (fd < 0)
        return NULL;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? strdup(path) : NULL;
}

static void *request_later(void *arg)
{
    (void)arg;
    usleep(100 * 1000);
    rt_interrupt_request();
    return NULL;
}

static int run_text(Rt *rt, const char *text)
{
    char *path = program_file(text);
    if (!path)
        return -1;
    int rc = rt_run_file(rt, path, 0, NULL);
    unlink(path);
    free(path);
    return rc;
}

int main(void)
{
    char *out = NULL;
    size_t outlen = 0;
    FILE *o = open_memstream(&out, &outlen);
    FILE *devnull = fopen("/dev/null", "w");
    RtOptions opt = {.kernel_dir = "kernels"};
    RtHost *host = rt_host_new(&opt);
    Rt *rt = rt_new(host, &opt, o, devnull);

    pthread_t t;
    pthread_create(&t, NULL, request_later, NULL);
    double t0 = now();
    int rc = run_text(rt, "function [] = main()\n    s = 0\n    try\n        while true\n            s = s + 1\n"
                          "        endwhile\n    catch e\n        print \"caught \", e\n    endtry\n"
                          "    print \"after\"\nendfunction\n");
    double dt = now() - t0;
    pthread_join(t, NULL);
    fflush(o);
    report("endless_loop_returns_130", rc == RT_EX_INTERRUPTED ? NULL : why("exit code %d", rc));
    report("stops_within_a_second", dt < STOP_WITHIN_S + 0.1 ? NULL : why("%.2f s", dt));
    report("try_does_not_catch_it", outlen == 0 ? NULL : why("the program printed '%s'", out));
    report("flag_stays_set", rt_interrupt_pending() ? NULL : "cleared by the unwinding");

    /* pending before the launch: no slice of the kernel runs, then the launch raises (a
     * fresh Rt for each program: one Rt keeps the globals of every file it ran) */
    rt_free(rt);
    rt = rt_new(host, &opt, o, devnull);
    rc = run_text(rt, "function [] = __kernel__ k(y : vec, pos : int)\n    y[pos] = 1\nendfunction\n"
                      "y = zeros(100000)\nparallel_do(size(y), y, k)\nprint sum(y)\n");
    report("pending_launch_returns_130", rc == RT_EX_INTERRUPTED ? NULL : why("exit code %d", rc));
    Value y = rt->globals[rt_global_slot(rt, "y")];
    double total = 0;
    for (int64_t i = 0; y.kind == V_ARRAY && i < y.a->n; i++)
        total += rt_get_real(y.a, i);
    report("pending_launch_runs_nothing", y.kind == V_ARRAY && total == 0 ? NULL : why("sum(y) = %g", total));

    rt_interrupt_clear();
    rt_free(rt);
    rt = rt_new(host, &opt, o, devnull);
    fflush(o);
    size_t before = outlen;
    rc = run_text(rt, "function [] = main()\n    s = 0\n    for i = 1..10\n        s = s + i\n    endfor\n"
                      "    print s\nendfunction\n");
    fflush(o);
    report("runs_again_after_clear", rc == 0 && outlen > before && !strcmp(out + before, "55\n")
                                         ? NULL : why("exit code %d, output '%s'", rc, out + before));
    report("no_kernel_site_outside_kernels", rt_kernel_site() == NULL ? NULL : "a site is set");
    rt_free(rt);
    rt_host_free(host);
    fclose(o);
    free(out);
    fclose(devnull);
    return failures != 0;
}
