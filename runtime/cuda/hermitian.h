/*
 * hermitian.h - the Hermitian completion of a real-input FFT on the device (hermitian.c):
 * cuFFT's R2C writes the non-redundant half along the last transformed dimension (a
 * compact array whose last transformed size n is n/2+1); the full spectrum, which the
 * CPU's fft* of real input returns, has X[k] = conj(X[-k mod n]) over every transformed
 * dimension above that half, as lib_fft.c's hermitian_expand fills it on the host.
 *
 * The completion is one small kernel of our own, compiled by NVRTC once per process and
 * cached on disk like the generated kernels (ptx.c); its body is also compiled on the host
 * (rt_cuda_herm_host), so the index arithmetic is unit-tested without a device
 * (tests/unit/test_cuda_libs.c against a direct DFT).
 */
#ifndef RT_CUDA_HERMITIAN_H
#define RT_CUDA_HERMITIAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The geometry, passed to the kernel by value (its text declares the same struct). */
typedef struct RtCudaHerm {
    int rank, last;             /* last: the last transformed dimension of size > 1 */
    long long dims[16];         /* the full array's */
    long long hst[16];          /* row-major strides of the half */
    int tr[16];                 /* transformed (and of size > 1) */
} RtCudaHerm;

/* The geometry of the completion of a transform of dims over tr; hdims gets the half's
 * dims. False when nothing of size > 1 is transformed or the rank exceeds 16. */
bool rt_cuda_herm_shape(int rank, const int64_t *dims, const bool *tr, RtCudaHerm *h, int64_t *hdims);
/* The kernel's body on the host: out (complex, the full dims) from half. */
void rt_cuda_herm_host(const RtCudaHerm *h, const void *half, void *out, bool dbl);
/* The kernel text NVRTC compiles. */
const char *rt_cuda_herm_text(void);
/* Whether the kernel is loaded (compiled and loaded on the first call; the engine's lock
 * held), why not. */
bool rt_cuda_herm_ready(int arch, char *why, size_t len);
/* Launch the completion on the legacy stream (the engine's lock held; arch the device's
 * compute capability, asked before taking it): half and out are device addresses. 0, or
 * non-zero with why (no module: NVRTC missing, the PTX refused; the module is tried once
 * per process). */
int rt_cuda_hermitian(int arch, uint64_t half, uint64_t out, const RtCudaHerm *h, bool dbl, char *why, size_t len);

#endif
