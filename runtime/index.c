/*
 * index.c - reading and writing array elements and regions on the host.
 *
 * Indices are zero-based and row-major. Each index is a number, ':' (all), or a vector
 * of numbers (ranges such as 0..2..8 or -127..128 arrive as vectors). One index on an
 * array is the linear index; fewer indices than dimensions leave the missing trailing
 * indices at 0, and more index a matrix as an MxNx1 cube (spec 004 §2.2: vec ⊂ mat ⊂
 * cube) and a vector along the one dimension its indices are not 0 in (a 1xN row, or the
 * 1x1xN that zeros(1, 1, N) made a vector: vector_axis). A region read drops the dimensions indexed by a
 * single number: A[:,0] is a vector.
 *
 * Out-of-range positions follow the variable's access mode (spec 001): reads under
 * 'safe give 0, 'mirror/'circular/'clamped map the position inside; writes under those
 * modes are ignored. Reads under the default mode ('checked on the host) raise an error
 * naming the array, the index and the size; writes under the default mode are ignored,
 * as spec 001's put modes say ('safe is the default put mode: B[-127..128, …] = … writes
 * the part inside B). 'checked and 'unchecked raise errors for writes too: 'unchecked is
 * checked on the host, where an interpreter has no speed to win by corrupting memory.
 * Arrays declared 'hwtex_linear / 'hwtex_nearest read at real positions through
 * texture.c.
 *
 * `A[a > b] = c` with a comparison or logical expression as the only index assigns
 * where the condition holds (the conditional assignment of spec 001 "Matrix Conditional
 * Assignment", which system.q describes as reductions).
 */
#include "kernels/qp_math.h"
#include "runtime/interp.h"
#include "runtime/residency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Sel {
    int n;                      /* number of index positions after padding */
    int64_t dims[RT_MAX_DIMS];  /* the array's dims seen with padding */
    int64_t count[RT_MAX_DIMS]; /* positions taken in each dimension */
    bool scalar[RT_MAX_DIMS];   /* indexed by a single number */
    const Value *idx[RT_MAX_DIMS];
    int64_t total;
} Sel;

static const char *array_name(Node *site)
{
    return site && site->kind == N_INDEX && site->a->kind == N_IDENT ? site->a->name : "array";
}

static int64_t wrap(RtMode mode, int64_t i, int64_t n, bool *outside)
{
    if (i >= 0 && i < n)
        return i;
    *outside = true;
    if (n <= 0)
        return -1;
    /* the same index arithmetic as kernels (kernels/qp_math.h) */
    switch (mode) {
    case RT_MODE_CIRCULAR: return qp_periodize_i(i, n);
    case RT_MODE_MIRROR: return qp_mirror_ext_i(i, n);
    case RT_MODE_CLAMPED: return qp_clamp_i(i, 0, n - 1);
    default: return -1;
    }
}

_Noreturn static void out_of_range(Rt *rt, Node *site, const RtArray *a, int nidx, const int64_t *pos)
{
    StrBuf sb = {0};
    sb_printf(&sb, "index out of range: %s[", array_name(site));
    for (int i = 0; i < nidx; i++)
        sb_printf(&sb, i ? ",%lld" : "%lld", (long long)pos[i]);
    sb_printf(&sb, "] with size(%s) = ", array_name(site));
    rt_format_dims(a, &sb);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", sb.s);
    sb_free(&sb);
    rt_error(rt, "%s", msg);
}

static int64_t index_number(Rt *rt, Value v)
{
    if (v.kind == V_INT)
        return v.i;
    double x = rt_to_real(rt, v, "an index");
    if (x != floor(x) || fabs(x) > 9e18)
        rt_error(rt, "an index must be an integer, not %g", x);
    return (int64_t)x;
}

static bool is_zero_index(const Value *v)
{
    return (v->kind == V_INT && v->i == 0) || (v->kind == V_SCALAR && v->r == 0);
}

/* The dimension that holds a vector's N elements under nidx >= 2 indices: its other
 * dimensions are singletons, so only 0 is in range there and every placement reads the
 * same element; the placement that fits the indices is taken. zeros(1, 1, N) is a
 * vector (spec 001) and is indexed x[0, 0, k]; a vector is a 1xN row (spec 004), so
 * x[0, k] and x[0, k, 0] index it too. Never dimension 0: a vector is not a column.
 * Without an index other than 0, or with several, the row: dimension 1. */
