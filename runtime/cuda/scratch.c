/*
 * scratch.c - a library call on host working copies through one device block
 * (scratch.h): plan the block, upload, call, synchronise, download, free.
 */
#include "runtime/cuda/scratch.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"

#include <stdio.h>
#include <string.h>

enum { ALIGN = 256, MAX_PARTS = 16 };

bool rt_cuda_scratch_plan(RtCudaPart *parts, int n, size_t *total)
{
    size_t off = 0;
    for (int i = 0; i < n; i++) {
        size_t b = parts[i].bytes ? parts[i].bytes : 1;
        if (b > SIZE_MAX - ALIGN || off > SIZE_MAX - (b + ALIGN - 1) / ALIGN * ALIGN)
            return false;
        parts[i].off = off;
        off += (b + ALIGN - 1) / ALIGN * ALIGN;
    }
    *total = off;
    return n > 0;
}

int rt_cuda_run_sync(void)
{
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    return d ? d->cuCtxSynchronize() : -1;
}

int rt_cuda_run_work(RtCudaRun *run, size_t bytes, uint64_t *p, char *why, size_t len)
{
    if (run->work) {
        snprintf(why, len, "internal error: a second workspace");
        return -1;
    }
    bytes = ((bytes ? bytes : 1) + ALIGN - 1) / ALIGN * ALIGN;
    if (run->ops->alloc(run->ops->ctx, bytes, &run->work)) {
        run->work = 0;
        snprintf(why, len, "out of device memory");
        return -1;
    }
    run->work_bytes = bytes;
    *p = run->work;
    return 0;
}

int rt_cuda_run_read(RtCudaRun *run, void *dst, uint64_t src, size_t bytes)
{
    (void)run;
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    return d ? d->cuMemcpyDtoH(dst, (CUdeviceptr)src, bytes) : -1;
}

int rt_cuda_run_write(RtCudaRun *run, uint64_t dst, const void *src, size_t bytes)
{
    (void)run;
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    return d ? d->cuMemcpyHtoD((CUdeviceptr)dst, src, bytes) : -1;
}

int rt_cuda_scratch_run(RtCudaPart *parts, int n, unsigned need, RtCudaCall call, void *ctx, char *why,
                        size_t len)
{
    const RtDevOps *ops = rt_cuda_dev_ops();
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    size_t total;
    if (!ops || !d) {
        snprintf(why, len, "no CUDA device");
        return 0;
    }
    if (n > MAX_PARTS || !rt_cuda_scratch_plan(parts, n, &total)) {
        snprintf(why, len, "the arrays are too large");
        return 0;
    }
    ops->lock(ops->ctx);
    uint64_t base = 0, dev[MAX_PARTS];
    RtCudaRun run = {.dev = dev, .ops = ops};
    int done = 0, r = 0;
    if ((need & RT_CUDA_NEED_BLAS) && !(run.blas = rt_cuda_blas_handle(why, len))) {
        /* why says it */
    } else if ((need & RT_CUDA_NEED_SOLVER) && !(run.solver = rt_cuda_solver_handle(why, len))) {
        /* why says it */
    } else if ((r = d->cuCtxSynchronize()) != CU_OK) {
        snprintf(why, len, "the device failed before the call (%d)", r);
    } else if (ops->alloc(ops->ctx, total, &base)) {
        snprintf(why, len, "out of device memory");
        base = 0;
    } else {
        for (int i = 0; i < n; i++)
            dev[i] = base + parts[i].off;
        for (int i = 0; !r && i < n; i++) {
            if (parts[i].in && parts[i].bytes)
                r = d->cuMemcpyHtoD((CUdeviceptr)dev[i], parts[i].in, parts[i].bytes);
            else if (parts[i].zero && parts[i].bytes)
                r = d->cuMemsetD8((CUdeviceptr)dev[i], 0, parts[i].bytes);
        }
        if (r)
            snprintf(why, len, "the upload failed (%d)", r);
        else if (!(r = call(&run, ctx, why, len)) && (r = d->cuCtxSynchronize()) != CU_OK)
            snprintf(why, len, "the library call failed on the device (%d)", r);
        if (!r) {
            done = 1;
            for (int i = 0; done > 0 && i < n; i++)
                if (parts[i].out && parts[i].bytes &&
                    (r = d->cuMemcpyDtoH(parts[i].out, (CUdeviceptr)dev[i], parts[i].bytes)) != CU_OK) {
                    snprintf(why, len, "the download failed (%d)", r);
                    done = -1;
                }
        } else {
            d->cuCtxSynchronize();      /* nothing of a failed call may still use the block */
        }
        if (run.work)
            ops->free(ops->ctx, run.work, run.work_bytes);
        ops->free(ops->ctx, base, total);
    }
    ops->unlock(ops->ctx);
    return done;
}
