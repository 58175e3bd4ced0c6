/*
 * interop_cuda.h - frames in device memory drawn without a copy through the host: CUDA–GL
 * interop for the CUDA engine (interop_cuda.c).
 *
 * The window's texture is registered with CUDA once (cudaGraphicsGLRegisterImage); for each
 * frame it is mapped, the engine's RGBA8 pixels are copied into it device to device
 * (cudaMemcpy2DToArray) and it is unmapped before GL draws it. The CUDA runtime is not
 * linked: it is loaded with dlopen on first use, as the CUDA engine loads it, so qpipe builds
 * and runs where there is no CUDA. Without it (or with a GL that is not the NVIDIA driver's,
 * such as Mesa under Xvfb) the calls fail with a reason, and the caller copies through the
 * host instead. It needs the GL context current.
 */
#ifndef DISP_INTEROP_CUDA_H
#define DISP_INTEROP_CUDA_H

#include "display/gl.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether the CUDA runtime could be loaded (once); the reason in err when not. */
bool disp_cuda_available(char *err, size_t errlen);
/* Copy w x h RGBA8 pixels at device address dev (rows pitch bytes apart) into t, resizing
 * it when needed. 0, or -1 with the reason in err. */
int disp_cuda_upload(DispTex *t, const void *dev, size_t pitch, int w, int h, char *err, size_t errlen);
/* Forget t's registration (before the texture is freed or resized). */
void disp_cuda_forget(DispTex *t);

#endif
