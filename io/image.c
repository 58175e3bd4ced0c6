/*
 * image.c - imread/imwrite below the builtins (io.h): the format by extension, the
 * conversion of decoded pixels to H x W x C cubes of scalars (modes "rgb" and "gray"), and
 * of arrays to pixels (round half away from zero, saturate to the format's range).
 *
 * Values keep the file's range (docs/media.md): 8-bit samples read as 0..255, 16-bit as
 * 0..65535, float TIFF as stored. Writes go to a temporary name beside the target, renamed
 * on success, so a failed write never leaves a partial file under the final name.
 */
#include "io/image.h"
#include "runtime/residency.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---------------------------------------------------------------- formats */

/* ORDER FMT: the enum, names[] in check_format. */
typedef enum ImgFormat { FMT_NONE, FMT_PNG, FMT_TIFF, FMT_JPEG, FMT_PPM, FMT_PGM, FMT_PNM, FMT_BMP } ImgFormat;

static const struct {
    const char *ext;
    ImgFormat fmt;
} extensions[] = {
    {"png", FMT_PNG}, {"tif", FMT_TIFF}, {"tiff", FMT_TIFF}, {"jpg", FMT_JPEG},
    {"jpeg", FMT_JPEG}, {"ppm", FMT_PPM}, {"pgm", FMT_PGM}, {"pnm", FMT_PNM}, {"bmp", FMT_BMP},
};

static ImgFormat format_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot)
        return FMT_NONE;
    for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++)
        if (!strcasecmp(dot + 1, extensions[i].ext))
            return extensions[i].fmt;
    return FMT_NONE;
}

bool io_is_image(const char *path) { return format_of(path) != FMT_NONE; }

static void err_format(const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "'%s': unsupported image format (known: .png .tif .tiff .jpg .jpeg .ppm .pgm .pnm .bmp)",
             path);
}

/* ---------------------------------------------------------------- pixels */

int io_pixels_alloc(IoPixels *px, const char *path, char *err, size_t errlen)
{
    if (io_check_pixels(path, px->w, px->h, err, errlen) < 0)
        return -1;
    int64_t n = (int64_t)px->w * px->h;
    size_t bytes = (size_t)n * (size_t)px->c * (size_t)(px->bits / 8);
    px->data = malloc(bytes ? bytes : 1);
    if (!px->data) {
        snprintf(err, errlen, "'%s': out of memory for %d x %d pixels", path, px->w, px->h);
        return -1;
    }
    return 0;
}

void io_pixels_free(IoPixels *px)
{
    free(px->data);
    px->data = NULL;
}

void io_err_open(const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
}

static double sample(const IoPixels *px, size_t i)
{
    switch (px->bits) {
    case 8: return ((const uint8_t *)px->data)[i];
    case 16: return ((const uint16_t *)px->data)[i];
    default: return ((const float *)px->data)[i];
    }
}

/* ---------------------------------------------------------------- reading */

static int decode(const char *path, IoPixels *px, char *err, size_t errlen)
{
    switch (format_of(path)) {
    case FMT_PNG: return io_png_read(path, px, err, errlen);
    case FMT_TIFF: return io_tiff_read(path, px, err, errlen);
    case FMT_JPEG: return io_jpeg_read(path, px, err, errlen);
    case FMT_PPM: case FMT_PGM: case FMT_PNM: return io_ppm_read(path, px, err, errlen);
    case FMT_BMP: return io_bmp_read(path, px, err, errlen);
    case FMT_NONE: break;
    }
    err_format(path, err, errlen);
    return -1;
}

