/*
 * test_cuda_coop.c - the cooperative launch of kernels with grid barriers
 * (runtime/cuda/coop.c), against a fake driver table that records each call: the grid goes
 * to cuLaunchCooperativeKernel (never cuLaunchKernel) when the device supports cooperative
 * launches and holds every block at once (blocks per multiprocessor from the occupancy
 * API, asked with the launch's block size and shared bytes, times multiprocessors);
 * otherwise nothing is launched and the answer is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE
 * (720) or CUDA_ERROR_NOT_SUPPORTED (801), on which the engine runs the kernel on the CPU.
 * A grid larger than the device holds runs tiled (rt_cuda_coop_tiled): one-thread CUDA
 * blocks, as many as the device holds and no more than the grid's blocks, launched
 * cooperatively after the state (qpk_thread_bytes per thread of the grid, from the module)
 * is taken from the pool, zeroed and its address written to the module's qpk_grid_state;
 * the kernel is waited for before the state goes back to the pool.
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

/* the module's globals and the pool's device, for the tiled launch */
static struct {
    CUdeviceptr state_at, bytes_at;
    unsigned long long thread_bytes;
    CUdeviceptr written;            /* what went to qpk_grid_state */
    size_t zeroed;                  /* bytes cuMemsetD8 cleared */
    CUdeviceptr zeroed_at;
    int syncs, allocs, frees;
    uint64_t block;                 /* the pool's block */
    int order;                      /* 1 launched, 2 synchronised, 3 freed: the order seen */
    int bad_order;
} M;

static CUresult f_global(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name)
{
    (void)m;
    *bytes = 8;
    if (!strcmp(name, "qpk_grid_state"))
        *p = M.state_at;
    else if (!strcmp(name, "qpk_thread_bytes"))
        *p = M.bytes_at;
    else
        return 500;     /* CUDA_ERROR_NOT_FOUND */
    return CU_OK;
}

static CUresult f_dtoh(void *dst, CUdeviceptr src, size_t bytes)
{
    if (src != M.bytes_at || bytes != sizeof M.thread_bytes)
        return 1;
    memcpy(dst, &M.thread_bytes, bytes);
    return CU_OK;
}

static CUresult f_htod(CUdeviceptr dst, const void *src, size_t bytes)
{
    if (dst != M.state_at || bytes != sizeof(CUdeviceptr))
        return 1;
    memcpy(&M.written, src, bytes);
    return CU_OK;
}

static CUresult f_memset(CUdeviceptr dst, unsigned char v, size_t n)
{
    if (v)
        return 1;
    M.zeroed_at = dst;
    M.zeroed = n;
    return CU_OK;
}

static CUresult f_sync(void)
{
    M.syncs++;
    M.bad_order |= F.coop_launches != 1;
    return CU_OK;
}

static int p_alloc(void *ctx, size_t bytes, uint64_t *ptr)
{
    (void)ctx, (void)bytes;
    M.allocs++;
    *ptr = M.block = 0x700000000ull;
    return 0;
}

static void p_free(void *ctx, uint64_t ptr)
{
    (void)ctx, (void)ptr;
    M.frees++;
}

static RtCudaDriver driver(void)
{
    RtCudaDriver d;
    memset(&d, 0, sizeof d);
    d.cuDeviceGetAttribute = f_attr;
    d.cuOccupancyMaxActiveBlocksPerMultiprocessor = f_occ;
    d.cuLaunchCooperativeKernel = f_coop;
    d.cuLaunchKernel = f_plain;
    d.cuModuleGetGlobal = f_global;
    d.cuMemcpyDtoH = f_dtoh;
    d.cuMemcpyHtoD = f_htod;
    d.cuMemsetD8 = f_memset;
    d.cuCtxSynchronize = f_sync;
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

    /* tiled: 10000 blocks of 16x16 threads, 40-byte qpk_thread; one-thread blocks, 16 per
     * multiprocessor: 2112 CUDA blocks */
    d = driver();
    device(1, 132, 16);
    memset(&M, 0, sizeof M);
    M.state_at = 0x1000, M.bytes_at = 0x2000, M.thread_bytes = 40;
    RtCudaPool pool = {.dev_alloc = p_alloc, .dev_free = p_free, .limit = 0};
    int64_t dims[2] = {400, 6400}, bdims[2] = {16, 16};
    RtEngineGrid g = {.rank = 2, .dims = dims, .blk = bdims, .nblocks = 10000};
    r = rt_cuda_coop_tiled(&d, 0, &pool, NULL, NULL, &g, NULL, params);
    report("tiled_launch", r == CU_OK && F.coop_launches == 1 && F.plain_launches == 0 && F.grid[0] == 2112 &&
                               F.blk[0] == 1 && F.blk[1] == 1 && F.smem == 0 && F.occ_block == 1
                               ? NULL : why("r %d, %d cooperative launches of %u blocks of %u threads (%u bytes)", r,
                                            F.coop_launches, F.grid[0], F.blk[0], F.smem));
    report("tiled_state", M.allocs == 1 && M.zeroed == (size_t)10000 * 256 * 40 && M.zeroed_at == M.block &&
                              M.written == M.block
                              ? NULL : why("%d allocations, %zu bytes zeroed at %llx, qpk_grid_state %llx", M.allocs,
                                           M.zeroed, (unsigned long long)M.zeroed_at, (unsigned long long)M.written));
    report("tiled_waits_then_frees", M.syncs == 1 && !M.bad_order && M.frees == 1
                                         ? NULL : why("%d syncs, %d frees", M.syncs, M.frees));

    /* a grid of fewer blocks than the device holds: one CUDA block per block */
    device(1, 132, 16);
    memset(&M, 0, sizeof M);
    M.state_at = 0x1000, M.bytes_at = 0x2000, M.thread_bytes = 40;
    g.nblocks = 100;
    r = rt_cuda_coop_tiled(&d, 0, &pool, NULL, NULL, &g, NULL, params);
    report("tiled_small_grid", r == CU_OK && F.grid[0] == 100 ? NULL : why("r %d, %u blocks", r, F.grid[0]));

    /* no cooperative launch: nothing allocated, nothing launched */
    device(0, 132, 16);
    memset(&M, 0, sizeof M);
    M.state_at = 0x1000, M.bytes_at = 0x2000, M.thread_bytes = 40;
    r = rt_cuda_coop_tiled(&d, 0, &pool, NULL, NULL, &g, NULL, params);
    report("tiled_unsupported", r == RT_CUDA_COOP_NOT_SUPPORTED && !F.coop_launches && !M.allocs
                                    ? NULL : why("r %d, %d launches, %d allocations", r, F.coop_launches, M.allocs));
    return failures != 0;
}
