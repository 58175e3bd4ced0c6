/*
 * convert.c - image arrays to 8-bit RGBA (convert.h): one loop per element type, generated
 * from runtime/elemtype.def, over rows split across the pool.
 */
/* The loops below only vectorise with GCC's full cost model (-O3); -O2 declines them for
 * their remainder iterations. They are most of the time imshow takes. */
#pragma GCC optimize("O3")

#include "display/convert.h"
#include "runtime/interp.h"
#include "runtime/residency.h"

#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

void disp_image_size(const RtArray *a, int *w, int *h)
{
    *h = a->rank == 1 ? 1 : (int)a->dims[0];
    *w = a->rank == 1 ? (int)a->dims[0] : (int)a->dims[1];
}

typedef struct Job {
    const RtArray *a;
    double lo, hi;
    int w, ch;
    bool ident;                 /* [0, 255] on elements that are all float32 values (id_byte) */
    unsigned char *dst;
} Job;

/* As figure.c's to_byte, (v - lo) / (hi - lo) * 255 rounded half up and clamped (NaN is 0),
 * the same arithmetic so that window and PNG agree to the bit, but written without branches
 * (max, min, truncation) so that the loops below vectorise. Needs hi > lo. */
static inline unsigned char to_byte(double v, double lo, double span)
{
    double t = (v - lo) / span * 255.0;
    t = t > 0 ? t : 0;
    t = t < 255 ? t : 255;
    return (unsigned char)(t + 0.5);
}

/* to_byte(v, 0, 255) without the division: for every float32 v (and so every element of
 * the integer types, whose values outside [-2^24, 2^24] clamp alike, and of RT_F32) the two
 * agree to the bit, checked over all 2^31 float32 values in [-2, 600] (an integer there is
 * exact; beyond it both clamp). Not for RT_F64, whose values between floats might round
 * otherwise. The division was most of the time of the conversion that every `qpipe
 * preview` frame (always [0, 255]) and every default-range imshow pays. */
static inline unsigned char id_byte(double t)
{
    t = t > 0 ? t : 0;
    t = t < 255 ? t : 255;
    return (unsigned char)(t + 0.5);
}

/* hi <= lo: a step at hi. */
static inline unsigned char step_byte(double v, double hi)
{
    return v >= hi ? 255 : 0;
}

/* An element as a double; complex and VALUE elements never reach here (imshow checks), but
 * their loops are generated with the others from the one list. */
#define LOAD(x) ((double)_Generic((x), RtC32: 0.0, RtC64: 0.0, Value: 0.0, default: (x)))

#define BYTE(v) to_byte(LOAD(v), lo, span)
#define ID_BYTE(v) id_byte(LOAD(v))

