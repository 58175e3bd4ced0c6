/*
 * tiff.c - TIFF files through libtiff (image.h): 8/16-bit unsigned integers and 32-bit
 * floats, 1 to 4 samples per pixel (gray, gray+alpha, RGB, RGBA), strips or tiles,
 * contiguous or separate planes, any compression libtiff decodes (none, LZW, deflate,
 * PackBits …). Palette images are expanded to RGB (8-bit), MinIsWhite is inverted.
 * Everything else libtiff can render (YCbCr, as FFmpeg and scanners write it, with or
 * without JPEG; CMYK; CIE L*a*b*; 1, 2 and 4-bit gray and palette: faxes, line art) goes
 * through libtiff's RGBA renderer (TIFFReadRGBAImageOriented): 8-bit gray for the bilevel
 * and gray ones, 8-bit RGB otherwise, RGBA when the file has an alpha sample.
 * Writes are deflate-compressed, contiguous, one strip group at a time.
 *
 * libtiff's messages go to per-handle handlers (TIFFOpenExt) that keep the first error,
 * so nothing is printed and the message can name the file; warnings are dropped.
 */
#include "io/image.h"

#include <tiffio.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct TiffMsg {
    char text[200];
} TiffMsg;

static int tiff_error_fn(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap)
{
    (void)tif, (void)module;
    TiffMsg *m = user;
    if (!m->text[0])
        vsnprintf(m->text, sizeof m->text, fmt, ap);
    return 1;
}

static int tiff_warning_fn(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap)
{
    (void)tif, (void)user, (void)module, (void)fmt, (void)ap;
    return 1;
}

static TIFF *tiff_open(const char *path, const char *mode, TiffMsg *m)
{
    TIFFOpenOptions *o = TIFFOpenOptionsAlloc();
    if (!o)
        return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(o, tiff_error_fn, m);
    TIFFOpenOptionsSetWarningHandlerExtR(o, tiff_warning_fn, NULL);
    TIFF *tif = TIFFOpenExt(path, mode, o);
    TIFFOpenOptionsFree(o);
    return tif;
}

/* ---------------------------------------------------------------- reading */

typedef struct TiffInfo {
    uint32_t w, h;
    uint16_t spp, bps, fmt, photo, planar;
} TiffInfo;

/* A variant read as stored (read_pixels); the others go through libtiff's renderer. */
static bool stored_variant(const TiffInfo *ti)
{
    bool photo = ti->photo == PHOTOMETRIC_MINISBLACK || ti->photo == PHOTOMETRIC_MINISWHITE ||
                 ti->photo == PHOTOMETRIC_RGB || ti->photo == PHOTOMETRIC_PALETTE;
    bool depth = ti->bps == 8 || ti->bps == 16 || (ti->bps == 32 && ti->fmt == SAMPLEFORMAT_IEEEFP);
    return photo && depth;
}

/* Through TIFFReadRGBAImageOriented, top row first: gray (1 channel) for gray files, RGB
 * or RGBA (an extra sample that is alpha) otherwise, 8 bits. */
static int read_rendered(TIFF *tif, const TiffInfo *ti, const char *path, IoPixels *px, TiffMsg *m, char *err,
                         size_t errlen)
{
    char why[1024] = "";
    if (!TIFFRGBAImageOK(tif, why)) {
        snprintf(err, errlen, "'%s': unsupported TIFF variant (%s: photometric %u, %u bits x %u samples)", path,
                 why[0] ? why : "libtiff cannot render it", (unsigned)ti->photo, (unsigned)ti->bps,
                 (unsigned)ti->spp);
        return -1;
    }
    uint16_t nextra = 0, *extra = NULL;
    TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &nextra, &extra);
    bool alpha = nextra > 0 && extra && (extra[0] == EXTRASAMPLE_ASSOCALPHA || extra[0] == EXTRASAMPLE_UNASSALPHA);
    bool gray = ti->photo == PHOTOMETRIC_MINISBLACK || ti->photo == PHOTOMETRIC_MINISWHITE;
    IoPixels p = {.w = (int)ti->w, .h = (int)ti->h, .c = gray ? 1 + alpha : 3 + alpha, .bits = 8};
    IoPixels rgba = {.w = p.w, .h = p.h, .c = 4, .bits = 8};
    if (io_pixels_alloc(&rgba, path, err, errlen) < 0)
        return -1;
    if (!TIFFReadRGBAImageOriented(tif, ti->w, ti->h, rgba.data, ORIENTATION_TOPLEFT, 0)) {
        snprintf(err, errlen, "'%s' is truncated or corrupt (libtiff: %s)", path, m->text[0] ? m->text : "read error");
        io_pixels_free(&rgba);
        return -1;
    }
    if (io_pixels_alloc(&p, path, err, errlen) < 0) {
        io_pixels_free(&rgba);
        return -1;
    }
    /* TIFFRGBAImage packs each pixel as a uint32 with R in the low byte (TIFFGetR …) */
    const uint32_t *src = rgba.data;
    uint8_t *d = p.data;
    size_t n = (size_t)p.w * (size_t)p.h;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = src[i];
        uint8_t px4[4] = {(uint8_t)TIFFGetR(v), (uint8_t)TIFFGetG(v), (uint8_t)TIFFGetB(v), (uint8_t)TIFFGetA(v)};
        if (gray) {
            d[i * (size_t)p.c] = px4[0];
            if (alpha)
                d[i * 2 + 1] = px4[3];
        } else {
            memcpy(d + i * (size_t)p.c, px4, (size_t)p.c);
        }
    }
    io_pixels_free(&rgba);
    *px = p;
    return 0;
}

