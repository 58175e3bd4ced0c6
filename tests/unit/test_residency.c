/*
 * test_residency.c - the valid bits of host and device copies (runtime/residency.c),
 * driven with a fake device: device blocks are host memory, "kernels" are C functions on
 * them, and every transfer is counted. What a GPU engine must achieve (issue 14): a chain
 * of launches over a frame costs one upload and one download, a host read in between one
 * more download, 'const arguments are never downloaded, 'nocopy outputs never uploaded.
 */
#include "runtime/residency.h"
#include "runtime/value.h"
#include "tests/unit/check.h"

#include <stdlib.h>
#include <string.h>

typedef struct Dev {
    int allocs, frees, uploads, downloads, locks, lock_calls;
    int fail_download;
} Dev;

static int d_alloc(void *ctx, size_t bytes, uint64_t *ptr)
{
    Dev *d = ctx;
    void *p = malloc(bytes);
    if (!p)
        return 2;
    memset(p, 0xAB, bytes);     /* device garbage: a skipped upload must not matter */
    d->allocs++;
    *ptr = (uint64_t)(uintptr_t)p;
    return 0;
}

static void d_free(void *ctx, uint64_t ptr, size_t bytes)
{
    (void)bytes;
    ((Dev *)ctx)->frees++;
    free((void *)(uintptr_t)ptr);
}

static int d_upload(void *ctx, uint64_t dst, const void *src, size_t bytes)
{
    ((Dev *)ctx)->uploads++;
    memcpy((void *)(uintptr_t)dst, src, bytes);
    return 0;
}

static int d_download(void *ctx, void *dst, uint64_t src, size_t bytes)
{
    Dev *d = ctx;
    if (d->fail_download)
        return 700;
    d->downloads++;
    memcpy(dst, (void *)(uintptr_t)src, bytes);
    return 0;
}

static void d_lock(void *ctx) { ((Dev *)ctx)->locks++, ((Dev *)ctx)->lock_calls++; }
static void d_unlock(void *ctx) { ((Dev *)ctx)->locks--; }

static Dev dev;
static const RtDevOps ops = {
    .alloc = d_alloc, .free = d_free, .upload = d_upload, .download = d_download, .lock = d_lock,
    .unlock = d_unlock, .ctx = &dev};
static int stream = RT_DEV_COMPUTE;     /* the compute stream the "kernels" run on */

/* The same device with two streams: every call is appended to a trace, so the order of
 * copies, launches and the per-buffer events' records, waits and syncs can be checked.
 * U upload, D download, K kernel, Rs.e / Ws.e record / wait of event e on stream s (0 the
 * copy stream, 1.. the compute streams), S.e host sync, F.e event freed, X block freed,
 * A.e block given to the device to free once e has completed. */
static char trace[1024];
static int events_made;
static void tr(const char *s) { strncat(trace, s, sizeof trace - strlen(trace) - 1); }
static void tre(const char *what, int stream, uint64_t ev)
{
    char b[32];
    if (stream >= 0)
        snprintf(b, sizeof b, "%s%d.%d ", what, stream, (int)ev);
    else
        snprintf(b, sizeof b, "%s.%d ", what, (int)ev);
    tr(b);
}
static int s_upload(void *ctx, uint64_t dst, const void *src, size_t bytes)
{
    tr("U ");
    return d_upload(ctx, dst, src, bytes);
}
static int s_download(void *ctx, void *dst, uint64_t src, size_t bytes)
{
    tr("D ");
    return d_download(ctx, dst, src, bytes);
}
static void s_free(void *ctx, uint64_t ptr, size_t bytes)
{
    tr("X ");
    d_free(ctx, ptr, bytes);
}
static int s_record(void *ctx, int stream, uint64_t *ev)
{
    (void)ctx;
    if (!*ev)
        *ev = (uint64_t)++events_made;
    tre("R", stream, *ev);
    return 0;
}
static int s_wait(void *ctx, int stream, uint64_t ev)
{
    (void)ctx;
    tre("W", stream, ev);
    return 0;
}
static int s_sync(void *ctx, uint64_t ev)
{
    (void)ctx;
    tre("S", -1, ev);
    return 0;
}
static void s_event_free(void *ctx, uint64_t ev)
{
    (void)ctx;
    tre("F", -1, ev);
}
static void s_free_after(void *ctx, uint64_t ptr, size_t bytes, uint64_t ev)
{
    tre("A", -1, ev);
    d_free(ctx, ptr, bytes);
}
static const RtDevOps sops = {d_alloc, s_free, s_upload, s_download, d_lock, d_unlock, &dev,
                              s_record, s_wait, s_sync, s_event_free, NULL};
