/*
 * watch_log.h - what `qpipe watch` reports (watch_log.c): on stderr a line per file when
 * it is a terminal (done, failed, retried), otherwise a line per event for a log
 * collector; and with --log FILE every event as one JSON object per line:
 *   {"time":"2026-11-24T20:15:40.123Z","event":"done","input":"a.png","output":"OUT/a.png",
 *    "seconds":0.125,"error":null}
 * Events: queued, changed, touched, start, done, failed, retry, released, moved, gone, warning.
 */
#ifndef QPIPE_WATCH_LOG_H
#define QPIPE_WATCH_LOG_H

#include <stdbool.h>
#include <stdio.h>

typedef struct WatchLog {
    FILE *json;         /* --log, or NULL */
    bool tty, quiet, verbose;
} WatchLog;

/* One event; output, error NULL when none; seconds < 0 when none. */
void wlog_event(WatchLog *l, const char *event, const char *input, const char *output, double seconds,
                const char *error);

#endif
