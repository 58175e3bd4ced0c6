/*
 * rgba.c - the display's conversion to RGBA8 on the device (rgba.h): the kernel text, the
 * choice of its mode, and its launch.
 *
 * The text is compiled like the generated kernels: NVRTC for the device's architecture,
 * the PTX cached on disk (ptx.c), loaded once with cuModuleLoadData and kept for the
 * process (as the libraries are). Its arithmetic is convert.c's, in double precision, with
 * no expression NVRTC could contract into a fused multiply-add (the clamps sit between the
 * product and the rounding's addition), so both give the same bytes.
 */
#include "runtime/cuda/rgba.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ORDER ELEM: the codes are the real element types in elemtype.def's order. */
static const char text[] =
    "/* qpipe: an image as RGBA8 for the window (runtime/cuda/rgba.h) */\n"
    "#ifdef __CUDACC__\n"
    "#define QPR_FN static __device__ __forceinline__\n"
    "#else\n"
    "#define QPR_FN static inline\n"
    "#endif\n"
    "\n"
    "/* element i of an array of element type code elem, as a double */\n"
    "QPR_FN double qpr_load(const void *src, int elem, long long i)\n"
    "{\n"
    "    switch (elem) {\n"
    "    case 0: return ((const signed char *)src)[i];\n"
    "    case 1: return ((const unsigned char *)src)[i];\n"
    "    case 2: return ((const short *)src)[i];\n"
    "    case 3: return ((const unsigned short *)src)[i];\n"
    "    case 4: return ((const int *)src)[i];\n"
    "    case 5: return ((const unsigned int *)src)[i];\n"
    "    case 6: return (double)((const long long *)src)[i];\n"
    "    case 7: return (double)((const unsigned long long *)src)[i];\n"
    "    case 8: return ((const float *)src)[i];\n"
    "    default: return ((const double *)src)[i];\n"
    "    }\n"
    "}\n"
    "\n"
    "/* mode 0: (v - lo) / (hi - lo) * 255; 1: v itself ([0, 255]); then clamped (NaN 0) and\n"
    " * rounded half up. Mode 2: a step at hi. */\n"
    "QPR_FN unsigned char qpr_byte(double v, double lo, double hi, int mode)\n"
    "{\n"
    "    if (mode == 2)\n"
    "        return v >= hi ? 255 : 0;\n"
    "    double t = mode == 0 ? (v - lo) / (hi - lo) * 255.0 : v;\n"
    "    t = t > 0 ? t : 0;\n"
    "    t = t < 255 ? t : 255;\n"
    "    return (unsigned char)(t + 0.5);\n"
    "}\n"
    "\n"
    "QPR_FN void qpr_pixel(const void *src, int elem, int ch, int w, long long x, long long y, double lo,\n"
    "                      double hi, int mode, unsigned char *dst, unsigned long long pitch)\n"
    "{\n"
    "    long long i = (y * w + x) * ch;\n"
    "    unsigned char *d = dst + y * (long long)pitch + 4 * x;\n"
    "    if (ch >= 3) {\n"
    "        d[0] = qpr_byte(qpr_load(src, elem, i), lo, hi, mode);\n"
    "        d[1] = qpr_byte(qpr_load(src, elem, i + 1), lo, hi, mode);\n"
    "        d[2] = qpr_byte(qpr_load(src, elem, i + 2), lo, hi, mode);\n"
    "    } else {\n"
    "        d[0] = d[1] = d[2] = qpr_byte(qpr_load(src, elem, i), lo, hi, mode);\n"
    "    }\n"
    "    d[3] = 255;\n"
    "}\n"
    "\n"
    "#ifdef __CUDACC__\n"
    "extern \"C\" __global__ void qpr_rgba(const void *src, int elem, int ch, int w, int h, double lo, double hi,\n"
    "                                     int mode, unsigned char *dst, unsigned long long pitch)\n"
    "{\n"
    "    long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    long long y = (long long)blockIdx.y * blockDim.y + threadIdx.y;\n"
    "    if (x < w && y < h)\n"
    "        qpr_pixel(src, elem, ch, w, x, y, lo, hi, mode, dst, pitch);\n"
    "}\n"
    "#else\n"
    "void qpr_rgba_host(const void *src, int elem, int ch, int w, int h, double lo, double hi, int mode,\n"
    "                   unsigned char *dst, unsigned long long pitch)\n"
    "{\n"
    "    for (long long y = 0; y < h; y++)\n"
    "        for (long long x = 0; x < w; x++)\n"
    "            qpr_pixel(src, elem, ch, w, x, y, lo, hi, mode, dst, pitch);\n"
    "}\n"
    "#endif\n";

