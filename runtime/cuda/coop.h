/*
 * coop.h - the cooperative launch of a kernel with grid barriers (its text defines
 * QPK_GRID, lang/klockstep.c): every block of the grid resident at once, so that the
 * blocks can wait for each other (qpk_grid_sync, kernels/qp_kernel.h).
 */
#ifndef RT_CUDA_COOP_H
#define RT_CUDA_COOP_H

#include "runtime/cuda/api.h"

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

#endif
