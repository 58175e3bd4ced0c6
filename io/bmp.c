/*
 * bmp.c - Windows bitmaps (.bmp) by hand (image.h).
 *
 * Read: the BITMAPINFOHEADER family (40-byte header and its V2..V5 extensions, 108 and
 * 124 bytes) and the old 12-byte OS/2 core header; 1, 4 and 8 bits through a palette,
 * 16 bits (5-5-5 by default, any masks with BI_BITFIELDS), 24 bits, 32 bits (BI_RGB:
 * the fourth byte is ignored, as Windows does; BI_BITFIELDS: masks, alpha kept when the
 * header names an alpha mask); RLE8 and RLE4; bottom-up and top-down rows. A palette
 * whose entries are all gray gives a 1-channel image, as MATLAB's imread gives an
 * indexed gray image its gray levels. Samples come out as 8 bits, rescaled from masks
 * narrower than 8 bits by bit replication.
 *
 * Write: 8-bit gray as an 8-bit paletted file with the gray ramp, RGB as 24 bits, RGBA
 * as 32 bits with a V4 header naming the alpha mask, rows bottom-up (the form every
 * reader takes). BMP holds 8-bit samples only; image.c checks that before.
 */
#include "io/image.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BI_RGB = 0, BI_RLE8 = 1, BI_RLE4 = 2, BI_BITFIELDS = 3, BI_ALPHABITFIELDS = 6 };

/* Largest file accepted: the pixel data is read whole. */
#define BMP_MAX_FILE ((long)1 << 31)

typedef struct BmpHeader {
    long offset;                /* of the pixel data */
    int w, h;                   /* h > 0 after taking out the direction */
    bool top_down;
    int bpp, compression;
    uint32_t mask[4];           /* r, g, b, a */
    int ncolors;
    uint8_t pal[256][3];        /* r, g, b */
} BmpHeader;

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

/* ---------------------------------------------------------------- header */

static int parse_palette(BmpHeader *h, const uint8_t *buf, size_t len, size_t at, int entry)
{
    int max = 1 << h->bpp;
    int n = h->ncolors > 0 && h->ncolors < max ? h->ncolors : max;
    if (at + (size_t)n * (size_t)entry > len)
        return -1;
    for (int i = 0; i < n; i++) {
        const uint8_t *e = buf + at + (size_t)i * (size_t)entry;
        h->pal[i][0] = e[2];
        h->pal[i][1] = e[1];
        h->pal[i][2] = e[0];
    }
    h->ncolors = n;
    return 0;
}

static int parse_header(BmpHeader *h, const uint8_t *buf, size_t len, const char *path, char *err,
                        size_t errlen)
{
    if (len < 26 || buf[0] != 'B' || buf[1] != 'M') {
        snprintf(err, errlen, "'%s' is not a BMP file (no BM signature)", path);
        return -1;
    }
    memset(h, 0, sizeof *h);
    h->offset = (long)le32(buf + 10);
    uint32_t hsize = le32(buf + 14);
    int32_t w, hh;
    if (hsize == 12) {                              /* OS/2 BITMAPCOREHEADER */
        w = le16(buf + 18);
        hh = le16(buf + 20);
        h->bpp = le16(buf + 24);
    } else if (hsize >= 40 && 14 + (size_t)hsize <= len) {
        w = (int32_t)le32(buf + 18);
        hh = (int32_t)le32(buf + 22);
        h->bpp = le16(buf + 28);
        h->compression = (int)le32(buf + 30);
        h->ncolors = (int)le32(buf + 46);
        if (h->compression == BI_BITFIELDS || h->compression == BI_ALPHABITFIELDS || hsize >= 52) {
            /* masks follow a 40-byte header, or sit inside a V2+ header */
            int nmask = h->compression == BI_ALPHABITFIELDS || hsize >= 56 ? 4 : 3;
            if (54 + 4 * (size_t)nmask > len)
                goto corrupt;
            for (int i = 0; i < nmask; i++)
                h->mask[i] = le32(buf + 54 + 4 * i);
        }
    } else {
        goto corrupt;
    }
    if (w <= 0 || hh == 0 || hh == INT32_MIN)
        goto corrupt;
    h->w = w;
    h->top_down = hh < 0;
    h->h = hh < 0 ? -hh : hh;
    bool ok_bpp = h->bpp == 1 || h->bpp == 4 || h->bpp == 8 || h->bpp == 16 || h->bpp == 24 || h->bpp == 32;
    if (!ok_bpp || (h->compression == BI_RLE8 && h->bpp != 8) || (h->compression == BI_RLE4 && h->bpp != 4) ||
        (h->compression > BI_BITFIELDS && h->compression != BI_ALPHABITFIELDS)) {
        snprintf(err, errlen, "'%s': unsupported BMP variant (%d bits, compression %d)", path, h->bpp,
                 h->compression);
        return -1;
    }
    if (h->bpp <= 8 && parse_palette(h, buf, len, 14 + hsize + (h->compression == BI_BITFIELDS ? 12 : 0),
                                     hsize == 12 ? 3 : 4) < 0)
        goto corrupt;
    if (h->offset <= 0 || (size_t)h->offset > len)
        goto corrupt;
    return 0;
corrupt:
    snprintf(err, errlen, "'%s': corrupt BMP header", path);
    return -1;
}

