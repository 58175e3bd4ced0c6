/*
 * yuv.c - 8-bit frames to and from RGB cubes (yuv.h): per row, the components are widened
 * to float rows (chroma replicated to full width), converted by the matrix in one
 * vectorizable loop, and interleaved into the cube; writing runs the same way backwards,
 * with chroma summed over each subsampling block. The common formats (planar 4:2:0, 4:2:2,
 * 4:4:4 and packed 4-byte RGB) have rows written with intrinsics: SSE2 everywhere, AVX2 and
 * AVX-512 where the CPU has them, each giving the same samples.
 */
#include "io/yuv.h"
#include "runtime/interp.h"

#include "io/ffmpeg_dl.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <immintrin.h>
#endif

/* GCC at -O2 does not vectorize; these loops run for every sample of every frame. */
#define VECTORIZE __attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))

/* ---------------------------------------------------------------- formats and matrices */

static int simd_limit = 2;      /* io_yuv_simd_limit: the tests' way to run every kind of row */

void io_yuv_simd_limit(int level) { simd_limit = level; }

bool io_pix_layout(enum AVPixelFormat f, IoPixLayout *l)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f);
    if (!d || d->nb_components < 3 ||
        (d->flags & (AV_PIX_FMT_FLAG_BE | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM |
                     AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_FLOAT | AV_PIX_FMT_FLAG_BAYER |
                     AV_PIX_FMT_FLAG_ALPHA)))    /* alpha: libswscale writes it opaque */
        return false;
    for (int c = 0; c < 3; c++) {
        const AVComponentDescriptor *cd = &d->comp[c];
        if (cd->depth != 8 || cd->shift != 0)
            return false;
        l->plane[c] = cd->plane;
        l->step[c] = cd->step;
        l->offset[c] = cd->offset;
    }
    l->rgb = d->flags & AV_PIX_FMT_FLAG_RGB;
    l->cw = l->rgb ? 0 : d->log2_chroma_w;
    l->ch = l->rgb ? 0 : d->log2_chroma_h;
    return true;
}

void io_colour(enum AVColorSpace cs, bool full_range, IoColour *k)
{
    switch (cs) {
    case AVCOL_SPC_BT709: k->kr = 0.2126f, k->kb = 0.0722f; break;
    case AVCOL_SPC_FCC: k->kr = 0.30f, k->kb = 0.11f; break;
    case AVCOL_SPC_SMPTE240M: k->kr = 0.212f, k->kb = 0.087f; break;
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL: k->kr = 0.2627f, k->kb = 0.0593f; break;
    default: k->kr = 0.299f, k->kb = 0.114f; break;
    }
    k->kg = 1.0f - k->kr - k->kb;
    k->y0 = full_range ? 0.0f : 16.0f;
    k->ys = full_range ? 1.0f : 255.0f / 219.0f;
    k->cs = full_range ? 1.0f : 255.0f / 224.0f;
}

bool io_full_range(enum AVPixelFormat f, enum AVColorRange r)
{
    return r == AVCOL_RANGE_JPEG || f == AV_PIX_FMT_YUVJ420P || f == AV_PIX_FMT_YUVJ422P ||
           f == AV_PIX_FMT_YUVJ444P || f == AV_PIX_FMT_YUVJ440P || f == AV_PIX_FMT_YUVJ411P;
}

int io_sws_matrix(enum AVColorSpace cs)
{
    switch (cs) {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709;
    case AVCOL_SPC_FCC: return SWS_CS_FCC;
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M;
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
    default: return SWS_CS_ITU601;
    }
}

/* ---------------------------------------------------------------- reading */

/* Row y of component c as floats, chroma replicated over the pixels it covers. */
VECTORIZE static void load_row(const AVFrame *f, const IoPixLayout *l, int c, int y, float *restrict d)
{
    int sx = c ? l->cw : 0, sy = c ? l->ch : 0, w = f->width, p = l->plane[c], step = l->step[c];
    const uint8_t *restrict s = f->data[p] + (ptrdiff_t)(y >> sy) * f->linesize[p] + l->offset[c];
    if (step == 1 && sx == 0) {
        for (int x = 0; x < w; x++)
            d[x] = s[x];
    } else if (step == 1 && sx == 1) {
        for (int i = 0; i < w / 2; i++)
            d[2 * i] = d[2 * i + 1] = s[i];
        if (w & 1)
            d[w - 1] = s[w / 2];
    } else {
        for (int x = 0; x < w; x++)
            d[x] = s[(x >> sx) * step];
    }
}

/* Y, Cb, Cr rows to R, G, B in place (not clamped: see yuv.h). */
VECTORIZE static void yuv_to_rgb_row(const IoColour *k, float *restrict y, float *restrict u,
                                     float *restrict v, int w)
{
    const float rv = 2 * (1 - k->kr) * k->cs, bu = 2 * (1 - k->kb) * k->cs;
    const float gu = 2 * k->kb * (1 - k->kb) / k->kg * k->cs, gv = 2 * k->kr * (1 - k->kr) / k->kg * k->cs;
    const float y0 = k->y0, ys = k->ys;
    for (int x = 0; x < w; x++) {
        float l = (y[x] - y0) * ys, cb = u[x] - 128.0f, cr = v[x] - 128.0f;
        y[x] = l + rv * cr, u[x] = l - gu * cb - gv * cr, v[x] = l + bu * cb;
    }
}

#ifdef __SSE2__
/* Four pixels' r, g, b vectors as 12 interleaved floats (the vectorizer shuffles these
 * badly, and the frame's every sample goes through here). */
