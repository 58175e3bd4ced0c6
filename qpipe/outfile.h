/*
 * outfile.h - how `qpipe run` writes an output file (outfile.c): under a temporary name in
 * the output's folder, committed by one rename, never over a file that appeared meanwhile.
 *
 *   OutFile o;
 *   outfile_begin(&o, "dir/out.mp4", err, len);   sweeps dir's orphans, names o.tmp
 *   ... write o.tmp ...
 *   outfile_commit(&o, overwrite, err, len);       rename (RENAME_NOREPLACE without -y)
 *   outfile_end(&o);                               removes o.tmp when not committed
 *
 * Temporaries are `.qpipe-PID-NAME` beside the output: the same file system (the rename is
 * atomic) and the same extension (it chooses the format). A name too long for the file
 * system is shortened and given a hash. A run that was killed leaves its temporary behind;
 * the next run writing to the same folder removes those whose process is gone. Temporaries
 * being written are also kept in a fixed table that a signal handler can empty
 * (outfile_remove_all_now), so that a second Ctrl-C or a crash leaves nothing behind.
 * Messages name the user's output, never the temporary (outfile_fix_message).
 */
#ifndef QPIPE_OUTFILE_H
#define QPIPE_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct OutFile {
    const char *path;           /* the user's output (borrowed) */
    char *tmp;                  /* the temporary beside it */
    int slot;                   /* in the signal-safe table, or -1 */
    bool committed;
} OutFile;

/* Name the temporary of path (and sweep its folder's orphans, once per folder). 0, or an
 * exit code (70 out of memory) with err set. */
int outfile_begin(OutFile *o, const char *path, char *err, size_t errlen);
/* Rename the temporary to the output. Without overwrite an output that exists now is left
 * alone. 0, or 73 with err set (naming the output); the temporary stays for outfile_end. */
int outfile_commit(OutFile *o, bool overwrite, char *err, size_t errlen);
/* Remove the temporary unless committed; free. */
void outfile_end(OutFile *o);
/* Replace the temporary's name in a message by the output's. */
void outfile_fix_message(const OutFile *o, char *msg, size_t len);

/* Remove the temporaries of dead qpipe processes (`.qpipe-PID-…`, files owned by this
 * user whose PID no longer exists) in dir. The number removed. */
int outfile_sweep(const char *dir);

/* From a signal handler: unlink every temporary being written and write "OUTPUT not
 * written" lines on stderr, prefixed by `who`. Async-signal-safe. */
void outfile_remove_all_now(const char *who);

/* An output name derived from an input's name (a batch, the watch folder): a malloc'd copy
 * that stays inside the output folder: '/' and control characters become '_', "." and
 * ".." and an empty name get a '_' prefix. *changed tells whether it differs (warn). */
char *outfile_safe_name(const char *name, bool *changed);

#endif
