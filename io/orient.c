/*
 * orient.c - an image turned upright by its orientation tag (image.h io_pixels_orient):
 * the EXIF/TIFF Orientation values 1..8, which cameras and phones write instead of
 * turning the pixels (6: the stored picture must be turned 90 degrees clockwise to be
 * seen as it was taken). jpeg.c finds the value in the Exif APP1 segment
 * (io_exif_orientation), tiff.c in the Orientation tag.
 */
#include "io/image.h"

#include <stdlib.h>
#include <string.h>

void io_orient_place(int o, int w, int h, int y, int x, int *oy, int *ox)
{
    switch (o) {
    case 2: *oy = y; *ox = w - 1 - x; break;                /* mirrored left-right */
    case 3: *oy = h - 1 - y; *ox = w - 1 - x; break;        /* turned 180 */
    case 4: *oy = h - 1 - y; *ox = x; break;                /* mirrored top-bottom */
    case 5: *oy = x; *ox = y; break;                        /* transposed */
    case 6: *oy = x; *ox = h - 1 - y; break;                /* turned 90 clockwise */
    case 7: *oy = w - 1 - x; *ox = h - 1 - y; break;        /* transversed */
    case 8: *oy = w - 1 - x; *ox = y; break;                /* turned 90 counter-clockwise */
    default: *oy = y; *ox = x; break;
    }
}

int io_pixels_orient(IoPixels *px, int orientation, const char *path, char *err, size_t errlen)
{
    if (orientation < 2 || orientation > 8)
        return 0;
    bool swap = orientation >= 5;
    IoPixels t = {.w = swap ? px->h : px->w, .h = swap ? px->w : px->h, .c = px->c, .bits = px->bits};
    if (io_pixels_alloc(&t, path, err, errlen) < 0)
        return -1;
    size_t ps = (size_t)px->c * (size_t)(px->bits / 8);
    const char *s = px->data;
    char *d = t.data;
    for (int y = 0; y < px->h; y++)
        for (int x = 0; x < px->w; x++) {
            int oy, ox;
            io_orient_place(orientation, px->w, px->h, y, x, &oy, &ox);
            memcpy(d + ((size_t)oy * (size_t)t.w + (size_t)ox) * ps, s + ((size_t)y * (size_t)px->w + (size_t)x) * ps, ps);
        }
    io_pixels_free(px);
    *px = t;
    return 0;
}

/* A 16 or 32-bit number of the Exif block's byte order. */
static unsigned get(const unsigned char *p, int n, bool le)
{
    unsigned v = 0;
    for (int i = 0; i < n; i++)
        v |= (unsigned)p[le ? i : n - 1 - i] << (8 * i);
    return v;
}

int io_exif_orientation(const unsigned char *app1, size_t len)
{
    if (len < 14 || memcmp(app1, "Exif\0\0", 6))
        return 1;
    const unsigned char *t = app1 + 6;          /* a TIFF header: II or MM, 42, IFD0's offset */
    size_t n = len - 6;
    bool le = t[0] == 'I' && t[1] == 'I';
    if (!le && !(t[0] == 'M' && t[1] == 'M'))
        return 1;
    if (get(t + 2, 2, le) != 42)
        return 1;
    size_t ifd = get(t + 4, 4, le);
    if (ifd > n - 2)
        return 1;
    unsigned count = get(t + ifd, 2, le);
    for (unsigned i = 0; i < count; i++) {
        size_t e = ifd + 2 + (size_t)i * 12;
        if (e + 12 > n)
            break;
        if (get(t + e, 2, le) == 0x0112 && get(t + e + 2, 2, le) == 3) {    /* Orientation, SHORT */
            unsigned v = get(t + e + 8, 2, le);
            return v >= 1 && v <= 8 ? (int)v : 1;
        }
    }
    return 1;
}
