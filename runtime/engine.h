/*
 * engine.h - the interface a kernel engine fills (DESIGN.md "Engines"), the way each SIMD
 * back end of libavfilter fills one table of functions.
 *
 * The runtime (kernel_compiled.c) specialises a kernel on the types of one launch, has
 * lang/ write it as one text in the kernel dialect (kernels/qp_kernel.h), and from then on
 * reaches it only through an engine: compile the text once, launch it over a grid as often
 * as the program asks, free it with the runtime. The CPU engine (cpu/engine.c) builds the
 * text with the system C compiler and runs rows of the grid on the thread pool; the CUDA
 * engine (cuda/engine.c) fills the same table with NVRTC and the driver API: the text's
 * __global__ qpk_cuda, launched with the grid and block dims given here, its qp_arg array
 * as the kernel's environment, and each array's buffer (bufs) uploaded before the launch
 * and downloaded after, as the buffer's residency bits ('const, 'nocopy) allow.
 */
#ifndef RT_ENGINE_H
#define RT_ENGINE_H

#include "kernels/qp_kernel.h"
#include "runtime/rt.h"
#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct RtEngineKernel RtEngineKernel;   /* one compiled kernel, the engine's own */

/* The geometry of one launch. */
/* qp_status.failed beyond the kernels' own codes (1 assertion, 2 'checked access, 3 out of
 * memory, 4 a grid barrier not reached by every block): the launch is still running (RtEngine settle), or the device failed while
 * running it (the engine said why on stderr). */
#define RT_STATUS_PENDING (-1)
#define RT_STATUS_DEVICE 5

typedef struct RtEngineGrid {
    int rank;                   /* 1..4 */
    int nacc;                   /* the last nacc args are accumulators of outputs, read after
                                 * the launch (an engine with its own memory copies them back) */
    const int64_t *dims;        /* threads per dimension */
    const int64_t *blk;         /* block dims: threads per block per dimension */
    int64_t nblocks;            /* blocks in all */
    const RtKernelSite *site;   /* what a crash inside the launch reports (crash.c), or NULL */
} RtEngineGrid;

/* An engine's side of showing frames that live in its device memory (the display's CUDA–GL
 * interop, docs/preview.md): a GL texture registered with the device, and an image array's
 * current device copy converted to RGBA8 on the device and copied into it, no download.
 * Every call is made on the thread whose OpenGL context is current and holds the texture;
 * the runtime knows GL textures only by their names. */
typedef struct RtEngineGl {
    /* Register GL_TEXTURE_2D `tex` (RGBA8, its storage made) for writing: 0 and its handle,
     * or -1 with why (the driver's call and error: a GL that is not the device's driver). */
    int (*reg)(unsigned tex, uint64_t *handle, char *why, size_t len);
    void (*unreg)(uint64_t handle);
    /* Write image a (a real matrix or a cube of 1, 3 or 4 channels, whose buffer's device
     * copy is current) as RGBA8 into the registered texture, of a's image size, mapped as
     * display/convert.c maps ([lo, hi] to 0..255, rounded half up, clamped, gray into R, G
     * and B, alpha opaque). 0, or -1 with why (nothing drawn). */
    int (*show)(uint64_t handle, const RtArray *a, double lo, double hi, char *why, size_t len);
} RtEngineGl;

typedef struct RtEngine {
    const char *name;
    /* Can kernels run on it at all (on this host)? When not, why (one line). */
    bool (*available)(RtHost *host, char *why, size_t len);
    /* Compile a kernel's text (`name` for messages and kept copies). `lockstep`: the text
     * has block barriers, so its blocks run one call each (qpk_blocks, or one thread per
     * block of qpk_cuda). *cached: it came from the engine's cache, nothing was compiled.
     * NULL with the compiler's first lines in err on failure (a bug of qpipe). */
    RtEngineKernel *(*compile)(RtHost *host, const char *name, const char *text, bool lockstep, bool *cached,
                               char *err, size_t errlen);
    /* Run it over the grid (on the host it was compiled on: the kernel keeps what it needs
     * of the host, the CPU engine its pool). args: the kernel's arguments in the generator's order (codegen.h),
     * then one accumulator per output; bufs[i]: the buffer behind args[i] when it is an
     * array, else NULL. The first failure inside (assertion, 'checked access) is written
     * to *status, which the caller has zeroed. A launch polls the interrupt flag
     * (rt_interrupt_pending) often enough that Ctrl-C stops it quickly, and returns early. */
    void (*launch)(RtEngineKernel *k, const qp_arg *args, RtBuffer *const *bufs, int nargs, const RtEngineGrid *grid,
                   qp_status *status);
    /* An engine whose launches finish after `launch` returned (the CUDA engine, docs/cuda.md
     * "Streams") leaves status->failed RT_STATUS_PENDING: the caller keeps *status where it
     * is and calls settle(status) before it needs the kernel's status (or its effects on
     * anything but the buffers, whose copies the engine orders itself); *status is then
     * final. NULL: every launch is finished when `launch` returns. */
    void (*settle)(qp_status *status);
    void (*free)(RtEngineKernel *k);
    /* Forget everything compiled or loaded on one host: free `state`, what the engine made
     * for that host (rt_host_engine_state). Called by rt_host_free for each engine that made
     * a state there, after every runtime (and so every kernel) on it is gone. */
    void (*shutdown)(void *state);
    /* Page-locked host memory for video frames (NULL: the engine has none, the CPU's):
     * NULL when none can be had now; freed with host_free and the same bytes. Installed
     * for the run when the engine is chosen (rt_engine_for, mem.h rt_mem_set_pinned). */
    void *(*host_alloc)(size_t bytes);
    void (*host_free)(void *p, size_t bytes);
    /* Frames shown from device memory (NULL: the engine has none; the display converts on
     * the host). */
    const RtEngineGl *gl;
} RtEngine;

/* An engine's state on a host (the CPU engine's JIT; a device context and module cache):
 * made by make(host) on the engine's first call (under the host's lock), the same pointer
 * on every later call. Each host has its own, so several hosts in one process share no
 * compiled code. NULL when make fails or RT_HOST_MAX_ENGINES engines already have one. */
#define RT_HOST_MAX_ENGINES 4
void *rt_host_engine_state(RtHost *host, const RtEngine *e, void *(*make)(RtHost *host));
/* The folder of kernels/qp_kernel.h (NULL: none), for the engines' compilers. The pool is
 * rt.h rt_host_pool. */
const char *rt_host_kernel_dir(RtHost *host);

extern const RtEngine rt_cpu_engine;    /* cpu/engine.c */

extern const RtEngine rt_cuda_engine;   /* cuda/engine.c (runtime/cuda/README.md) */

/* The engine for an RtOptions.engine choice (cuda/select.c): CPU for RT_ENGINE_CPU; for
 * auto the CUDA engine when a device answers, else the CPU's; NULL for RT_ENGINE_CUDA
 * without a usable device. why (may be NULL): why CUDA is not used, "" when it is. */
const RtEngine *rt_engine_for(int choice, char *why, size_t len);
/* The same answer once it is known, without asking: NULL while auto has not probed yet
 * (no compiled kernel has launched), so that a run whose filters launch none never starts
 * a device driver. */
const RtEngine *rt_engine_known(int choice);

#endif