static inline void interleave4(float *d, __m128 r, __m128 g, __m128 b)
{
    __m128 rg_lo = _mm_unpacklo_ps(r, g), rg_hi = _mm_unpackhi_ps(r, g);    /* r0 g0 r1 g1, r2 g2 r3 g3 */
    __m128 t0 = _mm_shuffle_ps(b, rg_lo, _MM_SHUFFLE(2, 2, 0, 0));           /* b0 b0 r1 r1 */
    __m128 t1 = _mm_shuffle_ps(rg_lo, b, _MM_SHUFFLE(1, 1, 3, 3));           /* g1 g1 b1 b1 */
    __m128 t2 = _mm_shuffle_ps(b, rg_hi, _MM_SHUFFLE(2, 2, 2, 2));           /* b2 b2 r3 r3 */
    __m128 t3 = _mm_shuffle_ps(rg_hi, b, _MM_SHUFFLE(3, 3, 3, 3));           /* g3 g3 b3 b3 */
    __m128 o0 = _mm_shuffle_ps(rg_lo, t0, _MM_SHUFFLE(2, 0, 1, 0));
    __m128 o1 = _mm_shuffle_ps(t1, rg_hi, _MM_SHUFFLE(1, 0, 2, 0));
    __m128 o2 = _mm_shuffle_ps(t2, t3, _MM_SHUFFLE(2, 0, 2, 0));
    _mm_storeu_ps(d, o0), _mm_storeu_ps(d + 4, o1), _mm_storeu_ps(d + 8, o2);
}

/* The inverse: 12 interleaved floats into r, g, b vectors. */
static inline void deinterleave4(const float *s, __m128 *r, __m128 *g, __m128 *b)
{
    __m128 i0 = _mm_loadu_ps(s), i1 = _mm_loadu_ps(s + 4), i2 = _mm_loadu_ps(s + 8);
    __m128 u = _mm_shuffle_ps(i1, i2, _MM_SHUFFLE(1, 1, 2, 2));              /* r2 r2 r3 r3 */
    *r = _mm_shuffle_ps(i0, u, _MM_SHUFFLE(2, 0, 3, 0));
    __m128 a = _mm_shuffle_ps(i0, i1, _MM_SHUFFLE(0, 0, 1, 1));              /* g0 g0 g1 g1 */
    __m128 c = _mm_shuffle_ps(i1, i2, _MM_SHUFFLE(2, 2, 3, 3));              /* g2 g2 g3 g3 */
    *g = _mm_shuffle_ps(a, c, _MM_SHUFFLE(2, 0, 2, 0));
    a = _mm_shuffle_ps(i0, i1, _MM_SHUFFLE(1, 1, 2, 2));                     /* b0 b0 b1 b1 */
    c = _mm_shuffle_ps(i2, i2, _MM_SHUFFLE(3, 3, 0, 0));                     /* b2 b2 b3 b3 */
    *b = _mm_shuffle_ps(a, c, _MM_SHUFFLE(2, 0, 2, 0));
}
#endif

static void store_f32(float *restrict d, const float *restrict r, const float *restrict g,
                      const float *restrict b, int w)
{
    int x = 0;
#ifdef __SSE2__
    for (; x + 4 <= w; x += 4)
        interleave4(d + 3 * x, _mm_loadu_ps(r + x), _mm_loadu_ps(g + x), _mm_loadu_ps(b + x));
#endif
    for (; x < w; x++)
        d[3 * x] = r[x], d[3 * x + 1] = g[x], d[3 * x + 2] = b[x];
}

VECTORIZE static void store_f64(double *restrict d, const float *restrict r, const float *restrict g,
                                const float *restrict b, int w)
{
    for (int x = 0; x < w; x++)
        d[3 * x] = r[x], d[3 * x + 1] = g[x], d[3 * x + 2] = b[x];
}

/* Samples in 0..255 (or outside: saturated), rounded half up; NaN gives 0. */
static inline uint8_t to_byte(float v)
{
    v = v > 0 ? v : 0;
    v = v < 255 ? v : 255;
    return (uint8_t)(int)(v + 0.5f);
}

VECTORIZE static void store_u8(uint8_t *restrict d, const float *restrict r, const float *restrict g,
                               const float *restrict b, int w)
{
    for (int x = 0; x < w; x++)
        d[3 * x] = to_byte(r[x]), d[3 * x + 1] = to_byte(g[x]), d[3 * x + 2] = to_byte(b[x]);
}

#ifdef __SSE2__
/* The common case in one pass: planar YUV, chroma full or half width, float cubes. The
 * chroma terms are computed once per chroma sample and shared by the pixels it covers. */

/* Four bytes at p as floats. */
static inline __m128 load4(const uint8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    __m128i z = _mm_setzero_si128();
    return _mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(v), z), z));
}

typedef struct ToRgb {
    float y0, ys, rv, gu, gv, bu;
} ToRgb;

static ToRgb to_rgb_coefs(const IoColour *k)
{
    return (ToRgb){k->y0, k->ys, 2 * (1 - k->kr) * k->cs, 2 * k->kb * (1 - k->kb) / k->kg * k->cs,
                   2 * k->kr * (1 - k->kr) / k->kg * k->cs, 2 * (1 - k->kb) * k->cs};
}

/* AVX2 (where the CPU has it): the same rows eight pixels at a time, each 128-bit lane
 * doing what the SSE2 code does for four; they return how far they got, and the SSE2 code
 * finishes the row. */
#define AVX2 __attribute__((target("avx2")))

static bool use_avx2(void) { return simd_limit >= 1 && __builtin_cpu_supports("avx2"); }

AVX2 static inline __m256 load8(const uint8_t *p)
{
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

AVX2 static inline void interleave8(float *d, __m256 r, __m256 g, __m256 b)
{
    __m256 rg_lo = _mm256_unpacklo_ps(r, g), rg_hi = _mm256_unpackhi_ps(r, g);
    __m256 t0 = _mm256_shuffle_ps(b, rg_lo, _MM_SHUFFLE(2, 2, 0, 0));
    __m256 t1 = _mm256_shuffle_ps(rg_lo, b, _MM_SHUFFLE(1, 1, 3, 3));
    __m256 t2 = _mm256_shuffle_ps(b, rg_hi, _MM_SHUFFLE(2, 2, 2, 2));
    __m256 t3 = _mm256_shuffle_ps(rg_hi, b, _MM_SHUFFLE(3, 3, 3, 3));
    __m256 o0 = _mm256_shuffle_ps(rg_lo, t0, _MM_SHUFFLE(2, 0, 1, 0));
    __m256 o1 = _mm256_shuffle_ps(t1, rg_hi, _MM_SHUFFLE(1, 0, 2, 0));
    __m256 o2 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(2, 0, 2, 0));
    /* lane 0 holds pixels 0-3 (o0 o1 o2 in memory order), lane 1 pixels 4-7 */
    __m256 s0 = _mm256_permute2f128_ps(o0, o1, 0x20), s1 = _mm256_permute2f128_ps(o2, o0, 0x30),
           s2 = _mm256_permute2f128_ps(o1, o2, 0x31);
    _mm256_storeu_ps(d, s0), _mm256_storeu_ps(d + 8, s1), _mm256_storeu_ps(d + 16, s2);
}

