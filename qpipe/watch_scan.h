/*
 * watch_scan.h - how `qpipe watch` sees files arrive in IN (watch_scan.c): inotify
 * (IN_CLOSE_WRITE, IN_MOVED_TO; new folders with -r) and a full rescan as a fallback
 * (network file systems, a full event queue), then the settle rule: a file is ready when
 * its size and mtime were unchanged for `settle` seconds and it is not empty.
 *
 * Names that are partial downloads or temporaries are never taken: `.part`, `.crdownload`,
 * `.tmp`, a trailing `~`, dotfiles (which include qpipe's own `.qpipe-*` temporaries and
 * journal), names with control characters, and anything that is neither an image nor a
 * video by its extension. A symbolic link out of IN follows inputs.h's rule.
 */
#ifndef QPIPE_WATCH_SCAN_H
#define QPIPE_WATCH_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct WatchScan WatchScan;

/* A file that settled: its path relative to IN, size and mtime. */
typedef struct WsFile {
    char *rel;
    int64_t size, mtime_ns;
} WsFile;

/* Watch `in` (and its subfolders when recursive, except `skip`, a real path or NULL);
 * with `poll`, without inotify (only ws_rescan finds arrivals). NULL with err set. */
WatchScan *ws_new(const char *in, bool recursive, bool follow_symlinks, bool poll, const char *skip, double settle,
                  char *err, size_t errlen);
void ws_free(WatchScan *w);
/* The inotify descriptor (poll it for reading), or -1 when inotify is not available. */
int ws_fd(const WatchScan *w);
/* Read the pending inotify events: each names a candidate. */
void ws_read_events(WatchScan *w, double now);
/* Walk IN: every file that `skip_known` does not reject becomes a candidate. */
void ws_rescan(WatchScan *w, double now, bool (*skip_known)(const char *rel, int64_t size, int64_t mtime_ns,
                                                             void *ctx),
               void *ctx);
/* The candidates that settled (removed from the candidates); *n of them, malloc'd (free
 * with ws_files_free). Empty files that settled are dropped. */
WsFile *ws_settled(WatchScan *w, double now, size_t *n);
void ws_files_free(WsFile *f, size_t n);
/* Candidates still settling. */
size_t ws_waiting(const WatchScan *w);
/* Is this base name one that is never taken? */
bool ws_ignored_name(const char *name);

#endif
