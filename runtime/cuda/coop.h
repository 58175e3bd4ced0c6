/*
 * coop.h - the cooperative launch of a kernel with grid barriers (its text defines
 * QPK_GRID, lang/klockstep.c): every block of the grid resident at once, so that the
 * blocks can wait for each other (qpk_grid_sync, kernels/qp_kernel.h).
 */
#ifndef RT_CUDA_COOP_H
#define RT_CUDA_COOP_H

#include "runtime/cuda/alloc.h"
#include "runtime/cuda/api.h"
#include "runtime/engine.h"

/* The driver's answers when a cooperative launch cannot be made (cuda.h's values, so that
 * cuGetErrorName names them). */
enum {
    RT_CUDA_COOP_TOO_LARGE = 720,       /* CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE */
    RT_CUDA_COOP_NOT_SUPPORTED = 801,   /* CUDA_ERROR_NOT_SUPPORTED */
};

/* How many blocks of `threads` threads and `shared` dynamic shared bytes the device holds
 * at once: blocks per multiprocessor (occupancy API) times multiprocessors. 0 with the
 * failing call's result in *r when it cannot say; RT_CUDA_COOP_NOT_SUPPORTED in *r when the
 * device or the driver has no cooperative launch. */
long long rt_cuda_coop_capacity(const RtCudaDriver *d, CUdevice dev, CUfunction fn, unsigned threads,
                                unsigned shared, CUresult *r);

/* Launch fn over grid x blk with cuLaunchCooperativeKernel, when the device supports it and
 * holds the whole grid at once (rt_cuda_coop_capacity); else RT_CUDA_COOP_NOT_SUPPORTED or
 * RT_CUDA_COOP_TOO_LARGE and nothing is launched (the engine runs the kernel on the CPU). */
CUresult rt_cuda_coop_launch(const RtCudaDriver *d, CUdevice dev, CUfunction fn, const unsigned grid[3],
                             const unsigned blk[3], unsigned shared, CUstream s, void **params);

/* A grid that cannot wait in place (more blocks than the device holds, or blocks that are
 * not native), tiled: the module's qpk_cuda runs qpk_grid_tiles (lang/emit_c.c), each CUDA
 * block of one thread running blocks of the grid in turn between grid barriers, their
 * threads in a zeroed state of the pool (qpk_thread_bytes per thread of the grid, its address
 * in the module's qpk_grid_state); as many CUDA blocks as the device holds, at most one per
 * block of the grid, launched cooperatively and waited for (the state goes back to the
 * pool). RT_CUDA_COOP_* or the failing call's result when it cannot run. */
CUresult rt_cuda_coop_tiled(const RtCudaDriver *d, CUdevice dev, RtCudaPool *pool, CUmodule mod, CUfunction fn,
                            const RtEngineGrid *g, CUstream s, void **params);

#endif
