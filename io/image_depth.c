/*
 * image_depth.c - the sample depth of an image file (io.h io_image_bits), so that
 * `qpipe run` writes a 16-bit PNG or TIFF back as 16 bits (and a float TIFF as floats)
 * instead of saturating its 0..65535 values to 8 bits. Read from the header only.
 */
#include "io/io.h"

#include <stdio.h>
#include <string.h>
#include <tiffio.h>

static int png_bits(FILE *f)
{
    unsigned char h[26];
    if (fread(h, 1, sizeof h, f) != sizeof h || memcmp(h, "\x89PNG\r\n\x1a\n", 8) || memcmp(h + 12, "IHDR", 4))
        return 0;
    return h[24];
}

static int pnm_bits(FILE *f)
{
    long v[3];
    int n = 0, c = fgetc(f);
    if (c != 'P' || (c = fgetc(f)) < '2' || c > '6' || c == '4')
        return 0;
    while (n < 3 && (c = fgetc(f)) != EOF) {
        if (c == '#') {
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
        } else if (c >= '0' && c <= '9') {
            ungetc(c, f);
            if (fscanf(f, "%ld", &v[n++]) != 1)
                return 0;
        }
    }
    return n == 3 && v[2] > 255 ? 16 : 8;
}

static int tiff_bits(const char *path)
{
    TIFFErrorHandler eh = TIFFSetErrorHandler(NULL), wh = TIFFSetWarningHandler(NULL);
    TIFF *t = TIFFOpen(path, "r");
    int bits = 0;
    if (t) {
        uint16_t bps = 8, fmt = SAMPLEFORMAT_UINT;
        TIFFGetFieldDefaulted(t, TIFFTAG_BITSPERSAMPLE, &bps);
        TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLEFORMAT, &fmt);
        bits = fmt == SAMPLEFORMAT_IEEEFP ? 32 : bps;
        TIFFClose(t);
    }
    TIFFSetErrorHandler(eh);
    TIFFSetWarningHandler(wh);
    return bits;
}

int io_image_bits(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    unsigned char m[4] = {0};
    size_t n = fread(m, 1, sizeof m, f);
    rewind(f);
    int bits = 0;
    if (n >= 4 && m[0] == 0x89 && m[1] == 'P')
        bits = png_bits(f);
    else if (n >= 2 && m[0] == 'P')
        bits = pnm_bits(f);
    fclose(f);
    if (n >= 4 && (!memcmp(m, "II*\0", 4) || !memcmp(m, "MM\0*", 4)))
        bits = tiff_bits(path);
    return bits ? bits : 8;
}
