/*
 * video_names.c - what a file name says about a video (io.h): an image sequence's pattern
 * (FFmpeg's image2: img%04d.png), or a video container by its extension.
 */
#include "io/io.h"

#include "io/video.h"

#include <string.h>

bool io_is_sequence(const char *path)
{
    const char *base = strrchr(path, '/');
    for (const char *p = strchr(base ? base : path, '%'); p; p = strchr(p + 1, '%')) {
        const char *q = p + 1;
        while (*q >= '0' && *q <= '9')
            q++;
        if (*q == 'd')
            return true;
        if (*q == '%')
            p = q;
    }
    return false;
}

int io_sequence_name(const char *pattern, int64_t index, char *buf, size_t len)
{
    char why[8];
    if (index < 0 || index >= INT32_MAX || len > INT32_MAX || io_av_need(pattern, why, sizeof why))
        return -1;
    return av_get_frame_filename(buf, (int)len, pattern, (int)index + 1) < 0 ? -1 : 0;
}

bool io_is_video_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!strchr(base, '.') || io_is_image(path))
        return false;
    char why[8];
    if (io_av_need(path, why, sizeof why))
        return true;        /* not an image: opening it as a video says FFmpeg is missing */
    const AVOutputFormat *f = av_guess_format(NULL, base, NULL);
    return f && f->video_codec != AV_CODEC_ID_NONE && strcmp(f->name, "image2");
}
