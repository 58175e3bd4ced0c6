/*
 * test_image.c - image files against references qpipe did not make (docs/media.md): hand-
 * written PPM/PGM files converted by the `ffmpeg` command-line tool into PNG, TIFF (raw,
 * LZW, deflate, PackBits) and JPEG must read back as the hand values (JPEG within a
 * tolerance); files written by io_image_write must decode in ffmpeg to the same values.
 * Then errors: those files cut short give messages naming the file and the library's
 * reason, and a failed write leaves no file behind and an existing file untouched.
 *
 * Works in a fresh folder under /tmp. Without ffmpeg on PATH it prints one skipped check.
 * Each check prints `ok NAME` or `not ok NAME: REASON` (docs/testing.md "Unit tests").
 */
#include "io/io.h"

#include "tests/unit/check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define W 7
#define H 5

static char dir[64];
static char reason[1024];

/* A deterministic test pattern, 0..maxv, different per channel. */
static unsigned pattern(int y, int x, int c, unsigned maxv)
{
    return (unsigned)((y * 977 + x * 131 + c * 4099 + 17) * 2654435761u >> 7) % (maxv + 1);
}

static void path_of(char *buf, size_t size, const char *name) { snprintf(buf, size, "%s/%s", dir, name); }

/* P5/P6 with maxval 255 or 65535, by hand. */
static int write_pnm(const char *name, int c, unsigned maxv)
{
    char p[256];
    path_of(p, sizeof p, name);
    FILE *f = fopen(p, "wb");
    if (!f)
        return -1;
    fprintf(f, "P%c\n%d %d\n%u\n", c == 1 ? '5' : '6', W, H, maxv);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int k = 0; k < c; k++) {
                unsigned v = pattern(y, x, k, maxv);
                if (maxv > 255)
                    putc((int)(v >> 8), f);
                putc((int)(v & 0xff), f);
            }
    return fclose(f);
}

static int run(const char *cmd)
{
    char full[1024];
    snprintf(full, sizeof full, "cd %s && ffmpeg -nostdin -v error -y %s", dir, cmd);
    return system(full);
}

/* Compare an array read from a file with the pattern: max |difference| <= tol, and
 * channel `alpha` (or -1) equal to maxv. NULL when it matches. */
static const char *compare(Value v, int c, unsigned maxv, double tol, int alpha, double *mean)
{
    if (v.kind != V_ARRAY)
        return reason;
    RtArray *a = v.a;
    if (a->rank != 3 || a->dims[0] != H || a->dims[1] != W || a->dims[2] != c) {
        snprintf(reason, sizeof reason, "shape %d-D %lld x %lld x %lld, expected %d x %d x %d", a->rank,
                 (long long)a->dims[0], (long long)a->dims[1], (long long)(a->rank > 2 ? a->dims[2] : 1), H, W, c);
        return reason;
    }
    double sum = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int k = 0; k < c; k++) {
                double got = rt_get_real(a, ((int64_t)y * W + x) * c + k);
                double want = k == alpha ? maxv : pattern(y, x, k, maxv);
                sum += fabs(got - want);
                if (fabs(got - want) > tol) {
                    snprintf(reason, sizeof reason, "(%d,%d,%d) is %g, expected %g", y, x, k, got, want);
                    return reason;
                }
            }
    if (mean)
        *mean = sum / (H * W * c);
    return NULL;
}

/* ---------------------------------------------------------------- ffmpeg writes, qpipe reads */

typedef struct ReadCase {
    const char *name;           /* check name */
    const char *src;            /* hand-written input */
    const char *args;           /* ffmpeg output options */
    const char *out;            /* file ffmpeg writes, qpipe reads */
    int c;                      /* channels qpipe must give */
    unsigned maxv;
    double tol;
    int alpha;                  /* channel that must be opaque, or -1 */
    IoImageMode mode;
} ReadCase;

