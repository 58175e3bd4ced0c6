/*
 * convert.h - an image array as 8-bit RGBA for the window (convert.c).
 *
 * The one pass over the pixels on the CPU before an upload: a real matrix (gray) or a cube
 * of 1, 3 or 4 channels of any real element type is mapped to 0…255 as
 * `(v − lo) / (hi − lo) · 255`, rounded half up and clamped, exactly as the figure files
 * (docs/figures.md); gray is repeated into R, G and B; alpha is set opaque (a fourth
 * channel is ignored, as in the PNGs). Rows are split over the runtime's thread pool.
 */
#ifndef DISP_CONVERT_H
#define DISP_CONVERT_H

#include "runtime/rt.h"
#include "runtime/value.h"

/* Width and height of an image array (a vector is one row). */
void disp_image_size(const RtArray *a, int *w, int *h);
/* Write w*h*4 bytes of RGBA, rows top first, into dst, in bands of rows on pool (NULL:
 * serial). a must be a checked image. */
void disp_to_rgba(RtPool *pool, const RtArray *a, double lo, double hi, unsigned char *dst);

#endif