AVX2 static inline void deinterleave8(const float *s, __m256 *r, __m256 *g, __m256 *b)
{
    __m256 a = _mm256_loadu_ps(s), m = _mm256_loadu_ps(s + 8), c = _mm256_loadu_ps(s + 16);
    /* lane 0 gets pixels 0-3's twelve floats, lane 1 pixels 4-7's, as deinterleave4 takes them */
    __m256 i0 = _mm256_permute2f128_ps(a, m, 0x30), i1 = _mm256_permute2f128_ps(a, c, 0x21),
           i2 = _mm256_permute2f128_ps(m, c, 0x30);
    __m256 u = _mm256_shuffle_ps(i1, i2, _MM_SHUFFLE(1, 1, 2, 2));
    *r = _mm256_shuffle_ps(i0, u, _MM_SHUFFLE(2, 0, 3, 0));
    __m256 p = _mm256_shuffle_ps(i0, i1, _MM_SHUFFLE(0, 0, 1, 1));
    __m256 q = _mm256_shuffle_ps(i1, i2, _MM_SHUFFLE(2, 2, 3, 3));
    *g = _mm256_shuffle_ps(p, q, _MM_SHUFFLE(2, 0, 2, 0));
    p = _mm256_shuffle_ps(i0, i1, _MM_SHUFFLE(1, 1, 2, 2));
    q = _mm256_shuffle_ps(i2, i2, _MM_SHUFFLE(3, 3, 0, 0));
    *b = _mm256_shuffle_ps(p, q, _MM_SHUFFLE(2, 0, 2, 0));
}

AVX2 static int yuv_row_avx2(const ToRgb *c, const uint8_t *yp, const uint8_t *up, const uint8_t *vp, int cw,
                             int w, float *d)
{
    const __m256 y0 = _mm256_set1_ps(c->y0), ys = _mm256_set1_ps(c->ys), c128 = _mm256_set1_ps(128.0f);
    const __m256 rv = _mm256_set1_ps(c->rv), gu = _mm256_set1_ps(c->gu), gv = _mm256_set1_ps(c->gv),
                 bu = _mm256_set1_ps(c->bu);
    int x = 0;
    for (; x + 8 <= w; x += 8) {
        __m256 cb, cr;
        if (cw) {
            __m128 u = load4(up + x / 2), v = load4(vp + x / 2);
            cb = _mm256_set_m128(_mm_unpackhi_ps(u, u), _mm_unpacklo_ps(u, u));
            cr = _mm256_set_m128(_mm_unpackhi_ps(v, v), _mm_unpacklo_ps(v, v));
        } else {
            cb = load8(up + x), cr = load8(vp + x);
        }
        cb = _mm256_sub_ps(cb, c128), cr = _mm256_sub_ps(cr, c128);
        __m256 l = _mm256_mul_ps(_mm256_sub_ps(load8(yp + x), y0), ys);
        __m256 gc = _mm256_add_ps(_mm256_mul_ps(gu, cb), _mm256_mul_ps(gv, cr));
        interleave8(d + 3 * x, _mm256_add_ps(l, _mm256_mul_ps(rv, cr)), _mm256_sub_ps(l, gc),
                    _mm256_add_ps(l, _mm256_mul_ps(bu, cb)));
    }
    return x;
}

/* Y goes straight to bytes in ydst (a planar luma row), rounded and saturated as put_row
 * does, so the luma floats never make a pass through memory. */
AVX2 static int rgb_row_avx2(const IoColour *k, const float *s, int w, int cw, uint8_t *ydst, float *acb,
                             float *acr)
{
    const __m256 zero = _mm256_setzero_ps(), top = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    const float ky = 1 / k->ys, kcb = 1 / (2 * (1 - k->kb) * k->cs), kcr = 1 / (2 * (1 - k->kr) * k->cs);
    const __m256 kr = _mm256_set1_ps(k->kr), kg = _mm256_set1_ps(k->kg), kb = _mm256_set1_ps(k->kb),
                 y0 = _mm256_set1_ps(k->y0), vky = _mm256_set1_ps(ky), vkcb = _mm256_set1_ps(kcb),
                 vkcr = _mm256_set1_ps(kcr);
    int x = 0;
    for (; x + 8 <= w; x += 8) {
        __m256 r, g, b;
        deinterleave8(s + 3 * x, &r, &g, &b);
        r = _mm256_and_ps(r, _mm256_cmp_ps(r, r, _CMP_ORD_Q));
        g = _mm256_and_ps(g, _mm256_cmp_ps(g, g, _CMP_ORD_Q));
        b = _mm256_and_ps(b, _mm256_cmp_ps(b, b, _CMP_ORD_Q));
        __m256 l = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(kr, r), _mm256_mul_ps(kg, g)), _mm256_mul_ps(kb, b));
        __m256 yv = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(y0, _mm256_mul_ps(l, vky)), zero), top);
        __m256i q = _mm256_cvttps_epi32(_mm256_add_ps(yv, half));
        __m128i q16 = _mm_packs_epi32(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
        _mm_storel_epi64((__m128i *)(ydst + x), _mm_packus_epi16(q16, q16));
        __m256 cb = _mm256_mul_ps(_mm256_sub_ps(b, l), vkcb), cr = _mm256_mul_ps(_mm256_sub_ps(r, l), vkcr);
        if (cw) {       /* pairs summed: (c0 + c1, c2 + c3, …) in lane order, then the two lanes joined */
            __m256 hb = _mm256_hadd_ps(cb, cb), hr = _mm256_hadd_ps(cr, cr);
            __m128 pb = _mm_castpd_ps(_mm_unpacklo_pd(_mm_castps_pd(_mm256_castps256_ps128(hb)),
                                                      _mm_castps_pd(_mm256_extractf128_ps(hb, 1))));
            __m128 pr = _mm_castpd_ps(_mm_unpacklo_pd(_mm_castps_pd(_mm256_castps256_ps128(hr)),
                                                      _mm_castps_pd(_mm256_extractf128_ps(hr, 1))));
            _mm_storeu_ps(acb + x / 2, _mm_add_ps(_mm_loadu_ps(acb + x / 2), pb));
            _mm_storeu_ps(acr + x / 2, _mm_add_ps(_mm_loadu_ps(acr + x / 2), pr));
        } else {
            _mm256_storeu_ps(acb + x, _mm256_add_ps(_mm256_loadu_ps(acb + x), cb));
            _mm256_storeu_ps(acr + x, _mm256_add_ps(_mm256_loadu_ps(acr + x), cr));
        }
    }
    return x;
}