/* Default masks of uncompressed 16- and 32-bit files. */
static void default_masks(BmpHeader *h)
{
    if (h->compression != BI_RGB)
        return;
    if (h->bpp == 16) {
        h->mask[0] = 0x7c00; h->mask[1] = 0x03e0; h->mask[2] = 0x001f; h->mask[3] = 0;
    } else if (h->bpp == 32) {
        h->mask[0] = 0xff0000; h->mask[1] = 0xff00; h->mask[2] = 0xff; h->mask[3] = 0;
    }
}

/* ---------------------------------------------------------------- samples */

/* The field of `v` under `mask`, scaled to 0..255. */
static uint8_t field(uint32_t v, uint32_t mask)
{
    if (!mask)
        return 255;
    int shift = __builtin_ctz(mask), bits = __builtin_popcount(mask >> shift);
    uint32_t x = (v & mask) >> shift;
    if (bits >= 8)
        return (uint8_t)(x >> (bits - 8));
    uint32_t out = 0;                       /* replicate the bits down to 8 */
    for (int have = 0; have < 8; have += bits)
        out = out << bits | x;
    int total = ((8 + bits - 1) / bits) * bits;
    return (uint8_t)(out >> (total - 8));
}

static bool palette_is_gray(const BmpHeader *h)
{
    for (int i = 0; i < h->ncolors; i++)
        if (h->pal[i][0] != h->pal[i][1] || h->pal[i][1] != h->pal[i][2])
            return false;
    return true;
}

static void put_index(const BmpHeader *h, uint8_t *dst, int c, int index)
{
    const uint8_t *e = h->pal[index < h->ncolors ? index : 0];
    if (c == 1)
        dst[0] = e[0];
    else
        memcpy(dst, e, 3);
}

/* One uncompressed row into `dst` (w * c samples). */
static void decode_row(const BmpHeader *h, const uint8_t *src, uint8_t *dst, int c)
{
    for (int x = 0; x < h->w; x++, dst += c) {
        if (h->bpp <= 8) {
            int per = 8 / h->bpp, bit = 8 - h->bpp * (x % per + 1);
            put_index(h, dst, c, src[x / per] >> bit & ((1 << h->bpp) - 1));
            continue;
        }
        if (h->bpp == 24) {
            const uint8_t *p = src + 3 * x;
            dst[0] = p[2]; dst[1] = p[1]; dst[2] = p[0];
            continue;
        }
        uint32_t v = h->bpp == 16 ? le16(src + 2 * x) : le32(src + 4 * x);
        for (int k = 0; k < 3; k++)
            dst[k] = field(v, h->mask[k]);
        if (c == 4)
            dst[3] = field(v, h->mask[3]);
    }
}

