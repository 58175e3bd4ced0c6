/*
 * texcache.c - texture objects cached per device copy version (texcache.h).
 */
#include "runtime/cuda/texcache.h"

#include <string.h>

static bool same_spec(const RtCudaTexSpec *a, const RtCudaTexSpec *b)
{
    return a->linear == b->linear && a->rank == b->rank && a->mode == b->mode && a->comps == b->comps;
}

static void destroy(RtCudaTexCache *tc, const RtCudaDriver *d, int i)
{
    RtCudaTexEntry *e = &tc->e[i];
    if (e->used)
        d->cuEventSynchronize(e->used);     /* no kernel reads it any more */
    d->cuTexObjectDestroy(e->obj);
    d->cuArrayDestroy(e->arr);
    if (e->used)
        d->cuEventDestroy(e->used);
    tc->e[i] = tc->e[--tc->n];
}

/* Fill e->arr from the device copy on `stream`, after the launches still reading it; the
 * entry's event then marks the fill, so a launch on another stream waits for it. */
static bool fill(const RtCudaDriver *d, CUstream stream, RtCudaTexEntry *e, RtCuMemcpy3D *cp, CUdeviceptr src)
{
    if (e->used && d->cuStreamWaitEvent(stream, e->used, 0) != CU_OK)
        return false;
    cp->srcDevice = src;
    cp->dstArray = e->arr;
    if (d->cuMemcpy3DAsync(cp, stream) != CU_OK)
        return false;
    if (!e->used && d->cuEventCreate(&e->used, CU_EVENT_DISABLE_TIMING) != CU_OK) {
        e->used = NULL;
        return d->cuStreamSynchronize(stream) == CU_OK;
    }
    return d->cuEventRecord(e->used, stream) == CU_OK;
}

RtCuTexObject rt_cuda_tex_get(RtCudaTexCache *tc, const RtCudaDriver *d, CUstream stream, const RtCudaTexSpec *spec,
                              const int64_t dims[4], const RtDevCopy *c, int *entry)
{
    *entry = -1;
    RtCuArray3DDesc ad;
    RtCuMemcpy3D cp;
    RtCuTexDesc td;
    char why[128];
    if (!rt_cuda_tex_describe(spec, dims, &ad, &cp, &td, why, sizeof why))
        return 0;
    if ((size_t)cp.WidthInBytes * cp.Height * cp.Depth > c->bytes)
        return 0;       /* the dims say more than the buffer holds: not ours to read */
    for (int i = 0; i < tc->n; i++) {
        RtCudaTexEntry *e = &tc->e[i];
        if (e->copy != c->id || e->src != c->ptr || !same_spec(&e->spec, spec) ||
            memcmp(e->dims, dims, sizeof e->dims))
            continue;
        if (e->version != c->version) {     /* the device copy changed: the snapshot again */
            if (!fill(d, stream, e, &cp, c->ptr)) {
                destroy(tc, d, i);
                return 0;
            }
            e->version = c->version;
            tc->refills++;
        } else {
            if (e->used && d->cuStreamWaitEvent(stream, e->used, 0) != CU_OK)
                return 0;   /* the fill (or the last reader) first */
            tc->hits++;
        }
        e->lru = ++tc->clock;
        *entry = i;
        return e->obj;
    }
    if (tc->n == RT_CUDA_TEX_CACHE) {       /* full: the least recently used goes */
        int old = 0;
        for (int i = 1; i < tc->n; i++)
            if (tc->e[i].lru < tc->e[old].lru)
                old = i;
        destroy(tc, d, old);
    }
    RtCudaTexEntry *e = &tc->e[tc->n];
    memset(e, 0, sizeof *e);
    e->spec = *spec;
    memcpy(e->dims, dims, sizeof e->dims);
    if (d->cuArray3DCreate(&e->arr, &ad) != CU_OK)
        return 0;
    RtCuResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = RT_CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = e->arr;
    if (!fill(d, stream, e, &cp, c->ptr) || d->cuTexObjectCreate(&e->obj, &rd, &td, NULL) != CU_OK || !e->obj) {
        if (e->used) {
            d->cuEventSynchronize(e->used);
            d->cuEventDestroy(e->used);
        }
        d->cuArrayDestroy(e->arr);
        return 0;
    }
    e->copy = c->id;
    e->version = c->version;
    e->src = c->ptr;
    e->lru = ++tc->clock;
    tc->made++;
    *entry = tc->n++;
    return e->obj;
}

void rt_cuda_tex_used(RtCudaTexCache *tc, const RtCudaDriver *d, int entry, CUstream stream)
{
    if (entry < 0 || entry >= tc->n)
        return;
    RtCudaTexEntry *e = &tc->e[entry];
    if (!e->used && d->cuEventCreate(&e->used, CU_EVENT_DISABLE_TIMING) != CU_OK) {
        e->used = NULL;
        d->cuStreamSynchronize(stream);     /* no event: what reads it is finished now */
        return;
    }
    if (d->cuEventRecord(e->used, stream) != CU_OK)
        d->cuStreamSynchronize(stream);
}

void rt_cuda_tex_forget(RtCudaTexCache *tc, const RtCudaDriver *d, CUdeviceptr ptr)
{
    for (int i = tc->n - 1; i >= 0; i--)
        if (tc->e[i].src == ptr)
            destroy(tc, d, i);
}

void rt_cuda_tex_clear(RtCudaTexCache *tc, const RtCudaDriver *d)
{
    while (tc->n)
        destroy(tc, d, tc->n - 1);
}