/* Channel `k` of the output for pixel p, given the mode's channel count `oc`. */
static double out_sample(const IoPixels *px, size_t p, int oc, int k)
{
    size_t base = p * (size_t)px->c;
    int c = px->c;
    if (oc == c)
        return sample(px, base + (size_t)k);
    if (oc == 3)                                /* "rgb": gray repeated, alpha dropped */
        return c >= 3 ? sample(px, base + (size_t)k) : sample(px, base);
    /* "gray": luma of colour (BT.601), the gray channel otherwise */
    if (c >= 3)
        return 0.299 * sample(px, base) + 0.587 * sample(px, base + 1) + 0.114 * sample(px, base + 2);
    return sample(px, base);
}

static Value to_array(const char *path, IoPixels *px, IoImageMode mode, bool dbl, char *err, size_t errlen);

Value io_image_read(const char *path, IoImageMode mode, bool dbl, char *err, size_t errlen)
{
    IoPixels px = {0};
    io_limit_reset();
    if (decode(path, &px, err, errlen) < 0)
        return rt_undef();
    return to_array(path, &px, mode, dbl, err, errlen);
}

Value io_image_read_rgb(const char *path, bool dbl, Value *alpha, char *err, size_t errlen)
{
    IoPixels px = {0};
    *alpha = rt_undef();
    io_limit_reset();
    if (decode(path, &px, err, errlen) < 0)
        return rt_undef();
    if (px.c == 2 || px.c == 4) {
        int64_t dims[2] = {px.h, px.w};
        *alpha = rt_array_uninit(dbl ? RT_F64 : RT_F32, 2, dims);
        if (alpha->kind == V_UNDEF) {
            snprintf(err, errlen, "'%s': out of memory for %d x %d pixels", path, px.w, px.h);
            io_pixels_free(&px);
            return rt_undef();
        }
        size_t npix = (size_t)px.w * (size_t)px.h;
        for (size_t p = 0; p < npix; p++)
            rt_set_real(alpha->a, (int64_t)p, sample(&px, p * (size_t)px.c + (size_t)px.c - 1), false);
    }
    Value v = to_array(path, &px, IO_IMAGE_RGB, dbl, err, errlen);
    if (v.kind == V_UNDEF) {
        rt_release(*alpha);
        *alpha = rt_undef();
    }
    return v;
}

Value io_image_with_alpha(const RtArray *y, const RtArray *alpha)
{
    int c = y->rank == 2 ? 1 : y->rank == 3 ? (int)y->dims[2] : 0;
    if ((c != 1 && c != 3) || alpha->rank != 2 || y->dims[0] != alpha->dims[0] || y->dims[1] != alpha->dims[1])
        return rt_undef();
    int64_t dims[3] = {y->dims[0], y->dims[1], c + 1};
    Value v = rt_array_uninit(y->elem == RT_F64 ? RT_F64 : RT_F32, 3, dims);
    if (v.kind == V_UNDEF)
        return v;
    int64_t npix = alpha->n;
    for (int64_t p = 0; p < npix; p++) {
        for (int k = 0; k < c; k++)
            rt_set_real(v.a, p * (c + 1) + k, rt_get_real(y, p * c + k), false);
        rt_set_real(v.a, p * (c + 1) + c, rt_get_real(alpha, p), false);
    }
    return v;
}

/* px (freed here) as an H x W x C array of the mode's channels. */
static Value to_array(const char *path, IoPixels *pxp, IoImageMode mode, bool dbl, char *err, size_t errlen)
{
    IoPixels px = *pxp;
    int oc = mode == IO_IMAGE_RGB ? 3 : mode == IO_IMAGE_GRAY ? 1 : px.c;
    int64_t dims[3] = {px.h, px.w, oc};
    Value v = rt_array_uninit(dbl ? RT_F64 : RT_F32, 3, dims);
    if (v.kind == V_UNDEF) {
        snprintf(err, errlen, "'%s': out of memory for %d x %d pixels", path, px.w, px.h);
        io_pixels_free(&px);
        return v;
    }
    size_t npix = (size_t)px.w * (size_t)px.h;
    if (dbl) {
        double *d = v.a->data;
        for (size_t p = 0; p < npix; p++)
            for (int k = 0; k < oc; k++)
                *d++ = out_sample(&px, p, oc, k);
    } else {
        float *d = v.a->data;
        for (size_t p = 0; p < npix; p++)
            for (int k = 0; k < oc; k++)
                *d++ = (float)out_sample(&px, p, oc, k);
    }
    io_pixels_free(&px);
    return v;
}

