/*
 * api.h - the CUDA functions the engine uses, as a table filled at run time (loader.c).
 *
 * build/qpipe links no CUDA library: libcuda.so.1 (the driver API), libnvrtc and, on first
 * use, libcufft, libcublas and libcusolver are opened with dlopen and their functions found with dlsym.
 * The types and constants below are our own minimal declarations of the parts of cuda.h
 * and nvrtc.h that we call (ABI-stable since CUDA 4 / NVRTC 7), so qpipe builds on machines
 * without the toolkit. Versioned driver entry points are looked up by their exported
 * names (cuMemAlloc_v2 ...), as cuda.h's macros would name them.
 */
#ifndef RT_CUDA_API_H
#define RT_CUDA_API_H

#include "runtime/cuda/texture.h"

#include <stdbool.h>
#include <stddef.h>

typedef int CUresult;                   /* 0: CUDA_SUCCESS */
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
typedef size_t (*CUoccupancyB2DSize)(int block_size);

typedef int nvrtcResult;                /* 0: NVRTC_SUCCESS */
typedef struct _nvrtcProgram *nvrtcProgram;

enum {
    CU_OK = 0,
    CU_ERROR_NO_DEVICE = 100,
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
    CU_LIMIT_MALLOC_HEAP_SIZE = 2,
    CU_EVENT_DISABLE_TIMING = 2,
    CU_STREAM_NON_BLOCKING = 1,
    CU_MEMHOSTALLOC_PORTABLE = 1,
};

/* The driver API (libcuda.so.1). */
typedef struct RtCudaDriver {
    void *lib;
    CUresult (*cuInit)(unsigned flags);
    CUresult (*cuDriverGetVersion)(int *version);
    CUresult (*cuDeviceGetCount)(int *count);
    CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal);
    CUresult (*cuDeviceGetAttribute)(int *value, int attrib, CUdevice dev);
    CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev);            /* _v2 */
    CUresult (*cuCtxSetCurrent)(CUcontext ctx);
    CUresult (*cuCtxSynchronize)(void);
    CUresult (*cuCtxSetLimit)(int limit, size_t value);
    CUresult (*cuGetErrorName)(CUresult r, const char **s);
    CUresult (*cuMemAlloc)(CUdeviceptr *p, size_t bytes);           /* _v2 */
    CUresult (*cuMemFree)(CUdeviceptr p);                           /* _v2 */
    CUresult (*cuMemcpyHtoD)(CUdeviceptr dst, const void *src, size_t bytes);  /* _v2 */
    CUresult (*cuMemcpyDtoH)(void *dst, CUdeviceptr src, size_t bytes);        /* _v2 */
    CUresult (*cuMemcpyDtoD)(CUdeviceptr dst, CUdeviceptr src, size_t bytes);  /* _v2 */
    CUresult (*cuMemsetD8)(CUdeviceptr dst, unsigned char v, size_t n);        /* _v2 */
    CUresult (*cuModuleLoadData)(CUmodule *m, const void *image);
    CUresult (*cuModuleUnload)(CUmodule m);
    CUresult (*cuModuleGetFunction)(CUfunction *f, CUmodule m, const char *name);
    CUresult (*cuModuleGetGlobal)(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name);  /* _v2 */
    CUresult (*cuOccupancyMaxPotentialBlockSize)(int *min_grid, int *block, CUfunction f,
                                                 CUoccupancyB2DSize smem, size_t dyn_smem, int limit);
    CUresult (*cuLaunchKernel)(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned smem, CUstream s, void **params, void **extra);
    /* texture objects of 'hwtex_* arguments (texture.h has the structs) */
    CUresult (*cuArray3DCreate)(RtCuArray *a, const RtCuArray3DDesc *desc);                  /* _v2 */
    CUresult (*cuArrayDestroy)(RtCuArray a);
    CUresult (*cuMemcpy3D)(const RtCuMemcpy3D *copy);                                        /* _v2 */
    CUresult (*cuTexObjectCreate)(RtCuTexObject *t, const RtCuResourceDesc *res, const RtCuTexDesc *tex,
                                  const void *view);
    CUresult (*cuTexObjectDestroy)(RtCuTexObject t);
    /* streams and events (copies beside kernels), pinned host memory */
    CUresult (*cuStreamCreate)(CUstream *s, unsigned flags);
    CUresult (*cuStreamWaitEvent)(CUstream s, CUevent e, unsigned flags);
    CUresult (*cuEventCreate)(CUevent *e, unsigned flags);
    CUresult (*cuEventRecord)(CUevent e, CUstream s);
    CUresult (*cuEventSynchronize)(CUevent e);
    CUresult (*cuEventDestroy)(CUevent e);                                                   /* _v2 */
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr dst, const void *src, size_t bytes, CUstream s);  /* _v2 */
    CUresult (*cuMemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes, CUstream s);        /* _v2 */
    CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char v, size_t n, CUstream s);          /* _v2 */
    CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s);    /* _v2 */
    CUresult (*cuMemcpy3DAsync)(const RtCuMemcpy3D *copy, CUstream s);                            /* _v2 */
    CUresult (*cuEventQuery)(CUevent e);
    CUresult (*cuStreamSynchronize)(CUstream s);
    CUresult (*cuMemHostAlloc)(void **p, size_t bytes, unsigned flags);
    CUresult (*cuMemFreeHost)(void *p);
    /* grid barriers (coop.c): NULL when the driver has none (before CUDA 9) */
    CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *blocks, CUfunction f, int block, size_t dyn_smem);
    CUresult (*cuLaunchCooperativeKernel)(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                          unsigned by, unsigned bz, unsigned smem, CUstream s, void **params);
} RtCudaDriver;

