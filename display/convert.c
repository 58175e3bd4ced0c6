/*
 * convert.c - image arrays to 8-bit RGBA (convert.h): one loop per element type, generated
 * from runtime/elemtype.def, over rows split across the pool.
 */
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

/* As figure.c's to_byte: the same formula, so that window and PNG agree to the bit. */
static inline unsigned char to_byte(double v, double lo, double hi)
{
    double t = hi > lo ? (v - lo) / (hi - lo) * 255.0 : (v >= hi ? 255.0 : 0.0);
    if (!(t > 0))
        return 0;
    return t >= 255 ? 255 : (unsigned char)floor(t + 0.5);
}

/* An element as a double; complex and VALUE elements never reach here (imshow checks), but
 * their loops are generated with the others from the one list. */
#define LOAD(x) ((double)_Generic((x), RtC32: 0.0, RtC64: 0.0, Value: 0.0, default: (x)))

#define ELEM(id, name, ctype, cplx)                                                          \
    static void rows_##id(const Job *j, int64_t r0, int64_t r1)                             \
    {                                                                                        \
        const ctype *src = (const ctype *)j->a->data;                                        \
        int ch = j->ch, gray = ch < 3;                                                       \
        for (int64_t r = r0; r < r1; r++) {                                                  \
            const ctype *s = src + r * j->w * ch;                                            \
            unsigned char *d = j->dst + r * j->w * 4;                                        \
            for (int x = 0; x < j->w; x++, s += ch, d += 4) {                                \
                d[0] = to_byte(LOAD(s[0]), j->lo, j->hi);                                  \
                d[1] = gray ? d[0] : to_byte(LOAD(s[1]), j->lo, j->hi);                    \
                d[2] = gray ? d[0] : to_byte(LOAD(s[2]), j->lo, j->hi);                    \
                d[3] = 255;                                                                  \
            }                                                                                \
        }                                                                                    \
    }
#include "runtime/elemtype.def"
#undef ELEM

static void rows(void *ctx, int64_t r0, int64_t r1)
{
    const Job *j = ctx;
    switch (j->a->elem) {
#define ELEM(id, name, ctype, cplx) case RT_##id: rows_##id(j, r0, r1); break;
#include "runtime/elemtype.def"
#undef ELEM
    default:
        break;
    }
}

void disp_to_rgba(const RtArray *a, double lo, double hi, unsigned char *dst)
{
    Job j = {.a = a, .lo = lo, .hi = hi, .dst = dst, .ch = a->rank == 3 ? (int)a->dims[2] : 1};
    int h;
    disp_image_size(a, &j.w, &h);
    rt_parallel_for(h, 16, rows, &j);
}
