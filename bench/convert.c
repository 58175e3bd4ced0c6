/*
 * bench/convert.c - the frame conversions of `qpipe run` (io/yuv.c) against libswscale, on
 * one 1080p 4:2:0 frame of pseudo-random samples, single-threaded (the pool is not
 * started), REPS times each; prints the median milliseconds and their ratios:
 *
 *   convert: to_rgb yuv.c 1.71 ms, swscale+floats 3.90 ms (0.44); to_yuv yuv.c 2.70 ms, ...
 *
 * The libswscale path is what io/ did before yuv.c: yuv420p -> rgb24 (FFmpeg's default
 * flags) then bytes to floats, and back: floats rounded to rgb24, then rgb24 -> yuv420p.
 * bench/run.sh builds and runs it; by hand, from the project folder, after `make`:
 *
 *   cc -O2 -I. bench/convert.c build/libqpipe.a -o build/bench/convert \
 *      $(pkg-config --libs libavformat libavcodec libswscale libavutil libpng libtiff-4 libjpeg) -lm -ldl -lpthread
 */
#include "io/yuv.h"

#include <libavutil/frame.h>
#include <libswscale/swscale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 1920
#define H 1080
#define REPS 21

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t)
{
    qsort(t, REPS, sizeof *t, cmp);
    return t[REPS / 2];
}

int main(void)
{
    AVFrame *f = av_frame_alloc(), *back = av_frame_alloc();
    f->format = back->format = AV_PIX_FMT_YUV420P;
    f->width = back->width = W;
    f->height = back->height = H;
    if (av_frame_get_buffer(f, 0) < 0 || av_frame_get_buffer(back, 0) < 0)
        return 1;
    uint32_t seed = 1;
    for (int p = 0; p < 3; p++)
        for (int y = 0; y < (p ? H / 2 : H); y++)
            for (int x = 0; x < (p ? W / 2 : W); x++)
                f->data[p][y * f->linesize[p] + x] = (uint8_t)((seed = seed * 1664525u + 1013904223u) >> 24);
    IoPixLayout l;
    IoColour k;
    io_pix_layout(AV_PIX_FMT_YUV420P, &l);
    io_colour(AVCOL_SPC_BT709, false, &k);
    int64_t dims[3] = {H, W, 3};
    Value cube = rt_array_uninit(RT_F32, 3, dims);
    float *fl = cube.a->data;
    uint8_t *rgb = malloc((size_t)W * H * 3);
    struct SwsContext *in = sws_getContext(W, H, AV_PIX_FMT_YUV420P, W, H, AV_PIX_FMT_RGB24, SWS_BICUBIC,
                                           NULL, NULL, NULL);
    struct SwsContext *out = sws_getContext(W, H, AV_PIX_FMT_RGB24, W, H, AV_PIX_FMT_YUV420P, SWS_BICUBIC,
                                            NULL, NULL, NULL);
    double t[4][REPS];
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        io_frame_to_rgb(NULL, f, &l, &k, RT_F32, fl);   /* NULL pool: one thread */
        double t1 = now();
        io_rgb_to_frame(NULL, cube.a, &l, &k, back);
        double t2 = now();
        int stride = W * 3;
        sws_scale(in, (const uint8_t *const *)f->data, f->linesize, 0, H, &rgb, &stride);
        for (size_t i = 0; i < (size_t)W * H * 3; i++)
            fl[i] = rgb[i];
        double t3 = now();
        for (size_t i = 0; i < (size_t)W * H * 3; i++) {
            float v = fl[i] < 0 ? 0 : fl[i] > 255 ? 255 : fl[i];
            rgb[i] = (uint8_t)(v + 0.5f);
        }
        sws_scale(out, (const uint8_t *const *)&rgb, &stride, 0, H, back->data, back->linesize);
        double t4 = now();
        t[0][r] = t1 - t0, t[1][r] = t2 - t1, t[2][r] = t3 - t2, t[3][r] = t4 - t3;
    }
    double m[4];
    for (int i = 0; i < 4; i++)
        m[i] = 1e3 * median(t[i]);
    printf("convert: to_rgb yuv.c %.2f ms, swscale+floats %.2f ms (%.2f); to_yuv yuv.c %.2f ms, "
           "floats+swscale %.2f ms (%.2f); 1080p 4:2:0, one thread, median of %d\n",
           m[0], m[2], m[0] / m[2], m[1], m[3], m[1] / m[3], REPS);
    sws_freeContext(in);
    sws_freeContext(out);
    free(rgb);
    rt_release(cube);
    av_frame_free(&f);
    av_frame_free(&back);
    return 0;
}
