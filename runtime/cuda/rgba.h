/*
 * rgba.h - an image array's device copy as 8-bit RGBA, on the device (rgba.c): the
 * display's conversion (display/convert.c) for frames that live in GPU memory, written
 * once as a text that NVRTC compiles for the engine and the C compiler compiles for the
 * tests.
 *
 * The text defines, for every pixel (x, y) of a w x h image of ch channels, the bytes
 * display/convert.c writes: (v - lo) / (hi - lo) * 255 rounded half up and clamped (NaN 0)
 * in double precision; for [0, 255] on elements that are not double, the same without the
 * division (convert.c's id_byte, which it proves equal); a step at hi when hi <= lo; gray
 * repeated into R, G and B, a fourth channel ignored, alpha 255. Under NVRTC (__CUDACC__)
 * it is the kernel `qpr_rgba`, one thread a pixel in blocks of RT_CUDA_RGBA_BX x
 * RT_CUDA_RGBA_BY; under a C compiler the function `qpr_rgba_host`, a loop over the
 * pixels with the same arguments (the unit test runs it against convert.c).
 */
#ifndef RT_CUDA_RGBA_H
#define RT_CUDA_RGBA_H

#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_CUDA_RGBA_BX 32
#define RT_CUDA_RGBA_BY 8

/* How the text maps a value (its `mode` argument). */
enum { RT_CUDA_RGBA_RANGE = 0, RT_CUDA_RGBA_IDENT = 1, RT_CUDA_RGBA_STEP = 2 };

/* The kernel text (C99 that is also CUDA C++). */
const char *rt_cuda_rgba_text(void);
/* The text's code of an element type (its `elem` argument), -1 for complex and VALUE. */
int rt_cuda_rgba_elem(RtElem e);
/* The text's mode for elements of type e shown with [lo, hi], as convert.c chooses. */
int rt_cuda_rgba_mode(RtElem e, double lo, double hi);

/* Convert image a (its device copy at src, current) into w x h RGBA8 at device address
 * dst, rows pitch bytes apart, on the legacy stream (ordered after the engine's streams,
 * which are blocking). The kernel is compiled for compute capability arch (90: sm_90;
 * through the PTX cache) and loaded on first use. Called with the engine's lock held
 * (RtDevOps lock: the context current). 0, or -1 with why. */
int rt_cuda_rgba(const RtArray *a, int arch, uint64_t src, double lo, double hi, uint64_t dst, size_t pitch,
                 char *why, size_t len);

#endif
