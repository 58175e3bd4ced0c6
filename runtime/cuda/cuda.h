/*
 * cuda.h - what the rest of the runtime asks the CUDA engine beyond the engine table
 * (engine.h rt_cuda_engine): the device it found, the launch geometry.
 */
#ifndef RT_CUDA_CUDA_H
#define RT_CUDA_CUDA_H

#include "runtime/engine.h"
#include "runtime/residency.h"

/* The name of the device kernels run on, and its compute capability (90 for sm_90) in
 * *arch; NULL (and 0) when there is no usable device. Probes once. */
const char *rt_cuda_device_name(int *arch);

/* Run on device `ordinal` (cuDeviceGet(ordinal)) instead of device 0: --gpu N and
 * {!sched gpu_index=N}. Only before the engine's first probe (the device context is the
 * process's): false when another device is already in use (its ordinal in *current). A
 * device that does not exist makes the engine unusable, with the reason (exit 69 under
 * --engine cuda). */
bool rt_cuda_set_device(int ordinal, int *current);

/* Whether the engine has probed for its device yet (a compiled kernel launched, or a
 * question above was asked). Does not probe: --engine auto leaves the driver alone until
 * a kernel needs an engine. */
bool rt_cuda_probed(void);

/* Page-locked host blocks for video frames (pinned.c; the engine's host_alloc/host_free):
 * NULL when the device is not usable or cuMemHostAlloc fails (the caller then uses
 * ordinary memory). Blocks given back are kept for the next frame of the same size. */
void *rt_cuda_host_alloc(size_t bytes);
void rt_cuda_host_free(void *p, size_t bytes);
typedef struct RtCudaPinnedStats {
    int64_t allocated, reused, failed, bytes;   /* cuMemHostAlloc calls, blocks reused, failures */
} RtCudaPinnedStats;
RtCudaPinnedStats rt_cuda_pinned_stats(void);
/* The driver with the engine's context current on the calling thread, probing the device
 * first if needed; NULL without a usable device (engine.c). */
const struct RtCudaDriver *rt_cuda_current(void);

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

/* The device as runtime/residency.c sees it (blocks of the caching allocator, counted
 * copies, the engine's lock), or NULL without a usable device. */
const RtDevOps *rt_cuda_dev_ops(void);

/* A complex-to-complex FFT of x into out (both complex of the global precision, out of
 * x's dims) over the dimensions marked in tr, on the device through cuFFT (fft.c), the
 * inverse scaled by 1/N. 1 when done (out's valid copy then on the device), 0 when not
 * possible here, with why (no device, cuFFT or cuBLAS missing, a layout of more than one
 * batch dimension): the caller then runs it on the CPU. */
int rt_cuda_fft_c2c(RtArray *x, RtArray *out, const bool *tr, bool inverse, bool dbl, char *why, size_t len);
/* cufftPlanMany's description of a transform of a row-major array (fft.c): type C2C
 * (Z2Z when dbl), n[rank] the transformed sizes, embed[] and stride their layout, batch
 * transforms dist elements apart. False when cuFFT cannot express it (more than one
 * dimension of size > 1 left untransformed, more than 3 transformed, none, over 2^31). */
typedef struct RtCudaFftLayout {
    int type, rank, n[3], embed[3], stride, dist, batch;
} RtCudaFftLayout;
bool rt_cuda_fft_layout(int rank, const int64_t *dims, const bool *tr, bool dbl, RtCudaFftLayout *L);
/* C = A B for real (cplx: complex) matrices of the global precision (A m x k, B k x n,
 * C m x n, row-major, all of one element type) through cuBLAS's s/d/c/zgemm on the
 * buffers' device copies (blas.c). 1 when done (C valid on the device), 0 with why when
 * not (no device, cuBLAS missing, no device memory). */
int rt_cuda_gemm(RtArray *a, RtArray *b, RtArray *c, int m, int k, int n, bool dbl, bool cplx, char *why,
                 size_t len);
/* The i-th libcublas function blas.c calls (from 0), NULL past the last (unit-tested to
 * resolve in the toolkit's library). */
const char *rt_cuda_blas_symbol(int i);
/* x[0..n) *= by for complex elements at device address x (the engine's lock held). 0, or
 * non-zero with why (-1: cuBLAS missing). */
int rt_cuda_scal_c(uint64_t x, int64_t n, double by, bool dbl, char *why, size_t len);
/* The transform of a real x (of the global precision) into the complex out, as
 * rt_cuda_fft_c2c: x widened to complex on the device (cuBLAS's copy), then C2C. */
int rt_cuda_fft_real(RtArray *x, RtArray *out, const bool *tr, bool inverse, bool dbl, char *why, size_t len);
/* irealfft: the real out (x's dims) from the complex, assumed Hermitian, x through
 * cuFFT's C2R (Z2D), scaled by 1/N on the device. 1 done, 0 with why. */
int rt_cuda_fft_c2r(RtArray *x, RtArray *out, const bool *tr, bool dbl, char *why, size_t len);
/* The i-th libcufft function fft.c calls (from 0), NULL past the last. */
const char *rt_cuda_fft_symbol(int i);
/* x[0..n) *= by for real elements at device address x; y's complex elements get x's
 * reals as their real parts (a stride-2 copy; y zeroed first by the caller). Both with
 * the engine's lock held: 0, or non-zero with why (-1: cuBLAS missing). */
int rt_cuda_scal_r(uint64_t x, int64_t n, double by, bool dbl, char *why, size_t len);
int rt_cuda_widen(uint64_t x, uint64_t y, int64_t n, bool dbl, char *why, size_t len);
/* Destroy the cached cuFFT plans (the engine's shutdown). */
void rt_cuda_fft_shutdown(void);

#endif
