/*
 * convert.c - image arrays to 8-bit RGBA (convert.h): one loop per element type, generated
 * from runtime/elemtype.def, over rows split across the pool.
 */
/* The loops below only vectorise with GCC's full cost model (-O3); -O2 declines them for
 * their remainder iterations. They are most of the time imshow takes. */
#pragma GCC optimize("O3")

#include "display/convert.h"
#include "runtime/interp.h"

#include <math.h>

void disp_image_size(const RtArray *a, int *w, int *h)
{
    *h = a->rank == 1 ? 1 : (int)a->dims[0];
    *w = a->rank == 1 ? (int)a->dims[0] : (int)a->dims[1];
}

typedef struct Job {
    const RtArray *a;
    double lo, hi;
    int w, ch;
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

/* hi <= lo: a step at hi. */
static inline unsigned char step_byte(double v, double hi)
{
    return v >= hi ? 255 : 0;
}

/* An element as a double; complex and VALUE elements never reach here (imshow checks), but
 * their loops are generated with the others from the one list. */
#define LOAD(x) ((double)_Generic((x), RtC32: 0.0, RtC64: 0.0, Value: 0.0, default: (x)))

#define BYTE(v) to_byte(LOAD(v), lo, span)

#define ELEM(id, name, ctype, cplx)                                                          \
    static void rows_##id(const Job *j, int64_t r0, int64_t r1)                             \
    {                                                                                        \
        const ctype *src = (const ctype *)j->a->data;                                        \
        const double lo = j->lo, span = j->hi - j->lo;                                       \
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
#include "runtime/elemtype.def"
#undef ELEM

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
    Job j = {.a = a, .lo = lo, .hi = hi, .dst = dst, .ch = a->rank == 3 ? (int)a->dims[2] : 1};
    int h;
    disp_image_size(a, &j.w, &h);
    rt_parallel_for(pool, h, 16, rows, &j);
}