static int vector_axis(int nidx, const Value *idx)
{
    if (!is_zero_index(&idx[1]))
        return 1;
    for (int i = nidx - 1; i > 1; i--)
        if (!is_zero_index(&idx[i]))
            return i;
    return 1;
}

/* Lay the indices over the array's dims. */
static void select_region(Rt *rt, const RtArray *a, int nidx, const Value *idx, Sel *s)
{
    if (nidx > RT_MAX_DIMS)
        rt_error(rt, "too many indices");
    s->n = nidx;
    if (nidx == 1) {
        s->dims[0] = a->n;
    } else if (a->rank == 1) {
        /* a vector's elements lie along the one dimension it is indexed along */
        int axis = vector_axis(nidx, idx);
        for (int i = 0; i < nidx; i++)
            s->dims[i] = i == axis ? a->dims[0] : 1;
    } else if (nidx >= a->rank) {
        for (int i = 0; i < nidx; i++)
            s->dims[i] = i < a->rank ? a->dims[i] : 1;
    } else {
        /* fewer indices: the trailing dims are taken at 0, so merge nothing and keep
         * the first nidx dims with their strides */
        for (int i = 0; i < nidx; i++)
            s->dims[i] = a->dims[i];
    }
    s->total = 1;
    for (int i = 0; i < nidx; i++) {
        const Value *v = &idx[i];
        s->idx[i] = v;
        if (v->kind == V_UNDEF) {
            s->count[i] = s->dims[i];
            s->scalar[i] = false;
        } else if (v->kind == V_ARRAY) {
            if (v->a->elem == RT_VALUE || rt_elem_is_complex(v->a->elem))
                rt_error(rt, "an index must be a number or a vector of numbers");
            s->count[i] = v->a->n;
            s->scalar[i] = false;
        } else {
            s->count[i] = 1;
            s->scalar[i] = true;
        }
        s->total *= s->count[i];
    }
}

static int64_t pos_at(Rt *rt, const Sel *s, int d, int64_t k)
{
    const Value *v = s->idx[d];
    if (v->kind == V_UNDEF)
        return k;
    if (v->kind == V_ARRAY) {
        double x = rt_get_real(v->a, k);
        if (x != floor(x))
            rt_error(rt, "an index must be an integer, not %g", x);
        return (int64_t)x;
    }
    return index_number(rt, *v);
}

/* Strides of the padded view: row-major over s->dims, scaled when fewer indices
 * than dims leave trailing dims at 0. */
static void strides(const RtArray *a, const Sel *s, int64_t *st)
{
    int64_t tail = 1;
    if (s->n > 1 && s->n < a->rank)
        for (int i = s->n; i < a->rank; i++)
            tail *= a->dims[i];
    int64_t m = tail;
    for (int i = s->n - 1; i >= 0; i--) {
        st[i] = m;
        m *= s->dims[i];
    }
}

/* 'unchecked outside the array: the flat row-major offset a GPU computes from the
 * index (x[m, n, 1] of a one-channel image is the next pixel, which Quasar programs rely
 * on), or -1 (read as 0, a write dropped) outside the buffer, where spec 001 leaves the
 * result undefined: never a stray access. */
static int64_t unchecked_offset(const RtArray *a, int n, const int64_t *pos, const int64_t *st)
{
    int64_t off = 0;
    for (int d = 0; d < n; d++)
        off += pos[d] * st[d];
    return off >= 0 && off < a->n ? off : -1;
}

/* Visit every selected element: off < 0 means outside (and the mode said to skip). */
typedef void (*Visit)(void *ctx, int64_t k, int64_t off);

static void walk(Rt *rt, const RtArray *a, RtMode mode, bool writing, const Sel *s, Node *site, Visit fn,
                 void *ctx)
{
    int64_t st[RT_MAX_DIMS], ctr[RT_MAX_DIMS] = {0}, pos[RT_MAX_DIMS];
    strides(a, s, st);
    if (!s->total)
        return;
    for (int64_t k = 0;; k++) {
        int64_t off = 0;
        bool outside = false;
        /* every coordinate first, so that an error names the whole index */
        for (int d = 0; d < s->n; d++)
            pos[d] = pos_at(rt, s, d, ctr[d]);
        for (int d = 0; d < s->n; d++) {
            bool o = false;
            int64_t p = wrap(writing ? RT_MODE_SAFE : mode, pos[d], s->dims[d], &o);
            if (o) {
                outside = true;
                if (mode == RT_MODE_UNCHECKED)
                    break;
                if (mode == RT_MODE_DEFAULT || mode == RT_MODE_CHECKED)
                    out_of_range(rt, site, a, s->n, pos);
            }
            if (p < 0) {
                off = -1;
                break;
            }
            off += p * st[d];
        }
        if (outside && mode == RT_MODE_UNCHECKED)
            off = unchecked_offset(a, s->n, pos, st);
        fn(ctx, k, off);
        int d = s->n - 1;
        while (d >= 0 && ++ctr[d] == s->count[d])
            ctr[d--] = 0;
        if (d < 0)
            break;
    }
}