/* Run-length data (RLE8, RLE4) into an index plane of w * h bytes, row 0 first as stored. */
static int decode_rle(const BmpHeader *h, const uint8_t *p, const uint8_t *end, uint8_t *idx)
{
    int x = 0, y = 0, four = h->bpp == 4;
    while (p + 2 <= end && y < h->h) {
        int n = p[0], v = p[1];
        p += 2;
        if (n > 0) {                                        /* a run */
            for (int i = 0; i < n && x < h->w; i++, x++)
                idx[(size_t)y * h->w + x] = (uint8_t)(four ? (i & 1 ? v & 15 : v >> 4) : v);
        } else if (v == 0) {                                /* end of line */
            x = 0;
            y++;
        } else if (v == 1) {                                /* end of bitmap */
            return 0;
        } else if (v == 2) {                                /* delta */
            if (p + 2 > end)
                return -1;
            x += p[0];
            y += p[1];
            p += 2;
        } else {                                            /* v literal indices */
            size_t bytes = four ? ((size_t)v + 1) / 2 : (size_t)v;
            bytes += bytes & 1;                             /* padded to 16 bits */
            if (p + bytes > end)
                return -1;
            for (int i = 0; i < v; i++, x++)
                if (x < h->w && y < h->h)
                    idx[(size_t)y * h->w + x] = four ? (i & 1 ? p[i / 2] & 15 : p[i / 2] >> 4) : p[i];
            p += bytes;
        }
    }
    return 0;
}

static int decode_pixels(const BmpHeader *h, const uint8_t *buf, size_t len, IoPixels *px)
{
    const uint8_t *data = buf + h->offset, *end = buf + len;
    uint8_t *out = px->data;
    size_t rowbytes = (size_t)px->w * (size_t)px->c;
    if (h->compression == BI_RLE8 || h->compression == BI_RLE4) {
        uint8_t *idx = calloc((size_t)h->w * (size_t)h->h, 1);
        if (!idx || decode_rle(h, data, end, idx) < 0) {
            free(idx);
            return -1;
        }
        for (int y = 0; y < h->h; y++) {
            int row = h->top_down ? y : h->h - 1 - y;
            for (int x = 0; x < h->w; x++)
                put_index(h, out + (size_t)row * rowbytes + (size_t)x * px->c, px->c, idx[(size_t)y * h->w + x]);
        }
        free(idx);
        return 0;
    }
    size_t stride = (((size_t)h->w * (size_t)h->bpp + 31) / 32) * 4;
    if ((size_t)(end - data) < stride * (size_t)(h->h - 1) + ((size_t)h->w * (size_t)h->bpp + 7) / 8)
        return -1;
    for (int y = 0; y < h->h; y++) {
        int row = h->top_down ? y : h->h - 1 - y;
        decode_row(h, data + (size_t)y * stride, out + (size_t)row * rowbytes, px->c);
    }
    return 0;
}

