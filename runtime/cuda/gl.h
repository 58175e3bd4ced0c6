/*
 * gl.h - the CUDA engine's side of the display's CUDA–GL interop (gl.c, the engine
 * table's `gl` hook, engine.h RtEngineGl).
 *
 * A GL texture is registered with the engine's device (cuGraphicsGLRegisterImage); to show
 * a frame whose device copy is current, the engine converts it to RGBA8 on the device
 * (rgba.h) into a block of its allocator, maps the texture (cuGraphicsMapResources), and
 * copies the block into the texture's array (cuGraphicsSubResourceGetMappedArray,
 * cuMemcpy2D) device to device: nothing is downloaded. All through the driver API, in the
 * engine's context and under its lock, so no runtime-API (libcudart) context is mixed in.
 * The graphics functions are looked up in the driver library the engine opened (loader.c)
 * when first needed, not among the functions the engine requires, so a driver without them
 * still runs kernels: interop is then off, with the reason.
 */
#ifndef RT_CUDA_GL_H
#define RT_CUDA_GL_H

#include "runtime/cuda/texture.h"
#include "runtime/engine.h"

#include <stddef.h>

/* CUDA_MEMCPY2D (v2), our declaration (checked by tests/unit/test_cuda_abi.c). */
typedef struct RtCuMemcpy2D {
    size_t srcXInBytes, srcY;
    int srcMemoryType;
    const void *srcHost;
    unsigned long long srcDevice;
    RtCuArray srcArray;
    size_t srcPitch;
    size_t dstXInBytes, dstY;
    int dstMemoryType;
    void *dstHost;
    unsigned long long dstDevice;
    RtCuArray dstArray;
    size_t dstPitch;
    size_t WidthInBytes, Height;
} RtCuMemcpy2D;

enum {
    RT_CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD = 2,
    RT_GL_TEXTURE_2D = 0x0DE1,
};

/* The hook (engine.c puts it in rt_cuda_engine.gl). */
extern const RtEngineGl rt_cuda_gl;

/* The i-th driver function gl.c looks up (from 0), NULL past the last (unit-tested to
 * resolve in a real libcuda when one is installed). */
const char *rt_cuda_gl_symbol(int i);

#endif
