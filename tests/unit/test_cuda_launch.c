/*
 * test_cuda_launch.c - the CUDA engine's launch path (runtime/cuda/engine.c, inflight.c,
 * texcache.c) against a fake driver (tests/unit/fake_cuda.c, built here into a folder
 * that QPIPE_CUDA_LIBDIR points at: the engine loads it as it loads libcuda.so.1, through
 * its dlopen table). The fake runs "kernels" with a C function of this file on device
 * memory that is host memory, and traces every call that orders or waits, so the checks
 * read what the engine asked of the driver (docs/cuda.md "Streams"):
 *   - no synchronisation per launch: no cuCtxSynchronize, no wait of the host; the status
 *     comes back with an asynchronous copy and an event, pending until settled;
 *   - a launch waits on exactly the events of the buffers it uses, on its stream; launches
 *     that share no buffer go to different streams;
 *   - a host read waits for its buffer's download only;
 *   - a kernel's failure (status 2 with the array's name) is read when settled;
 *   - a launch with an accumulator waits for its status at once;
 *   - a texture object reused for an unchanged buffer, its CUDA array refilled after a
 *     write, destroyed with the buffer.
 */
#include "kernels/qp_kernel.h"
#include "runtime/engine.h"
#include "runtime/residency.h"
#include "runtime/rt.h"
#include "runtime/value.h"
#include "tests/unit/check.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/qpipe-fakecuda-XXXXXX";
static char *trace;
static void (**hook)(void **params);
static int *sync_result;

/* Weak stubs for every driver function loader.c resolves (fake_cuda.c defines the ones
 * that matter), so a function added to the loader does not break the fake. */
static bool write_stubs(const char *path)
{
    FILE *in = fopen("runtime/cuda/loader.c", "r"), *out = fopen(path, "w");
    if (!in || !out) {
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        return false;
    }
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, in)) {
        char *p = strstr(line, "SYM(");
        char *q = p ? strchr(p, '"') : NULL;
        char *e = q ? strchr(q + 1, '"') : NULL;
        if (!e)
            continue;
        *e = '\0';
        fprintf(out, "__attribute__((weak)) int %s(void) { return 0; }\n", q + 1);
        n++;
    }
    fclose(in);
    fclose(out);
    return n > 30;
}

static bool build_fake(void)
{
    if (!mkdtemp(dir))
        return false;
    char stubs[300], lib[300], nvrtc[300], cache[300], cmd[1200];
    snprintf(stubs, sizeof stubs, "%s/stubs.c", dir);
    snprintf(lib, sizeof lib, "%s/libcuda.so.1", dir);
    snprintf(nvrtc, sizeof nvrtc, "%s/libnvrtc.so", dir);
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(cmd, sizeof cmd, "cc -shared -fPIC -o %s tests/unit/fake_cuda.c %s", lib, stubs);
    if (!write_stubs(stubs) || system(cmd) != 0 || symlink(lib, nvrtc) || mkdir(cache, 0700))
        return false;
    setenv("QPIPE_CUDA_LIBDIR", dir, 1);
    setenv("XDG_CACHE_HOME", cache, 1);
    unsetenv("QPIPE_CUDA_STATS");
    void *h = dlopen(lib, RTLD_NOW);    /* the same object the engine will load */
    trace = h ? dlsym(h, "fake_trace") : NULL;
    hook = h ? dlsym(h, "fake_kernel") : NULL;
    sync_result = h ? dlsym(h, "fake_event_sync_result") : NULL;
    return trace && hook && sync_result;
}