/* ---------------------------------------------------------------- reading */

typedef struct Gather {
    const RtArray *a;
    RtArray *r;
} Gather;

static void gather(void *ctx, int64_t k, int64_t off)
{
    Gather *g = ctx;
    if (off < 0) {
        if (g->r->elem == RT_VALUE)
            return;
        rt_set_real(g->r, k, 0, false);
        return;
    }
    size_t es = rt_elem_size(g->a->elem);
    if (g->a->elem == RT_VALUE) {
        Value v = ((const Value *)g->a->data)[off];
        rt_retain(v);
        ((Value *)g->r->data)[k] = v;
    } else {
        memcpy((char *)g->r->data + (size_t)k * es, (const char *)g->a->data + (size_t)off * es, es);
    }
}

static void scalar_offset(Rt *rt, const RtArray *a, RtMode mode, int nidx, const Value *idx, Node *site,
                          int64_t *off_out)
{
    Sel s;
    select_region(rt, a, nidx, idx, &s);
    int64_t st[RT_MAX_DIMS], pos[RT_MAX_DIMS], off = 0;
    strides(a, &s, st);
    for (int d = 0; d < nidx; d++)
        pos[d] = index_number(rt, idx[d]);
    for (int d = 0; d < nidx; d++) {
        bool o = false;
        int64_t p = wrap(mode, pos[d], s.dims[d], &o);
        if (o && mode == RT_MODE_UNCHECKED) {
            *off_out = unchecked_offset(a, nidx, pos, st);
            return;
        }
        if (o && (mode == RT_MODE_DEFAULT || mode == RT_MODE_CHECKED))
            out_of_range(rt, site, a, nidx, pos);
        if (p < 0) {
            *off_out = -1;
            return;
        }
        off += p * st[d];
    }
    *off_out = off;
}

static bool is_condition(Node *e);

/* B = A[A > 2]: the elements where the condition holds, as a vector (MATLAB's logical
 * indexing; spec 001 leaves reading under a condition undefined). */
static void mask_read(Rt *rt, const RtArray *a, const RtArray *mask, Value *dst)
{
    if (mask->n != a->n)
        rt_error(rt, "a condition index must have the size of the array (%lld elements, not %lld)",
                 (long long)a->n, (long long)mask->n);
    int64_t k = 0;
    for (int64_t i = 0; i < mask->n; i++)
        k += rt_get_real(mask, i) != 0;
    *dst = rt_array_new(a->elem, 1, &k);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    size_t es = rt_elem_size(a->elem);
    k = 0;
    for (int64_t i = 0; i < mask->n; i++) {
        if (rt_get_real(mask, i) == 0)
            continue;
        if (a->elem == RT_VALUE)
            ((Value *)dst->a->data)[k++] = rt_get_value(a, i);
        else
            memcpy((char *)dst->a->data + (size_t)k++ * es, (const char *)a->data + (size_t)i * es, es);
    }
}

/* A[pos] with pos a vector as long as A has dimensions (rank >= 2) is A[pos[0], pos[1], …],
 * as kernels write x[pos]. Inside a kernel, pos may also be longer than A's rank when its
 * extra entries are 0: a kernel declared over cubes (pos : ivec3) runs over a matrix as
 * a cube of one channel; and a vector indexed by a position of 2 or more numbers is read
 * along the dimension they name (select_region's vector_axis): the 1 x 1 x 3 frame that
 * zeros(1, 1, 3) made a vector, indexed t[pos] by a kernel over cubes, is t[pos[2]], not
 * the gather t[[pos[0], pos[1], pos[2]]] that host code means by a vector index. The
 * numbers are written to `tmp`. */
