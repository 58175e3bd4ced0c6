/*
 * residency.c - the valid bits of a buffer's host and device copies (residency.h).
 *
 * States (RtBuffer.flags, with buf->device):
 *   host only       device NULL                 (every buffer starts here)
 *   both valid      HOST_VALID | DEVICE_VALID   (after an upload, a 'const launch, a download)
 *   device newer    DEVICE_VALID                (a launch wrote it)
 *   host newer      HOST_VALID, device kept     (the host wrote it; the block is reused)
 */
#include "runtime/residency.h"

#include <stdatomic.h>
#include <stdlib.h>

/* Set when the first device copy is made: until then (always on the CPU engine) no buffer
 * has one, and rt_values_host does not walk cells. */
static _Atomic bool any_device;

static bool host_valid(const RtBuffer *b) { return !b->device || (b->flags & RT_BUF_HOST_VALID); }

static void lock(const RtDevOps *o)
{
    if (o->lock)
        o->lock(o->ctx);
}

static void unlock(const RtDevOps *o)
{
    if (o->unlock)
        o->unlock(o->ctx);
}

/* The per-buffer ordering (RtDevOps streams); each a no-op without streams. */
static int ev_wait(RtDevCopy *c, int stream)
{
    return c->event && c->ops->wait ? c->ops->wait(c->ops->ctx, stream, c->event) : 0;
}

static int ev_record(RtDevCopy *c, int stream)
{
    c->stream = stream;
    return c->ops->record ? c->ops->record(c->ops->ctx, stream, &c->event) : 0;
}

static int ev_sync(RtDevCopy *c)
{
    return c->event && c->ops->sync ? c->ops->sync(c->ops->ctx, c->event) : 0;
}

/* The host's elements are no longer read by an upload. */
static int host_sync(RtDevCopy *c)
{
    return c->host_event && c->ops->sync ? c->ops->sync(c->ops->ctx, c->host_event) : 0;
}

/* Download when stale; called with the device held. The download waits for the buffer's
 * last use (the launch that wrote it), and the host for the download only. */
static int bring_home(RtBuffer *b)
{
    RtDevCopy *c = b->device;
    if (host_valid(b))
        return 0;
    int rc = ev_wait(c, RT_DEV_COPY);
    if (rc == 0)
        rc = c->ops->download(c->ops->ctx, b->host, c->ptr, c->bytes);
    if (rc == 0)
        rc = ev_record(c, RT_DEV_COPY);
    if (rc == 0)
        rc = ev_sync(c);
    if (rc == 0)
        b->flags |= RT_BUF_HOST_VALID;
    return rc;
}

/* The device block goes back once nothing on the device uses it any more: after a wait,
 * or, when the device can (free_after), by the device once the last use has finished; the
 * host block may be reused as soon as no upload reads it. */
static void drop(RtBuffer *b)
{
    RtDevCopy *c = b->device;
    host_sync(c);
    if (c->host_event && c->ops->event_free)
        c->ops->event_free(c->ops->ctx, c->host_event);
    if (c->event && c->ops->free_after) {
        c->ops->free_after(c->ops->ctx, c->ptr, c->bytes, c->event);
    } else {
        ev_sync(c);
        if (c->event && c->ops->event_free)
            c->ops->event_free(c->ops->ctx, c->event);
        c->ops->free(c->ops->ctx, c->ptr, c->bytes);
    }
    free(c);
    b->device = NULL;
    b->flags = (b->flags & ~(unsigned)RT_BUF_DEVICE_VALID) | RT_BUF_HOST_VALID;
}

int rt_res_device(RtBuffer *b, const RtDevOps *ops, unsigned use, uint64_t *ptr)
{
    return rt_res_device_on(b, ops, use, RT_DEV_COMPUTE, ptr);
}

