/*
 * jit.h - the CPU engine's compiler driver (jit.c): C source text in, function address out.
 *
 * The kernel compiler (lang/kpasses.c) writes each specialized kernel as one C
 * translation unit in the kernel dialect (`#include "qp_kernel.h"`). rt_jit_symbol runs
 * the system C compiler on it to build a shared object, dlopens it and returns the
 * address of the symbol asked for (DESIGN.md "The path of a program", step 6).
 *
 * Objects are cached on disk, so a second run of a program compiles nothing. The cache
 * key is a 128-bit FNV-1a hash of the source, the compiler's command words and flags, the
 * compiler binary (path, size, date), every `*.h` of the kernel folder (qp_kernel.h and
 * what it includes) and the CPU's model and feature flags (for -march=native). An object
 * is built under a temporary name in the cache folder and renamed into place, so
 * concurrent runs never see half a file; a cache entry that fails to load, or lacks the
 * symbol, or that another user could have written (jit_cache.h), is rebuilt once.
 *
 * A JIT is an object (RtJit): its configuration, the switches as read, the objects it
 * loaded and its statistics. The host (host.c) owns one for the CPU engine; two JITs in one
 * process share nothing but the disk cache (whose entries are renamed into place) and the
 * dynamic loader's reference counts (dlopen of one path twice gives one mapping, unmapped
 * at its last dlclose).
 *
 * Switches, read on a JIT's first use:
 *   QPIPE_CC            compiler command, split at blanks (default `cc`); `none` turns
 *                       the JIT off, so kernels run in the interpreter
 *   QPIPE_CFLAGS        compiler flags, split at blanks (default JIT_DEFAULT_CFLAGS in
 *                       jit.c: -O3 -march=native -fPIC -shared -std=c11 -fno-math-errno
 *                       -D_GNU_SOURCE; never -ffast-math, which would make kernels
 *                       disagree with the interpreter); `-I kernel_dir` is always added
 *   QPIPE_KEEP_KERNELS  a folder: every source passed to rt_jit_symbol is also written
 *                       there as NAME_KEY.c (tests/nvrtc_check.py compiles those with NVRTC)
 *   QPIPE_CACHE, XDG_CACHE_HOME, HOME  the cache folder when RtJitConfig.cache_dir is
 *                       NULL: $QPIPE_CACHE, else $XDG_CACHE_HOME/qpipe, else
 *                       $HOME/.cache/qpipe; in a shared place its qpipe-UID subfolder,
 *                       and only trusted objects are loaded (jit_cache.h)
 *
 * Every function is thread-safe: one mutex per JIT guards its table of loaded objects and
 * is held for the whole of a compilation, so one JIT never builds a kernel twice.
 */
#ifndef RT_CPU_JIT_H
#define RT_CPU_JIT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct RtJit RtJit;

/* Options. The strings are copied. */
typedef struct RtJitConfig {
    const char *kernel_dir;   /* folder holding qp_kernel.h (passed as -I); NULL: none */
    const char *cache_dir;    /* NULL: $XDG_CACHE_HOME/qpipe, else $HOME/.cache/qpipe */
} RtJitConfig;

/* A JIT with this configuration (c may be NULL); nothing is read or compiled yet. NULL when
 * out of memory. */
RtJit *rt_jit_new(const RtJitConfig *c);

/* dlclose everything it loaded and free all its memory (LeakSanitizer clean). Addresses
 * it returned are invalid afterwards. NULL is ignored. */
void rt_jit_free(RtJit *jit);

/* Is a C compiler usable? false when QPIPE_CC=none or the compiler cannot be run.
 * Checked once per JIT by building a tiny probe through the cache, so a run after
 * the first one loads the probe instead of compiling it. */
bool rt_jit_available(RtJit *jit);

/* Why rt_jit_available is false (for the runtime's warning), as one line in buf; "" when
 * it is true or was not asked yet. */
void rt_jit_unavailable_reason(RtJit *jit, char *buf, size_t len);

/* Compile `source` (a C translation unit that does #include "qp_kernel.h") into a shared
 * object and return the address of `symbol`; cached under a key of source, compiler,
 * flags and the headers' content, so a second run compiles nothing. `name` is a readable
 * name used for kept copies (QPIPE_KEEP_KERNELS). On failure returns NULL and writes the
 * compiler's message (its first lines) into err, which may be NULL. The address stays
 * valid until rt_jit_free. */
void *rt_jit_symbol(RtJit *jit, const char *name, const char *source, const char *symbol,
                    char *err, size_t errlen);

/* Statistics for `qpipe -v` and tests: kernels compiled, and kernels loaded from the disk
 * cache, by this JIT. A second request for a kernel already loaded counts as neither; the
 * availability probe is not counted. */
void rt_jit_stats(RtJit *jit, int *compiled, int *cached);

#endif