/* ---------------------------------------------------------------- writing */

/* Round half away from zero and saturate to 0..maxv; NaN gives 0. */
static double quantize(double x, double maxv)
{
    if (!(x > 0))
        return 0;
    x = round(x);
    return x > maxv ? maxv : x;
}

static int to_pixels(const char *path, const RtArray *a, int bits, IoPixels *px, char *err, size_t errlen)
{
    if (!rt_elem_is_numeric(a->elem) || rt_elem_is_complex(a->elem)) {
        snprintf(err, errlen, "'%s': expected an array of real numbers, not %s elements", path,
                 rt_elem_name(a->elem));
        return -1;
    }
    if (a->rank != 2 && a->rank != 3) {
        snprintf(err, errlen, "'%s': expected a 2-D (gray) or 3-D (H x W x C) array, not %d-D", path, a->rank);
        return -1;
    }
    int c = a->rank == 3 ? (int)a->dims[2] : 1;
    if (c < 1 || c > 4) {
        snprintf(err, errlen, "'%s': an image has 1 to 4 channels, not %d", path, c);
        return -1;
    }
    if (a->dims[0] > INT32_MAX || a->dims[1] > INT32_MAX || a->dims[0] < 1 || a->dims[1] < 1) {
        snprintf(err, errlen, "'%s': unsupported image size %lld x %lld", path, (long long)a->dims[1],
                 (long long)a->dims[0]);
        return -1;
    }
    *px = (IoPixels){.w = (int)a->dims[1], .h = (int)a->dims[0], .c = c, .bits = bits};
    if (io_pixels_alloc(px, path, err, errlen) < 0)
        return -1;
    size_t n = (size_t)a->n;
    if (bits == 32) {
        float *d = px->data;
        for (size_t i = 0; i < n; i++)
            d[i] = (float)rt_get_real(a, (int64_t)i);
    } else if (bits == 16) {
        uint16_t *d = px->data;
        for (size_t i = 0; i < n; i++)
            d[i] = (uint16_t)quantize(rt_get_real(a, (int64_t)i), 65535);
    } else {
        uint8_t *d = px->data;
        if (a->elem == RT_F32) {
            const float *s = a->data;
            for (size_t i = 0; i < n; i++)
                d[i] = (uint8_t)quantize(s[i], 255);
        } else {
            for (size_t i = 0; i < n; i++)
                d[i] = (uint8_t)quantize(rt_get_real(a, (int64_t)i), 255);
        }
    }
    return 0;
}

/* Gray to RGB for .ppm (P6 has three channels). */
static int gray_to_rgb(IoPixels *px, const char *path, char *err, size_t errlen)
{
    IoPixels rgb = {.w = px->w, .h = px->h, .c = 3, .bits = px->bits};
    if (io_pixels_alloc(&rgb, path, err, errlen) < 0)
        return -1;
    size_t n = (size_t)px->w * (size_t)px->h, size = (size_t)px->bits / 8;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            memcpy((char *)rgb.data + (i * 3 + (size_t)k) * size, (char *)px->data + i * size, size);
    io_pixels_free(px);
    *px = rgb;
    return 0;
}

