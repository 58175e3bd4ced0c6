/*
 * lib_data.h - writing a whole file safely, shared by the data-file builtins (lib_data.c,
 * lib_csv.c) and the figures of display/.
 *
 * An output is written under a temporary name beside the target and renamed over it once
 * complete, so a failed or interrupted write never leaves a half file under the final
 * name (DESIGN.md "Errors"), the way io/ writes images.
 */
#ifndef RT_LIB_DATA_H
#define RT_LIB_DATA_H

#include <stddef.h>

typedef struct Rt Rt;

/* Write len bytes to path through `path.tmp-PID` and rename(2). 0 on success; -1 with a
 * reason (strerror text) in err otherwise, the temporary file removed. */
int rt_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Close the files fopen left open (lib_file.c); called by rt_free. */
void rt_files_close_all(Rt *rt);

#endif