/* AVX-512 (where the CPU has it): sixteen pixels at a time. The 48 interleaved floats of
 * sixteen pixels are split and joined by two-source permutes, two per channel; the
 * arithmetic is the AVX2 rows' in the same order, so every path gives the same samples. */
#define AVX512 __attribute__((target("avx512f")))

static bool use_avx512(void) { return simd_limit >= 2 && __builtin_cpu_supports("avx512f"); }

/* Permute indices, the same for every row. Channel c of pixel i is float 3i + c of a:b:c
 * (three vectors of 16). Deinterleaving channel c: AB[c] gathers its floats in a:b (f < 32,
 * else 0), ABC[c] keeps those and adds c's (16 + f - 32). Interleaving output vector k: float
 * j of it is f = 16k + j, channel f % 3 of pixel f / 3; RG[k] takes it from r (i) or g
 * (16 + i), RGB[k] keeps that or takes b's (16 + i). */
static const int32_t perm_ab[3][16] = {{0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 0, 0, 0, 0, 0},
                                       {1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 0, 0, 0, 0, 0},
                                       {2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0, 0, 0}};
static const int32_t perm_abc[3][16] = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 20, 23, 26, 29},
                                        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 21, 24, 27, 30},
                                        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31}};
static const int32_t perm_rg[3][16] = {{0, 16, 0, 1, 17, 0, 2, 18, 0, 3, 19, 0, 4, 20, 0, 5},
                                       {21, 0, 6, 22, 0, 7, 23, 0, 8, 24, 0, 9, 25, 0, 10, 26},
                                       {0, 11, 27, 0, 12, 28, 0, 13, 29, 0, 14, 30, 0, 15, 31, 0}};
static const int32_t perm_rgb[3][16] = {{0, 1, 16, 3, 4, 17, 6, 7, 18, 9, 10, 19, 12, 13, 20, 15},
                                        {0, 21, 2, 3, 22, 5, 6, 23, 8, 9, 24, 11, 12, 25, 14, 15},
                                        {26, 1, 2, 27, 4, 5, 28, 7, 8, 29, 10, 11, 30, 13, 14, 31}};

#define PERM(t, k) _mm512_loadu_si512((t)[k])

AVX512 static inline __m512 load16(const uint8_t *p)
{
    return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)p)));
}

/* Eight chroma samples each used by two pixels, as sixteen. */
AVX512 static inline __m512 load8x2(const uint8_t *p)
{
    __m256 v = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
    const __m512i twice = _mm512_set_epi32(7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0);
    return _mm512_permutexvar_ps(twice, _mm512_castps256_ps512(v));
}

AVX512 static int yuv_row_avx512(const ToRgb *c, const uint8_t *yp, const uint8_t *up, const uint8_t *vp, int cw,
                                 int w, float *d)
{
    const __m512 y0 = _mm512_set1_ps(c->y0), ys = _mm512_set1_ps(c->ys), c128 = _mm512_set1_ps(128.0f);
    const __m512 rv = _mm512_set1_ps(c->rv), gu = _mm512_set1_ps(c->gu), gv = _mm512_set1_ps(c->gv),
                 bu = _mm512_set1_ps(c->bu);
    int x = 0;
    for (; x + 16 <= w; x += 16) {
        __m512 cb = cw ? load8x2(up + x / 2) : load16(up + x), cr = cw ? load8x2(vp + x / 2) : load16(vp + x);
        cb = _mm512_sub_ps(cb, c128), cr = _mm512_sub_ps(cr, c128);
        __m512 l = _mm512_mul_ps(_mm512_sub_ps(load16(yp + x), y0), ys);
        __m512 gc = _mm512_add_ps(_mm512_mul_ps(gu, cb), _mm512_mul_ps(gv, cr));
        __m512 r = _mm512_add_ps(l, _mm512_mul_ps(rv, cr)), g = _mm512_sub_ps(l, gc),
               b = _mm512_add_ps(l, _mm512_mul_ps(bu, cb));
        for (int k = 0; k < 3; k++)
            _mm512_storeu_ps(d + 3 * x + 16 * k,
                             _mm512_permutex2var_ps(_mm512_permutex2var_ps(r, PERM(perm_rg, k), g),
                                                    PERM(perm_rgb, k), b));
    }
    return x;
}

