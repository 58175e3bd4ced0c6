/*
 * watch_workers.h - the worker processes of `qpipe watch` as the watch process sees them
 * (watch_workers.c): start one, send it a file, read its answers and what it says on
 * stderr, and reap it. The protocol is in watch.h; what a file's answer means for the
 * journal is cmd_watch.c's business, not this file's.
 */
#ifndef QPIPE_WATCH_WORKERS_H
#define QPIPE_WATCH_WORKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* What a worker said on stderr for its current file is kept up to this size (the tail):
 * enough for a filter's diagnostic with its source line and notes. */
#define WW_ERRBUF_MAX 4096

typedef struct WatchWorker {
    pid_t pid;                  /* 0: not running */
    int req, res, err;          /* pipes: its stdin, its fd 3, its stderr */
    bool ready;                 /* it said "ready": its chain is loaded */
    char res_buf[64];
    size_t res_len;
    char err_buf[WW_ERRBUF_MAX + 1];
    size_t err_len;
} WatchWorker;

/* Start /proc/self/exe with argv (a `qpipe run --watch-worker …` line), its stdin, fd 3
 * and stderr on pipes, SIGINT ignored, killed when this process dies. 0, or -1 (errno). */
int ww_start(WatchWorker *k, char *const argv[]);
/* Send one file. 0, or -1 when the worker is gone. */
int ww_send(WatchWorker *k, const char *in, const char *out, bool overwrite);
/* The next answer without blocking: 1 with *rc (a file's exit code), 0 none yet, -1 the
 * worker closed its end (it ended). "ready" is noted in k->ready and not returned. */
int ww_next_answer(WatchWorker *k, int *rc);
/* Read what it said on stderr (kept; also copied to our stderr when echo). */
void ww_drain_err(WatchWorker *k, bool echo);
/* What it said since ww_clear_err, trailing newlines removed; fallback when nothing. */
const char *ww_error(WatchWorker *k, const char *fallback);
void ww_clear_err(WatchWorker *k);
/* Wait for it to end (after ww_next_answer's -1, or a kill), close its pipes; its wait
 * status, and in why (when not NULL) how it ended in words. */
int ww_reap(WatchWorker *k, char *why, size_t whylen);

#endif
