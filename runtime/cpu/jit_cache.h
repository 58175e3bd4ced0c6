/*
 * jit_cache.h - whom the kernel cache trusts (jit_cache.c), for the compiler driver jit.c.
 *
 * The cache holds shared objects that qpipe dlopens and runs, so an object is code: one
 * that another user could have written or replaced must never be loaded. The rules
 * (docs/runtime.md "The kernel cache"):
 *   - folders the cache creates are 0700;
 *   - the named cache folder is used as it is only when it is ours and not writable by
 *     group or others; otherwise (a shared place: /tmp, a cluster scratch, a CI cache) the
 *     cache is its subfolder `qpipe-UID/`, which must be a real folder of ours (made 0700
 *     when it is ours but open to others); when even that cannot be had, kernels are built
 *     in a private temporary folder for this run, removed at the end;
 *   - an object is loaded only when it is a regular file of ours that group and others
 *     cannot write; any other is rebuilt (and replaced by rename) with one warning.
 */
#ifndef RT_CPU_JIT_CACHE_H
#define RT_CPU_JIT_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* mkdir -p, each folder it creates with `mode`. 0 or an errno. */
int rt_jit_mkdirs(const char *path, mode_t mode);

/* The folder to use for the cache named `dir` (created 0700 when missing): a new string,
 * or NULL with the reason in err. *temporary says that it is a private temporary folder
 * (rt_jit_cache_remove removes it); `warned` is set when a warning was printed, and none
 * is printed when it is already set. */
char *rt_jit_cache_folder(const char *dir, bool *temporary, bool *warned, char *err, size_t errlen);

/* Why the existing file `path` must not be loaded (into why), or NULL when it may be. */
const char *rt_jit_cache_distrust(const char *path, char *why, size_t len);

/* Remove a temporary cache folder and the files in it. */
void rt_jit_cache_remove(const char *dir);

#endif
