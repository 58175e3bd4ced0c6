/*
 * watch.h - `qpipe watch FILTER.q IN OUT [options]`: a watch folder that processes every
 * image and video arriving in IN exactly once (docs/watch.md).
 *
 * Two kinds of process. The watch process (cmd_watch.c) finds arrivals (watch_scan.h),
 * keeps the journal (watch_journal.h), claims files and hands them to its workers; it runs
 * no Quasar code; watch_workers.h starts and hears its workers. Each worker is `qpipe run --watch-worker [run options] FILTER` started by
 * it (so a worker parses and loads the chain exactly as `qpipe run` does), serving one file
 * at a time (watch_worker.c) through run's per-file path (run_file.c). A crash of a kernel
 * kills a worker, never the watch process or its journal.
 *
 * The protocol between them, on pipes: the worker writes "ready\n" on fd 3 once the chain
 * is loaded; then for each request "IN\nOUT\nOVERWRITE\n" on its stdin it answers "RC\n"
 * on fd 3 (an exit code of `qpipe run`); its stderr (the reasons) goes to the watch
 * process, which keeps it as the file's error.
 */
#ifndef QPIPE_WATCH_H
#define QPIPE_WATCH_H

#include "qpipe/run.h"

/* The command. An exit code. */
int cmd_watch(int argc, char **argv, const RunEnv *env);
/* The worker's loop, after `qpipe run --watch-worker` loaded the chain. An exit code. */
int watch_worker_serve(const RunChain *c, const RunMedia *m);

#endif