AVX512 static int rgb_row_avx512(const IoColour *k, const float *s, int w, int cw, uint8_t *ydst, float *acb,
                                 float *acr)
{
    const __m512 zero = _mm512_setzero_ps(), top = _mm512_set1_ps(255.0f), half = _mm512_set1_ps(0.5f);
    const float ky = 1 / k->ys, kcb = 1 / (2 * (1 - k->kb) * k->cs), kcr = 1 / (2 * (1 - k->kr) * k->cs);
    const __m512 kr = _mm512_set1_ps(k->kr), kg = _mm512_set1_ps(k->kg), kb = _mm512_set1_ps(k->kb),
                 y0 = _mm512_set1_ps(k->y0), vky = _mm512_set1_ps(ky), vkcb = _mm512_set1_ps(kcb),
                 vkcr = _mm512_set1_ps(kcr);
    const __m512i even = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 14, 12, 10, 8, 6, 4, 2, 0),
                  odd = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 15, 13, 11, 9, 7, 5, 3, 1);
    int x = 0;
    for (; x + 16 <= w; x += 16) {
        const float *q = s + 3 * x;
        __m512 a = _mm512_loadu_ps(q), m = _mm512_loadu_ps(q + 16), e = _mm512_loadu_ps(q + 32), ch[3];
        for (int c = 0; c < 3; c++) {
            __m512 v = _mm512_permutex2var_ps(_mm512_permutex2var_ps(a, PERM(perm_ab, c), m), PERM(perm_abc, c), e);
            ch[c] = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v);      /* NaN as 0 */
        }
        __m512 r = ch[0], g = ch[1], b = ch[2];
        __m512 l = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(kr, r), _mm512_mul_ps(kg, g)), _mm512_mul_ps(kb, b));
        __m512 yv = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(y0, _mm512_mul_ps(l, vky)), zero), top);
        _mm_storeu_si128((__m128i *)(ydst + x), _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(_mm512_add_ps(yv, half))));
        __m512 cb = _mm512_mul_ps(_mm512_sub_ps(b, l), vkcb), cr = _mm512_mul_ps(_mm512_sub_ps(r, l), vkcr);
        if (cw) {       /* pairs summed, even + odd, as the SSE2 rows do */
            __m256 pb = _mm512_castps512_ps256(
                _mm512_add_ps(_mm512_permutexvar_ps(even, cb), _mm512_permutexvar_ps(odd, cb)));
            __m256 pr = _mm512_castps512_ps256(
                _mm512_add_ps(_mm512_permutexvar_ps(even, cr), _mm512_permutexvar_ps(odd, cr)));
            _mm256_storeu_ps(acb + x / 2, _mm256_add_ps(_mm256_loadu_ps(acb + x / 2), pb));
            _mm256_storeu_ps(acr + x / 2, _mm256_add_ps(_mm256_loadu_ps(acr + x / 2), pr));
        } else {
            _mm512_storeu_ps(acb + x, _mm512_add_ps(_mm512_loadu_ps(acb + x), cb));
            _mm512_storeu_ps(acr + x, _mm512_add_ps(_mm512_loadu_ps(acr + x), cr));
        }
    }
    return x;
}

static void yuv_row_fast(const ToRgb *c, const uint8_t *yp, const uint8_t *up, const uint8_t *vp, int cw,
                         int w, float *d, int x)
{
    const __m128 y0 = _mm_set1_ps(c->y0), ys = _mm_set1_ps(c->ys), c128 = _mm_set1_ps(128.0f);
    const __m128 rv = _mm_set1_ps(c->rv), gu = _mm_set1_ps(c->gu), gv = _mm_set1_ps(c->gv), bu = _mm_set1_ps(c->bu);
    int step = 4 << cw;
    for (; x + step <= w; x += step) {
        __m128 cb = _mm_sub_ps(load4(up + (x >> cw)), c128), cr = _mm_sub_ps(load4(vp + (x >> cw)), c128);
        __m128 rc = _mm_mul_ps(rv, cr), gc = _mm_add_ps(_mm_mul_ps(gu, cb), _mm_mul_ps(gv, cr)),
               bc = _mm_mul_ps(bu, cb);
        for (int half = 0; half <= cw; half++) {
            __m128 r = rc, g = gc, b = bc;
            if (cw)
                r = half ? _mm_unpackhi_ps(rc, rc) : _mm_unpacklo_ps(rc, rc),
                g = half ? _mm_unpackhi_ps(gc, gc) : _mm_unpacklo_ps(gc, gc),
                b = half ? _mm_unpackhi_ps(bc, bc) : _mm_unpacklo_ps(bc, bc);
            __m128 l = _mm_mul_ps(_mm_sub_ps(load4(yp + x + 4 * half), y0), ys);
            interleave4(d + 3 * (x + 4 * half), _mm_add_ps(l, r), _mm_sub_ps(l, g), _mm_add_ps(l, b));
        }
    }
    for (; x < w; x++) {
        float cb = up[x >> cw] - 128.0f, cr = vp[x >> cw] - 128.0f, l = (yp[x] - c->y0) * c->ys;
        d[3 * x] = l + c->rv * cr, d[3 * x + 1] = l - (c->gu * cb + c->gv * cr), d[3 * x + 2] = l + c->bu * cb;
    }
}
#endif

#ifdef __SSE2__
/* Packed RGB of 4 bytes a pixel (bgr0, rgb0, 0rgb, 0bgr): four pixels are transposed into
 * their four byte positions, of which the layout's offsets pick R, G and B. */
static bool packed4(const IoPixLayout *l)
{
    return l->rgb && l->step[0] == 4 && l->step[1] == 4 && l->step[2] == 4 && l->plane[0] == l->plane[1] &&
           l->plane[1] == l->plane[2];
}

static void packed4_to_rgb_row(const IoPixLayout *l, const uint8_t *s, int w, float *d)
{
    const __m128i z = _mm_setzero_si128();
    int x = 0;
    for (; x + 4 <= w; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + 4 * x));
        __m128i lo = _mm_unpacklo_epi8(v, z), hi = _mm_unpackhi_epi8(v, z);
        __m128 c[4] = {_mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, z)), _mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, z)),
                       _mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, z)), _mm_cvtepi32_ps(_mm_unpackhi_epi16(hi, z))};
        _MM_TRANSPOSE4_PS(c[0], c[1], c[2], c[3]);      /* c[k]: byte k of the four pixels */
        interleave4(d + 3 * x, c[l->offset[0]], c[l->offset[1]], c[l->offset[2]]);
    }
    for (; x < w; x++)
        for (int k = 0; k < 3; k++)
            d[3 * x + k] = s[4 * x + l->offset[k]];
}

