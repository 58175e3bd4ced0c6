/*
 * limits.c - the decoded-size limit (--max-pixels) that every reader checks after the
 * header and before allocating (io.h "limits").
 *
 * A small compressed file can declare an enormous picture (a PNG of 20000 x 20000 zeros is
 * a few hundred kilobytes): without a limit it costs gigabytes and minutes before anything
 * fails. The limit is process-wide (the command line sets it once from --max-pixels); the
 * flag that says the last failure was this limit is per thread, so the video decoder
 * thread and the caller never see each other's.
 */
#include "io/image.h"

#include <stdatomic.h>
#include <stdio.h>

static _Atomic int64_t max_pixels = IO_DEFAULT_MAX_PIXELS;
static _Thread_local bool too_large;

void io_set_max_pixels(int64_t n) { atomic_store(&max_pixels, n > 0 ? n : IO_DEFAULT_MAX_PIXELS); }

int64_t io_max_pixels(void) { return atomic_load(&max_pixels); }

bool io_failed_too_large(void) { return too_large; }

void io_limit_reset(void) { too_large = false; }

int io_check_pixels(const char *path, int64_t w, int64_t h, char *err, size_t errlen)
{
    int64_t limit = io_max_pixels();
    too_large = false;
    if (w <= 0 || h <= 0 || w > INT32_MAX || h > INT32_MAX) {
        snprintf(err, errlen, "'%s': unsupported picture size %lld x %lld", path, (long long)w, (long long)h);
        return -1;
    }
    if (w * h > limit) {
        too_large = true;
        snprintf(err, errlen,
                 "'%s': %lld x %lld = %lld pixels is more than the limit of %lld (--max-pixels N raises it)",
                 path, (long long)w, (long long)h, (long long)(w * h), (long long)limit);
        return -1;
    }
    return 0;
}