/* The loop body of one element type, bytes made by BYTE. */
#define ROWS(fname, ctype, BYTE)                                                             \
    static void fname(const Job *j, int64_t r0, int64_t r1)                                  \
    {                                                                                        \
        const ctype *src = (const ctype *)j->a->data;                                        \
        const double lo = j->lo, span = j->hi - j->lo;                                       \
        (void)lo, (void)span;                                                                \
        const int ch = j->ch, w = j->w;                                                      \
        for (int64_t r = r0; r < r1; r++) {                                                  \
            const ctype *s = src + r * w * ch;                                               \
            unsigned char *restrict d = j->dst + r * w * 4;                                  \
            if (ch == 3) {              /* the common case: a constant stride */             \
                for (int x = 0; x < w; x++) {                                                \
                    d[4 * x] = BYTE(s[x * 3]);                                               \
                    d[4 * x + 1] = BYTE(s[x * 3 + 1]);                                       \
                    d[4 * x + 2] = BYTE(s[x * 3 + 2]);                                       \
                    d[4 * x + 3] = 255;                                                      \
                }                                                                            \
            } else if (ch > 3) {                                                             \
                for (int x = 0; x < w; x++) {                                                \
                    d[4 * x] = BYTE(s[x * ch]);                                              \
                    d[4 * x + 1] = BYTE(s[x * ch + 1]);                                      \
                    d[4 * x + 2] = BYTE(s[x * ch + 2]);                                      \
                    d[4 * x + 3] = 255;                                                      \
                }                                                                            \
            } else {                                                                         \
                for (int x = 0; x < w; x++) {                                                \
                    unsigned char g = BYTE(s[x * ch]);                                       \
                    d[4 * x] = d[4 * x + 1] = d[4 * x + 2] = g;                              \
                    d[4 * x + 3] = 255;                                                      \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
    }

/* rows_ID (any range) and rows_id_ID ([0, 255]), one loop body written once. */
#define ELEM(id, name, ctype, cplx) ROWS(rows_##id, ctype, BYTE)
#include "runtime/elemtype.def"
#undef ELEM
#define ELEM(id, name, ctype, cplx) ROWS(rows_id_##id, ctype, ID_BYTE)
#include "runtime/elemtype.def"
#undef ELEM

/* id_byte over n float32 values, in float arithmetic: clamped to [0, 255] (NaN to 0),
 * then rounded half up as i + (v - i >= 0.5), where i = trunc(v) and v - i is exact; the
 * same bytes as id_byte((double)v). Written with SSE2 (every x86-64), four at a time: GCC
 * vectorises none of the loops above (their clamps are branches on doubles). */
static inline unsigned char byte_f32(float v)
{
    v = v > 0 ? v : 0;      /* NaN too */
    v = v < 255 ? v : 255;
    int i = (int)v;
    return (unsigned char)(i + (v - (float)i >= 0.5f));
}

static void bytes_f32(const float *restrict s, unsigned char *restrict d, int n)
{
    int k = 0;
#ifdef __SSE2__
    const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255), half = _mm_set1_ps(0.5f);
    for (; k + 16 <= n; k += 16) {
        __m128i q[4];
        for (int u = 0; u < 4; u++) {
            __m128 v = _mm_max_ps(_mm_loadu_ps(s + k + 4 * u), zero);   /* NaN gives the 0 */
            v = _mm_min_ps(v, top);
            __m128i i = _mm_cvttps_epi32(v);
            __m128 up = _mm_cmpge_ps(_mm_sub_ps(v, _mm_cvtepi32_ps(i)), half);
            q[u] = _mm_sub_epi32(i, _mm_castps_si128(up));          /* the mask is -1 */
        }
        __m128i lo = _mm_packs_epi32(q[0], q[1]), hi = _mm_packs_epi32(q[2], q[3]);
        _mm_storeu_si128((__m128i *)(d + k), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; k < n; k++)
        d[k] = byte_f32(s[k]);
}

/* A float32 RGB row, the preview's every picture: bytes_f32 on runs of pixels, then
 * spread to RGBA. */
static void row_f32_rgb(const float *s, unsigned char *restrict d, int w)
{
    enum { RUN = 512 };
    unsigned char b[3 * RUN];
    for (int x0 = 0; x0 < w; x0 += RUN) {
        int n = w - x0 < RUN ? w - x0 : RUN;
        bytes_f32(s + 3 * x0, b, 3 * n);
        unsigned char *o = d + 4 * x0;
        for (int x = 0; x < n; x++) {
            o[4 * x] = b[3 * x];
            o[4 * x + 1] = b[3 * x + 1];
            o[4 * x + 2] = b[3 * x + 2];
            o[4 * x + 3] = 255;
        }
    }
}

/* hi <= lo (an image of one value shown with []): the slow general loop. */
static void rows_step(const Job *j, int64_t r0, int64_t r1)
{
    for (int64_t r = r0; r < r1; r++)
        for (int x = 0; x < j->w; x++) {
            int64_t i = (r * j->w + x) * j->ch;
            unsigned char *d = j->dst + (r * j->w + x) * 4;
            for (int c = 0; c < 3; c++)
                d[c] = step_byte(rt_get_real(j->a, i + (j->ch >= 3 ? c : 0)), j->hi);
            d[3] = 255;
        }
}

static void rows(void *ctx, int64_t r0, int64_t r1)
{
    const Job *j = ctx;
    if (!(j->hi > j->lo)) {
        rows_step(j, r0, r1);
        return;
    }
    if (j->ident && j->a->elem == RT_F32 && j->ch == 3) {
        for (int64_t r = r0; r < r1; r++)
            row_f32_rgb((const float *)j->a->data + r * j->w * 3, j->dst + r * j->w * 4, j->w);
        return;
    }
    if (j->ident) {
        switch (j->a->elem) {
#define ELEM(id, name, ctype, cplx) case RT_##id: rows_id_##id(j, r0, r1); break;
#include "runtime/elemtype.def"
#undef ELEM
        default:
            break;
        }
        return;
    }
    switch (j->a->elem) {
#define ELEM(id, name, ctype, cplx) case RT_##id: rows_##id(j, r0, r1); break;
#include "runtime/elemtype.def"
#undef ELEM
    default:
        break;
    }
}

void disp_to_rgba(RtPool *pool, const RtArray *a, double lo, double hi, unsigned char *dst)
{
    (void)rt_buf_host(a->buf, false);  /* a frame the GPU wrote: downloaded (residency.h) */
    Job j = {.a = a, .lo = lo, .hi = hi, .dst = dst, .ch = a->rank == 3 ? (int)a->dims[2] : 1,
             .ident = lo == 0 && hi == 255 && a->elem != RT_F64};
    int h;
    disp_image_size(a, &j.w, &h);
    rt_parallel_for(pool, h, 16, rows, &j);
}
