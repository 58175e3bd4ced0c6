/*
 * test_yuv.c - io/yuv.c, the direct conversion between 8-bit frames and RGB cubes, on
 * frames of pseudo-random samples in many formats and awkward sizes (odd widths and
 * heights, widths that are no multiple of the vector width), on both the AVX2 and the
 * SSE2 rows, in bands on two threads (the runtime's pool) for the taller frames:
 *
 * - reading equals the standard's formula (written here in doubles, apart from yuv.c:
 *   BT.601/BT.709, limited and full range, each chroma sample covering its pixels) within
 *   1e-3 for float cubes, and in double cubes; bytes are the formula rounded and clamped;
 * - writing back what was read gives every sample of every plane exactly (the identity
 *   round trip, partial chroma blocks at the edges included);
 * - a gray matrix writes its luma with neutral chroma; NaN is written as 0 (black).
 *
 * Each check prints `ok NAME` or `not ok NAME: REASON` (docs/testing.md "Unit tests").
 */
#include "io/yuv.h"
#include "runtime/interp.h"

#include "tests/unit/check.h"

#include "io/ffmpeg_dl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static RtPool *pool;    /* conversions run on it (made in main) */
static uint32_t seed = 12345;

static uint8_t next_byte(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (uint8_t)(seed >> 24);
}

/* A frame of format f filled with pseudo-random samples (padding included). */
static AVFrame *random_frame(enum AVPixelFormat f, int w, int h, enum AVColorSpace cs, enum AVColorRange r)
{
    AVFrame *fr = av_frame_alloc();
    fr->format = f;
    fr->width = w;
    fr->height = h;
    fr->colorspace = cs;
    fr->color_range = r;
    if (av_frame_get_buffer(fr, 0) < 0)
        return NULL;
    for (int p = 0; p < 4 && fr->buf[p]; p++)
        for (size_t i = 0; i < fr->buf[p]->size; i++)
            fr->buf[p]->data[i] = next_byte();
    return fr;
}

/* Component c of pixel (x, y) as stored: the sample that covers the pixel. */
static int sample(const AVFrame *fr, int c, int x, int y)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fr->format);
    const AVComponentDescriptor *cd = &d->comp[c];
    bool rgb = d->flags & AV_PIX_FMT_FLAG_RGB;
    int sx = c && !rgb ? d->log2_chroma_w : 0, sy = c && !rgb ? d->log2_chroma_h : 0;
    return fr->data[cd->plane][(y >> sy) * fr->linesize[cd->plane] + (x >> sx) * cd->step + cd->offset];
}

/* The standard's RGB of pixel (x, y). */
static void formula(const AVFrame *fr, double kr, double kb, bool full, int x, int y, double rgb[3])
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fr->format);
    if (d->flags & AV_PIX_FMT_FLAG_RGB) {
        for (int c = 0; c < 3; c++)
            rgb[c] = sample(fr, c, x, y);
        return;
    }
    double kg = 1 - kr - kb, ys = full ? 1 : 255.0 / 219, cs = full ? 1 : 255.0 / 224;
    double l = (sample(fr, 0, x, y) - (full ? 0 : 16)) * ys;
    double u = (sample(fr, 1, x, y) - 128) * cs, v = (sample(fr, 2, x, y) - 128) * cs;
    rgb[0] = l + 2 * (1 - kr) * v;
    rgb[1] = l - 2 * kb * (1 - kb) / kg * u - 2 * kr * (1 - kr) / kg * v;
    rgb[2] = l + 2 * (1 - kb) * u;
}

static int byte_of(double v)
{
    return v <= 0 ? 0 : v >= 255 ? 255 : (int)floor(v + 0.5);
}

typedef struct Case {
    enum AVPixelFormat fmt;
    int w, h;
    enum AVColorSpace cs;
    enum AVColorRange range;
    double kr, kb;
} Case;

static RtArray *cube(RtElem e, int w, int h)
{
    int64_t dims[3] = {h, w, 3};
    Value v = rt_array_uninit(e, 3, dims);
    return v.kind == V_ARRAY ? v.a : NULL;
}

static void release(RtArray *a)
{
    if (a)
        rt_release((Value){.kind = V_ARRAY, .a = a});
}

