/*
 * ppm.c - binary PGM (P5) and PPM (P6) by hand (image.h), maxval 1..65535: samples are
 * one byte when maxval < 256, two bytes big-endian otherwise, and read as stored
 * (0..maxval, no rescaling). Writes use maxval 255 (8 bits) or 65535 (16 bits).
 */
#include "io/image.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next header number, skipping white space and # comments; -1 when there is none. */
static long header_number(FILE *f)
{
    int ch = fgetc(f);
    for (;;) {
        while (ch != EOF && isspace(ch))
            ch = fgetc(f);
        if (ch != '#')
            break;
        while (ch != EOF && ch != '\n')
            ch = fgetc(f);
    }
    if (ch == EOF || !isdigit(ch))
        return -1;
    long v = 0;
    while (ch != EOF && isdigit(ch)) {
        if (v > 100000000)
            return -1;
        v = v * 10 + (ch - '0');
        ch = fgetc(f);
    }
    if (ch == EOF || !isspace(ch))      /* one white space character ends the header */
        return -1;
    return v;
}

static int read_samples(FILE *f, IoPixels *px)
{
    size_t n = (size_t)px->w * (size_t)px->h * (size_t)px->c;
    if (px->bits == 8)
        return fread(px->data, 1, n, f) == n ? 0 : -1;
    uint8_t *raw = px->data;                /* big-endian pairs, converted in place */
    if (fread(raw, 2, n, f) != n)
        return -1;
    uint16_t *d = px->data;
    for (size_t i = 0; i < n; i++)
        d[i] = (uint16_t)(raw[2 * i] << 8 | raw[2 * i + 1]);
    return 0;
}

int io_ppm_read(const char *path, IoPixels *px, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        io_err_open(path, err, errlen);
        return -1;
    }
    int rc = -1;
    IoPixels p = {0};
    char magic[2] = {0, 0};
    if (fread(magic, 1, 2, f) != 2 || magic[0] != 'P' || (magic[1] != '5' && magic[1] != '6')) {
        if (magic[0] == 'P' && magic[1] >= '1' && magic[1] <= '4')
            snprintf(err, errlen, "'%s': unsupported PNM variant (P%c; binary P5 and P6 are read)", path, magic[1]);
        else
            snprintf(err, errlen, "'%s' is not a PGM/PPM file (no P5 or P6 signature)", path);
        goto done;
    }
    long w = header_number(f), h = header_number(f), maxval = header_number(f);
    if (w <= 0 || h <= 0 || maxval <= 0 || maxval > 65535) {
        snprintf(err, errlen, "'%s': corrupt PGM/PPM header", path);
        goto done;
    }
    if (io_check_pixels(path, w, h, err, errlen) < 0)
        goto done;
    p = (IoPixels){.w = (int)w, .h = (int)h, .c = magic[1] == '5' ? 1 : 3, .bits = maxval < 256 ? 8 : 16};
    if (io_pixels_alloc(&p, path, err, errlen) < 0)
        goto done;
    if (read_samples(f, &p) < 0) {
        snprintf(err, errlen, "'%s' is truncated (%s)", path, ferror(f) ? strerror(errno) : "unexpected end of file");
        goto done;
    }
    rc = 0;
done:
    fclose(f);
    if (rc == 0)
        *px = p;
    else
        io_pixels_free(&p);
    return rc;
}

int io_ppm_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen)
{
    if ((px->c != 1 && px->c != 3) || (px->bits != 8 && px->bits != 16)) {
        snprintf(err, errlen, "'%s': PGM/PPM holds 8- or 16-bit gray or RGB", name);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
        return -1;
    }
    fprintf(f, "P%c\n%d %d\n%d\n", px->c == 1 ? '5' : '6', px->w, px->h, px->bits == 8 ? 255 : 65535);
    size_t n = (size_t)px->w * (size_t)px->h * (size_t)px->c;
    if (px->bits == 8) {
        fwrite(px->data, 1, n, f);
    } else {
        const uint16_t *s = px->data;
        for (size_t i = 0; i < n; i++) {
            putc(s[i] >> 8, f);
            putc(s[i] & 0xff, f);
        }
    }
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        snprintf(err, errlen, "cannot write '%s': %s", name, strerror(errno));
        return -1;
    }
    return 0;
}
