/*
 * loader.c - opens the CUDA libraries at run time and fills the tables of api.h.
 *
 * Where a library is looked for: only in $QPIPE_CUDA_LIBDIR when that is set (tests point
 * it at an empty folder to see the "library missing" path), else in $CUDA_HOME/lib64
 * (default /usr/local/cuda/lib64), then by bare name through the dynamic loader's path
 * (ld.so.cache, LD_LIBRARY_PATH), where the driver's libcuda.so.1 normally is. For each
 * place, the names of the library are tried in order: the unversioned development name,
 * then the sonames of the CUDA versions we know. The toolkit's stubs/ folder is never
 * searched: its libcuda.so answers every call with an error.
 *
 * Each library is opened once per process (a mutex guards the state); a failure is
 * remembered with its reason, so asking again costs nothing. Libraries stay loaded until
 * the process ends: NVRTC and cuFFT carry their own C++ runtime, whose memory would be
 * reported as leaked (and could not be reloaded cleanly) after dlclose.
 */
#include "runtime/cuda/api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct LibSpec {
    const char *what;                   /* for messages */
    const char *const *names;           /* NULL-terminated */
} LibSpec;

static const char *const driver_names[] = {"libcuda.so.1", "libcuda.so", NULL};
static const char *const nvrtc_names[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", NULL};
static const char *const cufft_names[] = {"libcufft.so", "libcufft.so.12", "libcufft.so.11", "libcufft.so.10", NULL};
static const char *const cublas_names[] = {"libcublas.so", "libcublas.so.13", "libcublas.so.12", "libcublas.so.11", NULL};
static const char *const cusolver_names[] = {"libcusolver.so", "libcusolver.so.12", "libcusolver.so.11", NULL};

static const LibSpec spec_driver = {"the CUDA driver (libcuda.so.1)", driver_names};
static const LibSpec spec_nvrtc = {"NVRTC (libnvrtc.so)", nvrtc_names};
static const LibSpec spec_libs[RT_CUDA_NLIBS] = {
    {"cuFFT (libcufft.so)", cufft_names},
    {"cuBLAS (libcublas.so)", cublas_names},
    {"cuSOLVER (libcusolver.so)", cusolver_names},
};

static struct Loader {
    pthread_mutex_t mu;
    int driver_state, nvrtc_state;      /* 0 not tried, 1 loaded, -1 failed */
    char driver_why[256], nvrtc_why[256];
    RtCudaDriver drv;
    RtCudaNvrtc nv;
    void *libs[RT_CUDA_NLIBS];
    int lib_state[RT_CUDA_NLIBS];
    char lib_why[RT_CUDA_NLIBS][256];
} L = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* dlopen the first name that loads, in the folders of the search order. NULL with why. */
static void *open_lib(const LibSpec *spec, char *why, size_t len)
{
    const char *only = getenv("QPIPE_CUDA_LIBDIR");
    const char *home = getenv("CUDA_HOME");
    char dirs[2][512];
    int ndirs = 0;
    if (only && *only) {
        snprintf(dirs[ndirs++], sizeof dirs[0], "%s", only);
    } else {
        snprintf(dirs[ndirs++], sizeof dirs[0], "%s/lib64", home && *home ? home : "/usr/local/cuda");
        dirs[ndirs++][0] = '\0';        /* the loader's own path */
    }
    for (int d = 0; d < ndirs; d++)
        for (const char *const *n = spec->names; *n; n++) {
            char path[1100];
            if (dirs[d][0])
                snprintf(path, sizeof path, "%s/%s", dirs[d], *n);
            else
                snprintf(path, sizeof path, "%s", *n);
            void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            if (h)
                return h;
        }
    snprintf(why, len, "%s not found%s%s", spec->what, only && *only ? " in QPIPE_CUDA_LIBDIR=" : "",
             only && *only ? only : "");
    return NULL;
}

/* dlsym each (name, slot) pair; false with the missing name in why. */
typedef struct Sym {
    const char *name;
    void **slot;
} Sym;

static bool resolve(void *lib, const Sym *syms, int n, const char *what, char *why, size_t len)
{
    for (int i = 0; i < n; i++) {
        *syms[i].slot = dlsym(lib, syms[i].name);
        if (!*syms[i].slot) {
            snprintf(why, len, "%s has no function %s (too old)", what, syms[i].name);
            return false;
        }
    }
    return true;
}

#define SYM(t, field, name) {name, (void **)&(t)->field}

const RtCudaDriver *rt_cuda_driver(char *why, size_t len)
{
    pthread_mutex_lock(&L.mu);
    if (!L.driver_state) {
        RtCudaDriver *d = &L.drv;
        d->lib = open_lib(&spec_driver, L.driver_why, sizeof L.driver_why);
        const Sym syms[] = {
            SYM(d, cuInit, "cuInit"),
            SYM(d, cuDriverGetVersion, "cuDriverGetVersion"),
            SYM(d, cuDeviceGetCount, "cuDeviceGetCount"),
            SYM(d, cuDeviceGet, "cuDeviceGet"),
            SYM(d, cuDeviceGetAttribute, "cuDeviceGetAttribute"),
            SYM(d, cuDeviceGetName, "cuDeviceGetName"),
            SYM(d, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
            SYM(d, cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"),
            SYM(d, cuCtxSetCurrent, "cuCtxSetCurrent"),
            SYM(d, cuCtxSynchronize, "cuCtxSynchronize"),
            SYM(d, cuCtxSetLimit, "cuCtxSetLimit"),
            SYM(d, cuGetErrorName, "cuGetErrorName"),
            SYM(d, cuMemAlloc, "cuMemAlloc_v2"),
            SYM(d, cuMemFree, "cuMemFree_v2"),
            SYM(d, cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
            SYM(d, cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
            SYM(d, cuMemcpyDtoD, "cuMemcpyDtoD_v2"),
            SYM(d, cuMemsetD8, "cuMemsetD8_v2"),
            SYM(d, cuModuleLoadData, "cuModuleLoadData"),
            SYM(d, cuModuleUnload, "cuModuleUnload"),
            SYM(d, cuModuleGetFunction, "cuModuleGetFunction"),
            SYM(d, cuModuleGetGlobal, "cuModuleGetGlobal_v2"),
            SYM(d, cuOccupancyMaxPotentialBlockSize, "cuOccupancyMaxPotentialBlockSize"),
            SYM(d, cuLaunchKernel, "cuLaunchKernel"),
            SYM(d, cuArray3DCreate, "cuArray3DCreate_v2"),
            SYM(d, cuArrayDestroy, "cuArrayDestroy"),
            SYM(d, cuMemcpy3D, "cuMemcpy3D_v2"),
            SYM(d, cuTexObjectCreate, "cuTexObjectCreate"),
            SYM(d, cuTexObjectDestroy, "cuTexObjectDestroy"),
            SYM(d, cuStreamCreate, "cuStreamCreate"),
            SYM(d, cuStreamWaitEvent, "cuStreamWaitEvent"),
            SYM(d, cuEventCreate, "cuEventCreate"),
            SYM(d, cuEventRecord, "cuEventRecord"),
            SYM(d, cuEventSynchronize, "cuEventSynchronize"),
            SYM(d, cuEventDestroy, "cuEventDestroy_v2"),
            SYM(d, cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
            SYM(d, cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
            SYM(d, cuMemsetD8Async, "cuMemsetD8Async"),
            SYM(d, cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2"),
            SYM(d, cuMemcpy3DAsync, "cuMemcpy3DAsync_v2"),
            SYM(d, cuEventQuery, "cuEventQuery"),
            SYM(d, cuStreamSynchronize, "cuStreamSynchronize"),
            SYM(d, cuMemHostAlloc, "cuMemHostAlloc"),
            SYM(d, cuMemFreeHost, "cuMemFreeHost"),
        };
        bool ok = d->lib && resolve(d->lib, syms, (int)(sizeof syms / sizeof *syms), "the CUDA driver",
                                    L.driver_why, sizeof L.driver_why);
        if (!ok && d->lib) {
            dlclose(d->lib);
            d->lib = NULL;
        }
        if (ok) {   /* optional: without them a kernel with grid barriers runs on the CPU */
            *(void **)&d->cuOccupancyMaxActiveBlocksPerMultiprocessor =
                dlsym(d->lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
            *(void **)&d->cuLaunchCooperativeKernel = dlsym(d->lib, "cuLaunchCooperativeKernel");
        }
        L.driver_state = ok ? 1 : -1;
    }
    const RtCudaDriver *r = L.driver_state > 0 ? &L.drv : NULL;
    if (!r)
        snprintf(why, len, "%s", L.driver_why);
    pthread_mutex_unlock(&L.mu);
    return r;
}

const RtCudaNvrtc *rt_cuda_nvrtc(char *why, size_t len)
{
    pthread_mutex_lock(&L.mu);
    if (!L.nvrtc_state) {
        RtCudaNvrtc *n = &L.nv;
        n->lib = open_lib(&spec_nvrtc, L.nvrtc_why, sizeof L.nvrtc_why);
        const Sym syms[] = {
            SYM(n, nvrtcVersion, "nvrtcVersion"),
            SYM(n, nvrtcGetErrorString, "nvrtcGetErrorString"),
            SYM(n, nvrtcCreateProgram, "nvrtcCreateProgram"),
            SYM(n, nvrtcCompileProgram, "nvrtcCompileProgram"),
            SYM(n, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize"),
            SYM(n, nvrtcGetProgramLog, "nvrtcGetProgramLog"),
            SYM(n, nvrtcGetPTXSize, "nvrtcGetPTXSize"),
            SYM(n, nvrtcGetPTX, "nvrtcGetPTX"),
            SYM(n, nvrtcDestroyProgram, "nvrtcDestroyProgram"),
        };
        bool ok = n->lib && resolve(n->lib, syms, (int)(sizeof syms / sizeof *syms), "NVRTC", L.nvrtc_why,
                                    sizeof L.nvrtc_why);
        if (!ok && n->lib) {
            dlclose(n->lib);
            n->lib = NULL;
        }
        L.nvrtc_state = ok ? 1 : -1;
    }
    const RtCudaNvrtc *r = L.nvrtc_state > 0 ? &L.nv : NULL;
    if (!r)
        snprintf(why, len, "%s", L.nvrtc_why);
    pthread_mutex_unlock(&L.mu);
    return r;
}

void *rt_cuda_symbol(RtCudaLib lib, const char *name, char *why, size_t len)
{
    if ((int)lib < 0 || lib >= RT_CUDA_NLIBS)
        return NULL;
    pthread_mutex_lock(&L.mu);
    if (!L.lib_state[lib]) {
        L.libs[lib] = open_lib(&spec_libs[lib], L.lib_why[lib], sizeof L.lib_why[lib]);
        L.lib_state[lib] = L.libs[lib] ? 1 : -1;
    }
    void *sym = NULL;
    if (L.lib_state[lib] > 0 && !(sym = dlsym(L.libs[lib], name)))
        snprintf(why, len, "%s has no function %s", spec_libs[lib].what, name);
    else if (L.lib_state[lib] < 0)
        snprintf(why, len, "%s", L.lib_why[lib]);
    pthread_mutex_unlock(&L.mu);
    return sym;
}

void *rt_cuda_handle(RtCudaHandle *H, RtCudaLib lib, const char *create, char *why, size_t len)
{
    if (!H->state) {
        int (*make)(void **) = (int (*)(void **))rt_cuda_symbol(lib, create, H->why, sizeof H->why);
        int r = -1;
        if (make && (r = make(&H->h)) != 0)
            snprintf(H->why, sizeof H->why, "%s failed (status %d)", create, r);
        H->state = r == 0 ? 1 : -1;
    }
    if (H->state < 0)
        snprintf(why, len, "%s", H->why);
    return H->state > 0 ? H->h : NULL;
}

/* The names of cuda.h for the errors the engine meets, when the driver cannot say them
 * (the toolkit's stub library, a driver that failed to load). */
static const struct {
    int code;
    const char *name;
} known_errors[] = {
    {1, "CUDA_ERROR_INVALID_VALUE"}, {2, "CUDA_ERROR_OUT_OF_MEMORY"}, {3, "CUDA_ERROR_NOT_INITIALIZED"},
    {34, "CUDA_ERROR_STUB_LIBRARY"}, {36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER"}, {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"}, {100, "CUDA_ERROR_NO_DEVICE"},
    {101, "CUDA_ERROR_INVALID_DEVICE"}, {200, "CUDA_ERROR_INVALID_IMAGE"}, {209, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {218, "CUDA_ERROR_INVALID_PTX"}, {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"}, {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"}, {702, "CUDA_ERROR_LAUNCH_TIMEOUT"}, {719, "CUDA_ERROR_LAUNCH_FAILED"},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"}, {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
};

const char *rt_cuda_error_name(CUresult r, char *buf, size_t len)
{
    const char *s = NULL;
    if (L.driver_state > 0 && L.drv.cuGetErrorName(r, &s) == CU_OK && s)
        return s;
    for (size_t i = 0; i < sizeof known_errors / sizeof *known_errors; i++)
        if (known_errors[i].code == r)
            return known_errors[i].name;
    snprintf(buf, len, "CUDA error %d", r);
    return buf;
}