/* Read the frame as floats, doubles and bytes, check them against the formula, write the
 * floats back into a frame of the same format and compare every sample. */
static const char *check_case(const Case *t)
{
    AVFrame *fr = random_frame(t->fmt, t->w, t->h, t->cs, t->range);
    IoPixLayout l;
    if (!fr || !io_pix_layout(t->fmt, &l))
        return "format not taken";
    bool full = io_full_range(t->fmt, t->range);
    IoColour k;
    io_colour(t->cs, full, &k);
    RtArray *f = cube(RT_F32, t->w, t->h), *dd = cube(RT_F64, t->w, t->h), *b = cube(RT_U8, t->w, t->h);
    const char *w = NULL;
    if (!f || !dd || !b || io_frame_to_rgb(pool, fr, &l, &k, RT_F32, f->data) || io_frame_to_rgb(pool, fr, &l, &k, RT_F64, dd->data) ||
        io_frame_to_rgb(pool, fr, &l, &k, RT_U8, b->data))
        w = "out of memory";
    for (int y = 0; !w && y < t->h; y++)
        for (int x = 0; !w && x < t->w; x++) {
            double want[3];
            formula(fr, t->kr, t->kb, full, x, y, want);
            for (int c = 0; !w && c < 3; c++) {
                size_t i = ((size_t)y * t->w + x) * 3 + c;
                float got = ((const float *)f->data)[i];
                double got64 = ((const double *)dd->data)[i];
                int byte = ((const uint8_t *)b->data)[i];
                double frac = want[c] - floor(want[c]);
                if (fabs(got - want[c]) > 1e-3 || fabs(got64 - want[c]) > 1e-3)
                    w = why("pixel (%d, %d) channel %d: %g (double %g), the formula gives %g", x, y, c, got,
                            got64, want[c]);
                else if (byte != byte_of(want[c]) && fabs(frac - 0.5) > 1e-3)
                    w = why("pixel (%d, %d) channel %d: byte %d, the formula gives %g", x, y, c, byte, want[c]);
            }
        }
    AVFrame *back = w ? NULL : random_frame(t->fmt, t->w, t->h, t->cs, t->range);
    if (!w && (!back || io_rgb_to_frame(pool, f, &l, &k, back)))
        w = "out of memory";
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(t->fmt);
    for (int c = 0; !w && c < 3; c++)
        for (int y = 0; !w && y < t->h; y++)
            for (int x = 0; !w && x < t->w; x++)
                if (sample(back, c, x, y) != sample(fr, c, x, y))
                    w = why("written back, component %d at (%d, %d) is %d, was %d (%s)", c, x, y,
                            sample(back, c, x, y), sample(fr, c, x, y), d->name);
    av_frame_free(&back);
    av_frame_free(&fr);
    release(f), release(dd), release(b);
    return w;
}

/* A gray matrix: luma from the value, chroma neutral; NaN as black. */
static const char *check_gray_and_nan(void)
{
    int w = 10, h = 6;
    int64_t dims[2] = {h, w};
    Value g = rt_array_uninit(RT_F32, 2, dims);
    RtArray *c = cube(RT_F32, w, h);
    float *gv = g.a->data, *cv = c->data;
    for (int i = 0; i < w * h; i++) {
        gv[i] = (float)(i * 4);
        cv[3 * i] = cv[3 * i + 1] = cv[3 * i + 2] = i % 3 ? NAN : 0;
    }
    IoPixLayout l;
    io_pix_layout(AV_PIX_FMT_YUV420P, &l);
    IoColour k;
    io_colour(AVCOL_SPC_BT709, false, &k);
    AVFrame *fr = random_frame(AV_PIX_FMT_YUV420P, w, h, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG);
    const char *why_not = NULL;
    io_rgb_to_frame(pool, g.a, &l, &k, fr);
    for (int i = 0; !why_not && i < w * h; i++) {
        int x = i % w, y = i / w, want = (int)floor(16 + gv[i] * 219.0 / 255 + 0.5);
        if (sample(fr, 0, x, y) != want || sample(fr, 1, x, y) != 128 || sample(fr, 2, x, y) != 128)
            why_not = why("gray %g: Y %d Cb %d Cr %d, expected %d 128 128", gv[i], sample(fr, 0, x, y),
                          sample(fr, 1, x, y), sample(fr, 2, x, y), want);
    }
    io_rgb_to_frame(pool, c, &l, &k, fr);
    for (int i = 0; !why_not && i < w * h; i++)
        if (sample(fr, 0, i % w, i / w) != 16 || sample(fr, 1, i % w, i / w) != 128)
            why_not = why("NaN pixel %d: Y %d Cb %d, expected black (16, 128)", i, sample(fr, 0, i % w, i / w),
                          sample(fr, 1, i % w, i / w));
    av_frame_free(&fr);
    rt_release(g);
    release(c);
    return why_not;
}