static void rgb_to_packed4_row(const IoPixLayout *l, const float *s, int w, uint8_t *d)
{
    const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
    int src[4] = {3, 3, 3, 3};          /* byte k of a pixel is channel src[k]; 3: the zero */
    for (int k = 0; k < 3; k++)
        src[l->offset[k]] = k;
    int x = 0;
    for (; x + 4 <= w; x += 4) {
        __m128 rgb[3];
        deinterleave4(s + 3 * x, &rgb[0], &rgb[1], &rgb[2]);
        __m128i ch[4];
        for (int k = 0; k < 3; k++)     /* MAXPS gives 0 for NaN */
            ch[k] = _mm_cvttps_epi32(_mm_add_ps(_mm_min_ps(_mm_max_ps(rgb[k], zero), top), half));
        ch[3] = _mm_setzero_si128();
        __m128i c[4] = {ch[src[0]], ch[src[1]], ch[src[2]], ch[src[3]]};
        /* c[k] holds byte k of four pixels: interleave to pixel order, then pack */
        __m128i p01 = _mm_unpacklo_epi32(c[0], c[1]), p23 = _mm_unpacklo_epi32(c[2], c[3]);
        __m128i q01 = _mm_unpackhi_epi32(c[0], c[1]), q23 = _mm_unpackhi_epi32(c[2], c[3]);
        __m128i px01 = _mm_unpacklo_epi64(p01, p23), px23 = _mm_unpackhi_epi64(p01, p23);
        __m128i px45 = _mm_unpacklo_epi64(q01, q23), px67 = _mm_unpackhi_epi64(q01, q23);
        __m128i w01 = _mm_packs_epi32(px01, px23), w23 = _mm_packs_epi32(px45, px67);
        _mm_storeu_si128((__m128i *)(d + 4 * x), _mm_packus_epi16(w01, w23));
    }
    for (; x < w; x++) {
        d[4 * x] = d[4 * x + 1] = d[4 * x + 2] = d[4 * x + 3] = 0;
        for (int k = 0; k < 3; k++)
            d[4 * x + l->offset[k]] = to_byte(s[3 * x + k]);
    }
}
#endif

/* Rows of a frame are independent: a conversion is split over the runtime's thread pool
 * in bands of rows (chroma blocks kept whole), each with its own scratch rows. */
#define BAND_GRAIN 16           /* rows (or chroma rows) per band at least */

typedef struct Job {
    const AVFrame *f;
    const RtArray *a;
    const IoPixLayout *l;
    const IoColour *k;
    RtElem e;
    void *dst;
    AVFrame *out;
    atomic_int failed;          /* a band could not get its scratch rows */
} Job;

static void to_rgb_band(void *ctx, int64_t y0, int64_t y1)
{
    Job *j = ctx;
    const AVFrame *f = j->f;
    const IoPixLayout *l = j->l;
    int w = f->width;
#ifdef __SSE2__
    if (!l->rgb && j->e == RT_F32 && l->cw <= 1 && l->step[0] == 1 && l->step[1] == 1 && l->step[2] == 1) {
        ToRgb c = to_rgb_coefs(j->k);
        bool avx2 = use_avx2(), avx512 = use_avx512();
        for (int y = (int)y0; y < y1; y++) {
            const uint8_t *p[3];
            for (int i = 0; i < 3; i++)
                p[i] = f->data[l->plane[i]] + (ptrdiff_t)(y >> (i ? l->ch : 0)) * f->linesize[l->plane[i]] +
                       l->offset[i];
            float *d = (float *)j->dst + (size_t)y * w * 3;
            int x = avx512 ? yuv_row_avx512(&c, p[0], p[1], p[2], l->cw, w, d) : 0;
            if (avx2)
                x += yuv_row_avx2(&c, p[0] + x, p[1] + (x >> l->cw), p[2] + (x >> l->cw), l->cw, w - x, d + 3 * x);
            yuv_row_fast(&c, p[0], p[1], p[2], l->cw, w, d, x);
        }
        return;
    }
    if (packed4(l) && j->e == RT_F32) {
        for (int y = (int)y0; y < y1; y++)
            packed4_to_rgb_row(l, f->data[l->plane[0]] + (ptrdiff_t)y * f->linesize[l->plane[0]], w,
                               (float *)j->dst + (size_t)y * w * 3);
        return;
    }
#endif
    float *rows = malloc(3 * (size_t)w * sizeof *rows);
    if (!rows) {
        atomic_store(&j->failed, 1);
        return;
    }
    float *c0 = rows, *c1 = rows + w, *c2 = rows + 2 * (size_t)w;
    for (int y = (int)y0; y < y1; y++) {
        load_row(f, l, 0, y, c0);
        load_row(f, l, 1, y, c1);
        load_row(f, l, 2, y, c2);
        if (!l->rgb)
            yuv_to_rgb_row(j->k, c0, c1, c2, w);
        size_t at = (size_t)y * w * 3;
        if (j->e == RT_U8)
            store_u8((uint8_t *)j->dst + at, c0, c1, c2, w);
        else if (j->e == RT_F64)
            store_f64((double *)j->dst + at, c0, c1, c2, w);
        else
            store_f32((float *)j->dst + at, c0, c1, c2, w);
    }
    free(rows);
}

int io_frame_to_rgb(RtPool *pool, const AVFrame *f, const IoPixLayout *l, const IoColour *k, RtElem e, void *dst)
{
    Job j = {.f = f, .l = l, .k = k, .e = e, .dst = dst};
    rt_parallel_for(pool, f->height, BAND_GRAIN, to_rgb_band, &j);
    return atomic_load(&j.failed) ? -1 : 0;
}

/* ---------------------------------------------------------------- writing */

