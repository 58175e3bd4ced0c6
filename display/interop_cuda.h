/*
 * interop_cuda.h - frames in device memory drawn without a copy through the host: the
 * display's side of CUDA–GL interop (interop_cuda.c; docs/preview.md "CUDA–GL interop").
 *
 * When the run's engine has device memory and a GL hook (the CUDA engine, engine.h
 * RtEngineGl), the window's GL context is the NVIDIA driver's, and the frame's buffer has a
 * current device copy, the frame is converted to RGBA8 on the device by the engine and
 * copied device to device into the window's texture, which is registered with the engine
 * once per texture and size. Otherwise (the CPU engine, Mesa as under Xvfb, a frame whose
 * valid copy is the host's, an element type the device conversion does not take, an
 * interop call that failed earlier in the run) the caller converts on the host and
 * uploads (convert.c, gl.c): the same pixels. Under -v each reason for the host path is
 * said once, and the device path once when first taken.
 *
 * The decision is a pure function of a DispInteropCase (unit-tested); disp_interop_show
 * gathers the case from the run, the GL context and the frame. display/ calls the engine
 * only through its table: CUDA and its libraries stay in runtime/cuda/.
 */
#ifndef DISP_INTEROP_CUDA_H
#define DISP_INTEROP_CUDA_H

#include "display/gl.h"
#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum DispPath { DISP_PATH_HOST, DISP_PATH_DEVICE } DispPath;

/* Why the host path was chosen, one kind per reason (each said once under -v). */
typedef enum DispWhy {
    DISP_WHY_NONE,              /* the device path */
    DISP_WHY_ENGINE,            /* the run's engine has no device memory (the CPU) */
    DISP_WHY_GL,                /* the GL context is not the NVIDIA driver's */
    DISP_WHY_BROKEN,            /* an interop call failed earlier in the run */
    DISP_WHY_TYPE,              /* an element type the device conversion does not take */
    DISP_WHY_STALE,             /* the frame's device copy is missing or stale */
    DISP_WHY_COUNT
} DispWhy;

/* What the decision looks at. */
typedef struct DispInteropCase {
    const char *engine;         /* the run's engine ("cpu", "cuda") */
    const char *engine_why;     /* why CUDA is not used ("" when it is, or --engine cpu) */
    bool engine_gl;             /* the engine has the GL hook */
    const char *gl_vendor;      /* glGetString(GL_VENDOR) / GL_RENDERER of the context */
    const char *gl_renderer;
    const char *broken;         /* the reason an earlier interop call failed, or NULL */
    bool real;                  /* a real element type (not complex, not VALUE) */
    bool has_device;            /* the frame's buffer has a device copy */
    bool device_valid;          /* ... and it is current */
} DispInteropCase;

/* The path for c; for the host path, the reason (one line, why) and its kind. */
DispPath disp_interop_decide(const DispInteropCase *c, DispWhy *kind, char *why, size_t len);

/* Show image a ([lo, hi] as convert.c maps it) in t through the engine of the run's
 * --engine choice when the case allows: true when t now holds it, false when the caller
 * must convert on the host and upload. verbose: say the path's reason once per kind on
 * stderr. The GL context must be current. A failing interop call turns interop off for
 * the rest of the run (said once). */
bool disp_interop_show(DispTex *t, const RtArray *a, double lo, double hi, int engine, bool verbose);
/* Before the host path specifies t at w x h: forget a registration of another size. */
void disp_interop_resize(DispTex *t, int w, int h);
/* Forget t's registration (before the texture is freed). */
void disp_interop_forget(DispTex *t);

#endif
