/*
 * scratch.h - one library call on host working copies (scratch.c): the copies are
 * uploaded into one block of the engine's caching allocator, the call runs there, and
 * the parts it wrote are downloaded back; the block goes back to the allocator at once.
 *
 * This is how the blas_* builtins and the LAPACK-named decompositions (svd, symeig, qr,
 * lu, eig, non-square solve) run on the CUDA engine: their arguments are already the
 * row-major working copies of linalg.h on the host, so the device sees them only for the
 * call. Nothing is downloaded unless the call succeeded, so any failure (no device, a
 * library or one of its functions missing, no device memory, cuSOLVER refusing an
 * argument) leaves every host copy as it was and the caller runs the CPU code instead.
 *
 * Ordering: the libraries run on the legacy default stream, the engine's own copies and
 * kernels on its two blocking streams; a run starts and ends with a context
 * synchronisation (so nothing still in flight shares the block, and the result is
 * complete when the builtin returns, as after a kernel launch), and its copies are the
 * synchronous cuMemcpyHtoD/DtoH.
 */
#ifndef RT_CUDA_SCRATCH_H
#define RT_CUDA_SCRATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One region of the block. */
typedef struct RtCudaPart {
    const void *in;             /* uploaded from here before the call (NULL: not) */
    void *out;                  /* downloaded into here after a successful call (NULL: not) */
    size_t bytes;
    bool zero;                  /* zero-filled on the device when nothing is uploaded */
    size_t off;                 /* set by rt_cuda_scratch_plan: 256-byte aligned */
} RtCudaPart;

/* The offsets of n parts in one block (each aligned to 256 bytes, an empty part takes
 * one slot of 256 so its address is distinct) and the block's size. False on overflow. */
bool rt_cuda_scratch_plan(RtCudaPart *parts, int n, size_t *total);

/* What the call sees: the parts' device addresses (dev[i] for parts[i]), the library
 * handles it asked for, and workspace helpers. */
typedef struct RtCudaRun {
    const uint64_t *dev;
    void *blas;                 /* cuBLAS handle (when asked for) */
    void *solver;               /* cuSOLVER handle (when asked for) */
    const struct RtDevOps *ops;
    uint64_t work;              /* the workspace block (rt_cuda_run_work) */
    size_t work_bytes;
} RtCudaRun;

/* The call: 0 when done, else non-zero with why (the caller then runs the CPU code). */
typedef int (*RtCudaCall)(RtCudaRun *run, void *ctx, char *why, size_t len);

enum { RT_CUDA_NEED_BLAS = 1, RT_CUDA_NEED_SOLVER = 2 };

/* Run `call` on the parts (need: RT_CUDA_NEED_* handles). 1 when done (the outputs
 * downloaded), 0 with why when it did not run or failed before any output was written
 * (host copies untouched), -1 with why when a download failed (an output partly
 * written: an error for the caller). Takes the engine's lock. */
int rt_cuda_scratch_run(RtCudaPart *parts, int n, unsigned need, RtCudaCall call, void *ctx, char *why,
                        size_t len);

/* A device workspace of `bytes` for the run (one per run; freed after it). 0 or non-zero
 * with why. */
int rt_cuda_run_work(RtCudaRun *run, size_t bytes, uint64_t *p, char *why, size_t len);
/* Copy `bytes` from the device to the host now (an info word mid-call). 0 or the
 * driver's error. */
int rt_cuda_run_read(RtCudaRun *run, void *dst, uint64_t src, size_t bytes);
/* The process's cuBLAS (blas.c) and cuSOLVER (solver.c) handles, made on first use, the
 * engine's lock held; NULL with why when the library (or its create function) is missing. */
void *rt_cuda_blas_handle(char *why, size_t len);
void *rt_cuda_solver_handle(char *why, size_t len);
/* Copy `bytes` from the host to the device now (an array of device pointers made
 * mid-call). 0 or the driver's error. */
int rt_cuda_run_write(RtCudaRun *run, uint64_t dst, const void *src, size_t bytes);
/* Wait for everything issued so far. 0 or the driver's error. */
int rt_cuda_run_sync(void);

#endif
