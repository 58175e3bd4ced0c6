/*
 * lib_reduce.c - the reductions of the builtin library (lib.def "reductions"): sum prod
 * mean std var median cumsum cumprod any all.
 *
 * Every reduction works either over all elements (`sum(x)`: one number) or along a
 * zero-based dimension (`sum(x, dim)`): the result keeps the rank with size 1 in that
 * dimension, so sum([[1,2,3],[4,5,6]], 0) is the 1x3 matrix [[5,7,9]]. Decisions:
 *  - A vec reduced along dimension 0 gives a number, as over all elements (a 1-element
 *    vec would only get in the way); a dimension at or beyond ndims has size 1, so the
 *    reduction is taken over single elements (sum(x, 5) is x, var(x, 5) zeros).
 *  - Accumulation is in double (complex double) whatever the element type: the sum of
 *    10^6 float ones is exactly 10^6. Results are scalars (complex for complex input);
 *    sum and prod of ints or integer arrays over all elements give an int.
 *  - std and var normalise by N-1 as MATLAB does (N == 1 gives 0); the variance of
 *    complex data is the mean squared modulus of the deviations, a real number.
 *  - median averages the two middle values of an even count; any NaN gives NaN;
 *    complex input is an error.
 *  - any/all give int 0/1 over all elements and 0/1 arrays along a dimension; NaN counts
 *    as non-zero (as in conditions). Empty input: sum 0, prod 1, mean/var/std/median NaN,
 *    any 0, all 1.
 *  - cumsum/cumprod keep the shape; without `dim` they run along the last dimension
 *    longer than 1: the vector itself for a vec, along each row (dimension 1) for a
 *    matrix, as Quasar does (docs/runtime.md: real programs write cumsum(x) for
 *    MATLAB's cumsum(x, 2) and transpose(cumsum(transpose(x))) for cumsum(x, 1)).
 *
 * Over all elements, arrays are cut into fixed blocks of BLOCK elements; the blocks are
 * folded on the thread pool into per-block partial results, combined in block order, so
 * the result does not depend on the thread count. Along a dimension, the lines are
 * shared out on the pool.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Elements per block of an all-elements fold: large enough that the pool's overhead
 * vanishes, small enough that a 1920x1080x3 image splits across every core. */
#define BLOCK (1 << 16)

typedef enum Op { OP_SUM, OP_PROD, OP_MEAN, OP_VAR, OP_STD, OP_MEDIAN, OP_ANY, OP_ALL } Op;

/* Elements off, off+stride, … (len of them) of an array. */
typedef struct Line {
    int64_t off, stride, len;
} Line;

/* ---------------------------------------------------------------- argument checks */

_Noreturn static void not_numeric(Rt *rt, const char *name, Value x)
{
    StrBuf sb = {0};
    char type[128];
    snprintf(type, sizeof type, "%s", rt_type_name(rt, x, &sb));
    sb_free(&sb);
    rt_error(rt, "'%s' needs numbers, not '%s'", name, type);
}

/* The array of a reduction's argument, or NULL for a number. */
static const RtArray *numeric_arg(Rt *rt, const char *name, Value x)
{
    if (x.kind == V_INT || x.kind == V_SCALAR || x.kind == V_COMPLEX)
        return NULL;
    if (x.kind != V_ARRAY || !rt_elem_is_numeric(x.a->elem))
        not_numeric(rt, name, x);
    return x.a;
}

static int64_t dim_arg(Rt *rt, int argc, Value *argv)
{
    if (argc < 2)
        return -1;
    int64_t d = rt_to_int(rt, argv[1], "the dimension");
    if (d < 0)
        rt_error(rt, "the dimension must be 0 or more, not %lld", (long long)d);
    return d;
}


static Value new_array(Rt *rt, RtElem e, int rank, const int64_t *dims)
{
    Value v = rt_array_uninit(e, rank, dims);
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    return v;
}

/* ---------------------------------------------------------------- folding one line */

