/*
 * yuv.h - direct conversion between 8-bit video frames and the RGB cubes filters see
 * (H x W x 3, 0..255), without libswscale and without an RGB byte stage.
 *
 * Frames of 8-bit planar or packed YUV (yuv420p, yuv422p, yuv444p, nv12, the yuvj forms …)
 * and 8-bit RGB (rgb24, bgr0, gbrp …) are converted here, in floats, row by row; other
 * formats (10-bit, gray, palettes, alpha) go through libswscale in video_in.c and video_out.c.
 *
 * The two directions are built to invert each other: reading replicates each chroma sample
 * over the pixels it covers (as FFmpeg's own unscaled conversion does) and writing averages
 * the chroma of those pixels, with exact float matrices in between. So a frame that a
 * filter leaves unchanged is written back with the samples it was read with (exactly for
 * colours inside the RGB cube), and an identity filter costs no fidelity.
 */
#ifndef IO_YUV_H
#define IO_YUV_H

#include "runtime/rt.h"
#include "runtime/value.h"

#include "io/ffmpeg_dl.h"

#include <stdbool.h>

/* Where the three components of a frame format live. */
typedef struct IoPixLayout {
    bool rgb;                   /* components are R, G, B; otherwise Y, Cb, Cr */
    int plane[3], step[3], offset[3];   /* bytes */
    int cw, ch;                 /* log2 of the chroma subsampling (YUV) */
} IoPixLayout;

/* The matrix between RGB and YUV, in sample units (0..255). */
typedef struct IoColour {
    float y0, ys;               /* RGB luma = (Y - y0) * ys */
    float cs;                   /* RGB chroma = (C - 128) * cs */
    float kr, kg, kb;
} IoColour;

/* true when the format is converted here; *l describes it. */
bool io_pix_layout(enum AVPixelFormat f, IoPixLayout *l);
/* The matrix of a colour space (unspecified is BT.601, as FFmpeg assumes) and range. */
void io_colour(enum AVColorSpace cs, bool full_range, IoColour *k);
/* Is the frame format full range (the range tag, or a yuvj format)? */
bool io_full_range(enum AVPixelFormat f, enum AVColorRange r);
/* SWS_CS_* of a colour space, for the formats libswscale converts. */
int io_sws_matrix(enum AVColorSpace cs);

/* Frame f (a format io_pix_layout accepts) into dst: H x W x 3 samples of element type e
 * (RT_U8 rounded, RT_F32 or RT_F64), each clamped to 0..255, in bands of rows on pool (the
 * host's, rt.h rt_host_pool; NULL: serial). -1 when out of memory. */
int io_frame_to_rgb(RtPool *pool, const AVFrame *f, const IoPixLayout *l, const IoColour *k, RtElem e, void *dst);
/* A real H x W x 3 (or H x W gray) array into the writable frame f, rounding and saturating;
 * NaN counts as 0. -1 when out of memory. */
int io_rgb_to_frame(RtPool *pool, const RtArray *a, const IoPixLayout *l, const IoColour *k, AVFrame *f);

/* Tests: the widest rows used, where the CPU has them: 0 SSE2, 1 AVX2, 2 AVX-512 (the
 * default). Every level must give the same samples. */
void io_yuv_simd_limit(int level);

#endif
