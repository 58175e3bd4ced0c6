/*
 * ptx.h - kernel text to PTX with NVRTC, cached on disk (ptx.c), and the launchable
 * entry the CUDA engine adds to the text (entry.c).
 *
 * NVRTC runs on the CPU: everything here works, and is tested, without a GPU.
 */
#ifndef RT_CUDA_PTX_H
#define RT_CUDA_PTX_H

#include <stdbool.h>
#include <stddef.h>

/* The folder of qp_kernel.h (its *.h are given to NVRTC by name and are part of the key)
 * and the cache folder (NULL: $XDG_CACHE_HOME/qpipe, else $HOME/.cache/qpipe, the CPU
 * objects' folder). Strings are copied. */
void rt_cuda_ptx_configure(const char *kernel_dir, const char *cache_dir);

/* The PTX of `text` for compute capability `arch` (90 for sm_90): a new string, from the
 * cache when an entry for the same key is there (*cached true), else compiled by NVRTC
 * and stored. NULL with NVRTC's first lines (or why NVRTC is missing) in err. */
char *rt_cuda_ptx(const char *name, const char *text, int arch, bool *cached, char *err, size_t errlen);

/* Statistics for tests: PTX compiled, PTX read from the cache, by this process. */
void rt_cuda_ptx_stats(int *compiled, int *cached);

/* Forget the configuration. */
void rt_cuda_ptx_shutdown(void);

/* Is `dir` a folder we may trust with code: ours, not writable by group or others, no
 * symlink? The same rule the CPU objects' folder follows. */
bool rt_cuda_dir_trusted(const char *dir);

/* The name of the entry the CUDA engine launches. */
#define RT_CUDA_ENTRY "qpk_cuda_args"

/* The generated text with a __global__ RT_CUDA_ENTRY(const qp_arg *args, qp_status *st,
 * qp_arg dims, qp_arg blk) that unpacks the argument array on the device, as qpk_run does
 * on the CPU, and runs the text's qpk_cuda body (made a device function). A new string;
 * NULL with why when the text has not the shape lang/emit_c.c writes. A text that has the
 * entry already is copied as it is. */
char *rt_cuda_entry_text(const char *text, char *err, size_t errlen);

#endif