static RtC64 cmul(RtC64 a, RtC64 b) { return (RtC64){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

/* Eight independent accumulators keep the adds pipelined (one chain would be latency
 * bound) and let the compiler pair them in vector registers; named variables, not an
 * array, so that they stay in registers (3x faster with gcc 12). The order of the adds
 * is fixed, so the result is too. */
#define SUM8(T, name)                                                           \
    static double name(const T *x, int64_t n)                                   \
    {                                                                           \
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;  \
        int64_t i = 0;                                                          \
        for (; i + 8 <= n; i += 8) {                                            \
            s0 += x[i], s1 += x[i + 1], s2 += x[i + 2], s3 += x[i + 3];         \
            s4 += x[i + 4], s5 += x[i + 5], s6 += x[i + 6], s7 += x[i + 7];     \
        }                                                                       \
        for (; i < n; i++)                                                      \
            s0 += x[i];                                                         \
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));               \
    }
SUM8(float, sum_f32)
SUM8(double, sum_f64)

static RtC64 line_sum(const RtArray *a, Line l)
{
    if (l.stride == 1 && a->elem == RT_F32)
        return (RtC64){sum_f32((const float *)a->data + l.off, l.len), 0};
    if (l.stride == 1 && a->elem == RT_F64)
        return (RtC64){sum_f64((const double *)a->data + l.off, l.len), 0};
    RtC64 s = {0, 0};
    if (rt_elem_is_complex(a->elem)) {
        for (int64_t j = 0; j < l.len; j++) {
            RtC64 z = rt_get_cplx(a, l.off + j * l.stride);
            s.re += z.re;
            s.im += z.im;
        }
    } else {
        for (int64_t j = 0; j < l.len; j++)
            s.re += rt_get_real(a, l.off + j * l.stride);
    }
    return s;
}

static RtC64 line_prod(const RtArray *a, Line l)
{
    RtC64 p = {1, 0};
    if (rt_elem_is_complex(a->elem)) {
        for (int64_t j = 0; j < l.len; j++)
            p = cmul(p, rt_get_cplx(a, l.off + j * l.stride));
    } else {
        for (int64_t j = 0; j < l.len; j++)
            p.re *= rt_get_real(a, l.off + j * l.stride);
    }
    return p;
}

/* Sum of squared distances to `c` (moduli for complex data). */
static double line_sqdev(const RtArray *a, Line l, RtC64 c)
{
    double s = 0;
    for (int64_t j = 0; j < l.len; j++) {
        RtC64 z = rt_get_cplx(a, l.off + j * l.stride);
        double dr = z.re - c.re, di = z.im - c.im;
        s += dr * dr + di * di;
    }
    return s;
}

static double line_nonzero(const RtArray *a, Line l)
{
    int64_t k = 0;
    for (int64_t j = 0; j < l.len; j++) {
        RtC64 z = rt_get_cplx(a, l.off + j * l.stride);
        k += z.re != 0 || z.im != 0;
    }
    return (double)k;
}

/* ---------------------------------------------------------------- all elements, in blocks */

typedef enum Fold { F_SUM, F_PROD, F_SQDEV, F_NONZERO } Fold;

static RtC64 fold_line(const RtArray *a, Fold f, RtC64 c, Line l)
{
    switch (f) {
    case F_SUM: return line_sum(a, l);
    case F_PROD: return line_prod(a, l);
    case F_SQDEV: return (RtC64){line_sqdev(a, l, c), 0};
    default: return (RtC64){line_nonzero(a, l), 0};
    }
}

typedef struct Blocks {
    const RtArray *a;
    Fold f;
    RtC64 c;
    RtC64 *part;
} Blocks;

static void fold_blocks(void *ctx, int64_t lo, int64_t hi)
{
    Blocks *B = ctx;
    for (int64_t b = lo; b < hi; b++) {
        int64_t off = b * BLOCK, len = B->a->n - off < BLOCK ? B->a->n - off : BLOCK;
        B->part[b] = fold_line(B->a, B->f, B->c, (Line){off, 1, len});
    }
}

