/*
 * inflight.c - launches in flight and their status words (inflight.h).
 *
 * Each slot owns one status word on the device (a stride of one block of the allocator)
 * and one in page-locked host memory; a launch zeroes the device word on its stream,
 * the kernel writes it, and a cuMemcpyDtoHAsync brings it to the host word before the
 * slot's event. Nothing waits until the status is wanted.
 */
#include "runtime/cuda/inflight.h"
#include "runtime/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool setup(RtCudaInflight *f)
{
    if (f->state)
        return f->state > 0;
    f->state = -1;
    void *host = NULL;
    uint64_t dev = 0;
    /* page-locked, so the status copy does not wait; ordinary memory if that fails (the
     * copy then returns once the kernel is done: correct, not overlapped) */
    bool pinned = f->d->cuMemHostAlloc(&host, sizeof(qp_status) * RT_CUDA_INFLIGHT, CU_MEMHOSTALLOC_PORTABLE) ==
                      CU_OK &&
                  host;
    if (!pinned && !(host = calloc(RT_CUDA_INFLIGHT, sizeof(qp_status))))
        return false;
    bool ok = rt_cuda_pool_get(f->pool, (size_t)RT_CUDA_STATUS_STRIDE * RT_CUDA_INFLIGHT, &dev) == 0;
    for (int i = 0; i < RT_CUDA_INFLIGHT && ok; i++) {
        if (f->d->cuEventCreate(&f->slot[i].done, CU_EVENT_DISABLE_TIMING) != CU_OK) {
            while (i-- > 0)
                f->d->cuEventDestroy(f->slot[i].done);
            rt_cuda_pool_put(f->pool, dev, (size_t)RT_CUDA_STATUS_STRIDE * RT_CUDA_INFLIGHT);
            ok = false;
            break;
        }
        f->slot[i].dev_status = dev + (CUdeviceptr)i * RT_CUDA_STATUS_STRIDE;
    }
    if (!ok) {      /* the device is in no state to run kernels: they run on the CPU */
        if (pinned)
            f->d->cuMemFreeHost(host);
        else
            free(host);
        return false;
    }
    f->pinned = host;
    f->dev_status = dev;
    f->state = 1;
    return true;
}

/* The array's name of a 'checked failure is a string of the module, in device memory:
 * copied into one of a ring of buffers (the caller reports it at once). */
static const char *device_name(RtCudaInflight *f, const char *p)
{
    static char names[RT_CUDA_INFLIGHT][64];
    static unsigned next;
    char *n = names[next++ % RT_CUDA_INFLIGHT];
    if (f->d->cuMemcpyDtoH(n, (CUdeviceptr)(uintptr_t)p, sizeof names[0] - 1) != CU_OK)
        return NULL;
    n[sizeof names[0] - 1] = '\0';
    return n;
}

/* The launch is done (its event complete, or failed with r): status to the caller, blocks
 * to the allocator, the slot free. */
static void finish(RtCudaInflight *f, RtCudaSlot *s, CUresult r)
{
    qp_status *st = s->status;
    if (r == CU_OK) {
        *st = f->pinned[s - f->slot];
        if (st->failed == 2 && st->name)
            st->name = device_name(f, st->name);
        else
            st->name = NULL;
    } else {
        char b[32];
        fprintf(stderr, "qpipe: kernel '%s' failed on the GPU (%s)\n", s->kernel ? s->kernel : "?",
                rt_cuda_error_name(r, b, sizeof b));
        memset(st, 0, sizeof *st);
        st->failed = RT_STATUS_DEVICE;
    }
    for (int i = 0; i < s->nblocks; i++)
        rt_cuda_pool_put(f->pool, s->blocks[i].dev, s->blocks[i].bytes);
    s->nblocks = 0;
    s->status = NULL;
    s->waiting = false;
}