int main(void)
{
    pool = rt_pool_new(2);
    static const Case cases[] = {
        {AV_PIX_FMT_YUV420P, 38, 22, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_MPEG, 0.299, 0.114},
        {AV_PIX_FMT_YUV420P, 37, 23, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},
        {AV_PIX_FMT_YUV420P, 64, 4, AVCOL_SPC_BT470BG, AVCOL_RANGE_JPEG, 0.299, 0.114},
        {AV_PIX_FMT_YUV420P, 30, 75, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},     /* bands */
        {AV_PIX_FMT_YUV420P, 57, 6, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},      /* 48 + 8 + 1 */
        {AV_PIX_FMT_YUV422P, 12, 66, AVCOL_SPC_BT470BG, AVCOL_RANGE_MPEG, 0.299, 0.114},
        {AV_PIX_FMT_YUVJ420P, 21, 9, AVCOL_SPC_BT709, AVCOL_RANGE_UNSPECIFIED, 0.2126, 0.0722},
        {AV_PIX_FMT_YUV422P, 45, 7, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},
        {AV_PIX_FMT_YUV444P, 38, 5, AVCOL_SPC_BT2020_NCL, AVCOL_RANGE_MPEG, 0.2627, 0.0593},
        {AV_PIX_FMT_YUV444P, 13, 3, AVCOL_SPC_SMPTE240M, AVCOL_RANGE_JPEG, 0.212, 0.087},
        {AV_PIX_FMT_YUV440P, 20, 9, AVCOL_SPC_FCC, AVCOL_RANGE_MPEG, 0.30, 0.11},
        {AV_PIX_FMT_YUV410P, 27, 13, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},
        {AV_PIX_FMT_NV12, 34, 10, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG, 0.2126, 0.0722},
        {AV_PIX_FMT_NV21, 18, 6, AVCOL_SPC_BT470BG, AVCOL_RANGE_MPEG, 0.299, 0.114},
        {AV_PIX_FMT_RGB24, 19, 5, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
        {AV_PIX_FMT_BGR0, 17, 4, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
        {AV_PIX_FMT_RGB0, 29, 40, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
        {AV_PIX_FMT_0BGR, 40, 3, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
        {AV_PIX_FMT_0RGB, 8, 2, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
        {AV_PIX_FMT_GBRP, 23, 3, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG, 0, 0},
    };
    static const char *const rows[] = {" (SSE2 rows)", " (AVX2 rows)", ""};
    for (int simd = 0; simd < 3; simd++) {
        io_yuv_simd_limit(simd);
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            char name[160];
            const Case *t = &cases[i];
            snprintf(name, sizeof name, "yuv %s %dx%d %s %s%s: formula and exact round trip",
                     av_get_pix_fmt_name(t->fmt), t->w, t->h, av_color_space_name(t->cs),
                     av_color_range_name(t->range), rows[simd]);
            report(name, check_case(t));
        }
    }
    io_yuv_simd_limit(2);
    IoPixLayout l;
    report("yuv 10-bit, palette, gray and alpha formats are left to libswscale",
           io_pix_layout(AV_PIX_FMT_YUV420P10LE, &l) || io_pix_layout(AV_PIX_FMT_PAL8, &l) ||
                   io_pix_layout(AV_PIX_FMT_GRAY8, &l) || io_pix_layout(AV_PIX_FMT_RGBA, &l) ||
                   io_pix_layout(AV_PIX_FMT_YUVA420P, &l)
               ? "taken"
               : NULL);
    report("yuv gray matrix: neutral chroma; NaN written as black", check_gray_and_nan());
    rt_pool_free(pool);
    return failures != 0;
}