/* the same with free_after: a freed buffer's block is not waited for */
static const RtDevOps aops = {d_alloc, s_free, s_upload, s_download, d_lock, d_unlock, &dev,
                              s_record, s_wait, s_sync, s_event_free, s_free_after};
static const RtDevOps *cur = &ops;

static float *dptr(RtBuffer *b, unsigned use)
{
    uint64_t p = 0;
    if (rt_res_device_on(b, cur, use, stream, &p))
        return NULL;
    return (float *)(uintptr_t)p;
}

/* "Kernels" on the device: y = x + c (x read, y written; x may be y). */
static void k_add(RtBuffer *x, unsigned xuse, RtBuffer *y, unsigned yuse, float c)
{
    float *dx = dptr(x, xuse), *dy = x == y ? dx : dptr(y, yuse);
    if (cur != &ops)
        tr("K ");
    for (int64_t i = 0; i < x->n; i++)
        dy[i] = dx[i] + c;
    rt_res_launched_on(x, xuse, stream);
    if (y != x)
        rt_res_launched_on(y, yuse, stream);
}

static Value frame(int64_t n)
{
    int64_t dims[1] = {n};
    return rt_array_new(RT_F32, 1, dims);
}

static void reset(void) { memset(&dev, 0, sizeof dev); }

