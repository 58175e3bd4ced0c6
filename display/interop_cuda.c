/*
 * interop_cuda.c - CUDA–GL interop through a dlopen'ed CUDA runtime (interop_cuda.h).
 *
 * Only the few entry points used are declared here, with the types of the CUDA runtime API
 * reduced to what crosses the boundary (handles are pointers, enums ints), so no CUDA header
 * is needed to build.
 */
#define GL_GLEXT_PROTOTYPES 1
#include "display/interop_cuda.h"

#include <GL/gl.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef void *CudaResource;     /* cudaGraphicsResource_t */
typedef void *CudaArray;        /* cudaArray_t */
typedef void *CudaStream;       /* cudaStream_t */

#define CUDA_SUCCESS 0
#define CUDA_REGISTER_WRITE_DISCARD 2       /* cudaGraphicsRegisterFlagsWriteDiscard */
#define CUDA_COPY_DEVICE_TO_DEVICE 3        /* cudaMemcpyDeviceToDevice */

static struct {
    int state;                  /* 0 not tried, 1 loaded, -1 not available */
    char why[200];
    void *lib;
    int (*reg)(CudaResource *, unsigned, unsigned, unsigned);
    int (*unreg)(CudaResource);
    int (*map)(int, CudaResource *, CudaStream);
    int (*unmap)(int, CudaResource *, CudaStream);
    int (*array)(CudaArray *, CudaResource, unsigned, unsigned);
    int (*copy)(CudaArray, size_t, size_t, const void *, size_t, size_t, size_t, int);
    const char *(*errstr)(int);
} cu;

/* The registration of each texture, by GL name (few windows: a short list). */
typedef struct Reg {
    unsigned tex;
    int w, h;
    CudaResource res;
} Reg;
static Reg regs[16];

static bool load(void)
{
    static const char *const names[] = {"libcudart.so", "libcudart.so.12", "libcudart.so.11.0"};
    for (size_t i = 0; !cu.lib && i < sizeof names / sizeof *names; i++)
        cu.lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!cu.lib) {
        snprintf(cu.why, sizeof cu.why, "the CUDA runtime (libcudart) cannot be loaded");
        return false;
    }
    *(void **)&cu.reg = dlsym(cu.lib, "cudaGraphicsGLRegisterImage");
    *(void **)&cu.unreg = dlsym(cu.lib, "cudaGraphicsUnregisterResource");
    *(void **)&cu.map = dlsym(cu.lib, "cudaGraphicsMapResources");
    *(void **)&cu.unmap = dlsym(cu.lib, "cudaGraphicsUnmapResources");
    *(void **)&cu.array = dlsym(cu.lib, "cudaGraphicsSubResourceGetMappedArray");
    *(void **)&cu.copy = dlsym(cu.lib, "cudaMemcpy2DToArray");
    *(void **)&cu.errstr = dlsym(cu.lib, "cudaGetErrorString");
    if (!cu.reg || !cu.unreg || !cu.map || !cu.unmap || !cu.array || !cu.copy || !cu.errstr) {
        snprintf(cu.why, sizeof cu.why, "the CUDA runtime lacks the graphics interop functions");
        dlclose(cu.lib);
        cu.lib = NULL;
        return false;
    }
    return true;
}

bool disp_cuda_available(char *err, size_t errlen)
{
    if (!cu.state)
        cu.state = load() ? 1 : -1;
    if (cu.state < 0)
        snprintf(err, errlen, "%s", cu.why);
    return cu.state > 0;
}

static Reg *find_reg(unsigned tex)
{
    for (size_t i = 0; i < sizeof regs / sizeof *regs; i++)
        if (regs[i].tex == tex && tex)
            return &regs[i];
    return NULL;
}

void disp_cuda_forget(DispTex *t)
{
    Reg *r = find_reg(t->tex);
    if (r) {
        cu.unreg(r->res);
        *r = (Reg){0};
    }
}

static int failed(int code, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s", what, cu.errstr(code));
    return -1;
}

int disp_cuda_upload(DispTex *t, const void *dev, size_t pitch, int w, int h, char *err, size_t errlen)
{
    if (!disp_cuda_available(err, errlen))
        return -1;
    Reg *r = find_reg(t->tex);
    if (r && (r->w != w || r->h != h)) {
        disp_cuda_forget(t);
        r = NULL;
    }
    if (!t->tex || t->w != w || t->h != h) {
        /* allocate the texture at this size (an upload of nothing through the host path) */
        unsigned char *p = disp_gl_upload_begin(t, w, h);
        if (p)
            disp_gl_upload_end(t);
    }
    if (!r) {
        for (size_t i = 0; !r && i < sizeof regs / sizeof *regs; i++)
            if (!regs[i].tex)
                r = &regs[i];
        if (!r) {
            snprintf(err, errlen, "too many textures registered with CUDA");
            return -1;
        }
        int rc = cu.reg(&r->res, t->tex, GL_TEXTURE_2D, CUDA_REGISTER_WRITE_DISCARD);
        if (rc != CUDA_SUCCESS)
            return failed(rc, "cudaGraphicsGLRegisterImage", err, errlen);
        r->tex = t->tex, r->w = w, r->h = h;
    }
    int rc = cu.map(1, &r->res, NULL);
    if (rc != CUDA_SUCCESS)
        return failed(rc, "cudaGraphicsMapResources", err, errlen);
    CudaArray arr = NULL;
    rc = cu.array(&arr, r->res, 0, 0);
    if (rc == CUDA_SUCCESS)
        rc = cu.copy(arr, 0, 0, dev, pitch, (size_t)w * 4, (size_t)h, CUDA_COPY_DEVICE_TO_DEVICE);
    int rc2 = cu.unmap(1, &r->res, NULL);
    if (rc != CUDA_SUCCESS)
        return failed(rc, "cudaMemcpy2DToArray", err, errlen);
    return rc2 == CUDA_SUCCESS ? 0 : failed(rc2, "cudaGraphicsUnmapResources", err, errlen);
}
