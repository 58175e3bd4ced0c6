/*
 * preview.h - `qpipe preview` (cmd_preview.c): the frames it plays (preview_source.c) and
 * the files it watches (preview_watch.c).
 *
 * A source gives frame n of IN on request: a video decodes ahead on a thread of its own
 * into a short queue, so playback only waits when the filter is faster than decoding; a
 * request behind the decoder or far ahead of it seeks (to the keyframe before, then decodes
 * forward to the exact frame: io_vin_seek). A still image is one frame, a folder of images
 * one frame per file in name order, `cam:0` a camera (no seeking). Frames are the H x W x 3
 * scalar cubes (0…255) a filter of `qpipe run` receives.
 */
#ifndef QPIPE_PREVIEW_H
#define QPIPE_PREVIEW_H

#include "runtime/rt.h"
#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PvSource PvSource;

typedef struct PvInfo {
    int width, height;
    double fps;                 /* 0 for images: shown until the user moves */
    int64_t count;              /* frames; -1 when unknown (a camera, a stream) */
} PvInfo;

/* Frames are converted on pool (the host's). NULL with err set and *rc the exit code (66
 * missing or unreadable, 65 not media). */
PvSource *pv_source_open(RtPool *pool, const char *in, bool dbl, char *err, size_t errlen, int *rc);
void pv_source_info(const PvSource *s, PvInfo *info);
/* Frame n: 1 with *frame a new reference, 0 when n is past the end, -1 with err set. */
int pv_source_get(PvSource *s, int64_t n, Value *frame, char *err, size_t errlen);
void pv_source_close(PvSource *s);

/* The files a filter was loaded from, watched with inotify (preview_watch.c). */
typedef struct PvWatch PvWatch;
PvWatch *pv_watch_new(void);
/* Watch path (its folder, so that editors that save by renaming are seen). 0 or -1. */
int pv_watch_add(PvWatch *w, const char *path);
/* Forget every path (before watching a reloaded filter's files). */
void pv_watch_clear(PvWatch *w);
/* Whether a watched file changed since the last call (waits a little for the writer to
 * finish, so that one save is one change). */
bool pv_watch_changed(PvWatch *w);
void pv_watch_free(PvWatch *w);

#endif
