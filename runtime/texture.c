/*
 * texture.c - reads of 'hwtex_linear and 'hwtex_nearest arrays at real positions.
 *
 * Spec 000 "Texture memory": an array declared `x : mat'hwtex_linear` is read with linear
 * (1-D), bilinear (2-D) or trilinear (3-D) interpolation; `'hwtex_nearest` takes the
 * nearest sample; `'hwtex_linear(n)` / `'hwtex_nearest(n)` hold n components in the last
 * dimension, which is indexed by integers and never interpolated. Position i is sample i
 * (not pixel-centred): x[0.5, 0.5] of [[0, 1], [2, 3]] is 1.5, the mean of the four. A
 * sample outside the array follows the array's access mode ('clamped, 'safe …), so
 * `'hwtex_linear'clamped` is CUDA's clamped texture; a neighbour whose weight is 0 is never
 * read, so integer positions read exactly what a plain array reads (and raise no error
 * where a plain read raises none). Nearest rounds halves up: x[0.5] is x[1].
 *
 * rt_texture_get is called by index.c once the position is spread into numbers; it reads
 * each neighbour through rt_index_get with the texture flags cleared, so access modes,
 * regions (x[p, q, 0..3]) and errors are those of ordinary reads. Kernels compiled by
 * lang/kaccess.c do the same arithmetic in C (its tex_read).
 */
#include "runtime/interp.h"

#include <math.h>
#include <string.h>

unsigned rt_texture_mode(const LangType *t)
{
    unsigned m = 0;
    for (int i = 0; t && i < t->nmods; i++) {
        const char *s = t->mods[i];
        size_t n = 0;
        if (!strncmp(s, "hwtex_linear", 12))
            m |= RT_MODE_TEX_LINEAR, n = 12;
        else if (!strncmp(s, "hwtex_nearest", 13))
            m |= RT_MODE_TEX_NEAREST, n = 13;
        else
            continue;
        if (s[n] == '(')
            m |= RT_MODE_TEX_COMPS;
    }
    return m;
}

/* A position to interpolate at: a finite real that is not an integer. */
static bool real_position(Value v, double *x)
{
    if (v.kind != V_SCALAR || !isfinite(v.r) || fabs(v.r) > 9e15 || v.r == floor(v.r))
        return false;
    *x = v.r;
    return true;
}

bool rt_texture_get(Rt *rt, Value base, int nidx, const Value *idx, Node *site, Value *dst)
{
    unsigned tex = base.mode & RT_MODE_TEX;
    if (!tex || base.kind != V_ARRAY || nidx < 1 || nidx > RT_MAX_DIMS)
        return false;
    int comp = (tex & RT_MODE_TEX_COMPS) && nidx >= 2 && nidx == base.a->rank ? nidx - 1 : -1;
    int dim[RT_MAX_DIMS], m = 0;
    double lo[RT_MAX_DIMS], frac[RT_MAX_DIMS];
    for (int i = 0; i < nidx; i++) {
        double x;
        if (i == comp || !real_position(idx[i], &x))
            continue;
        dim[m] = i;
        lo[m] = floor(x);
        frac[m] = x - lo[m];
        m++;
    }
    if (!m)
        return false;
    if (rt_elem_is_complex(base.a->elem) || base.a->elem == RT_VALUE)
        rt_error(rt, "texture reads at real positions need an array of real numbers");
    Value plain = base;
    plain.mode &= ~(uint32_t)RT_MODE_TEX;
    Value *at = rt_push(rt, nidx + 2), *acc = at + nidx, *got = at + nidx + 1;
    for (int i = 0; i < nidx; i++) {
        at[i] = idx[i];
        rt_retain(at[i]);       /* rooted: an error unwinds the stack and releases it */
    }
    if (tex & RT_MODE_TEX_NEAREST && !(tex & RT_MODE_TEX_LINEAR)) {
        for (int j = 0; j < m; j++)
            at[dim[j]] = rt_real(lo[j] + (frac[j] >= 0.5));
        rt_index_get(rt, plain, nidx, at, site, dst);
        rt_pop_to(rt, at);
        return true;
    }
    double sum = 0;
    for (int corner = 0; corner < 1 << m; corner++) {
        double w = 1;
        for (int j = 0; j < m; j++) {
            bool up = corner >> j & 1;
            w *= up ? frac[j] : 1 - frac[j];
            at[dim[j]] = rt_real(lo[j] + up);
        }
        if (w == 0)
            continue;
        rt_index_get(rt, plain, nidx, at, site, got);
        if (got->kind == V_ARRAY) {
            RtArray *g = got->a;
            if (acc->kind == V_UNDEF) {
                *acc = rt_array_new(RT_F64, g->rank, g->dims);
                if (acc->kind == V_UNDEF)
                    rt_out_of_memory(rt);
            }
            for (int64_t k = 0; k < g->n && k < acc->a->n; k++)
                ((double *)acc->a->data)[k] += w * rt_get_real(g, k);
        } else {
            sum += w * rt_to_real(rt, *got, "a texture sample");
        }
        rt_store(got, rt_undef());
    }
    if (acc->kind == V_ARRAY) {
        if (base.a->elem == RT_F32) {
            /* a single-precision texture gives single-precision regions */
            Value r = rt_array_new(RT_F32, acc->a->rank, acc->a->dims);
            if (r.kind == V_UNDEF)
                rt_out_of_memory(rt);
            for (int64_t k = 0; k < r.a->n; k++)
                ((float *)r.a->data)[k] = (float)((double *)acc->a->data)[k];
            rt_store(acc, r);
        }
        *dst = *acc;
        *acc = rt_undef();
    } else {
        *dst = rt_real(sum);
    }
    rt_pop_to(rt, at);
    return true;
}
