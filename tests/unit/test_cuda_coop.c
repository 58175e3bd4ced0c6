/*
 * test_cuda_coop.c - the cooperative launch of kernels with grid barriers
 * (runtime/cuda/coop.c), against a fake driver table that records each call: the grid goes
 * to cuLaunchCooperativeKernel (never cuLaunchKernel) when the device supports cooperative
 * launches and holds every block at once (blocks per multiprocessor from the occupancy
 * API, asked with the launch's block size and shared bytes, times multiprocessors);
 * otherwise nothing is launched and the answer is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE
 * (720) or CUDA_ERROR_NOT_SUPPORTED (801), on which the engine runs the kernel on the CPU.
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/coop.h"
#include "tests/unit/check.h"

#include <string.h>

static struct {
    int coop_attr, sms, per_sm;         /* what the fake device says */
    int coop_launches, plain_launches;
    unsigned grid[3], blk[3], smem;
    int occ_block;
    size_t occ_smem;
    void **params;
} F;

static CUresult f_attr(int *v, int attrib, CUdevice dev)
{
    (void)dev;
    if (attrib == CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)
        *v = F.coop_attr;
    else if (attrib == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
        *v = F.sms;
    else
        return 1;   /* CUDA_ERROR_INVALID_VALUE: an attribute the launch should not ask */
    return CU_OK;
}

static CUresult f_occ(int *blocks, CUfunction f, int block, size_t smem)
{
    (void)f;
    F.occ_block = block;
    F.occ_smem = smem;
    *blocks = F.per_sm;
    return CU_OK;
}

static CUresult f_coop(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                       unsigned smem, CUstream s, void **params)
{
    (void)f, (void)s;
    F.coop_launches++;
    F.grid[0] = gx, F.grid[1] = gy, F.grid[2] = gz;
    F.blk[0] = bx, F.blk[1] = by, F.blk[2] = bz;
    F.smem = smem;
    F.params = params;
    return CU_OK;
}

static CUresult f_plain(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned smem, CUstream s, void **params, void **extra)
{
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)smem, (void)s, (void)params, (void)extra;
    F.plain_launches++;
    return CU_OK;
}

static RtCudaDriver driver(void)
{
    RtCudaDriver d;
    memset(&d, 0, sizeof d);
    d.cuDeviceGetAttribute = f_attr;
    d.cuOccupancyMaxActiveBlocksPerMultiprocessor = f_occ;
    d.cuLaunchCooperativeKernel = f_coop;
    d.cuLaunchKernel = f_plain;
    return d;
}

static void device(int coop, int sms, int per_sm)
{
    memset(&F, 0, sizeof F);
    F.coop_attr = coop, F.sms = sms, F.per_sm = per_sm;
}

int main(void)
{
    RtCudaDriver d = driver();
    void *params[4] = {0};
    unsigned blk[3] = {256, 1, 1};

    /* an H100: 132 multiprocessors, 2 blocks of 256 threads each: 264 blocks at once */
    device(1, 132, 2);
    unsigned fits[3] = {264, 1, 1};
    CUresult r = rt_cuda_coop_launch(&d, 0, NULL, fits, blk, 16, NULL, params);
    report("coop_launch_used", r == CU_OK && F.coop_launches == 1 && F.plain_launches == 0
                                   ? NULL : why("r %d, %d cooperative, %d plain launches", r, F.coop_launches,
                                                F.plain_launches));
    report("coop_launch_shape", F.grid[0] == 264 && F.grid[1] == 1 && F.blk[0] == 256 && F.smem == 16 &&
                                        F.params == params
                                    ? NULL : why("grid %u, block %u, smem %u", F.grid[0], F.blk[0], F.smem));
    report("coop_occupancy_asked", F.occ_block == 256 && F.occ_smem == 16
                                       ? NULL : why("occupancy asked for %d threads, %zu bytes", F.occ_block, F.occ_smem));

    device(1, 132, 2);
    unsigned over[3] = {265, 1, 1};
    r = rt_cuda_coop_launch(&d, 0, NULL, over, blk, 16, NULL, params);
    report("coop_too_large", r == RT_CUDA_COOP_TOO_LARGE && r == 720 && F.coop_launches == 0 && F.plain_launches == 0
                                 ? NULL : why("r %d, %d launches", r, F.coop_launches + F.plain_launches));

    device(1, 132, 2);
    long long cap = rt_cuda_coop_capacity(&d, 0, NULL, 1024, 49152, &r);
    report("coop_capacity", cap == 264 && r == CU_OK && F.occ_block == 1024 && F.occ_smem == 49152
                                ? NULL : why("capacity %lld, r %d", cap, r));

    device(0, 132, 2);      /* a device without cooperative launches (attribute 0) */
    r = rt_cuda_coop_launch(&d, 0, NULL, fits, blk, 16, NULL, params);
    report("coop_unsupported_device", r == RT_CUDA_COOP_NOT_SUPPORTED && r == 801 && F.coop_launches == 0
                                          ? NULL : why("r %d, %d launches", r, F.coop_launches));

    device(1, 132, 0);      /* blocks too big for one multiprocessor */
    unsigned one[3] = {1, 1, 1};
    r = rt_cuda_coop_launch(&d, 0, NULL, one, blk, 16, NULL, params);
    report("coop_no_block_fits", r == RT_CUDA_COOP_TOO_LARGE && F.coop_launches == 0
                                     ? NULL : why("r %d, %d launches", r, F.coop_launches));

    device(1, 132, 2);      /* a driver without the entry points */
    d.cuLaunchCooperativeKernel = NULL;
    r = rt_cuda_coop_launch(&d, 0, NULL, fits, blk, 16, NULL, params);
    report("coop_old_driver", r == RT_CUDA_COOP_NOT_SUPPORTED && F.coop_launches == 0 && F.plain_launches == 0
                                  ? NULL : why("r %d", r));
    return failures != 0;
}
