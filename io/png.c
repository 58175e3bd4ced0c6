/*
 * png.c - PNG files through libpng (image.h): 8- and 16-bit gray, gray+alpha, RGB, RGBA;
 * palette and low-bit gray expanded to 8 bits (tRNS becomes an alpha channel).
 *
 * libpng reports errors by longjmp: png_error_fn keeps its message and jumps back to the
 * setjmp in each function, which frees what it owns. Everything a jump may leave
 * half-made sits in a struct reached through a pointer, so no local needs `volatile`.
 */
#include "io/image.h"

#include <png.h>
#include <zlib.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOST_LITTLE_ENDIAN (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

typedef struct PngJob {
    const char *name;           /* the file in messages */
    FILE *f;
    png_structp png;
    png_infop info;
    png_bytep *rows;
    IoPixels px;
    char msg[200];              /* libpng's reason */
} PngJob;

static void png_error_fn(png_structp png, png_const_charp msg)
{
    PngJob *job = png_get_error_ptr(png);
    snprintf(job->msg, sizeof job->msg, "%s", msg);
    png_longjmp(png, 1);
}

static void png_warning_fn(png_structp png, png_const_charp msg) { (void)png, (void)msg; }

/* A read callback that names a short file: libpng's own says only "Read Error". */
static void png_read_fn(png_structp png, png_bytep data, size_t n)
{
    PngJob *job = png_get_io_ptr(png);
    if (fread(data, 1, n, job->f) != n)
        png_error(png, ferror(job->f) ? strerror(errno) : "unexpected end of file");
}

static int make_rows(PngJob *job)
{
    job->rows = malloc((size_t)job->px.h * sizeof *job->rows);
    if (!job->rows)
        return -1;
    size_t stride = (size_t)job->px.w * (size_t)job->px.c * (size_t)(job->px.bits / 8);
    for (int y = 0; y < job->px.h; y++)
        job->rows[y] = (png_bytep)job->px.data + (size_t)y * stride;
    return 0;
}

/* ---------------------------------------------------------------- reading */

static int read_body(PngJob *job, char *err, size_t errlen)
{
    png_read_info(job->png, job->info);
    png_set_expand(job->png);               /* palette -> RGB(A), gray < 8 -> 8, tRNS -> alpha */
    if (png_get_bit_depth(job->png, job->info) == 16 && HOST_LITTLE_ENDIAN)
        png_set_swap(job->png);             /* PNG is big-endian; IoPixels holds host order */
    png_set_interlace_handling(job->png);
    png_read_update_info(job->png, job->info);
    job->px.w = (int)png_get_image_width(job->png, job->info);
    job->px.h = (int)png_get_image_height(job->png, job->info);
    job->px.c = png_get_channels(job->png, job->info);
    job->px.bits = png_get_bit_depth(job->png, job->info) == 16 ? 16 : 8;
    if (job->px.c < 1 || job->px.c > 4) {
        snprintf(err, errlen, "'%s': unsupported PNG with %d channels", job->name, job->px.c);
        return -1;
    }
    if (io_pixels_alloc(&job->px, job->name, err, errlen) < 0)
        return -1;
    if (make_rows(job) < 0) {
        snprintf(err, errlen, "'%s': out of memory", job->name);
        return -1;
    }
    png_read_image(job->png, job->rows);
    png_read_end(job->png, NULL);
    return 0;
}

int io_png_read(const char *path, IoPixels *px, char *err, size_t errlen)
{
    PngJob *job = calloc(1, sizeof *job);
    if (!job) {
        snprintf(err, errlen, "'%s': out of memory", path);
        return -1;
    }
    job->name = path;
    int rc = -1;
    job->f = fopen(path, "rb");
    if (!job->f) {
        io_err_open(path, err, errlen);
        goto done;
    }
    unsigned char sig[8];
    size_t got = fread(sig, 1, sizeof sig, job->f);
    if (got < sizeof sig || png_sig_cmp(sig, 0, sizeof sig)) {
        snprintf(err, errlen, "'%s' is not a PNG file (libpng: %s)", path,
                 got < sizeof sig ? "file shorter than the PNG signature" : "Not a PNG file");
        goto done;
    }
    job->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, job, png_error_fn, png_warning_fn);
    job->info = job->png ? png_create_info_struct(job->png) : NULL;
    if (!job->info) {
        snprintf(err, errlen, "'%s': out of memory", path);
        goto done;
    }
    if (setjmp(png_jmpbuf(job->png))) {
        snprintf(err, errlen, "'%s' is truncated or corrupt (libpng: %s)", path, job->msg);
        goto done;
    }
    png_set_read_fn(job->png, job, png_read_fn);
    png_set_sig_bytes(job->png, sizeof sig);
    rc = read_body(job, err, errlen);
done:
    if (job->png)
        png_destroy_read_struct(&job->png, job->info ? &job->info : NULL, NULL);
    if (job->f)
        fclose(job->f);
    free(job->rows);
    if (rc == 0)
        *px = job->px;
    else
        io_pixels_free(&job->px);
    free(job);
    return rc;
}

/* ---------------------------------------------------------------- writing */

static const int color_types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                  PNG_COLOR_TYPE_RGB_ALPHA};

int io_png_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen)
{
    if (px->bits != 8 && px->bits != 16) {
        snprintf(err, errlen, "'%s': PNG holds 8 or 16 bits, not %d", name, px->bits);
        return -1;
    }
    PngJob *job = calloc(1, sizeof *job);
    if (!job) {
        snprintf(err, errlen, "'%s': out of memory", name);
        return -1;
    }
    job->name = name;
    job->px = *px;                          /* borrowed: not freed here */
    int rc = -1;
    job->f = fopen(path, "wb");
    if (!job->f) {
        snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
        goto done;
    }
    job->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, job, png_error_fn, png_warning_fn);
    job->info = job->png ? png_create_info_struct(job->png) : NULL;
    if (!job->info || make_rows(job) < 0) {
        snprintf(err, errlen, "'%s': out of memory", name);
        goto done;
    }
    if (setjmp(png_jmpbuf(job->png))) {
        snprintf(err, errlen, "cannot write '%s' (libpng: %s)", name, job->msg);
        goto done;
    }
    png_init_io(job->png, job->f);
    /* zlib's run-length strategy (matches at distance 1 only) after libpng's adaptive row
     * filters, as OpenCV's imwrite does by default: on the bench's stills 1-2% larger than
     * zlib's level 6 for a fifth of the CPU time (docs/media.md "PNG output"). */
    png_set_compression_strategy(job->png, Z_RLE);
    png_set_compression_level(job->png, Z_BEST_SPEED);
    png_set_IHDR(job->png, job->info, (png_uint_32)px->w, (png_uint_32)px->h, px->bits, color_types[px->c],
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(job->png, job->info);
    if (px->bits == 16 && HOST_LITTLE_ENDIAN)
        png_set_swap(job->png);
    png_write_image(job->png, job->rows);
    png_write_end(job->png, NULL);
    rc = 0;
done:
    if (job->png)
        png_destroy_write_struct(&job->png, job->info ? &job->info : NULL);
    if (job->f && fclose(job->f) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write '%s': %s", name, strerror(errno));
        rc = -1;
    }
    free(job->rows);
    free(job);
    return rc;
}
