/*
 * ffmpeg_dl.c - FFmpeg's table (ffmpeg_dl.h): the sonames its headers were built against,
 * each library's major version from its version header.
 */
#include "io/ffmpeg_dl.h"

#include "io/io.h"
#include "io/video.h"

#include <stdio.h>

#define IO_STR_(x) #x
#define IO_STR(x) IO_STR_(x)

/* Dependencies first, so that a missing one is named as itself. */
static const char *const sonames[] = {
    "libavutil.so." IO_STR(LIBAVUTIL_VERSION_MAJOR),
    "libswresample.so." IO_STR(LIBSWRESAMPLE_VERSION_MAJOR),
    "libswscale.so." IO_STR(LIBSWSCALE_VERSION_MAJOR),
    "libavcodec.so." IO_STR(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." IO_STR(LIBAVFORMAT_VERSION_MAJOR),
    NULL,
};
static const char *const names[] = {IO_FFMPEG_FUNCS(RT_DL_NAME)};
static IoFfmpegApi api;
RtDlFamily io_ffmpeg_dl = {.what = "FFmpeg", .sonames = sonames, .names = names, .slots = api.slot, .n = IO_FFMPEG_N};

int io_av_need(const char *path, char *err, size_t errlen)
{
    char why[600];
    if (rt_dl_loaded(&io_ffmpeg_dl) || rt_dl_load(&io_ffmpeg_dl, why, sizeof why))
        return 0;
    snprintf(err, errlen, "'%s': video needs FFmpeg, which cannot be loaded (%s)", path, why);
    return -1;
}

bool io_video_unavailable(void) { return rt_dl_failed(&io_ffmpeg_dl); }