static const ReadCase read_cases[] = {
    {"read_png_rgb8", "rgb8.ppm", "-pix_fmt rgb24", "rgb8.png", 3, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_png_gray8", "gray8.pgm", "-pix_fmt gray", "gray8.png", 1, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_png_rgba8", "rgb8.ppm", "-pix_fmt rgba", "rgba8.png", 4, 255, 0, 3, IO_IMAGE_AS_IS},
    {"read_png_gray_alpha8", "gray8.pgm", "-pix_fmt ya8", "ya8.png", 2, 255, 0, 1, IO_IMAGE_AS_IS},
    {"read_png_rgb16", "rgb16.ppm", "-pix_fmt rgb48be", "rgb16.png", 3, 65535, 0, -1, IO_IMAGE_AS_IS},
    {"read_png_gray16", "gray16.pgm", "-pix_fmt gray16be", "gray16.png", 1, 65535, 0, -1, IO_IMAGE_AS_IS},
    {"read_png_rgba16", "rgb16.ppm", "-pix_fmt rgba64be", "rgba16.png", 4, 65535, 0, 3, IO_IMAGE_AS_IS},
    {"read_tiff_rgb8_raw", "rgb8.ppm", "-pix_fmt rgb24 -compression_algo raw", "rgb8_raw.tif", 3, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_rgb8_lzw", "rgb8.ppm", "-pix_fmt rgb24 -compression_algo lzw", "rgb8_lzw.tif", 3, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_rgb8_deflate", "rgb8.ppm", "-pix_fmt rgb24 -compression_algo deflate", "rgb8_zip.tif", 3, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_rgb8_packbits", "rgb8.ppm", "-pix_fmt rgb24 -compression_algo packbits", "rgb8_pb.tif", 3, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_gray8_lzw", "gray8.pgm", "-pix_fmt gray -compression_algo lzw", "gray8.tif", 1, 255, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_rgba8", "rgb8.ppm", "-pix_fmt rgba -compression_algo deflate", "rgba8.tif", 4, 255, 0, 3, IO_IMAGE_AS_IS},
    {"read_tiff_rgb16_lzw", "rgb16.ppm", "-pix_fmt rgb48le -compression_algo lzw", "rgb16.tif", 3, 65535, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_gray16_deflate", "gray16.pgm", "-pix_fmt gray16le -compression_algo deflate", "gray16.tif", 1, 65535, 0, -1, IO_IMAGE_AS_IS},
    {"read_tiff_rgba16", "rgb16.ppm", "-pix_fmt rgba64le", "rgba16.tif", 4, 65535, 0, 3, IO_IMAGE_AS_IS},
    /* ffmpeg's mjpeg writes YCbCr even for gray input: "gray" mode takes its luma */
    {"read_jpeg_gray", "gray8.pgm", "-q:v 1", "gray8.jpg", 1, 255, 40, -1, IO_IMAGE_GRAY},
    {"read_ppm_ffmpeg", "rgb16.ppm", "-pix_fmt rgb48be", "rgb16_ff.ppm", 3, 65535, 0, -1, IO_IMAGE_AS_IS},
};

static void check_reads(void)
{
    char out[256], err[512];
    for (size_t i = 0; i < sizeof read_cases / sizeof *read_cases; i++) {
        const ReadCase *rc = &read_cases[i];
        char cmd[512];
        snprintf(cmd, sizeof cmd, "-i %s %s %s", rc->src, rc->args, rc->out);
        if (run(cmd) != 0) {
            report(rc->name, "ffmpeg failed to make the reference");
            continue;
        }
        path_of(out, sizeof out, rc->out);
        Value v = io_image_read(out, rc->mode, false, err, sizeof err);
        snprintf(reason, sizeof reason, "%s", err);
        report(rc->name, compare(v, rc->c, rc->maxv, rc->tol, rc->alpha, NULL));
        rt_release(v);
    }
}

/* A smooth colour image through a JPEG made by ffmpeg: mean error small. */
static void check_jpeg_rgb(void)
{
    char out[256], err[512];
    if (run("-i rgb8.ppm -q:v 1 -pix_fmt yuvj444p rgb8.jpg") != 0) {
        report("read_jpeg_rgb", "ffmpeg failed to make the reference");
        return;
    }
    path_of(out, sizeof out, "rgb8.jpg");
    Value v = io_image_read(out, IO_IMAGE_AS_IS, false, err, sizeof err);
    snprintf(reason, sizeof reason, "%s", err);
    double mean = 0;
    const char *bad = compare(v, 3, 255, 80, -1, &mean);
    if (!bad && mean > 8) {
        snprintf(reason, sizeof reason, "mean error %g > 8", mean);
        bad = reason;
    }
    report("read_jpeg_rgb", bad);
    rt_release(v);
}

/* ---------------------------------------------------------------- qpipe writes, ffmpeg reads */

/* The pattern as an H x W x c array of floats. */
static Value pattern_array(int c, unsigned maxv)
{
    int64_t dims[3] = {H, W, c};
    Value v = rt_array_new(RT_F32, 3, dims);
    float *d = v.a->data;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int k = 0; k < c; k++)
                *d++ = (float)pattern(y, x, k, maxv);
    return v;
}

typedef struct WriteCase {
    const char *name, *file;
    int c, bits;
    const char *pix_fmt;        /* ffmpeg's raw output */
    unsigned maxv;
    double tol;
} WriteCase;

static const WriteCase write_cases[] = {
    {"write_png_rgb8", "w_rgb8.png", 3, 8, "rgb24", 255, 0},
    {"write_png_gray8", "w_gray8.png", 1, 8, "gray", 255, 0},
    {"write_png_rgba8", "w_rgba8.png", 4, 8, "rgba", 255, 0},
    {"write_png_rgb16", "w_rgb16.png", 3, 16, "rgb48be", 65535, 0},
    {"write_png_gray16", "w_gray16.png", 1, 16, "gray16be", 65535, 0},
    {"write_tiff_rgb8", "w_rgb8.tif", 3, 8, "rgb24", 255, 0},
    {"write_tiff_gray16", "w_gray16.tif", 1, 16, "gray16be", 65535, 0},
    {"write_tiff_rgba16", "w_rgba16.tif", 4, 16, "rgba64be", 65535, 0},
    {"write_ppm_rgb16", "w_rgb16.ppm", 3, 16, "rgb48be", 65535, 0},
    {"write_pgm_gray8", "w_gray8.pgm", 1, 8, "gray", 255, 0},
    {"write_jpeg_gray", "w_gray8.jpg", 1, 8, "gray", 255, 40},
};

static const char *compare_raw(const char *raw, const WriteCase *wc)
{
    FILE *f = fopen(raw, "rb");
    if (!f)
        return "ffmpeg made no raw output";
    int bytes = wc->maxv > 255 ? 2 : 1;
    const char *bad = NULL;
    for (int y = 0; y < H && !bad; y++)
        for (int x = 0; x < W && !bad; x++)
            for (int k = 0; k < wc->c && !bad; k++) {
                int hi = getc(f), lo = bytes == 2 ? getc(f) : 0;
                if (hi == EOF || lo == EOF) {
                    bad = "ffmpeg's raw output is short";
                    break;
                }
                unsigned got = bytes == 2 ? (unsigned)(hi << 8 | lo) : (unsigned)hi;
                unsigned want = pattern(y, x, k, wc->maxv);
                if (fabs((double)got - want) > wc->tol) {
                    snprintf(reason, sizeof reason, "(%d,%d,%d) decodes as %u, expected %u", y, x, k, got, want);
                    bad = reason;
                }
            }
    fclose(f);
    return bad;
}

static void check_writes(void)
{
    char out[256], err[512], cmd[512];
    for (size_t i = 0; i < sizeof write_cases / sizeof *write_cases; i++) {
        const WriteCase *wc = &write_cases[i];
        Value v = pattern_array(wc->c, wc->maxv);
        IoImageWrite opt = {.bits = wc->bits};
        path_of(out, sizeof out, wc->file);
        int rc = io_image_write(out, v.a, &opt, err, sizeof err);
        rt_release(v);
        if (rc < 0) {
            report(wc->name, err);
            continue;
        }
        snprintf(cmd, sizeof cmd, "-i %s -f rawvideo -pix_fmt %s %s.raw", wc->file, wc->pix_fmt, wc->file);
        if (run(cmd) != 0) {
            report(wc->name, "ffmpeg could not decode the file");
            continue;
        }
        snprintf(cmd, sizeof cmd, "%s.raw", out);
        report(wc->name, compare_raw(cmd, wc));
    }
}

/* ---------------------------------------------------------------- errors */

/* Cut `src` (made by the read checks) to `keep` bytes as `dst`. */
static int truncate_copy(const char *src, const char *dst, long keep)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "head -c %ld %s/%s > %s/%s", keep, dir, src, dir, dst);
    return system(cmd);
}

