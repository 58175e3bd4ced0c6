/*
 * coop.c - the cooperative launch (coop.h). Written without a GPU: the driver's answers
 * are tested with a fake driver table (tests/unit/test_cuda.c); tests/gpu/run.sh runs the
 * kernels of tests/kernels/cuda/grid_*.q on a device.
 */
#include "runtime/cuda/coop.h"

#include <stdint.h>

long long rt_cuda_coop_capacity(const RtCudaDriver *d, CUdevice dev, CUfunction fn, unsigned threads,
                                unsigned shared, CUresult *r)
{
    if (!d->cuLaunchCooperativeKernel || !d->cuOccupancyMaxActiveBlocksPerMultiprocessor) {
        *r = RT_CUDA_COOP_NOT_SUPPORTED;    /* a driver older than CUDA 9 */
        return 0;
    }
    int coop = 0, sms = 0, per_sm = 0;
    *r = d->cuDeviceGetAttribute(&coop, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev);
    if (*r == CU_OK && !coop)
        *r = RT_CUDA_COOP_NOT_SUPPORTED;
    if (*r == CU_OK)
        *r = d->cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
    if (*r == CU_OK)
        *r = d->cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, (int)threads, shared);
    if (*r != CU_OK || sms < 1 || per_sm < 1)
        return 0;
    return (long long)per_sm * sms;
}

CUresult rt_cuda_coop_launch(const RtCudaDriver *d, CUdevice dev, CUfunction fn, const unsigned grid[3],
                             const unsigned blk[3], unsigned shared, CUstream s, void **params)
{
    CUresult r = CU_OK;
    long long cap = rt_cuda_coop_capacity(d, dev, fn, blk[0] * blk[1] * blk[2], shared, &r);
    if (r != CU_OK)
        return r;
    if ((long long)grid[0] * grid[1] * grid[2] > cap)
        return RT_CUDA_COOP_TOO_LARGE;
    return d->cuLaunchCooperativeKernel(fn, grid[0], grid[1], grid[2], blk[0], blk[1], blk[2], shared, s, params);
}

CUresult rt_cuda_coop_tiled(const RtCudaDriver *d, CUdevice dev, RtCudaPool *pool, CUmodule mod, CUfunction fn,
                            const RtEngineGrid *g, CUstream s, void **params)
{
    CUdeviceptr at_state = 0, at_bytes = 0;
    size_t n = 0;
    unsigned long long per = 0;
    CUresult r = d->cuModuleGetGlobal(&at_state, &n, mod, "qpk_grid_state");
    if (r == CU_OK)
        r = d->cuModuleGetGlobal(&at_bytes, &n, mod, "qpk_thread_bytes");
    if (r == CU_OK)
        r = d->cuMemcpyDtoH(&per, at_bytes, sizeof per);
    if (r != CU_OK)
        return r;
    uint64_t nt = 1;
    for (int k = 0; k < g->rank; k++)
        nt *= (uint64_t)g->blk[k];
    long long cap = rt_cuda_coop_capacity(d, dev, fn, 1, 0, &r);
    if (r != CU_OK)
        return r;
    if (cap < 1 || g->nblocks < 1 || !per || (uint64_t)g->nblocks > SIZE_MAX / nt / per)
        return RT_CUDA_COOP_TOO_LARGE;
    size_t bytes = (size_t)((uint64_t)g->nblocks * nt * per);
    uint64_t state = 0;
    if ((r = rt_cuda_pool_get(pool, bytes, &state)) != CU_OK)
        return r;
    CUdeviceptr p = (CUdeviceptr)state;
    r = d->cuMemsetD8(p, 0, bytes);
    if (r == CU_OK)
        r = d->cuMemcpyHtoD(at_state, &p, sizeof p);
    unsigned grid[3] = {(unsigned)(g->nblocks < cap ? g->nblocks : cap), 1, 1}, blk[3] = {1, 1, 1};
    if (r == CU_OK)
        r = rt_cuda_coop_launch(d, dev, fn, grid, blk, 0, s, params);
    if (r == CU_OK)
        r = d->cuCtxSynchronize();     /* the state goes back to the pool only when the kernel is done */
    rt_cuda_pool_put(pool, state, bytes);
    return r;
}