static void cleanup(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

/* The "kernel": args[0] x (read), args[1] y (written), y = x + 1 over x's elements; the
 * failure to report, if any; an accumulator in args[2] gets the sum of x. */
static qp_status fail_with;
static bool with_acc;
static char img_name[64] = "img";   /* the engine reads 63 bytes of the module's string */

static void kernel(void **params)
{
    qp_arg *a = (qp_arg *)(uintptr_t)*(unsigned long long *)params[0];
    qp_status *st = (qp_status *)(uintptr_t)*(unsigned long long *)params[1];
    float *x = a[0].p, *y = a[1].p;
    int64_t n = a[0].d[0] * a[0].d[1];
    double sum = 0;
    for (int64_t i = 0; i < n; i++) {
        y[i] = x[i] + 1;
        sum += x[i];
    }
    if (with_acc)
        *(double *)a[2].p = sum;
    if (fail_with.failed)
        *st = fail_with;
}

/* Does the trace have `what` (a whole item)? */
static bool has(const char *t, const char *what)
{
    size_t n = strlen(what);
    for (const char *p = strstr(t, what); p; p = strstr(p + 1, what))
        if ((p == t || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
            return true;
    return false;
}

/* How many items of the trace start with `prefix`. */
static int count(const char *t, const char *prefix)
{
    int c = 0;
    size_t n = strlen(prefix);
    for (const char *p = t; *p;) {
        if (!strncmp(p, prefix, n))
            c++;
        const char *sp = strchr(p, ' ');
        if (!sp)
            break;
        p = sp + 1;
    }
    return c;
}

static int ev(RtBuffer *b) { return b->device ? (int)((RtDevCopy *)b->device)->event : -1; }

/* The waits of stream s in the trace, as "e,e,..." in order. */
static const char *waits_on(const char *t, int s)
{
    static char out[256];
    out[0] = '\0';
    char suffix[16];
    snprintf(suffix, sizeof suffix, "@%d", s);
    for (const char *p = strstr(t, "W "); p; p = strstr(p + 1, "W ")) {
        int e, st;
        if ((p == t || p[-1] == ' ') && sscanf(p, "W %d@%d", &e, &st) == 2 && st == s)
            snprintf(out + strlen(out), sizeof out - strlen(out), "%s%d", out[0] ? "," : "", e);
    }
    return out;
}

static int launch_stream(const char *t)
{
    const char *k = strstr(t, "K@");
    return k ? atoi(k + 2) : -1;
}

static Value mat(int64_t h, int64_t w, float v)
{
    int64_t dims[2] = {h, w};
    Value a = rt_array_new(RT_F32, 2, dims);
    for (int64_t i = 0; i < h * w; i++)
        ((float *)a.a->data)[i] = v;
    return a;
}

static void set_arg(qp_arg *a, RtBuffer **b, Value v)
{
    memset(a, 0, sizeof *a);
    a->p = v.a->data;
    for (int d = 0; d < 4; d++)
        a->d[d] = d < v.a->rank ? v.a->dims[d] : 1;
    *b = v.a->buf;
}

static const char text[] = "extern \"C\" __global__ void qpk_cuda_args(const qp_arg *a, qp_status *s, qp_arg d, qp_arg b) {}\n";
static const char tex_text[] = "/* one texture */\n#define QPK_TEX \"0,l,2,c,0;\"\n"
                               "extern \"C\" __global__ void qpk_cuda_args(const qp_arg *a, qp_status *s, qp_arg d, qp_arg b) {}\n";

int main(void)
{
    if (!build_fake()) {
        report("the fake driver builds and loads", "cc or dlopen failed");
        cleanup();
        return 1;
    }
    *hook = kernel;
    RtOptions opt = {.kernel_dir = "kernels", .engine = RT_ENGINE_CUDA};
    RtHost *host = rt_host_new(&opt);
    const RtEngine *e = &rt_cuda_engine;
    char reason[256] = "";
    report("the engine runs on the fake device", e->available(host, reason, sizeof reason) ? NULL : reason);
    bool cached;
    char err[1024];
    RtEngineKernel *k = e->compile(host, "k", text, false, &cached, err, sizeof err);
    RtEngineKernel *kt = e->compile(host, "kt", tex_text, false, &cached, err, sizeof err);
    if (!k || !kt) {
        report("the kernels load", err);
        cleanup();
        return 1;
    }
    int64_t gdims[2] = {4, 8}, gblk[2] = {1, 8};
    RtEngineGrid g = {.rank = 2, .dims = gdims, .blk = gblk, .nblocks = 4};

    /* launch 1: x read ('const), y written */
    Value x = mat(4, 8, 2.0f), y = mat(4, 8, 0.0f);
    x.a->buf->flags |= RT_BUF_CONST;
    qp_arg args[3];
    RtBuffer *bufs[3];
    set_arg(&args[0], &bufs[0], x);
    set_arg(&args[1], &bufs[1], y);
    qp_status st1;
    memset(&st1, 0, sizeof st1);
    trace[0] = '\0';
    e->launch(k, args, bufs, 2, &g, &st1);
    char t1[4096];
    snprintf(t1, sizeof t1, "%s", trace);
    report("a launch does not synchronise: no cuCtxSynchronize, no host wait",
           !has(t1, "CS") && !count(t1, "S ") && !count(t1, "SS") ? NULL : why("trace '%s'", t1));
    report("a launch returns with its status pending", st1.failed == RT_STATUS_PENDING ? NULL
                                                                                        : why("status %d", st1.failed));
    int s1 = launch_stream(t1);
    char want[64];
    snprintf(want, sizeof want, "%d,%d", ev(x.a->buf), ev(y.a->buf));
    report("the launch waits on exactly its buffers' events, on its stream",
           s1 > 1 && !strcmp(waits_on(t1, s1), want) ? NULL
                                                      : why("waits '%s' on stream %d, want '%s'; trace '%s'",
                                                            waits_on(t1, s1), s1, want, t1));
    report("the status comes back asynchronously on the launch's stream",
           strstr(t1, "K@") && strstr(strstr(t1, "K@"), "D@") ? NULL : why("trace '%s'", t1));

    /* launch 2 on other buffers: another stream, waits on its own buffers' events only */
    Value u = mat(4, 8, 5.0f), v = mat(4, 8, 0.0f);
    u.a->buf->flags |= RT_BUF_CONST;
    qp_arg args2[2];
    RtBuffer *bufs2[2];
    set_arg(&args2[0], &bufs2[0], u);
    set_arg(&args2[1], &bufs2[1], v);
    qp_status st2;
    memset(&st2, 0, sizeof st2);
    trace[0] = '\0';
    e->launch(k, args2, bufs2, 2, &g, &st2);
    char t2[4096];
    snprintf(t2, sizeof t2, "%s", trace);
    int s2 = launch_stream(t2);
    snprintf(want, sizeof want, "%d,%d", ev(u.a->buf), ev(v.a->buf));
    report("a launch sharing no buffer goes to another stream and waits on its own buffers only",
           s2 > 1 && s2 != s1 && !strcmp(waits_on(t2, s2), want) && !count(t2, "S ") ? NULL
           : why("stream %d (first %d), waits '%s', want '%s'; trace '%s'", s2, s1, waits_on(t2, s2), want, t2));

    /* settle: the host waits for the launch's event, then the status is final */
    trace[0] = '\0';
    e->settle(&st1);
    report("settling waits for that launch only, its status final",
           st1.failed == 0 && count(trace, "S ") == 1 ? NULL : why("status %d, trace '%s'", st1.failed, trace));
    e->settle(&st2);

    /* a host read of y: its download, waited for alone */
    trace[0] = '\0';
    bool ok = rt_buf_host(y.a->buf, false);
    char ys[16];
    snprintf(ys, sizeof ys, "S %d", ev(y.a->buf));
    report("a host read waits for its buffer's download only",
           ok && ((float *)y.a->data)[5] == 3.0f && count(trace, "S ") == 1 && has(trace, ys) && count(trace, "D@") == 1
               ? NULL
               : why("y[5] = %g, trace '%s'", ((float *)y.a->data)[5], trace));

    /* a kernel's failure: pending at return, read when settled */
    fail_with = (qp_status){.failed = 2, .line = 7, .name = img_name, .nidx = 2, .idx = {4, 0}, .rank = 2,
                            .dims = {4, 8}};
    qp_status st3;
    memset(&st3, 0, sizeof st3);
    e->launch(k, args, bufs, 2, &g, &st3);
    bool pending = st3.failed == RT_STATUS_PENDING;
    e->settle(&st3);
    report("a kernel's index error is read when settled, with the array's name",
           pending && st3.failed == 2 && st3.line == 7 && st3.name && !strcmp(st3.name, "img") && st3.idx[0] == 4
               ? NULL
               : why("pending %d, failed %d line %d name %s", pending, st3.failed, st3.line,
                     st3.name ? st3.name : "(null)"));
    fail_with.failed = 0;

    /* the device failing while the kernel runs: RT_STATUS_DEVICE when settled */
    qp_status st4;
    memset(&st4, 0, sizeof st4);
    e->launch(k, args, bufs, 2, &g, &st4);
    *sync_result = 700;
    e->settle(&st4);
    *sync_result = 0;
    report("a kernel that crashes the device is reported when settled",
           st4.failed == RT_STATUS_DEVICE ? NULL : why("status %d", st4.failed));

    /* an accumulator: the launch waits for its status and copies it back before returning */
    double acc = 0;
    memset(&args[2], 0, sizeof args[2]);
    args[2].p = &acc;
    args[2].d[0] = 1;
    bufs[2] = NULL;
    with_acc = true;
    g.nacc = 1;
    qp_status st5;
    memset(&st5, 0, sizeof st5);
    trace[0] = '\0';
    e->launch(k, args, bufs, 3, &g, &st5);
    report("a launch with an accumulator is finished when it returns",
           st5.failed == 0 && acc == 64.0 && count(trace, "S ") == 1 ? NULL
                                                                      : why("status %d, acc %g, trace '%s'", st5.failed,
                                                                            acc, trace));
    g.nacc = 0;
    with_acc = false;

    /* textures: made once, reused while x is unchanged, refilled after a host write */
    qp_status st6;
    trace[0] = '\0';
    e->launch(kt, args, bufs, 2, &g, &st6);
    e->settle(&st6);
    char a1[4096];
    snprintf(a1, sizeof a1, "%s", trace);
    trace[0] = '\0';
    e->launch(kt, args, bufs, 2, &g, &st6);
    e->settle(&st6);
    char a2[4096];
    snprintf(a2, sizeof a2, "%s", trace);
    report("texture: made at the first launch (array, copy, object)",
           count(a1, "A+") == 1 && count(a1, "T@") == 1 && count(a1, "X+") == 1 ? NULL : why("trace '%s'", a1));
    report("texture: an unchanged buffer reuses the object (no copy, no creation)",
           !count(a2, "A+") && !count(a2, "T@") && !count(a2, "X+") && count(a2, "K@") == 1 ? NULL
                                                                                           : why("trace '%s'", a2));
    rt_buf_host(x.a->buf, true);
    ((float *)x.a->data)[0] = 10.0f;
    trace[0] = '\0';
    e->launch(kt, args, bufs, 2, &g, &st6);
    e->settle(&st6);
    report("texture: after a write the array is refilled, the object kept",
           count(trace, "T@") == 1 && !count(trace, "A+") && !count(trace, "X+") && count(trace, "U@1") == 1
               ? NULL
               : why("trace '%s'", trace));
    trace[0] = '\0';
    rt_release(x);
    report("texture: freeing the buffer destroys its texture",
           count(trace, "X-") == 1 && count(trace, "A-") == 1 ? NULL : why("trace '%s'", trace));

    rt_release(y);
    rt_release(u);
    rt_release(v);
    e->free(k);
    e->free(kt);
    rt_host_free(host);
    cleanup();
    return failures != 0;
}