static RtC64 fold_all(Rt *rt, const RtArray *a, Fold f, RtC64 c)
{
    int64_t nb = (a->n + BLOCK - 1) / BLOCK;
    if (nb <= 1)
        return fold_line(a, f, c, (Line){0, 1, a->n});
    Blocks B = {a, f, c, malloc((size_t)nb * sizeof(RtC64))};
    if (!B.part)
        rt_out_of_memory(rt);
    rt_parallel_for(rt->pool, nb, 1, fold_blocks, &B);
    RtC64 r = B.part[0];
    for (int64_t b = 1; b < nb; b++) {
        if (f == F_PROD)
            r = cmul(r, B.part[b]);
        else
            r = (RtC64){r.re + B.part[b].re, r.im + B.part[b].im};
    }
    free(B.part);
    return r;
}

/* ---------------------------------------------------------------- median */

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* `tmp` has room for l.len doubles. */
static double line_median(const RtArray *a, Line l, double *tmp)
{
    if (l.len == 0)
        return NAN;
    for (int64_t j = 0; j < l.len; j++) {
        tmp[j] = rt_get_real(a, l.off + j * l.stride);
        if (isnan(tmp[j]))
            return NAN;
    }
    qsort(tmp, (size_t)l.len, sizeof *tmp, cmp_double);
    int64_t h = l.len / 2;
    return l.len % 2 ? tmp[h] : (tmp[h - 1] + tmp[h]) / 2;
}

/* ---------------------------------------------------------------- one reduction of a line */

/* The value of `op` over one line; `tmp` is scratch for the median (NULL otherwise).
 * `all` folds in parallel blocks (the line is then the whole array). */
static RtC64 reduce_line(Rt *rt, const RtArray *a, Op op, Line l, double *tmp, bool all)
{
    RtC64 z = {0, 0}, none = {0, 0};
    double n = (double)l.len;
    switch (op) {
    case OP_SUM: return all ? fold_all(rt, a, F_SUM, none) : line_sum(a, l);
    case OP_PROD: return all ? fold_all(rt, a, F_PROD, none) : line_prod(a, l);
    case OP_MEAN:
        z = all ? fold_all(rt, a, F_SUM, none) : line_sum(a, l);
        return (RtC64){z.re / n, z.im / n};
    case OP_VAR:
    case OP_STD: {
        if (l.len == 0)
            return (RtC64){NAN, 0};
        if (l.len == 1)
            return none;
        z = all ? fold_all(rt, a, F_SUM, none) : line_sum(a, l);
        RtC64 mean = {z.re / n, z.im / n};
        double s = all ? fold_all(rt, a, F_SQDEV, mean).re : line_sqdev(a, l, mean);
        double v = s / (n - 1);
        return (RtC64){op == OP_STD ? sqrt(v) : v, 0};
    }
    case OP_MEDIAN: return (RtC64){line_median(a, l, tmp), 0};
    case OP_ANY:
    case OP_ALL: {
        double k = all ? fold_all(rt, a, F_NONZERO, none).re : line_nonzero(a, l);
        return (RtC64){op == OP_ANY ? k > 0 : k == n, 0};
    }
    }
    return z;
}

static bool result_is_complex(const RtArray *a, Op op)
{
    return rt_elem_is_complex(a->elem) && (op == OP_SUM || op == OP_PROD || op == OP_MEAN);
}

/* ---------------------------------------------------------------- numbers */