RtCudaSlot *rt_cuda_inflight_take(RtCudaInflight *f, CUstream stream, CUresult *r)
{
    *r = CU_OK;
    if (!setup(f)) {
        *r = 2;     /* CUDA_ERROR_OUT_OF_MEMORY: no page-locked status words */
        return NULL;
    }
    RtCudaSlot *s = NULL, *old = NULL;
    for (int i = 0; i < RT_CUDA_INFLIGHT && !s; i++) {
        RtCudaSlot *c = &f->slot[i];
        if (!c->status)
            s = c;
        else if (!c->waiting && (!old || c->seq < old->seq))
            old = c;
    }
    if (!s && old) {        /* all busy: the oldest is waited for (its caller reads it later) */
        finish(f, old, f->d->cuEventSynchronize(old->done));
        f->retired++;
        s = old;
    }
    if (!s) {
        *r = 2;
        return NULL;
    }
    s->status = &f->pinned[s - f->slot];    /* taken (replaced by the caller's at issue) */
    s->nblocks = 0;
    *r = f->d->cuMemsetD8Async(s->dev_status, 0, sizeof(qp_status), stream);
    if (*r != CU_OK) {
        s->status = NULL;
        return NULL;
    }
    return s;
}

bool rt_cuda_inflight_hold(RtCudaSlot *s, uint64_t dev, size_t bytes)
{
    if (s->nblocks == RT_CUDA_SLOT_BLOCKS)
        return false;
    s->blocks[s->nblocks].dev = dev;
    s->blocks[s->nblocks++].bytes = bytes;
    return true;
}

CUresult rt_cuda_inflight_issue(RtCudaInflight *f, RtCudaSlot *s, CUstream stream, qp_status *status,
                                const char *kernel)
{
    CUresult r = f->d->cuMemcpyDtoHAsync(&f->pinned[s - f->slot], s->dev_status, sizeof(qp_status), stream);
    if (r == CU_OK)
        r = f->d->cuEventRecord(s->done, stream);
    s->status = status;
    s->kernel = kernel;
    s->seq = ++f->seq;
    f->issued++;
    memset(status, 0, sizeof *status);
    status->failed = RT_STATUS_PENDING;
    if (r != CU_OK)
        rt_cuda_inflight_abandon(f, s, stream);
    return r;
}

void rt_cuda_inflight_abandon(RtCudaInflight *f, RtCudaSlot *s, CUstream stream)
{
    f->d->cuStreamSynchronize(stream);
    qp_status dummy;
    qp_status *st = s->status && s->status != &f->pinned[s - f->slot] ? s->status : &dummy;
    for (int i = 0; i < s->nblocks; i++)
        rt_cuda_pool_put(f->pool, s->blocks[i].dev, s->blocks[i].bytes);
    s->nblocks = 0;
    memset(st, 0, sizeof *st);
    s->status = NULL;
    s->waiting = false;
}

CUresult rt_cuda_inflight_wait(RtCudaInflight *f, qp_status *status, void (*unlock)(void), void (*lock)(void))
{
    RtCudaSlot *s = NULL;
    for (int i = 0; i < RT_CUDA_INFLIGHT && !s; i++)
        if (f->slot[i].status == status)
            s = &f->slot[i];
    if (!s)
        return CU_OK;       /* retired before: *status holds it */
    while (s->waiting && s->status == status) {     /* another thread waits on it: let it finish */
        unlock();
        f->d->cuEventSynchronize(s->done);
        lock();
    }
    if (s->status != status)
        return status->failed == RT_STATUS_DEVICE ? 1 : CU_OK;
    s->waiting = true;
    unlock();
    CUresult r = f->d->cuEventSynchronize(s->done);
    lock();
    finish(f, s, r);
    return r;
}

void rt_cuda_inflight_drain(RtCudaInflight *f)
{
    for (int i = 0; i < RT_CUDA_INFLIGHT; i++)
        if (f->slot[i].status && !f->slot[i].waiting)
            finish(f, &f->slot[i], f->d->cuEventSynchronize(f->slot[i].done));
}
