/*
 * gl.c - frames shown from the device: the CUDA engine's RtEngineGl (gl.h).
 *
 * Every call runs on the display's thread, its GL context current, and takes the engine's
 * lock (RtDevOps lock), which makes the engine's context current on that thread: the
 * registration, the conversion kernel (rgba.c) and the copy into the texture all run in
 * the context the kernels ran in, so the frame's device copy is addressable as it is. The
 * conversion and the copy are issued on the legacy stream, which waits for the engine's
 * (blocking) copy and compute streams; unmapping the texture on that stream orders GL's
 * drawing after the copy, so no synchronisation with the host is needed.
 */
#include "runtime/cuda/gl.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/rgba.h"
#include "runtime/residency.h"

#include <dlfcn.h>
#include <stdio.h>

typedef struct CUgraphicsResource_st *CUgraphicsResource;

static const char *const names[] = {
    "cuGraphicsGLRegisterImage", "cuGraphicsUnregisterResource", "cuGraphicsMapResources",
    "cuGraphicsUnmapResources", "cuGraphicsSubResourceGetMappedArray", "cuMemcpy2D_v2",
};

static struct {
    int state;                  /* 0 not looked up, 1 found, -1 not (why) */
    char why[256];
    union {
        void *sym[sizeof names / sizeof *names];
        struct {
            CUresult (*reg)(CUgraphicsResource *res, unsigned tex, unsigned target, unsigned flags);
            CUresult (*unreg)(CUgraphicsResource res);
            CUresult (*map)(unsigned n, CUgraphicsResource *res, CUstream s);
            CUresult (*unmap)(unsigned n, CUgraphicsResource *res, CUstream s);
            CUresult (*array)(RtCuArray *arr, CUgraphicsResource res, unsigned index, unsigned level);
            CUresult (*copy2d)(const RtCuMemcpy2D *copy);
        } f;
    } u;
} G;

const char *rt_cuda_gl_symbol(int i)
{
    return i >= 0 && i < (int)(sizeof names / sizeof *names) ? names[i] : NULL;
}

/* The device (locked, its context current) with the graphics functions; NULL with why. */
static const RtDevOps *begin(char *why, size_t len)
{
    const RtDevOps *ops = rt_cuda_dev_ops();
    if (!ops) {
        snprintf(why, len, "no CUDA device");
        return NULL;
    }
    ops->lock(ops->ctx);
    if (!G.state) {
        const RtCudaDriver *d = rt_cuda_driver(G.why, sizeof G.why);
        G.state = d ? 1 : -1;
        for (size_t i = 0; d && i < sizeof names / sizeof *names; i++)
            if (!(G.u.sym[i] = dlsym(d->lib, names[i]))) {
                snprintf(G.why, sizeof G.why, "the CUDA driver has no function %s", names[i]);
                G.state = -1;
                break;
            }
    }
    if (G.state > 0)
        return ops;
    snprintf(why, len, "%s", G.why);
    ops->unlock(ops->ctx);
    return NULL;
}

static int failed(const char *call, CUresult r, char *why, size_t len)
{
    char b[32];
    snprintf(why, len, "%s: %s", call, rt_cuda_error_name(r, b, sizeof b));
    return -1;
}

static int gl_reg(unsigned tex, uint64_t *handle, char *why, size_t len)
{
    const RtDevOps *ops = begin(why, len);
    if (!ops)
        return -1;
    CUgraphicsResource res = NULL;
    CUresult r = G.u.f.reg(&res, tex, RT_GL_TEXTURE_2D, RT_CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD);
    ops->unlock(ops->ctx);
    if (r != CU_OK)
        return failed("cuGraphicsGLRegisterImage", r, why, len);
    *handle = (uint64_t)(uintptr_t)res;
    return 0;
}

static void gl_unreg(uint64_t handle)
{
    char why[64];
    const RtDevOps *ops = handle ? begin(why, sizeof why) : NULL;
    if (!ops)
        return;
    G.u.f.unreg((CUgraphicsResource)(uintptr_t)handle);
    ops->unlock(ops->ctx);
}

/* Map the texture, copy the w x h RGBA8 block at src into its array, unmap. */
static int to_texture(CUgraphicsResource res, uint64_t src, int64_t w, int64_t h, char *why, size_t len)
{
    CUresult r = G.u.f.map(1, &res, NULL);
    if (r != CU_OK)
        return failed("cuGraphicsMapResources", r, why, len);
    RtCuArray arr = NULL;
    const char *call = "cuGraphicsSubResourceGetMappedArray";
    r = G.u.f.array(&arr, res, 0, 0);
    if (r == CU_OK) {
        RtCuMemcpy2D cp = {.srcMemoryType = RT_CU_MEMORYTYPE_DEVICE, .srcDevice = src, .srcPitch = (size_t)w * 4,
                           .dstMemoryType = RT_CU_MEMORYTYPE_ARRAY, .dstArray = arr,
                           .WidthInBytes = (size_t)w * 4, .Height = (size_t)h};
        call = "cuMemcpy2D";
        r = G.u.f.copy2d(&cp);
    }
    CUresult u = G.u.f.unmap(1, &res, NULL);
    if (r != CU_OK)
        return failed(call, r, why, len);
    return u == CU_OK ? 0 : failed("cuGraphicsUnmapResources", u, why, len);
}

static int gl_show(uint64_t handle, const RtArray *a, double lo, double hi, char *why, size_t len)
{
    RtBuffer *b = a->buf;
    if (!b || !b->device || !(b->flags & RT_BUF_DEVICE_VALID)) {
        snprintf(why, len, "the image has no current device copy");
        return -1;
    }
    int arch = 0;
    if (!rt_cuda_device_name(&arch)) {      /* before the lock: it takes it */
        snprintf(why, len, "no CUDA device");
        return -1;
    }
    const RtDevOps *ops = begin(why, len);
    if (!ops)
        return -1;
    int64_t h = a->rank == 1 ? 1 : a->dims[0], w = a->rank == 1 ? a->dims[0] : a->dims[1];
    size_t bytes = (size_t)w * (size_t)h * 4;
    uint64_t src = 0, tmp = 0;
    int rc = -1;
    CUresult r = rt_res_device(b, ops, RT_USE_READ, &src);
    if (r != CU_OK)
        failed("the image's device copy", r, why, len);
    else if ((r = ops->alloc(ops->ctx, bytes, &tmp)) != CU_OK)
        failed("cuMemAlloc", r, why, len);
    else if (rt_cuda_rgba(a, arch, src, lo, hi, tmp, (size_t)w * 4, why, len) == 0)
        rc = to_texture((CUgraphicsResource)(uintptr_t)handle, tmp, w, h, why, len);
    if (tmp)        /* back to the allocator's cache; later users are ordered after the copy */
        ops->free(ops->ctx, tmp, bytes);
    ops->unlock(ops->ctx);
    return rc;
}

const RtEngineGl rt_cuda_gl = {.reg = gl_reg, .unreg = gl_unreg, .show = gl_show};