static void reduce_number(Rt *rt, Value x, Op op, Value *dst)
{
    RtC64 z = x.kind == V_COMPLEX ? rt_cget(x) : (RtC64){x.kind == V_INT ? (double)x.i : x.r, 0};
    bool cplx = x.kind == V_COMPLEX;
    switch (op) {
    case OP_SUM:
    case OP_PROD:
        if (x.kind == V_INT) {
            *dst = x;
            return;
        }
        *dst = rt_number(rt, z, cplx);
        return;
    case OP_MEAN: *dst = rt_number(rt, z, cplx); return;
    case OP_VAR:
    case OP_STD: *dst = rt_real(0); return;
    case OP_MEDIAN:
        if (cplx)
            rt_error(rt, "'median' needs real numbers");
        *dst = rt_real(rt_round(rt, z.re));
        return;
    case OP_ANY:
    case OP_ALL: *dst = rt_int(z.re != 0 || z.im != 0); return;
    }
}

/* ---------------------------------------------------------------- over all elements */

static void reduce_all(Rt *rt, const RtArray *a, Op op, Value *dst)
{
    double *tmp = NULL;
    if (op == OP_MEDIAN) {
        tmp = malloc((size_t)(a->n ? a->n : 1) * sizeof *tmp);
        if (!tmp)
            rt_out_of_memory(rt);
    }
    RtC64 z = reduce_line(rt, a, op, (Line){0, 1, a->n}, tmp, true);
    free(tmp);
    if (op == OP_ANY || op == OP_ALL)
        *dst = rt_int(z.re != 0);
    else if ((op == OP_SUM || op == OP_PROD) && rt_elem_is_int(a->elem))
        *dst = rt_int(fabs(z.re) < 9.2e18 ? (int64_t)z.re : 0);
    else
        *dst = rt_number(rt, z, result_is_complex(a, op));
}

/* ---------------------------------------------------------------- along a dimension */

/* The array seen as outer x len x inner around dimension `dim`. */
typedef struct Around {
    int64_t outer, len, inner;
} Around;

static Around around(const RtArray *a, int64_t dim)
{
    Around s = {1, 1, 1};
    for (int i = 0; i < a->rank; i++) {
        if (i < dim)
            s.outer *= a->dims[i];
        else if (i == dim)
            s.len = a->dims[i];
        else
            s.inner *= a->dims[i];
    }
    return s;
}

/* Line number k (of outer * inner) runs along the dimension. */
static Line line_at(Around s, int64_t k)
{
    int64_t o = k / s.inner, i = k % s.inner;
    return (Line){o * s.len * s.inner + i, s.inner, s.len};
}

typedef struct Lines {
    Rt *rt;
    const RtArray *a;
    RtArray *r;
    Op op;
    Around s;
    bool failed;                /* scratch memory ran out in a worker */
} Lines;

static void reduce_lines(void *ctx, int64_t lo, int64_t hi)
{
    Lines *L = ctx;
    double *tmp = NULL;
    if (L->op == OP_MEDIAN && !(tmp = malloc((size_t)(L->s.len ? L->s.len : 1) * sizeof *tmp))) {
        L->failed = true;
        return;
    }
    bool cplx = rt_elem_is_complex(L->r->elem);
    for (int64_t k = lo; k < hi; k++) {
        RtC64 z = reduce_line(L->rt, L->a, L->op, line_at(L->s, k), tmp, false);
        if (cplx)
            rt_set_cplx(L->r, k, z);
        else
            rt_set_real(L->r, k, z.re, false);
    }
    free(tmp);
}

/* Lines per chunk so that a chunk covers at least about BLOCK elements. */
static int64_t line_grain(Around s) { return s.len >= BLOCK ? 1 : BLOCK / (s.len ? s.len : 1); }

static void reduce_dim(Rt *rt, const RtArray *a, Op op, int64_t dim, Value *dst)
{
    if (a->rank == 1 && dim == 0) {
        reduce_all(rt, a, op, dst);
        return;
    }
    Around s = around(a, dim);
    int64_t dims[RT_MAX_DIMS];
    memcpy(dims, a->dims, (size_t)a->rank * sizeof *dims);
    if (dim < a->rank)
        dims[dim] = 1;
    RtElem e = result_is_complex(a, op) ? rt_complex_elem(rt) : rt_scalar_elem(rt);
    *dst = new_array(rt, e, a->rank, dims);
    Lines L = {rt, a, dst->a, op, s, false};
    rt_parallel_for(rt->pool, s.outer * s.inner, line_grain(s), reduce_lines, &L);
    if (L.failed)
        rt_out_of_memory(rt);
}

