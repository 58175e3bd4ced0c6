/*
 * texture.h - texture objects for 'hwtex_nearest / 'hwtex_linear(n) array arguments
 * (docs/cuda.md "The CUDA text").
 *
 * The CUDA text names its texture arguments in a line `#define QPK_TEX "ARG,F,R,M,C;..."`
 * (lang/kaccess.c): the argument index, the filter (l linear, n nearest), the array's rank,
 * the address mode (c clamp, w wrap, m mirror, b border) and C = 1 when the last dimension
 * holds the channels ('hwtex_linear(n)). At launch the engine builds, from that and the
 * array's dims, a CUDA array (float, 1/2/4 channels), copies the device copy into it and
 * creates a texture object whose handle goes to the kernel in the argument's qp_arg.i; a
 * handle of 0 makes the kernel read global memory as the CPU does.
 *
 * The driver's structs are declared here (our names, cuda.h's layout: checked by
 * tests/unit/test_cuda_abi.c against /usr/local/cuda/include/cuda.h when it exists).
 */
#ifndef RT_CUDA_TEXTURE_H
#define RT_CUDA_TEXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct CUarray_st *RtCuArray;
typedef unsigned long long RtCuTexObject;

enum {
    RT_CU_AD_FORMAT_FLOAT = 0x20,
    RT_CU_TR_ADDRESS_MODE_WRAP = 0,
    RT_CU_TR_ADDRESS_MODE_CLAMP = 1,
    RT_CU_TR_ADDRESS_MODE_MIRROR = 2,
    RT_CU_TR_ADDRESS_MODE_BORDER = 3,
    RT_CU_TR_FILTER_MODE_POINT = 0,
    RT_CU_TR_FILTER_MODE_LINEAR = 1,
    RT_CU_TRSF_NORMALIZED_COORDINATES = 0x02,
    RT_CU_RESOURCE_TYPE_ARRAY = 0,
    RT_CU_MEMORYTYPE_DEVICE = 2,
    RT_CU_MEMORYTYPE_ARRAY = 3,
};

/* CUDA_ARRAY3D_DESCRIPTOR (v2) */
typedef struct RtCuArray3DDesc {
    size_t Width, Height, Depth;
    int Format;
    unsigned NumChannels, Flags;
} RtCuArray3DDesc;

/* CUDA_MEMCPY3D (v2) */
typedef struct RtCuMemcpy3D {
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    const void *srcHost;
    unsigned long long srcDevice;
    RtCuArray srcArray;
    void *reserved0;
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void *dstHost;
    unsigned long long dstDevice;
    RtCuArray dstArray;
    void *reserved1;
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} RtCuMemcpy3D;

/* CUDA_RESOURCE_DESC (v1): only the array member is used; the union is 128 bytes */
typedef struct RtCuResourceDesc {
    int resType;
    union {
        struct {
            RtCuArray hArray;
        } array;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned flags;
} RtCuResourceDesc;

/* CUDA_TEXTURE_DESC (v1) */
typedef struct RtCuTexDesc {
    int addressMode[3];
    int filterMode;
    unsigned flags, maxAnisotropy;
    int mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    float borderColor[4];
    int reserved[12];
} RtCuTexDesc;

/* One texture argument of a kernel text (QPK_TEX). */
typedef struct RtCudaTexSpec {
    int arg;                    /* args[arg] */
    bool linear;                /* cudaFilterModeLinear, else Point */
    int rank;                   /* 2 or 3 */
    char mode;                  /* 'c' clamp, 'w' wrap, 'm' mirror, 'b' border (0 outside) */
    bool comps;                 /* the last dimension holds the channels */
} RtCudaTexSpec;

#define RT_CUDA_MAX_TEX 16

/* The texture arguments a kernel text names (its QPK_TEX line): how many, at most max;
 * entries that do not parse are left out (those arguments read global memory). */
int rt_cuda_tex_specs(const char *text, RtCudaTexSpec *out, int max);

/* The CUDA array, the copy into it (its src/dst fields but the device pointer and array,
 * which the caller fills) and the texture object's descriptor for an array of dims (the
 * runtime's order, dims[0] outermost) read as s says. False, with why, when the array
 * cannot be a texture (its rank, channels other than 1, 2 or 4, a size past CUDA's
 * limits): the kernel then reads global memory. */
bool rt_cuda_tex_describe(const RtCudaTexSpec *s, const int64_t dims[4], RtCuArray3DDesc *ad, RtCuMemcpy3D *cp,
                          RtCuTexDesc *td, char *why, size_t len);

#endif