static int check_variant(const char *path, const TiffInfo *ti, char *err, size_t errlen)
{
    const char *why = NULL;
    if (ti->photo != PHOTOMETRIC_MINISBLACK && ti->photo != PHOTOMETRIC_MINISWHITE && ti->photo != PHOTOMETRIC_RGB
        && ti->photo != PHOTOMETRIC_PALETTE)
        why = "photometric interpretation other than gray, RGB or palette";
    else if (ti->photo == PHOTOMETRIC_PALETTE && (ti->spp != 1 || ti->bps != 8 || ti->fmt != SAMPLEFORMAT_UINT))
        why = "palette other than 8-bit";
    else if (ti->spp < 1 || ti->spp > 4)
        why = "more than 4 samples per pixel";
    else if (ti->fmt == SAMPLEFORMAT_IEEEFP ? ti->bps != 32 : ti->fmt != SAMPLEFORMAT_UINT || (ti->bps != 8 && ti->bps != 16))
        why = "sample type other than 8/16-bit unsigned or 32-bit float";
    else if (ti->photo == PHOTOMETRIC_RGB && ti->spp < 3)
        why = "RGB with fewer than 3 samples";
    if (!why)
        return 0;
    snprintf(err, errlen, "'%s': unsupported TIFF variant (%s: %u bits x %u samples)", path, why,
             (unsigned)ti->bps, (unsigned)ti->spp);
    return -1;
}

/* Copy plane `s` (or all samples when planes are contiguous) of rows y0..y0+nrows-1 of a
 * strip or tile of width tw starting at column x0 from `buf` into px. */
static void place(IoPixels *px, const TiffInfo *ti, const uint8_t *buf, uint32_t x0, uint32_t y0, uint32_t tw,
                  uint32_t th, int s)
{
    size_t bytes = ti->bps / 8;
    bool sep = ti->planar == PLANARCONFIG_SEPARATE;
    size_t per = sep ? 1 : ti->spp;          /* samples per pixel in buf */
    for (uint32_t y = 0; y < th && y0 + y < ti->h; y++)
        for (uint32_t x = 0; x < tw && x0 + x < ti->w; x++) {
            const uint8_t *src = buf + ((size_t)y * tw + x) * per * bytes;
            uint8_t *dst = (uint8_t *)px->data + (((size_t)(y0 + y) * ti->w + x0 + x) * ti->spp + (sep ? (size_t)s : 0)) * bytes;
            memcpy(dst, src, per * bytes);
        }
}

static int read_pixels(TIFF *tif, const TiffInfo *ti, IoPixels *px, TiffMsg *m)
{
    int planes = ti->planar == PLANARCONFIG_SEPARATE ? ti->spp : 1;
    bool tiled = TIFFIsTiled(tif);
    tmsize_t size = tiled ? TIFFTileSize(tif) : TIFFStripSize(tif);
    uint32_t tw = ti->w, th = 0;
    if (tiled) {
        TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tw);
        TIFFGetField(tif, TIFFTAG_TILELENGTH, &th);
    } else {
        TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &th);
        if (th > ti->h)
            th = ti->h;
    }
    if (size <= 0 || tw == 0 || th == 0)
        return -1;
    uint8_t *buf = malloc((size_t)size);
    if (!buf) {
        snprintf(m->text, sizeof m->text, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int s = 0; s < planes && rc == 0; s++)
        for (uint32_t y = 0; y < ti->h && rc == 0; y += th)
            for (uint32_t x = 0; x < ti->w && rc == 0; x += tw) {
                tmsize_t got = tiled ? TIFFReadTile(tif, buf, x, y, 0, (uint16_t)s)
                                     : TIFFReadEncodedStrip(tif, TIFFComputeStrip(tif, y, (uint16_t)s), buf, size);
                if (got < 0)
                    rc = -1;
                else
                    place(px, ti, buf, x, y, tw, th, s);
            }
    free(buf);
    return rc;
}