static int read_file(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        io_err_open(path, err, errlen);
        return -1;
    }
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0)
        size = ftell(f);
    if (size < 0 || size > BMP_MAX_FILE || fseek(f, 0, SEEK_SET) != 0) {
        snprintf(err, errlen, "'%s': cannot read (%s)", path, size > BMP_MAX_FILE ? "file too large" : strerror(errno));
        fclose(f);
        return -1;
    }
    *buf = malloc((size_t)size + 1);
    if (!*buf || fread(*buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, errlen, "'%s': cannot read (%s)", path, *buf ? strerror(errno) : "out of memory");
        free(*buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    *len = (size_t)size;
    return 0;
}

int io_bmp_read(const char *path, IoPixels *px, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t len;
    if (read_file(path, &buf, &len, err, errlen) < 0)
        return -1;
    BmpHeader h;
    IoPixels p = {0};
    int rc = -1;
    if (parse_header(&h, buf, len, path, err, errlen) < 0)
        goto done;
    default_masks(&h);
    int c = h.bpp <= 8 ? (palette_is_gray(&h) ? 1 : 3) : h.bpp == 24 || !h.mask[3] ? 3 : 4;
    p = (IoPixels){.w = h.w, .h = h.h, .c = c, .bits = 8};
    if (io_pixels_alloc(&p, path, err, errlen) < 0)
        goto done;
    if (decode_pixels(&h, buf, len, &p) < 0) {
        snprintf(err, errlen, "'%s' is truncated or corrupt (pixel data)", path);
        goto done;
    }
    rc = 0;
done:
    free(buf);
    if (rc == 0)
        *px = p;
    else
        io_pixels_free(&p);
    return rc;
}

/* ---------------------------------------------------------------- write */

enum { FILE_HEADER = 14, V4_HEADER = 108, INFO_HEADER = 40 };

int io_bmp_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen)
{
    if (px->bits != 8 || px->c == 2) {
        snprintf(err, errlen, "'%s': BMP holds 8-bit gray, RGB or RGBA", name);
        return -1;
    }
    int bpp = px->c == 1 ? 8 : px->c == 3 ? 24 : 32;
    int hsize = px->c == 4 ? V4_HEADER : INFO_HEADER;
    size_t palette = px->c == 1 ? 256 * 4 : 0;
    size_t stride = (((size_t)px->w * (size_t)bpp + 31) / 32) * 4;
    size_t offset = FILE_HEADER + (size_t)hsize + palette, image = stride * (size_t)px->h;
    if (offset + image > 0xffffffffu) {
        snprintf(err, errlen, "'%s': image too large for BMP", name);
        return -1;
    }
    uint8_t head[FILE_HEADER + V4_HEADER] = {'B', 'M'};
    put32(head + 2, (uint32_t)(offset + image));
    put32(head + 10, (uint32_t)offset);
    put32(head + 14, (uint32_t)hsize);
    put32(head + 18, (uint32_t)px->w);
    put32(head + 22, (uint32_t)px->h);                     /* bottom-up */
    put16(head + 26, 1);
    put16(head + 28, (uint16_t)bpp);
    put32(head + 30, px->c == 4 ? BI_BITFIELDS : BI_RGB);
    put32(head + 34, (uint32_t)image);
    put32(head + 38, 2835);                                 /* 72 dpi */
    put32(head + 42, 2835);
    put32(head + 46, px->c == 1 ? 256 : 0);
    if (px->c == 4) {
        put32(head + 54, 0x00ff0000);
        put32(head + 58, 0x0000ff00);
        put32(head + 62, 0x000000ff);
        put32(head + 66, 0xff000000);
        put32(head + 70, 0x73524742);                      /* 'sRGB' */
    }
    FILE *f = fopen(path, "wb");
    uint8_t *row = calloc(stride ? stride : 1, 1);
    if (!f || !row) {
        snprintf(err, errlen, "cannot create '%s': %s", name, f ? "out of memory" : strerror(errno));
        if (f)
            fclose(f);
        free(row);
        return -1;
    }
    fwrite(head, 1, FILE_HEADER + (size_t)hsize, f);
    for (int i = 0; px->c == 1 && i < 256; i++) {
        uint8_t e[4] = {(uint8_t)i, (uint8_t)i, (uint8_t)i, 0};
        fwrite(e, 1, 4, f);
    }
    const uint8_t *s = px->data;
    for (int y = px->h - 1; y >= 0; y--) {
        const uint8_t *src = s + (size_t)y * (size_t)px->w * (size_t)px->c;
        for (int x = 0; x < px->w; x++) {
            const uint8_t *q = src + (size_t)x * px->c;
            uint8_t *d = row + (size_t)x * (size_t)(bpp / 8);
            if (px->c == 1) {
                d[0] = q[0];
            } else {
                d[0] = q[2]; d[1] = q[1]; d[2] = q[0];
                if (px->c == 4)
                    d[3] = q[3];
            }
        }
        fwrite(row, 1, stride, f);
    }
    free(row);
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        snprintf(err, errlen, "cannot write '%s': %s", name, strerror(errno));
        return -1;
    }
    return 0;
}