/* Row y of the cube (or gray matrix) as three float rows, NaN as 0 (as imwrite). */
static void fetch_f32(const float *restrict s, float *restrict r, float *restrict g, float *restrict b, int w)
{
    int x = 0;
#ifdef __SSE2__
    for (; x + 4 <= w; x += 4) {
        __m128 vr, vg, vb;
        deinterleave4(s + 3 * x, &vr, &vg, &vb);
        _mm_storeu_ps(r + x, _mm_and_ps(vr, _mm_cmpord_ps(vr, vr)));
        _mm_storeu_ps(g + x, _mm_and_ps(vg, _mm_cmpord_ps(vg, vg)));
        _mm_storeu_ps(b + x, _mm_and_ps(vb, _mm_cmpord_ps(vb, vb)));
    }
#endif
    for (; x < w; x++) {
        float vr = s[3 * x], vg = s[3 * x + 1], vb = s[3 * x + 2];
        r[x] = vr == vr ? vr : 0, g[x] = vg == vg ? vg : 0, b[x] = vb == vb ? vb : 0;
    }
}

static void fetch_row(const RtArray *a, int y, float *r, float *g, float *b)
{
    int w = (int)a->dims[1];
    if (a->rank == 3 && a->elem == RT_F32) {
        fetch_f32((const float *)a->data + (size_t)y * w * 3, r, g, b, w);
        return;
    }
    int nc = a->rank == 3 ? 3 : 1;
    int64_t at = (int64_t)y * w * nc;
    for (int x = 0; x < w; x++) {
        float *out[3] = {r, g, b};
        for (int c = 0; c < 3; c++) {
            double v = rt_get_real(a, at + (int64_t)x * nc + (nc == 3 ? c : 0));
            out[c][x] = v == v ? (float)v : 0;
        }
    }
}

/* n samples rounded and saturated into bytes `step` apart. */
static void put_row(uint8_t *restrict d, int step, const float *restrict s, int n)
{
    int x = 0;
#ifdef __SSE2__
    if (step == 1) {
        const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
        for (; x + 16 <= n; x += 16) {
            __m128i q[4];
            for (int k = 0; k < 4; k++) {
                __m128 v = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(s + x + 4 * k), zero), top);
                q[k] = _mm_cvttps_epi32(_mm_add_ps(v, half));
            }
            __m128i lo = _mm_packs_epi32(q[0], q[1]), hi = _mm_packs_epi32(q[2], q[3]);
            _mm_storeu_si128((__m128i *)(d + x), _mm_packus_epi16(lo, hi));
        }
    }
#endif
    for (; x < n; x++)
        d[x * step] = to_byte(s[x]);
}

/* R, G, B rows to Y in `y` and to the sums over each block's width of Cb and Cr (offset
 * from 128, in sample units) added into cb and cr (w >> cw entries, rounded up). */
VECTORIZE static void rgb_to_yuv_row(const IoColour *k, const float *restrict r, float *restrict g,
                                     float *restrict b, float *restrict y, int w)
{
    const float ky = 1 / k->ys, kcb = 1 / (2 * (1 - k->kb) * k->cs), kcr = 1 / (2 * (1 - k->kr) * k->cs);
    const float kr = k->kr, kg = k->kg, kb = k->kb, y0 = k->y0;
    for (int x = 0; x < w; x++) {
        float l = kr * r[x] + kg * g[x] + kb * b[x];
        y[x] = y0 + l * ky;
        g[x] = (b[x] - l) * kcb;           /* g and b now hold Cb and Cr */
        b[x] = (r[x] - l) * kcr;
    }
}

VECTORIZE static void add_block_row(const float *restrict s, float *restrict acc, int w, int cw)
{
    if (cw == 1) {
        for (int i = 0; i < w / 2; i++)
            acc[i] += s[2 * i] + s[2 * i + 1];
        if (w & 1)
            acc[w / 2] += s[w - 1];
    } else {
        for (int x = 0; x < w; x++)
            acc[x >> cw] += s[x];
    }
}

/* The block sums of the chroma rows, averaged, into the chroma planes' row cy. */
VECTORIZE static void flush_chroma(AVFrame *f, const IoPixLayout *l, float *cb, float *cr, int wc, int cy, int w,
                         int rows)
{
    int bw = 1 << l->cw;
    float *acc[2] = {cb, cr};
    for (int c = 0; c < 2; c++) {
        const float inv = 1.0f / (float)(bw * rows);
        for (int i = 0; i < wc; i++)
            acc[c][i] = 128.0f + acc[c][i] * inv;
        if (wc * bw > w)        /* a last block cut short by the frame's edge */
            acc[c][wc - 1] = 128.0f + (acc[c][wc - 1] - 128.0f) / inv / (float)((w - (wc - 1) * bw) * rows);
        int p = l->plane[c + 1];
        put_row(f->data[p] + (ptrdiff_t)cy * f->linesize[p] + l->offset[c + 1], l->step[c + 1], acc[c], wc);
        memset(acc[c], 0, (size_t)wc * sizeof *acc[c]);
    }
}

#ifdef __SSE2__
/* The common case in one pass: a float cube to Y and the block sums of chroma, for planar
 * YUV with chroma full or half width; NaN counts as 0. The same operations in the same
 * order as fetch_f32, rgb_to_yuv_row and add_block_row, so both give the same samples. */