static Value *spread_position(const Rt *rt, const RtArray *a, Node *site, int *nidx, Value *idx, Value *tmp)
{
    if (*nidx != 1 || idx[0].kind != V_ARRAY || (a->rank < 2 && !rt->kernel))
        return idx;
    if (site && site->kind == N_INDEX && site->args.n == 1 && ((Node *)site->args.items[0])->kind == N_RANGE)
        return idx;     /* M[0..3] is a run of linear indices, not a position */
    const RtArray *p = idx[0].a;
    if (p->rank != 1 || p->n < a->rank || p->n > RT_MAX_DIMS || p->elem == RT_VALUE || rt_elem_is_complex(p->elem) ||
        p->n < 2)
        return idx;
    if (p->n > a->rank && a->rank >= 2) {
        if (!rt->kernel)
            return idx;
        for (int64_t i = a->rank; i < p->n; i++)
            if (rt_get_real(p, i) != 0)
                return idx;
    }
    for (int i = 0; i < p->n; i++)
        tmp[i] = rt_real(rt_get_real(p, i));
    *nidx = (int)p->n;
    return tmp;
}

/* A[i, j] on a 1 x M x N array indexes its last two dimensions: as a vector hides its
 * leading 1, an array built as zeros(1, M, N) or reshape(x, [1, M, N]) is read and written
 * as the M x N plane it holds. The leading indices 0 are written to `tmp`. */
static Value *skip_leading_ones(const RtArray *a, int *nidx, Value *idx, Value *tmp)
{
    int lead = a->rank - *nidx;
    if (*nidx < 2 || lead <= 0 || idx == tmp)
        return idx;
    for (int i = 0; i < lead; i++)
        if (a->dims[i] != 1)
            return idx;
    for (int i = 0; i < lead; i++)
        tmp[i] = rt_int(0);
    for (int i = 0; i < *nidx; i++)
        tmp[lead + i] = idx[i];
    *nidx = a->rank;
    return tmp;
}