/* Palette indices to 8-bit RGB (the colormap's 16-bit entries scaled down). */
static int expand_palette(TIFF *tif, IoPixels *px, const char *path, char *err, size_t errlen)
{
    uint16_t *r, *g, *b;
    if (!TIFFGetField(tif, TIFFTAG_COLORMAP, &r, &g, &b)) {
        snprintf(err, errlen, "'%s': corrupt TIFF (palette image without a colormap)", path);
        return -1;
    }
    IoPixels rgb = {.w = px->w, .h = px->h, .c = 3, .bits = 8};
    if (io_pixels_alloc(&rgb, path, err, errlen) < 0)
        return -1;
    size_t n = (size_t)px->w * (size_t)px->h;
    const uint8_t *idx = px->data;
    uint8_t *d = rgb.data;
    for (size_t i = 0; i < n; i++) {
        d[3 * i] = (uint8_t)(r[idx[i]] >> 8);
        d[3 * i + 1] = (uint8_t)(g[idx[i]] >> 8);
        d[3 * i + 2] = (uint8_t)(b[idx[i]] >> 8);
    }
    io_pixels_free(px);
    *px = rgb;
    return 0;
}

static void invert(IoPixels *px)
{
    size_t n = (size_t)px->w * (size_t)px->h * (size_t)px->c;
    for (size_t i = 0; i < n; i += (size_t)px->c)        /* gray only; alpha stays */
        if (px->bits == 8)
            ((uint8_t *)px->data)[i] = (uint8_t)(255 - ((uint8_t *)px->data)[i]);
        else if (px->bits == 16)
            ((uint16_t *)px->data)[i] = (uint16_t)(65535 - ((uint16_t *)px->data)[i]);
}

int io_tiff_read(const char *path, IoPixels *px, char *err, size_t errlen)
{
    FILE *probe = fopen(path, "rb");
    if (!probe) {
        io_err_open(path, err, errlen);
        return -1;
    }
    fclose(probe);
    TiffMsg m = {{0}};
    TIFF *tif = tiff_open(path, "r", &m);
    if (!tif) {
        snprintf(err, errlen, "'%s' is not a TIFF file or is corrupt (libtiff: %s)", path,
                 m.text[0] ? m.text : "cannot open");
        return -1;
    }
    TiffInfo ti = {0};
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &ti.w);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &ti.h);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &ti.spp);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &ti.bps);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &ti.fmt);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &ti.planar);
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &ti.photo))
        ti.photo = ti.spp >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK;
    int rc = -1;
    IoPixels p = {.w = (int)ti.w, .h = (int)ti.h, .c = ti.spp, .bits = ti.bps};
    if (ti.w > INT32_MAX || ti.h > INT32_MAX)
        p.w = p.h = -1;
    if (!stored_variant(&ti) && p.w >= 0) {
        rc = read_rendered(tif, &ti, path, &p, &m, err, errlen);
        goto done;
    }
    if (check_variant(path, &ti, err, errlen) < 0 || io_pixels_alloc(&p, path, err, errlen) < 0)
        goto done;
    if (read_pixels(tif, &ti, &p, &m) < 0) {
        snprintf(err, errlen, "'%s' is truncated or corrupt (libtiff: %s)", path, m.text[0] ? m.text : "read error");
        goto done;
    }
    if (ti.photo == PHOTOMETRIC_PALETTE && expand_palette(tif, &p, path, err, errlen) < 0)
        goto done;
    if (ti.photo == PHOTOMETRIC_MINISWHITE)
        invert(&p);
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
    if (io_pixels_orient(&p, orientation, path, err, errlen) < 0)
        goto done;
    rc = 0;
done:
    TIFFClose(tif);
    if (rc == 0)
        *px = p;
    else
        io_pixels_free(&p);
    return rc;
}

/* ---------------------------------------------------------------- writing */

int io_tiff_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen)
{
    TiffMsg m = {{0}};
    FILE *probe = fopen(path, "wb");
    if (!probe) {
        snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
        return -1;
    }
    fclose(probe);
    TIFF *tif = tiff_open(path, "w", &m);
    if (!tif) {
        snprintf(err, errlen, "cannot create '%s' (libtiff: %s)", name, m.text[0] ? m.text : "cannot open");
        return -1;
    }
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, (uint32_t)px->w);
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, (uint32_t)px->h);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, (uint16_t)px->c);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, (uint16_t)px->bits);
    TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, (uint16_t)(px->bits == 32 ? SAMPLEFORMAT_IEEEFP : SAMPLEFORMAT_UINT));
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, (uint16_t)(px->c >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK));
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, (uint16_t)PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_COMPRESSION, (uint16_t)COMPRESSION_ADOBE_DEFLATE);
    if (px->c == 2 || px->c == 4) {
        uint16_t extra = EXTRASAMPLE_UNASSALPHA;
        TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, (uint16_t)1, &extra);
    }
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
    size_t stride = (size_t)px->w * (size_t)px->c * (size_t)(px->bits / 8);
    int rc = 0;
    for (int y = 0; y < px->h && rc == 0; y++)
        if (TIFFWriteScanline(tif, (uint8_t *)px->data + (size_t)y * stride, (uint32_t)y, 0) < 0)
            rc = -1;
    if (rc == 0 && !TIFFWriteDirectory(tif))
        rc = -1;
    TIFFClose(tif);
    if (rc < 0)
        snprintf(err, errlen, "cannot write '%s' (libtiff: %s)", name, m.text[0] ? m.text : "write error");
    return rc;
}