static void rgb_row_fast(const IoColour *k, const float *s, int w, int cw, float *yrow, float *acb, float *acr,
                         int x)
{
    const float ky = 1 / k->ys, kcb = 1 / (2 * (1 - k->kb) * k->cs), kcr = 1 / (2 * (1 - k->kr) * k->cs);
    const __m128 kr = _mm_set1_ps(k->kr), kg = _mm_set1_ps(k->kg), kb = _mm_set1_ps(k->kb),
                 y0 = _mm_set1_ps(k->y0), vky = _mm_set1_ps(ky), vkcb = _mm_set1_ps(kcb), vkcr = _mm_set1_ps(kcr);
    int step = 4 << cw;
    for (; x + step <= w; x += step) {
        __m128 cb[2], cr[2];
        for (int half = 0; half <= cw; half++) {
            __m128 r, g, b;
            deinterleave4(s + 3 * (x + 4 * half), &r, &g, &b);
            r = _mm_and_ps(r, _mm_cmpord_ps(r, r));
            g = _mm_and_ps(g, _mm_cmpord_ps(g, g));
            b = _mm_and_ps(b, _mm_cmpord_ps(b, b));
            __m128 l = _mm_add_ps(_mm_add_ps(_mm_mul_ps(kr, r), _mm_mul_ps(kg, g)), _mm_mul_ps(kb, b));
            _mm_storeu_ps(yrow + x + 4 * half, _mm_add_ps(y0, _mm_mul_ps(l, vky)));
            cb[half] = _mm_mul_ps(_mm_sub_ps(b, l), vkcb);
            cr[half] = _mm_mul_ps(_mm_sub_ps(r, l), vkcr);
        }
        float *pb = acb + (x >> cw), *pr = acr + (x >> cw);
        if (cw) {
            cb[0] = _mm_add_ps(_mm_shuffle_ps(cb[0], cb[1], _MM_SHUFFLE(2, 0, 2, 0)),
                               _mm_shuffle_ps(cb[0], cb[1], _MM_SHUFFLE(3, 1, 3, 1)));
            cr[0] = _mm_add_ps(_mm_shuffle_ps(cr[0], cr[1], _MM_SHUFFLE(2, 0, 2, 0)),
                               _mm_shuffle_ps(cr[0], cr[1], _MM_SHUFFLE(3, 1, 3, 1)));
        }
        _mm_storeu_ps(pb, _mm_add_ps(_mm_loadu_ps(pb), cb[0]));
        _mm_storeu_ps(pr, _mm_add_ps(_mm_loadu_ps(pr), cr[0]));
    }
    for (; x < w; x += 1 << cw) {
        float sb = 0, sr = 0;
        for (int i = x; i < x + (1 << cw) && i < w; i++) {
            float r = s[3 * i], g = s[3 * i + 1], b = s[3 * i + 2];
            r = r == r ? r : 0, g = g == g ? g : 0, b = b == b ? b : 0;
            float l = k->kr * r + k->kg * g + k->kb * b;
            yrow[i] = k->y0 + l * ky;
            sb += (b - l) * kcb, sr += (r - l) * kcr;
        }
        acb[x >> cw] += sb, acr[x >> cw] += sr;
    }
}
#endif

/* Bands [b0, b1) of chroma rows: luma rows b0 << ch up to the frame's last. */
static void to_frame_band(void *ctx, int64_t b0, int64_t b1)
{
    Job *j = ctx;
    const RtArray *a = j->a;
    const IoPixLayout *l = j->l;
    AVFrame *f = j->out;
    int w = f->width, h = f->height, wc = (w + (1 << l->cw) - 1) >> l->cw, bh = 1 << l->ch;
    float *rows = calloc(4 * (size_t)w + 2 * (size_t)wc, sizeof *rows);
    if (!rows) {
        atomic_store(&j->failed, 1);
        return;
    }
    float *r = rows, *g = r + w, *b = g + w, *yy = b + w, *cb = yy + w, *cr = cb + wc;
#ifdef __SSE2__
    bool fast = !l->rgb && a->rank == 3 && a->elem == RT_F32 && l->cw <= 1 && l->step[1] == 1 && l->step[2] == 1;
    bool fast4 = packed4(l) && a->rank == 3 && a->elem == RT_F32;
    bool avx2 = use_avx2(), avx512 = use_avx512();
#endif
    int y1 = (int)(b1 << l->ch) < h ? (int)(b1 << l->ch) : h;
    for (int y = (int)(b0 << l->ch); y < y1; y++) {
        bool last = (y & (bh - 1)) == bh - 1 || y == h - 1;
#ifdef __SSE2__
        if (fast4) {
            rgb_to_packed4_row(l, (const float *)a->data + (size_t)y * w * 3, w,
                               f->data[l->plane[0]] + (ptrdiff_t)y * f->linesize[l->plane[0]]);
            continue;
        }
        if (fast) {
            const float *row = (const float *)a->data + (size_t)y * w * 3;
            uint8_t *yd = f->data[l->plane[0]] + (ptrdiff_t)y * f->linesize[l->plane[0]] + l->offset[0];
            int x = 0;
            if (avx512 && l->step[0] == 1)
                x = rgb_row_avx512(j->k, row, w, l->cw, yd, cb, cr);
            if (avx2 && l->step[0] == 1)
                x += rgb_row_avx2(j->k, row + 3 * x, w - x, l->cw, yd + x, cb + (x >> l->cw), cr + (x >> l->cw));
            rgb_row_fast(j->k, row, w, l->cw, yy, cb, cr, x);
            put_row(yd + (ptrdiff_t)x * l->step[0], l->step[0], yy + x, w - x);
            if (last)
                flush_chroma(f, l, cb, cr, wc, y >> l->ch, w, (y & (bh - 1)) + 1);
            continue;
        }
#endif
        fetch_row(a, y, r, g, b);
        if (l->rgb) {
            const float *src[3] = {r, g, b};
            for (int c = 0; c < 3; c++) {
                int p = l->plane[c];
                put_row(f->data[p] + (ptrdiff_t)y * f->linesize[p] + l->offset[c], l->step[c], src[c], w);
            }
            continue;
        }
        rgb_to_yuv_row(j->k, r, g, b, yy, w);
        put_row(f->data[l->plane[0]] + (ptrdiff_t)y * f->linesize[l->plane[0]] + l->offset[0], l->step[0], yy, w);
        add_block_row(g, cb, w, l->cw);
        add_block_row(b, cr, w, l->cw);
        if (last)
            flush_chroma(f, l, cb, cr, wc, y >> l->ch, w, (y & (bh - 1)) + 1);
    }
    free(rows);
}

int io_rgb_to_frame(RtPool *pool, const RtArray *a, const IoPixLayout *l, const IoColour *k, AVFrame *f)
{
    Job j = {.a = a, .l = l, .k = k, .out = f};
    int bh = 1 << l->ch;
    rt_parallel_for(pool, (f->height + bh - 1) / bh, BAND_GRAIN, to_frame_band, &j);
    return atomic_load(&j.failed) ? -1 : 0;
}