int main(void)
{
    enum { N = 1000, FRAMES = 5, LAUNCHES = 100 };
    const unsigned RW = RT_USE_READ | RT_USE_WRITE, RO = RT_USE_READ, OUT = RT_USE_WRITE | RT_USE_NOCOPY;

    /* a filter chain of 100 in-place launches over each of 5 frames the host fills */
    reset();
    Value f = frame(N);
    bool values_ok = true;
    for (int t = 0; t < FRAMES; t++) {
        rt_buf_host(f.a->buf, true);                   /* the decoder writes the frame */
        float *h = f.a->data;
        for (int i = 0; i < N; i++)
            h[i] = (float)(t * N + i);
        for (int k = 0; k < LAUNCHES; k++)
            k_add(f.a->buf, RW, f.a->buf, RW, 1.0f);
        rt_buf_host(f.a->buf, false);                  /* the encoder reads the result */
        for (int i = 0; i < N; i++)
            values_ok &= h[i] == (float)(t * N + i + LAUNCHES);
    }
    report("chain of 100 launches per frame: one upload per frame",
           dev.uploads == FRAMES ? NULL : why("%d uploads for %d frames", dev.uploads, FRAMES));
    report("chain of 100 launches per frame: one download per frame",
           dev.downloads == FRAMES ? NULL : why("%d downloads for %d frames", dev.downloads, FRAMES));
    report("chain of 100 launches per frame: the host sees every launch's result",
           values_ok ? NULL : "wrong values on the host");
    report("chain: one device block for all frames", dev.allocs == 1 ? NULL : why("%d allocations", dev.allocs));
    rt_release(f);
    report("freeing the buffer gives its device block back",
           dev.frees == 1 ? NULL : why("%d blocks freed", dev.frees));
    report("the device is held around host acquisitions and balanced", dev.locks == 0 ? NULL : "unbalanced lock");

    /* a host read between launches: one more download, no upload (reading does not dirty) */
    reset();
    f = frame(N);
    k_add(f.a->buf, RW, f.a->buf, RW, 1.0f);
    rt_buf_host(f.a->buf, false);
    float mid = ((float *)f.a->data)[7];
    k_add(f.a->buf, RW, f.a->buf, RW, 1.0f);
    rt_buf_host(f.a->buf, false);
    report("host read between launches: one extra download, no extra upload",
           dev.uploads == 1 && dev.downloads == 2 && mid == 1.0f && ((float *)f.a->data)[7] == 2.0f
               ? NULL
               : why("%d uploads, %d downloads, values %g %g", dev.uploads, dev.downloads, mid,
                     ((float *)f.a->data)[7]));
    /* reading twice costs nothing more */
    rt_buf_host(f.a->buf, false);
    report("a second host read downloads nothing", dev.downloads == 2 ? NULL : why("%d downloads", dev.downloads));
    /* a host write between launches: the next launch uploads again */
    rt_buf_host(f.a->buf, true);
    ((float *)f.a->data)[0] = 100.0f;
    k_add(f.a->buf, RW, f.a->buf, RW, 1.0f);
    rt_buf_host(f.a->buf, false);
    report("host write between launches: uploaded again before the next launch",
           dev.uploads == 2 && ((float *)f.a->data)[0] == 101.0f
               ? NULL
               : why("%d uploads, x[0] = %g", dev.uploads, ((float *)f.a->data)[0]));
    rt_release(f);

    /* 'const input, 'nocopy output: x uploaded once, never downloaded; y never uploaded */
    reset();
    Value x = frame(N), y = frame(N);
    ((float *)x.a->data)[3] = 5.0f;
    for (int k = 0; k < LAUNCHES; k++)
        k_add(x.a->buf, RO, y.a->buf, OUT, 2.0f);
    int up_before = dev.uploads;
    rt_buf_host(x.a->buf, false);
    rt_buf_host(y.a->buf, false);
    report("'const input over 100 launches: uploaded once, no download",
           up_before == 1 && dev.downloads == 1 ? NULL
                                                : why("%d uploads, %d downloads in all", dev.uploads, dev.downloads));
    report("'nocopy output: never uploaded, its result on the host",
           ((float *)y.a->data)[3] == 7.0f && ((float *)y.a->data)[0] == 2.0f ? NULL : "wrong values");
    /* reading the const input on the host then using it again: still no transfer */
    k_add(x.a->buf, RO, y.a->buf, OUT, 3.0f);
    report("'const input read on the host, then launched again: nothing uploaded",
           dev.uploads == 1 ? NULL : why("%d uploads", dev.uploads));
    rt_release(x);
    rt_release(y);
    report("both device blocks freed", dev.frees == 2 && dev.allocs == 2 ? NULL
                                                                         : why("%d allocs, %d frees", dev.allocs, dev.frees));

    /* 'nocopy where the buffer is also read (a kernel both reads and writes): uploaded */
    reset();
    x = frame(N);
    ((float *)x.a->data)[1] = 4.0f;
    k_add(x.a->buf, RW | RT_USE_NOCOPY, x.a->buf, RW | RT_USE_NOCOPY, 1.0f);
    rt_buf_host(x.a->buf, false);
    report("'nocopy with reads is uploaded", dev.uploads == 1 && ((float *)x.a->data)[1] == 5.0f ? NULL
                                                                                             : "not uploaded");
    /* a failing download: reported, the host copy stays marked stale, a retry works */
    k_add(x.a->buf, RW, x.a->buf, RW, 1.0f);
    dev.fail_download = 1;
    bool ok1 = rt_buf_host(x.a->buf, false);
    dev.fail_download = 0;
    bool ok2 = rt_buf_host(x.a->buf, false);
    report("a failed download is reported and retried", !ok1 && ok2 && ((float *)x.a->data)[1] == 6.0f ? NULL
                                                                                                      : "not reported");
    rt_release(x);

    /* acquiring a buffer whose host copy is current takes no lock (element access on the
     * pool's threads goes through here for every element) */
    reset();
    x = frame(8);
    k_add(x.a->buf, RO, x.a->buf, RO, 0.0f);   /* 'const: both copies valid */
    bool fast = rt_buf_host(x.a->buf, false);
    report("reading a buffer valid on the host: no lock, no download",
           fast && dev.lock_calls == 0 && dev.downloads == 0 ? NULL
                                                             : why("%d locks, %d downloads", dev.lock_calls, dev.downloads));
    rt_buf_host(x.a->buf, true);                /* a write must mark the device copy: locked once */
    rt_buf_host(x.a->buf, true);                /* then nothing more to do */
    report("writing a buffer valid on both sides: one locked transition",
           dev.lock_calls == 1 && !(x.a->buf->flags & RT_BUF_DEVICE_VALID) ? NULL : why("%d locks", dev.lock_calls));
    rt_release(x);

    /* a buffer never given to a device: acquisitions are free */
    reset();
    x = frame(4);
    report("host-only buffer: no transfer", rt_buf_host(x.a->buf, true) && dev.downloads == 0 && dev.locks == 0
                                                ? NULL
                                                : "transferred");
    rt_release(x);

    /* two streams: per-buffer events order copies and kernels (issue 14 "Streams") */
    reset();
    cur = &sops;
    trace[0] = '\0';
    x = frame(16);
    for (int t = 0; t < 2; t++) {
        rt_buf_host(x.a->buf, true);            /* the decoder writes frame t */
        ((float *)x.a->data)[0] = (float)(10 * t);
        k_add(x.a->buf, RW, x.a->buf, RW, 1.0f);
        rt_buf_host(x.a->buf, false);           /* the encoder reads it */
        if (((float *)x.a->data)[0] != (float)(10 * t + 1))
            tr("wrong ");
    }
    rt_release(x);
    /* frame 0: upload, the buffer's event (1) on the copy stream and the host event (2:
     * the last copy reading the host's elements); the kernel waits on 1 and records it on
     * the compute stream; the download waits for that, the host for the download only.
     * Frame 1: the host's write first waits for the upload still reading its elements
     * (2, not the kernel), the upload for the last use of the device block. Freed: the
     * upload waited for, then the block after a sync on the buffer's event. */
    const char *want = "U R0.1 R0.2 W1.1 K R1.1 W0.1 D R0.1 S.1 "
                       "S.2 W0.1 U R0.1 R0.2 W1.1 K R1.1 W0.1 D R0.1 S.1 "
                       "S.2 F.2 S.1 F.1 X ";
    report("two streams: copies and kernels ordered by the buffer's event",
           !strcmp(trace, want) ? NULL : why("trace '%s', expected '%s'", trace, want));
    report("two streams: two events per buffer (its last use, its last upload), reused across frames",
           events_made == 2 ? NULL : why("%d events made", events_made));

    /* a 'const input and a 'nocopy output: the output's kernel does not wait for an
     * upload it never had; the input is uploaded once, each launch records both */
    reset();
    trace[0] = '\0';
    events_made = 0;
    x = frame(8), y = frame(8);
    k_add(x.a->buf, RO, y.a->buf, OUT, 1.0f);
    k_add(x.a->buf, RO, y.a->buf, OUT, 1.0f);
    const char *want2 = "U R0.1 R0.2 W1.1 K R1.1 R1.3 W1.1 W1.3 K R1.1 R1.3 ";
    report("two streams: 'const input uploaded once, 'nocopy output never waits on a copy",
           !strcmp(trace, want2) ? NULL : why("trace '%s', expected '%s'", trace, want2));
    rt_release(x);
    rt_release(y);

    /* a pool of compute streams: a launch on stream 3 waits on exactly the events of the
     * buffers it uses, on its own stream, and records them there; a host read of one of
     * them waits for that buffer's download only; freeing a buffer whose kernel may still
     * run hands the block to the device with the event (free_after), no wait */
    reset();
    cur = &aops;
    trace[0] = '\0';
    events_made = 0;
    x = frame(8), y = frame(8);
    Value z = frame(8);
    k_add(x.a->buf, RW, x.a->buf, RW, 1.0f);                    /* x: events 1, 2 on stream 1 */
    k_add(z.a->buf, RW, z.a->buf, RW, 1.0f);                    /* z: events 3, 4 */
    stream = RT_DEV_COMPUTE + 2;
    trace[0] = '\0';
    k_add(x.a->buf, RO, y.a->buf, OUT, 1.0f);                   /* y: event 5; z not involved */
    const char *want3 = "W3.1 K R3.1 R3.5 ";
    report("stream pool: a launch waits on its buffers' events only, on its own stream",
           !strcmp(trace, want3) ? NULL : why("trace '%s', expected '%s'", trace, want3));
    report("stream pool: the buffer remembers the stream of its last use",
           rt_res_last_stream(y.a->buf) == RT_DEV_COMPUTE + 2 && rt_res_last_stream(z.a->buf) == RT_DEV_COMPUTE
               ? NULL
               : why("streams %d, %d", rt_res_last_stream(y.a->buf), rt_res_last_stream(z.a->buf)));
    trace[0] = '\0';
    rt_buf_host(y.a->buf, false);
    const char *want4 = "W0.5 D R0.5 S.5 ";
    report("stream pool: a host read waits for its own buffer's download only",
           !strcmp(trace, want4) && ((float *)y.a->data)[0] == 2.0f
               ? NULL
               : why("trace '%s', expected '%s'; y[0] = %g", trace, want4, ((float *)y.a->data)[0]));
    trace[0] = '\0';
    rt_release(z);
    const char *want5 = "S.4 F.4 A.3 ";
    report("free_after: freeing a buffer waits for its upload, not for its kernel",
           !strcmp(trace, want5) ? NULL : why("trace '%s', expected '%s'", trace, want5));
    uint64_t v0 = ((RtDevCopy *)x.a->buf->device)->version;
    k_add(x.a->buf, RO, y.a->buf, OUT, 1.0f);
    uint64_t v1 = ((RtDevCopy *)x.a->buf->device)->version;
    k_add(x.a->buf, RW, x.a->buf, RW, 1.0f);
    uint64_t v2 = ((RtDevCopy *)x.a->buf->device)->version;
    rt_buf_host(x.a->buf, true);
    k_add(x.a->buf, RO, y.a->buf, OUT, 1.0f);
    uint64_t v3 = ((RtDevCopy *)x.a->buf->device)->version;
    report("the device copy's version: same after a reading launch, new after a writing one and an upload",
           v1 == v0 && v2 > v1 && v3 > v2 ? NULL : why("versions %llu %llu %llu %llu", (unsigned long long)v0,
                                                        (unsigned long long)v1, (unsigned long long)v2,
                                                        (unsigned long long)v3));
    rt_release(x);
    rt_release(y);
    stream = RT_DEV_COMPUTE;
    cur = &ops;
    return failures != 0;
}