/* What the format can hold: -1 with err set otherwise. */
static int check_format(ImgFormat fmt, const char *path, IoPixels *px, char *err, size_t errlen)
{
    static const char *const names[] = {"", "PNG", "TIFF", "JPEG", "PPM", "PGM", "PNM", "BMP"};
    const char *name = names[fmt];
    if (px->bits == 32 && fmt != FMT_TIFF) {
        snprintf(err, errlen, "'%s': 32-bit float needs a TIFF file; %s holds 8 or 16 bits", path, name);
        return -1;
    }
    if (px->bits == 16 && (fmt == FMT_JPEG || fmt == FMT_BMP)) {
        snprintf(err, errlen, "'%s': %s holds 8 bits, not 16", path, name);
        return -1;
    }
    bool alpha = px->c == 2 || px->c == 4;
    if (alpha && (fmt == FMT_JPEG || fmt == FMT_PPM || fmt == FMT_PGM || fmt == FMT_PNM)) {
        snprintf(err, errlen, "'%s': %s has no alpha channel (the array has %d channels)", path, name, px->c);
        return -1;
    }
    if (fmt == FMT_BMP && px->c == 2) {
        snprintf(err, errlen, "'%s': BMP holds gray, RGB or RGBA, not gray with alpha", path);
        return -1;
    }
    if (fmt == FMT_PGM && px->c != 1) {
        snprintf(err, errlen, "'%s': PGM holds 1 channel, not %d", path, px->c);
        return -1;
    }
    if (fmt == FMT_PPM && px->c == 1)
        return gray_to_rgb(px, path, err, errlen);
    return 0;
}

static int encode(ImgFormat fmt, const char *tmp, const char *path, const IoPixels *px, int quality,
                  char *err, size_t errlen)
{
    switch (fmt) {
    case FMT_PNG: return io_png_write(tmp, path, px, err, errlen);
    case FMT_TIFF: return io_tiff_write(tmp, path, px, err, errlen);
    case FMT_JPEG: return io_jpeg_write(tmp, path, px, quality, err, errlen);
    case FMT_BMP: return io_bmp_write(tmp, path, px, err, errlen);
    default: return io_ppm_write(tmp, path, px, err, errlen);
    }
}

int io_image_write(const char *path, const RtArray *img, const IoImageWrite *opt, char *err, size_t errlen)
{
    ImgFormat fmt = format_of(path);
    if (!rt_buf_host(img->buf, false)) {        /* an image the GPU wrote: downloaded here */
        snprintf(err, errlen, "'%s': the image could not be copied back from the GPU", path);
        return -1;
    }
    if (fmt == FMT_NONE) {
        err_format(path, err, errlen);
        return -1;
    }
    int bits = opt && opt->bits ? opt->bits : img->elem == RT_U16 ? 16 : 8;
    if (bits != 8 && bits != 16 && bits != 32) {
        snprintf(err, errlen, "'%s': bits must be 8, 16 or 32, not %d", path, bits);
        return -1;
    }
    int quality = opt && opt->quality ? opt->quality : 95;
    if (quality < 1 || quality > 100) {
        snprintf(err, errlen, "'%s': JPEG quality must be 1..100, not %d", path, quality);
        return -1;
    }
    const char *shown = opt && opt->temp_of ? opt->temp_of : path;     /* in messages */
    IoPixels px;
    if (to_pixels(shown, img, bits, &px, err, errlen) < 0)
        return -1;
    if (check_format(fmt, shown, &px, err, errlen) < 0) {
        io_pixels_free(&px);
        return -1;
    }
    if (opt && opt->temp_of) {
        /* the caller's temporary: written in place, renamed by the caller */
        int rc = encode(fmt, path, opt->temp_of, &px, quality, err, errlen);
        io_pixels_free(&px);
        return rc;
    }
    size_t tlen = strlen(path) + 32;
    char *tmp = malloc(tlen);
    if (!tmp) {
        io_pixels_free(&px);
        snprintf(err, errlen, "'%s': out of memory", path);
        return -1;
    }
    snprintf(tmp, tlen, "%s.tmp-%ld", path, (long)getpid());
    int rc = encode(fmt, tmp, path, &px, quality, err, errlen);
    io_pixels_free(&px);
    if (rc == 0 && rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        unlink(tmp);
    free(tmp);
    return rc;
}