void rt_index_get(Rt *rt, Value base, int nidx, Value *idx, Node *site, Value *dst)
{
    /* on the host: device copies newer than the host's come back (residency.h), after
     * the status of launches still running (kernel_settle.c) */
    rt_kernels_settle_for(rt, &base, 1);
    rt_kernels_settle_for(rt, idx, nidx);
    if (!rt_values_host(&base, 1, false) || !rt_values_host(idx, nidx, false))
        rt_error(rt, "'%s' could not be copied back from the GPU", array_name(site));
    if (base.kind == V_INT || base.kind == V_SCALAR || base.kind == V_COMPLEX) {
        /* a number is a 1-element array */
        for (int i = 0; i < nidx; i++)
            if (idx[i].kind != V_UNDEF && index_number(rt, idx[i]) != 0)
                rt_error(rt, "index out of range: %s[%lld] of a number", array_name(site),
                         (long long)index_number(rt, idx[i]));
        rt_retain(base);
        *dst = base;
        return;
    }
    if (base.kind == V_STRING) {
        if (nidx != 1)
            rt_error(rt, "a string takes one index");
        int64_t i = index_number(rt, idx[0]);
        if (i < 0 || (size_t)i >= base.s->len)
            rt_error(rt, "index out of range: %s[%lld] with length %zu", array_name(site), (long long)i,
                     base.s->len);
        *dst = rt_string_new(base.s->text + i, 1);
        return;
    }
    if (base.kind != V_ARRAY) {
        if (base.kind == V_UNDEF)
            rt_error(rt, "cannot index a call that returned no value");
        StrBuf sb = {0};
        char t[128];
        snprintf(t, sizeof t, "%s", rt_type_name(rt, base, &sb));
        sb_free(&sb);
        rt_error(rt, "cannot index a value of type '%s'", t);
    }
    RtArray *a = base.a;
    RtMode mode = (RtMode)(base.mode & RT_MODE_MASK);
    if (mode == RT_MODE_DEFAULT && rt->kernel)
        mode = RT_MODE_SAFE;    /* the default inside kernels (spec 004 §2.4.1) */
    if (nidx == 1 && site && site->kind == N_INDEX && site->args.n == 1 && is_condition(site->args.items[0]) &&
        idx[0].kind == V_ARRAY) {
        mask_read(rt, a, idx[0].a, dst);
        return;
    }
    Value tmp[RT_MAX_DIMS];
    idx = spread_position(rt, a, site, &nidx, idx, tmp);
    idx = skip_leading_ones(a, &nidx, idx, tmp);
    if ((base.mode & RT_MODE_TEX) && rt_texture_get(rt, base, nidx, idx, site, dst))
        return;     /* 'hwtex_linear / 'hwtex_nearest at real positions (texture.c) */
    bool all_scalar = true;
    for (int i = 0; i < nidx; i++)
        if (idx[i].kind == V_UNDEF || idx[i].kind == V_ARRAY)
            all_scalar = false;
    if (!nidx) {
        rt_retain(base);
        *dst = base;
        return;
    }
    if (all_scalar) {
        int64_t off;
        scalar_offset(rt, a, mode, nidx, idx, site, &off);
        if (off < 0)
            *dst = a->elem == RT_VALUE ? rt_undef() : rt_int(0);
        else
            *dst = rt_get_value(a, off);
        if (dst->kind == V_INT && (a->elem == RT_F32 || a->elem == RT_F64))
            *dst = rt_real((double)dst->i);
        return;
    }
    Sel s;
    select_region(rt, a, nidx, idx, &s);
    int64_t dims[RT_MAX_DIMS];
    int rank = 0;
    for (int i = 0; i < nidx; i++)
        if (!s.scalar[i])
            dims[rank++] = s.count[i];
    if (nidx == 2 && a->rank == 2 && !s.scalar[0] && s.scalar[1])
        dims[rank++] = 1;       /* A[rows, k] is a column, N x 1, as MATLAB-born code assumes */
    if (!rank)
        dims[rank++] = 1;
    *dst = rt_array_new(a->elem, rank, dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    dst->a->cls = a->cls;
    if (a->cls)
        a->cls->hdr.refs++;
    Gather g = {a, dst->a};
    walk(rt, a, mode, false, &s, site, gather, &g);
}

/* ---------------------------------------------------------------- writing */

typedef struct Scatter {
    RtArray *a;
    Value v;                    /* a number, or an array of `total` elements */
    bool from_array;
    bool sat;
} Scatter;

static void scatter(void *ctx, int64_t k, int64_t off)
{
    Scatter *s = ctx;
    if (off < 0)
        return;
    if (!s->from_array) {
        rt_set_value(s->a, off, s->v, s->sat);
        return;
    }
    RtArray *src = s->v.a;
    if (s->a->elem == src->elem && s->a->elem != RT_VALUE) {
        size_t es = rt_elem_size(src->elem);
        memcpy((char *)s->a->data + (size_t)off * es, (const char *)src->data + (size_t)k * es, es);
    } else if (s->a->elem == RT_VALUE) {
        Value e = rt_get_value(src, k);
        rt_store(&((Value *)s->a->data)[off], e);
    } else if (rt_elem_is_complex(src->elem)) {
        rt_set_cplx(s->a, off, rt_get_cplx(src, k));
    } else if (rt_elem_is_int(src->elem) && rt_elem_is_int(s->a->elem)) {
        Value e = rt_get_value(src, k);
        rt_set_value(s->a, off, e, s->sat);
    } else {
        rt_set_real(s->a, off, rt_get_real(src, k), s->sat);
    }
}

static bool is_condition(Node *e)
{
    if (e->kind == N_UNARY && e->op == T_BANG)
        return true;
    if (e->kind != N_BINARY)
        return false;
    switch (e->op) {
    case T_EQEQ: case T_NOTEQ: case T_LT: case T_GT: case T_LE: case T_GE: case T_ANDAND: case T_OROR:
        return true;
    default:
        return false;
    }
}

/* A[cond] = v: v a number or an array of A's shape. A number as the condition (the
 * condition compared numbers) selects every element or none, as the reductions of
 * system.q (x += (c - x) .* (a > b)) would. */
static void mask_assign(Rt *rt, RtArray *a, Value cond, Value v, bool sat)
{
    if (cond.kind != V_ARRAY) {
        if (!rt_truth(rt, cond))
            return;
        if (v.kind == V_ARRAY && v.a->n != a->n)
            rt_error(rt, "the value assigned under a condition must be a number or have the array's size");
        for (int64_t i = 0; i < a->n; i++) {
            Value e = v.kind == V_ARRAY ? rt_get_value(v.a, i) : v;
            rt_set_value(a, i, e, sat);
            if (v.kind == V_ARRAY)
                rt_release(e);
        }
        return;
    }
    RtArray *mask = cond.a;
    if (mask->n != a->n)
        rt_error(rt, "a condition index must have the size of the array (%lld elements, not %lld)",
                 (long long)a->n, (long long)mask->n);
    bool arr = v.kind == V_ARRAY;
    if (arr && v.a->n != a->n)
        rt_error(rt, "the value assigned under a condition must be a number or have the array's size");
    for (int64_t i = 0; i < a->n; i++) {
        if (rt_get_real(mask, i) == 0)
            continue;
        if (!arr) {
            rt_set_value(a, i, v, sat);
        } else {
            Value e = rt_get_value(v.a, i);
            rt_set_value(a, i, e, sat);
            rt_release(e);
        }
    }
}

void rt_index_set(Rt *rt, Value *base, int nidx, Value *idx, Value v, Node *site)
{
    /* the host writes: its copy current, the device's stale (residency.h) */
    rt_kernels_settle_for(rt, base, 1);
    rt_kernels_settle_for(rt, idx, nidx);
    rt_kernels_settle_for(rt, &v, 1);
    if (!rt_values_host(base, 1, true) || !rt_values_host(idx, nidx, false) || !rt_values_host(&v, 1, false))
        rt_error(rt, "'%s' could not be copied back from the GPU", array_name(site));
    if (base->kind != V_ARRAY) {
        if (base->kind == V_UNDEF)
            rt_error(rt, "'%s' is used before it is assigned", array_name(site));
        rt_error(rt, "cannot assign to an element of '%s': it is not an array", array_name(site));
    }
    RtArray *a = base->a;
    RtMode mode = (RtMode)(base->mode & RT_MODE_MASK);
    if (mode == RT_MODE_DEFAULT)
        mode = RT_MODE_SAFE;    /* the default put mode, host and kernels (spec 001) */
    bool sat = base->mode & RT_MODE_SAT;
    if (nidx == 1 && site && site->args.n == 1 && is_condition(site->args.items[0])) {
        mask_assign(rt, a, idx[0], v, sat);
        return;
    }
    Value tmp[RT_MAX_DIMS];
    idx = spread_position(rt, a, site, &nidx, idx, tmp);
    idx = skip_leading_ones(a, &nidx, idx, tmp);
    bool all_scalar = nidx > 0;
    for (int i = 0; i < nidx; i++)
        if (idx[i].kind == V_UNDEF || idx[i].kind == V_ARRAY)
            all_scalar = false;
    if (all_scalar) {
        int64_t off;
        RtMode wmode = mode == RT_MODE_DEFAULT || mode == RT_MODE_CHECKED || mode == RT_MODE_UNCHECKED
                           ? mode
                           : RT_MODE_SAFE;
        scalar_offset(rt, a, wmode, nidx, idx, site, &off);
        if (off < 0)
            return;
        if (a->elem != RT_VALUE && v.kind != V_INT && v.kind != V_SCALAR && v.kind != V_COMPLEX) {
            if (v.kind == V_ARRAY && v.a->n == 1 && v.a->elem != RT_VALUE) {
                Value e = rt_get_value(v.a, 0);
                rt_set_value(a, off, e, sat);
                rt_release(e);
                return;
            }
            rt_error(rt, "cannot store this value in an element of a numeric array");
        }
        if (v.kind == V_COMPLEX && !rt_elem_is_complex(a->elem) && a->elem != RT_VALUE)
            rt_error(rt, "cannot store a complex number in a real array");
        rt_set_value(a, off, v, sat);
        return;
    }
    Sel s;
    select_region(rt, a, nidx, idx, &s);
    Scatter sc = {a, v, false, sat};
    if (v.kind == V_ARRAY && !(a->elem == RT_VALUE && v.a->elem != RT_VALUE)) {
        if (v.a->n != s.total)
            rt_error(rt, "cannot assign %lld elements to a region of %lld", (long long)v.a->n, (long long)s.total);
        sc.from_array = true;
        if (rt_elem_is_complex(v.a->elem) && !rt_elem_is_complex(a->elem) && a->elem != RT_VALUE)
            rt_error(rt, "cannot store complex numbers in a real array");
        if (v.a == a) {
            /* A[…] = A: read from a copy */
            Value *c = rt_push(rt, 1);
            *c = rt_copy(v);
            sc.v = *c;
            walk(rt, a, mode, true, &s, site, scatter, &sc);
            rt_pop_to(rt, c);
            return;
        }
    } else if (a->elem != RT_VALUE && v.kind != V_INT && v.kind != V_SCALAR && v.kind != V_COMPLEX) {
        rt_error(rt, "cannot store this value in a numeric array");
    }
    walk(rt, a, mode, true, &s, site, scatter, &sc);
}