int rt_res_device_on(RtBuffer *b, const RtDevOps *ops, unsigned use, int stream, uint64_t *ptr)
{
    RtDevCopy *c = b->device;
    if (c && c->ops != ops) {   /* another device's copy: home first, then drop it */
        int rc = bring_home(b);
        if (rc)
            return rc;
        drop(b);
        c = NULL;
    }
    if (!c) {
        c = malloc(sizeof *c);
        if (!c)
            return 2;           /* CUDA_ERROR_OUT_OF_MEMORY */
        static _Atomic uint64_t next_id;
        *c = (RtDevCopy){.ops = ops, .bytes = b->bytes, .stream = -1, .id = ++next_id};
        int rc = ops->alloc(ops->ctx, b->bytes, &c->ptr);
        if (rc) {
            free(c);
            return rc;
        }
        b->device = c;
        any_device = true;
        b->flags = (b->flags & ~(unsigned)RT_BUF_DEVICE_VALID) | RT_BUF_HOST_VALID;
    }
    bool full_write = (use & RT_USE_NOCOPY) && (use & RT_USE_WRITE) && !(use & RT_USE_READ);
    if (!(b->flags & RT_BUF_DEVICE_VALID) && !full_write) {
        /* the upload overwrites the block only after its last use (a kernel reading the
         * previous contents), and the kernel about to run waits for the upload */
        int rc = ev_wait(c, RT_DEV_COPY);
        if (rc == 0)
            rc = ops->upload(ops->ctx, c->ptr, b->host, c->bytes);
        if (rc == 0)
            rc = ev_record(c, RT_DEV_COPY);
        if (rc == 0 && ops->record)
            rc = ops->record(ops->ctx, RT_DEV_COPY, &c->host_event);
        if (rc)
            return rc;
        b->flags |= RT_BUF_DEVICE_VALID;
        c->version++;
    }
    int rc = ev_wait(c, stream);
    if (rc)
        return rc;
    *ptr = c->ptr;
    return 0;
}

void rt_res_launched(RtBuffer *b, unsigned use) { rt_res_launched_on(b, use, RT_DEV_COMPUTE); }

void rt_res_launched_on(RtBuffer *b, unsigned use, int stream)
{
    RtDevCopy *c = b->device;
    if (!c)
        return;
    b->flags |= RT_BUF_DEVICE_VALID;
    if (use & RT_USE_WRITE) {
        b->flags &= ~(unsigned)RT_BUF_HOST_VALID;
        c->version++;
    }
    ev_record(c, stream);
}

int rt_res_last_stream(const RtBuffer *b)
{
    const RtDevCopy *c = b->device;
    return c && c->stream >= RT_DEV_COMPUTE ? c->stream : -1;
}

bool rt_buf_host(RtBuffer *b, bool write)
{
    if (!b || !b->device)
        return true;
    /* nothing to do (the common case: element access of a buffer already acquired, on
     * the pool's threads too): no lock */
    unsigned f = b->flags;
    if ((f & RT_BUF_HOST_VALID) && (!write || !(f & RT_BUF_DEVICE_VALID)))
        return true;
    const RtDevOps *o = ((RtDevCopy *)b->device)->ops;
    lock(o);
    int rc = 0;
    RtDevCopy *c = b->device;   /* still there under the lock */
    if (c && !host_valid(b)) {
        /* the download waits for the buffer's last use; the host waits for the download
         * only, without holding the device (launches of other threads go on meanwhile) */
        rc = ev_wait(c, RT_DEV_COPY);
        if (rc == 0)
            rc = o->download(o->ctx, b->host, c->ptr, c->bytes);
        if (rc == 0)
            rc = ev_record(c, RT_DEV_COPY);
        if (rc == 0 && c->event && o->sync) {
            uint64_t ev = c->event;
            unlock(o);
            rc = o->sync(o->ctx, ev);
            lock(o);
        }
        if (rc == 0 && b->device == c)
            b->flags |= RT_BUF_HOST_VALID;
    } else if (c && write) {
        rc = host_sync(c);      /* an upload may still be reading the host's elements */
    }
    if (rc == 0 && write && b->device)
        b->flags &= ~(unsigned)RT_BUF_DEVICE_VALID;
    unlock(o);
    return rc == 0;
}

bool rt_values_host(const Value *vals, int n, bool write)
{
    bool ok = true;
    if (!any_device)
        return true;
    for (int i = 0; i < n; i++) {
        if (vals[i].kind != V_ARRAY)
            continue;
        RtArray *a = vals[i].a;
        ok &= rt_buf_host(a->buf, write);
        if (a->elem == RT_VALUE && a->data)
            ok &= rt_values_host(a->data, (int)a->n, write);
    }
    return ok;
}

void rt_res_release(RtBuffer *b)
{
    if (!b->device)
        return;
    const RtDevOps *o = ((RtDevCopy *)b->device)->ops;
    lock(o);
    drop(b);
    unlock(o);
}