const char *rt_cuda_rgba_text(void)
{
    return text;
}

int rt_cuda_rgba_elem(RtElem e)
{
    switch (e) {
    case RT_I8: return 0;
    case RT_U8: return 1;
    case RT_I16: return 2;
    case RT_U16: return 3;
    case RT_I32: return 4;
    case RT_U32: return 5;
    case RT_I64: return 6;
    case RT_U64: return 7;
    case RT_F32: return 8;
    case RT_F64: return 9;
    default: return -1;
    }
}

/* convert.c's choice: the step when hi <= lo, id_byte for [0, 255] but on doubles. */
int rt_cuda_rgba_mode(RtElem e, double lo, double hi)
{
    if (!(hi > lo))
        return RT_CUDA_RGBA_STEP;
    return lo == 0 && hi == 255 && e != RT_F64 ? RT_CUDA_RGBA_IDENT : RT_CUDA_RGBA_RANGE;
}

static struct {
    int state;                  /* 0 not tried, 1 loaded, -1 failed (why) */
    char why[256];
    CUmodule mod;
    CUfunction fn;
} K;

/* The kernel for compute capability arch, compiled and loaded once (the lock held). */
static bool load(const RtCudaDriver *d, int arch, char *why, size_t len)
{
    if (!K.state) {
        K.state = -1;
        bool cached;
        char err[512] = "";
        char *ptx = arch ? rt_cuda_ptx("qpipe_rgba", text, arch, &cached, err, sizeof err) : NULL;
        CUresult r = CU_OK;
        if (!arch) {
            snprintf(K.why, sizeof K.why, "no CUDA device");
        } else if (!ptx) {
            err[strcspn(err, "\n")] = '\0';
            snprintf(K.why, sizeof K.why, "the conversion kernel does not compile: %s", err);
        } else if ((r = d->cuModuleLoadData(&K.mod, ptx)) != CU_OK ||
                   (r = d->cuModuleGetFunction(&K.fn, K.mod, "qpr_rgba")) != CU_OK) {
            char b[32];
            snprintf(K.why, sizeof K.why, "loading the conversion kernel: %s", rt_cuda_error_name(r, b, sizeof b));
        } else {
            K.state = 1;
        }
        free(ptx);
    }
    if (K.state < 0)
        snprintf(why, len, "%s", K.why);
    return K.state > 0;
}

int rt_cuda_rgba(const RtArray *a, int arch, uint64_t src, double lo, double hi, uint64_t dst, size_t pitch,
                 char *why, size_t len)
{
    char w2[64];
    const RtCudaDriver *d = rt_cuda_driver(w2, sizeof w2);
    int elem = rt_cuda_rgba_elem(a->elem);
    int ch = a->rank == 3 ? (int)a->dims[2] : 1;
    int64_t h = a->rank == 1 ? 1 : a->dims[0], w = a->rank == 1 ? a->dims[0] : a->dims[1];
    if (!d) {
        snprintf(why, len, "%s", w2);
        return -1;
    }
    if (elem < 0 || w < 1 || h < 1 || w > 0x7fffffff || (h + RT_CUDA_RGBA_BY - 1) / RT_CUDA_RGBA_BY > 65535) {
        snprintf(why, len, "an image the conversion kernel does not take");
        return -1;
    }
    if (!load(d, arch, why, len))
        return -1;
    int iw = (int)w, ih = (int)h, mode = rt_cuda_rgba_mode(a->elem, lo, hi);
    unsigned long long p = pitch;
    CUdeviceptr s = src, o = dst;
    void *params[] = {&s, &elem, &ch, &iw, &ih, &lo, &hi, &mode, &o, &p};
    unsigned gx = (unsigned)((w + RT_CUDA_RGBA_BX - 1) / RT_CUDA_RGBA_BX);
    unsigned gy = (unsigned)((h + RT_CUDA_RGBA_BY - 1) / RT_CUDA_RGBA_BY);
    CUresult r = d->cuLaunchKernel(K.fn, gx, gy, 1, RT_CUDA_RGBA_BX, RT_CUDA_RGBA_BY, 1, 0, NULL, params, NULL);
    if (r != CU_OK) {
        char b[32];
        snprintf(why, len, "the conversion kernel: %s", rt_cuda_error_name(r, b, sizeof b));
        return -1;
    }
    return 0;
}
