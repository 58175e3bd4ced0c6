/*
 * image.h - inside io/: the pixels that pass between image.c and the format files.
 *
 * Each format (png.c, tiff.c, jpeg.c, ppm.c, bmp.c) decodes a file into an IoPixels, samples
 * interleaved row by row exactly as stored (uint8, host-order uint16 or float), and
 * encodes an IoPixels into a file. image.c alone knows runtime arrays: it chooses the
 * format by extension, converts between IoPixels and H x W x C cubes (modes, rounding,
 * saturation), and writes under a temporary name that it renames on success.
 *
 * Readers and writers return 0, or -1 with a message in err that names the file and the
 * library's reason; on failure nothing is left allocated.
 */
#ifndef IO_IMAGE_H
#define IO_IMAGE_H

#include "io/io.h"

#include <stddef.h>
#include <stdint.h>

typedef struct IoPixels {
    int w, h;
    int c;                      /* channels: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA */
    int bits;                   /* 8 (uint8), 16 (uint16, host order), 32 (float) */
    void *data;                 /* w*h*c samples, malloc'd; owned by the IoPixels */
} IoPixels;

/* w x h against io_max_pixels() (limits.c), before anything of that size is allocated:
 * 0, or -1 with err set (and io_failed_too_large() true when the limit was the reason). */
int io_check_pixels(const char *path, int64_t w, int64_t h, char *err, size_t errlen);
/* Clear io_failed_too_large() at the start of a read. */
void io_limit_reset(void);

/* Allocate px->data for px->w, h, c, bits (io_check_pixels first); -1 with err set. */
int io_pixels_alloc(IoPixels *px, const char *path, char *err, size_t errlen);
void io_pixels_free(IoPixels *px);
/* "cannot open 'f': reason" for a failed fopen/open (errno). */
void io_err_open(const char *path, char *err, size_t errlen);

/* Turn px upright by its EXIF/TIFF orientation (1..8; 1 and others: nothing to do),
 * replacing its data (orient.c); -1 with err set when memory runs out. */
int io_pixels_orient(IoPixels *px, int orientation, const char *path, char *err, size_t errlen);
/* Where the sample at (y, x) of a w x h picture lands for orientation o (1..8): what
 * io_pixels_orient does per sample, and video_in.c for a stream's rotation (90 clockwise
 * is 6, 180 is 3, 270 is 8). */
void io_orient_place(int o, int w, int h, int y, int x, int *oy, int *ox);
/* The Orientation (1..8) of an Exif APP1 segment's payload ("Exif\0\0" then a TIFF
 * header and IFD0); 1 when it has none or is malformed. */
int io_exif_orientation(const unsigned char *app1, size_t len);

/* `name` is the file shown in messages; `path` the file opened (a temporary for writes). */
int io_png_read(const char *path, IoPixels *px, char *err, size_t errlen);
int io_png_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen);
int io_tiff_read(const char *path, IoPixels *px, char *err, size_t errlen);
int io_tiff_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen);
int io_jpeg_read(const char *path, IoPixels *px, char *err, size_t errlen);
int io_jpeg_write(const char *path, const char *name, const IoPixels *px, int quality, char *err,
                  size_t errlen);
int io_ppm_read(const char *path, IoPixels *px, char *err, size_t errlen);
/* P5 (PGM) for 1 channel, P6 (PPM) for 3; maxval 255 or 65535 by px->bits. */
int io_ppm_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen);

/* Windows bitmaps: 1-32 bits, palettes, bit fields and RLE read; 8-bit gray (paletted),
 * RGB (24 bits) and RGBA (32 bits) written. */
int io_bmp_read(const char *path, IoPixels *px, char *err, size_t errlen);
int io_bmp_write(const char *path, const char *name, const IoPixels *px, char *err, size_t errlen);

#endif
