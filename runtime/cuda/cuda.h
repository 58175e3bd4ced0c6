/*
 * cuda.h - what the rest of the runtime asks the CUDA engine beyond the engine table
 * (engine.h rt_cuda_engine): the device it found, the launch geometry.
 */
#ifndef RT_CUDA_CUDA_H
#define RT_CUDA_CUDA_H

#include "runtime/engine.h"

/* The name of the device kernels run on, and its compute capability (90 for sm_90) in
 * *arch; NULL (and 0) when there is no usable device. Probes once. */
const char *rt_cuda_device_name(int *arch);

/* How a kernel text runs its blocks: no barriers; barriers, one GPU thread running each
 * block in lockstep; barriers run natively (the text defines QPK_NATIVE, lang/emit_c.c). */
enum { RT_CUDA_PLAIN, RT_CUDA_LOCKSTEP, RT_CUDA_NATIVE };

/* The launch geometry of a grid (engine.c): CUDA's x is the innermost dimension, as the
 * text's qpk_cuda reads it; `block` threads per block (the occupancy API's answer) spread
 * over x first (a multiple of 32 unless the dimension is smaller), then y, then z (at most
 * 64). RT_CUDA_LOCKSTEP: one block per block of the grid, one thread each;
 * RT_CUDA_NATIVE: one block per block of the grid, one thread per Quasar thread (at most
 * 1024). False when the grid exceeds CUDA's limits (y and z at most 65535 blocks) or is of
 * rank 4 with a first dimension other than 1 (qpk_cuda maps dim 0 to nothing). */
bool rt_cuda_launch_shape(int block, int how, const RtEngineGrid *g, unsigned grid[3], unsigned blk[3]);

#endif
