/*
 * coop.c - the cooperative launch (coop.h). Written without a GPU: the driver's answers
 * are tested with a fake driver table (tests/unit/test_cuda.c); tests/gpu/run.sh runs the
 * kernels of tests/kernels/cuda/grid_*.q on a device.
 */
#include "runtime/cuda/coop.h"

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
