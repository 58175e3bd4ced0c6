/*
 * test_display.c - display/convert.c (an image array as RGBA8 for the window) against the
 * formula of docs/figures.md computed here by hand: every real element type, gray and RGB
 * and RGBA, a [lo, hi] range, NaN, clamping, the half-up rounding, the step of a range with
 * hi <= lo; a float32 RGB image wide enough for the vector loop of the preview's pictures
 * (halves, their neighbours, NaN, infinities). The interop path: test_interop.c.
 *
 * Prints `ok NAME` or `not ok NAME: REASON` per check (docs/testing.md "Unit tests").
 */
#include "display/convert.h"
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* docs/figures.md: (v - lo) / (hi - lo) * 255, rounded half up, clamped; NaN is 0. */
static unsigned char expect(double v, double lo, double hi)
{
    if (!(hi > lo))
        return v >= hi ? 255 : 0;
    double t = (v - lo) / (hi - lo) * 255.0;
    if (!(t > 0))
        return 0;
    return t >= 255 ? 255 : (unsigned char)floor(t + 0.5);
}

/* A 3 x 5 image of ch channels of type e filled with the values vals (cycled). */
static const char *check_type(RtPool *pool, RtElem e, int ch, const double *vals, int nvals, double lo, double hi)
{
    int64_t dims[3] = {3, 5, ch};
    Value x = rt_array_new(e, ch > 1 ? 3 : 2, dims);
    for (int64_t i = 0; i < x.a->n; i++)
        rt_set_real(x.a, i, vals[i % nvals], true);
    unsigned char out[3 * 5 * 4];
    memset(out, 7, sizeof out);
    disp_to_rgba(pool, x.a, lo, hi, out);
    const char *bad = NULL;
    for (int p = 0; p < 15 && !bad; p++)
        for (int c = 0; c < 4 && !bad; c++) {
            double v = rt_get_real(x.a, p * ch + (ch >= 3 ? (c < 3 ? c : 0) : 0));
            unsigned char want = c == 3 ? 255 : expect(v, lo, hi);
            if (out[p * 4 + c] != want)
                bad = why("elem %d ch %d pixel %d channel %d: %d, expected %d (value %g)", (int)e, ch, p, c,
                          out[p * 4 + c], want, v);
        }
    rt_release(x);
    return bad;
}

/* A float32 RGB row wide enough for the vector loop (16 at a time, runs of 512 pixels, and
 * a tail): halves and their neighbours, which round differently, clamped values, NaN, and
 * pseudo-random values, against the formula for [0, 255]. */
static const char *check_wide_f32(RtPool *pool)
{
    int64_t dims[3] = {2, 1201, 3};
    Value x = rt_array_new(RT_F32, 3, dims);
    float *v = x.a->data;
    uint32_t r = 12345;
    for (int64_t i = 0; i < x.a->n; i++) {
        r = r * 1103515245u + 12345u;
        float k = (float)(i % 256) + 0.5f;
        switch (i % 7) {
        case 0: v[i] = k; break;
        case 1: v[i] = nextafterf(k, -1000); break;
        case 2: v[i] = nextafterf(k, 1000); break;
        case 3: v[i] = (float)((r >> 8) % 28000) / 100.0f - 10.0f; break;    /* -10 .. 270 */
        case 4: v[i] = i % 5 == 0 ? NAN : i % 5 == 1 ? INFINITY : i % 5 == 2 ? -INFINITY : 0.49999997f; break;
        case 5: v[i] = nextafterf(0.5f, 0); break;
        default: v[i] = (float)(i % 300) - 20.0f; break;
        }
    }
    unsigned char *out = malloc((size_t)2 * 1201 * 4);
    const char *bad = out ? NULL : "out of memory";
    if (out)
        disp_to_rgba(pool, x.a, 0, 255, out);
    for (int64_t p = 0; p < 2 * 1201 && !bad; p++)
        for (int c = 0; c < 4 && !bad; c++) {
            unsigned char want = c == 3 ? 255 : expect(v[p * 3 + c], 0, 255);
            if (out[p * 4 + c] != want)
                bad = why("pixel %lld channel %d: %d, expected %d (value %.9g)", (long long)p, c, out[p * 4 + c],
                          want, (double)v[p * 3 + c]);
        }
    free(out);
    rt_release(x);
    return bad;
}

int main(void)
{
    RtOptions opt = {.threads = 2};
    RtHost *host = rt_host_new(&opt);
    Rt *rt = rt_new(host, &opt, stdout, stderr);    /* starts the pool the conversion uses */
    static const double ints[] = {0, 1, 2, 100, 127, 128, 200, 254, 255, 3, 77};
    static const double reals[] = {0, 0.5, 1.5, 2.5, 127.5, 254.5, 255, 300, -4, 0.4999, NAN, 1e30, -1e30};
    static const double neg[] = {-128, -100, -1, 0, 1, 50, 127};
    const char *bad = NULL;
    for (RtElem e = RT_I8; e <= RT_F64 && !bad; e++)
        for (int ch = 1; ch <= 4 && !bad; ch++) {
            if (ch == 2)
                continue;
            bad = check_type(rt->pool, e, ch, e == RT_I8 ? neg : ints, e == RT_I8 ? 7 : 11, 0, 255);
        }
    report("every_integer_type_gray_rgb_rgba", bad);
    bad = NULL;
    for (RtElem e = RT_F32; e <= RT_F64 && !bad; e++)
        for (int ch = 1; ch <= 4 && !bad; ch++)
            if (ch != 2)
                bad = check_type(rt->pool, e, ch, reals, 13, 0, 255);
    report("floats_rounding_clamping_nan", bad);
    report("wide_float32_rgb_vector_loop", check_wide_f32(rt->pool));
    static const double range[] = {-100, 0, 100, 400, 700, 800, 900, 123.456};
    bad = check_type(rt->pool, RT_I32, 1, range, 8, 0, 800);
    if (!bad)
        bad = check_type(rt->pool, RT_F64, 3, range, 8, -100, 900);
    if (!bad)
        bad = check_type(rt->pool, RT_I16, 3, range, 8, 100, 700);
    report("ranges", bad);
    bad = check_type(rt->pool, RT_F32, 1, range, 8, 400, 400);
    report("step_when_hi_is_lo", bad);

    rt_free(rt);
    rt_host_free(host);
    return failures != 0;
}