/* NVRTC (libnvrtc.so*): compiles the kernel text to PTX on the CPU, no device needed. */
typedef struct RtCudaNvrtc {
    void *lib;
    nvrtcResult (*nvrtcVersion)(int *major, int *minor);
    const char *(*nvrtcGetErrorString)(nvrtcResult r);
    nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram *p, const char *src, const char *name, int nheaders,
                                      const char *const *headers, const char *const *include_names);
    nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram p, int nopts, const char *const *opts);
    nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram p, size_t *n);
    nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram p, char *log);
    nvrtcResult (*nvrtcGetPTXSize)(nvrtcProgram p, size_t *n);
    nvrtcResult (*nvrtcGetPTX)(nvrtcProgram p, char *ptx);
    nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram *p);
} RtCudaNvrtc;

/* The libraries opened lazily, by name only: their functions are resolved by their users
 * (rt_cuda_symbol). */
typedef enum RtCudaLib { RT_CUDA_CUFFT, RT_CUDA_CUBLAS, RT_CUDA_CUSOLVER, RT_CUDA_NLIBS } RtCudaLib;

/* Open libcuda.so.1 and fill the table (once; thread-safe). NULL with the reason (one
 * line: the library missing, a function missing) in why. */
const RtCudaDriver *rt_cuda_driver(char *why, size_t len);
/* Open libnvrtc and fill the table (once). NULL with the reason. */
const RtCudaNvrtc *rt_cuda_nvrtc(char *why, size_t len);
/* A function of libcufft/libcublas/libcusolver, the library opened on first use; NULL
 * with why ("cuFFT (libcufft.so) not found ...", "... has no function ..."). */
void *rt_cuda_symbol(RtCudaLib lib, const char *name, char *why, size_t len);
/* A library's process-wide handle (cuBLAS's, cuSOLVER's), made on first use by its
 * `create(void **)` function, or the reason it cannot be (kept: asked once). */
typedef struct RtCudaHandle {
    int state;                  /* 0 not tried, 1 made, -1 failed */
    char why[256];
    void *h;
} RtCudaHandle;
void *rt_cuda_handle(RtCudaHandle *H, RtCudaLib lib, const char *create, char *why, size_t len);
/* The name of a driver error (CUDA_ERROR_NO_DEVICE ...), or its number. */
const char *rt_cuda_error_name(CUresult r, char *buf, size_t len);

#endif