/* io_image_read of `name` fails with a message containing `want`. */
static void expect_read_error(const char *check, const char *name, const char *want)
{
    char p[256], err[512] = "";
    path_of(p, sizeof p, name);
    Value v = io_image_read(p, IO_IMAGE_AS_IS, false, err, sizeof err);
    if (v.kind != V_UNDEF) {
        rt_release(v);
        report(check, "read succeeded");
    } else if (!strstr(err, want) || !strstr(err, p)) {
        snprintf(reason, sizeof reason, "message \"%s\" lacks the file or \"%s\"", err, want);
        report(check, reason);
    } else {
        report(check, NULL);
    }
}

static void check_errors(void)
{
    if (truncate_copy("rgb8.jpg", "cut.jpg", 200) || truncate_copy("rgb8_lzw.tif", "cut.tif", 40)
        || truncate_copy("rgb16.png", "cut.png", 100) || truncate_copy("rgb16.ppm", "cut.ppm", 30)
        || truncate_copy("rgb8.ppm", "notjpeg.jpg", 100000)) {
        report("errors_inputs", "cannot cut the files");
        return;
    }
    expect_read_error("error_truncated_jpeg", "cut.jpg", "is truncated (libjpeg: Premature end of JPEG file)");
    expect_read_error("error_truncated_tiff", "cut.tif", "(libtiff: ");
    expect_read_error("error_truncated_png", "cut.png", "is truncated or corrupt (libpng: unexpected end of file)");
    expect_read_error("error_truncated_ppm", "cut.ppm", "is truncated");
    expect_read_error("error_missing_jpeg", "no_such.jpg", "cannot open");
    expect_read_error("error_not_jpeg", "notjpeg.jpg", "is not a JPEG file (libjpeg: Not a JPEG file");

    /* a failed write leaves neither the file nor its temporary */
    char p[256], err[512];
    path_of(p, sizeof p, "alpha.jpg");
    Value v = pattern_array(4, 255);
    int rc = io_image_write(p, v.a, NULL, err, sizeof err);
    rt_release(v);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "ls %s | grep -q alpha", dir);
    report("error_write_leaves_nothing", rc == 0 ? "write succeeded" : system(cmd) == 0 ? "a file was left" : NULL);

    /* a failed write keeps an existing file as it was */
    path_of(p, sizeof p, "w_rgb8.png");
    v = pattern_array(5, 255);
    rc = io_image_write(p, v.a, NULL, err, sizeof err);
    rt_release(v);
    Value old = io_image_read(p, IO_IMAGE_AS_IS, false, err, sizeof err);
    snprintf(reason, sizeof reason, "%s", err);
    report("error_write_keeps_old_file", rc == 0 ? "write succeeded" : compare(old, 3, 255, 0, -1, NULL));
    rt_release(old);
}

int main(void)
{
    if (system("ffmpeg -version >/dev/null 2>&1") != 0) {
        report("image_ffmpeg_references skipped: ffmpeg not found", NULL);
        return 0;
    }
    snprintf(dir, sizeof dir, "/tmp/qpipe-test-image-XXXXXX");
    if (!mkdtemp(dir)) {
        report("image_workdir", "cannot make a folder under /tmp");
        return 1;
    }
    if (write_pnm("rgb8.ppm", 3, 255) || write_pnm("gray8.pgm", 1, 255) || write_pnm("rgb16.ppm", 3, 65535)
        || write_pnm("gray16.pgm", 1, 65535)) {
        report("image_inputs", "cannot write the hand-made PPM/PGM files");
        return 1;
    }
    check_reads();
    check_jpeg_rgb();
    check_writes();
    check_errors();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        report("image_cleanup", "cannot remove the work folder");
    return failures != 0;
}
