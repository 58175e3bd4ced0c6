/*
 * fuzz_video.c - libFuzzer target over the video reader of io/ (video_in.c, yuv.c): FFmpeg
 * probes, demuxes and decodes each input, and the frames are converted to RGB cubes as
 * `qpipe run` does (both paths: io_vin_read, and io_vin_read_picture + io_vin_convert).
 *
 * io_vin_open takes a file name (FFmpeg probes the format from the content), so each input
 * is written to a file in a private temporary folder. At most FUZZ_FRAMES frames are read,
 * and a seek is tried on every third input, so that a case stays fast. Bad input must give
 * an error message or an early end, never a crash, a leak or undefined behaviour.
 *
 * Bounds, on the harness side only: FFmpeg is told there is one CPU (av_cpu_force_count),
 * so decoders start no threads and each run is deterministic; a decoded picture over
 * FUZZ_MAX_PIXELS is not converted; one allocation over FUZZ_MAX_ALLOC_MB fails with NULL
 * (asan_default_options) instead of tripping libFuzzer's malloc limit. Built and run by
 * `make fuzz` (tests/fuzz/README.md).
 */
#include "io/io.h"
#include "io/ffmpeg_dl.h"     /* FFmpeg is opened on first use: its calls go through the table */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

#define FUZZ_FRAMES 6
#define FUZZ_MAX_PIXELS (1 << 22)       /* 2048 x 2048 */
#define FUZZ_MAX_ALLOC_MB 256
#define STR_(x) #x
#define STR(x) STR_(x)

const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=" STR(FUZZ_MAX_ALLOC_MB);
}

static char folder[64], path[96];

static void remove_folder(void)
{
    unlink(path);
    rmdir(folder);
}

static int write_all(const uint8_t *d, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    while (n) {
        ssize_t k = write(fd, d, n);
        if (k <= 0)
            break;
        d += k;
        n -= (size_t)k;
    }
    return close(fd) == 0 && n == 0 ? 0 : -1;
}

/* One frame by either path; 1, 0 at the end, negative on error (err says why). */
static int read_one(IoVideoIn *in, int i, bool big, char *err, size_t errlen)
{
    Value v = rt_undef();
    int64_t pts;
    int rc;
    if (i % 2 == 0 || big) {
        IoPicture *pic = NULL;
        rc = io_vin_read_picture(in, &pic, &pts, err, errlen);
        if (rc == 1 && (int64_t)pic->width * pic->height <= FUZZ_MAX_PIXELS)
            rc = io_vin_convert(in, pic, i % 4 == 2, &v, err, errlen) < 0 ? -1 : 1;
        io_picture_free(&pic);
    } else {
        rc = io_vin_read(in, i % 4 == 3, &v, &pts, err, errlen);
    }
    if (rc == 1 && v.kind != V_UNDEF && (v.kind != V_ARRAY || v.a->rank != 3 || v.a->dims[2] != 3))
        abort();
    if (rc < 0 && !err[0])
        abort();
    rt_release(v);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!folder[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(folder, sizeof folder, "%s/qpipe-fuzz-XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(folder))
            abort();
        snprintf(path, sizeof path, "%s/in", folder);
        av_cpu_force_count(1);
        atexit(remove_folder);
    }
    if (write_all(data, size) < 0)
        abort();
    char err[1024] = "";
    IoVideoIn *in = io_vin_open(path, err, sizeof err);
    if (!in) {
        if (!err[0])
            abort();
        return 0;
    }
    IoVideoInfo info;
    io_vin_info(in, &info);
    /* A stream that declares a large size is read by pictures only, which read_one checks
     * one by one before converting (the size may change mid-stream). */
    bool big = (int64_t)info.width * info.height > FUZZ_MAX_PIXELS;
    int i = 0;
    while (i < FUZZ_FRAMES && read_one(in, i, big, err, sizeof err) == 1)
        i++;
    if (size % 3 == 0 && io_vin_seek(in, 0.04, err, sizeof err) == 0)
        for (int k = 0; k < 2 && read_one(in, FUZZ_FRAMES + k, big, err, sizeof err) == 1; k++)
            ;
    io_vin_close(in);
    return 0;
}