/* ---------------------------------------------------------------- entry of the reductions */

static void reduce(Rt *rt, const char *name, Op op, int argc, Value *argv, Value *dst)
{
    const RtArray *a = numeric_arg(rt, name, argv[0]);
    int64_t dim = dim_arg(rt, argc, argv);
    if (a && op == OP_MEDIAN && rt_elem_is_complex(a->elem))
        rt_error(rt, "'median' needs real numbers");
    if (!a)
        reduce_number(rt, argv[0], op, dst);
    else if (dim < 0)
        reduce_all(rt, a, op, dst);
    else
        reduce_dim(rt, a, op, dim, dst);
}

/* The builtins: lib_<name> reduces with `op` (lib.def). */
#define REDUCTION(name, op)                                                   \
    void lib_##name(Rt *rt, int argc, Value *argv, int nout, Value *out)      \
    {                                                                         \
        (void)nout;                                                           \
        reduce(rt, #name, op, argc, argv, &out[0]);                           \
    }

REDUCTION(sum, OP_SUM)

REDUCTION(prod, OP_PROD)

REDUCTION(mean, OP_MEAN)

REDUCTION(var, OP_VAR)

REDUCTION(std, OP_STD)

REDUCTION(median, OP_MEDIAN)

REDUCTION(any, OP_ANY)

REDUCTION(all, OP_ALL)

/* ---------------------------------------------------------------- cumulative */

typedef struct Cumul {
    const RtArray *a;
    RtArray *r;
    bool prod;
    Around s;
} Cumul;

static void cumulate_lines(void *ctx, int64_t lo, int64_t hi)
{
    Cumul *C = ctx;
    bool cplx = rt_elem_is_complex(C->a->elem);
    for (int64_t k = lo; k < hi; k++) {
        Line l = line_at(C->s, k);
        RtC64 acc = {C->prod ? 1 : 0, 0};
        for (int64_t j = 0; j < l.len; j++) {
            int64_t i = l.off + j * l.stride;
            RtC64 z = cplx ? rt_get_cplx(C->a, i) : (RtC64){rt_get_real(C->a, i), 0};
            acc = C->prod ? cmul(acc, z) : (RtC64){acc.re + z.re, acc.im + z.im};
            if (cplx)
                rt_set_cplx(C->r, i, acc);
            else
                rt_set_real(C->r, i, acc.re, false);
        }
    }
}

/* Quasar's default: the last dimension longer than 1 (row-major storage's innermost). */
static int64_t last_long_dim(const RtArray *a)
{
    for (int i = a->rank - 1; i >= 0; i--)
        if (a->dims[i] > 1)
            return i;
    return 0;
}

static void cumulate(Rt *rt, const char *name, bool prod, int argc, Value *argv, Value *dst)
{
    const RtArray *a = numeric_arg(rt, name, argv[0]);
    int64_t dim = dim_arg(rt, argc, argv);
    if (!a) {
        Value x = argv[0];
        *dst = x.kind == V_INT ? x : x.kind == V_COMPLEX ? rt_number(rt, rt_cget(x), true) : rt_real(x.r);
        return;
    }
    if (dim < 0)
        dim = last_long_dim(a);
    bool cplx = rt_elem_is_complex(a->elem);
    *dst = new_array(rt, cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt), a->rank, a->dims);
    Cumul C = {a, dst->a, prod, around(a, dim)};
    rt_parallel_for(rt->pool, C.s.outer * C.s.inner, line_grain(C.s), cumulate_lines, &C);
}

void lib_cumsum(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    cumulate(rt, "cumsum", false, argc, argv, &out[0]);
}

void lib_cumprod(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    cumulate(rt, "cumprod", true, argc, argv, &out[0]);
}
