/*
 * lib_create.c - builtins that create arrays and change their shape (lib.def, "creation
 * and shape"): zeros ones uninit eye rand randn linspace cell, size numel ndims, reshape
 * repmat transpose vertcat horzcat cat circshift copy isempty find diag, ind2pos pos2ind,
 * object and cast.
 *
 * Decisions (docs/language.md and /tmp/brief/semantics.md):
 * - Creation functions take dims as scalars or one vector and drop LEADING singleton
 *   dims (spec 001): zeros(1,5) is a vec of 5, zeros(3,1) a 3x1 mat. With no argument
 *   they return a scalar (zeros() is 0, rand() one number), as in MATLAB.
 * - Scalars and strings are not arrays: ndims(5) is 0, but size(5) is [1,1] and
 *   size("abc") is [1,3], as a MATLAB user expects; numel counts 1 and the length.
 * - size(x) is a vector of scalar element type (printing it shows integers); size(x, d)
 *   and the outputs of [a, b] = size(x) are ints; dims past ndims are 1.
 * - Concatenation is MATLAB's, zero-based: a vec is a 1xN row and a number a 1x1, so
 *   vertcat stacks vecs into a mat and horzcat joins them into a longer vec; empty
 *   operands are ignored; results drop leading singleton dims like creation functions.
 * - Arrays come back new (transpose, repmat … copy), except reshape, which shares the
 *   buffer: that is what makes it free on large images.
 * Numbers given where an array is expected act as a vector of one element of the
 * program's scalar (or complex) type: see arg_array.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* A result allocation: raise when memory ran out. */
static Value need(Rt *rt, Value v)
{
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    return v;
}

/* A number seen as a one-element array on the C stack, so that every builtin below
 * handles `repmat(5, 2, 2)` and `diag(3)` with its array code. */
typedef struct ArgArray {
    RtArray a;
    union {
        float f;
        double d;
        RtC32 c32;
        RtC64 c64;
    } one;
} ArgArray;

static const RtArray *arg_array(Rt *rt, Value v, ArgArray *tmp)
{
    if (v.kind == V_ARRAY)
        return v.a;
    if (v.kind != V_INT && v.kind != V_SCALAR && v.kind != V_COMPLEX)
        return NULL;
    memset(tmp, 0, sizeof *tmp);
    tmp->a.rank = 1;
    tmp->a.n = 1;
    tmp->a.dims[0] = 1;
    tmp->a.data = &tmp->one;
    if (v.kind == V_COMPLEX) {
        tmp->a.elem = rt_complex_elem(rt);
        if (rt->opt.dbl)
            tmp->one.c64 = rt_cget(v);
        else
            tmp->one.c32 = (RtC32){(float)rt_cget(v).re, (float)rt_cget(v).im};
        return &tmp->a;
    }
    double x = v.kind == V_INT ? (double)v.i : v.r;
    tmp->a.elem = rt_scalar_elem(rt);
    if (rt->opt.dbl)
        tmp->one.d = x;
    else
        tmp->one.f = (float)x;
    return &tmp->a;
}

/* The type name of v in a bounded buffer, for messages (names are short). */
static const char *type_text(Rt *rt, Value v, char *buf, size_t size)
{
    StrBuf sb = {0};
    snprintf(buf, size, "%s", rt_type_name(rt, v, &sb));
    sb_free(&sb);
    return buf;
}

/* An array argument or a number; anything else is an error naming the builtin. */
static const RtArray *need_array(Rt *rt, Value v, ArgArray *tmp, const char *fn)
{
    const RtArray *a = arg_array(rt, v, tmp);
    if (!a) {
        char t[128];
        rt_error(rt, "%s: expected an array or a number, not '%s'", fn, type_text(rt, v, t, sizeof t));
    }
    return a;
}

#define DIMS_TEXT_SIZE (RT_MAX_DIMS * 24 + 4)

/* "[4,2]": dims for messages; RT_MAX_DIMS bounds the length. */
static const char *dims_text(int rank, const int64_t *dims, char *buf)
{
    size_t used = 0;
    buf[used++] = '[';
    for (int i = 0; i < rank; i++)
        used += (size_t)snprintf(buf + used, DIMS_TEXT_SIZE - used, "%s%lld", i ? "," : "",
                                 (long long)dims[i]);
    snprintf(buf + used, DIMS_TEXT_SIZE - used, "]");
    return buf;
}

/* The element count of dims (each >= 0), or -1 when it is beyond any allocation. */
static int64_t dims_count(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] && n > INT64_MAX / 64 / dims[i])
            return -1;
        n *= dims[i];
    }
    return n;
}

/* After a raw copy of VALUE elements, each copy holds one more reference. */
static void retain_values(RtArray *a, int64_t begin, int64_t n)
{
    if (a->elem != RT_VALUE)
        return;
    Value *v = a->data;
    for (int64_t i = begin; i < begin + n; i++)
        rt_retain(v[i]);
}

/* A new array made from src's elements keeps its element class (vec[point]). */
static void keep_class(RtArray *dst, const RtArray *src)
{
    if (src->cls && dst->elem == RT_VALUE && !dst->cls) {
        dst->cls = src->cls;
        dst->cls->hdr.refs++;
    }
}

/* Copy n elements src[si…] to dst[di…], converting the element type when they differ. */
static void elem_copy(RtArray *dst, int64_t di, const RtArray *src, int64_t si, int64_t n)
{
    if (dst->elem == src->elem) {
        size_t es = rt_elem_size(dst->elem);
        memcpy((char *)dst->data + di * es, (const char *)src->data + si * es, (size_t)n * es);
        retain_values(dst, di, n);
        return;
    }
    for (int64_t k = 0; k < n; k++) {
        if (dst->elem == RT_VALUE) {
            Value v = rt_get_value(src, si + k);    /* a new reference for complex */
            rt_set_value(dst, di + k, v, false);
            rt_release(v);
        } else if (rt_elem_is_complex(dst->elem)) {
            rt_set_cplx(dst, di + k, rt_get_cplx(src, si + k));
        } else if (rt_elem_is_int(dst->elem) && rt_elem_is_int(src->elem)) {
            Value v = rt_get_value(src, si + k);
            rt_set_int(dst, di + k, v.i, false);
        } else {
            rt_set_real(dst, di + k, rt_get_real(src, si + k), false);
        }
    }
}

/* Dims of a creation function: canonical (leading singletons dropped). */
static int creation_dims(Rt *rt, int argc, const Value *argv, int64_t *dims)
{
    return rt_canon_dims(rt_dims_arg(rt, argc, argv, dims), dims);
}

/* ---------------------------------------------------------------- creation */

static void fill_real(RtArray *a, double x)
{
    if (a->elem == RT_F32) {
        float *p = a->data, f = (float)x;
        for (int64_t i = 0; i < a->n; i++)
            p[i] = f;
    } else {
        double *p = a->data;
        for (int64_t i = 0; i < a->n; i++)
            p[i] = x;
    }
}

/* zeros, ones, uninit: an array of the dims given, or a number without arguments. */
static void create(Rt *rt, int argc, Value *argv, double fill, bool set, Value *out)
{
    if (!argc) {
        out[0] = rt_real(fill);
        return;
    }
    int64_t dims[RT_MAX_DIMS];
    int rank = creation_dims(rt, argc, argv, dims);
    out[0] = need(rt, fill == 0 && set ? rt_array_new(rt_scalar_elem(rt), rank, dims)
                                       : rt_array_uninit(rt_scalar_elem(rt), rank, dims));
    if (set && fill != 0)
        fill_real(out[0].a, fill);
}

/* zeros(dims…) */
void lib_zeros(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    create(rt, argc, argv, 0, true, out);
}

/* ones(dims…) */
void lib_ones(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    create(rt, argc, argv, 1, true, out);
}

/* uninit(dims…): contents unspecified (whatever the allocator gives). */
void lib_uninit(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    create(rt, argc, argv, 0, false, out);
}

/* eye(n[, m]) */
void lib_eye(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t dims[2];
    dims[0] = rt_to_int(rt, argv[0], "the size of eye");
    dims[1] = argc > 1 ? rt_to_int(rt, argv[1], "the size of eye") : dims[0];
    if (dims[0] < 0 || dims[1] < 0)
        rt_error(rt, "eye: negative dimension");
    int rank = rt_canon_dims(2, dims);
    out[0] = need(rt, rt_array_new(rt_scalar_elem(rt), rank, dims));
    int64_t rows = rank == 2 ? dims[0] : 1, cols = dims[rank - 1];
    for (int64_t i = 0; i < rows && i < cols; i++)
        rt_set_real(out[0].a, i * cols + i, 1, false);
}


/* One uniform number at the program's precision, still in [0, 1): rounding 53 random
 * bits to float could give 1.0f, so single precision keeps the top 24 bits instead. */
static double uniform(Rt *rt)
{
    double u = rt_rand_uniform(rt);
    return rt->opt.dbl ? u : floor(u * 0x1p24) * 0x1p-24;
}

static void random_array(Rt *rt, int argc, Value *argv, bool normal, Value *out)
{
    if (!argc) {
        out[0] = rt_real(rt_round(rt, normal ? rt_rand_normal(rt) : uniform(rt)));
        return;
    }
    int64_t dims[RT_MAX_DIMS];
    int rank = creation_dims(rt, argc, argv, dims);
    out[0] = need(rt, rt_array_uninit(rt_scalar_elem(rt), rank, dims));
    rt_rand_fill(rt, out[0].a, normal);
}

/* rand(dims…): uniform in [0, 1), reproducible with --seed */
void lib_rand(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    random_array(rt, argc, argv, false, out);
}

/* randn(dims…): standard normal */
void lib_randn(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    random_array(rt, argc, argv, true, out);
}

/* linspace(a, b, n): n points from a to b, both ends included (n = 1 gives [b]). */
void lib_linspace(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    double a = rt_to_real(rt, argv[0], "the start of linspace");
    double b = rt_to_real(rt, argv[1], "the end of linspace");
    int64_t n = rt_to_int(rt, argv[2], "the count of linspace");
    if (n < 0)
        n = 0;
    out[0] = need(rt, rt_array_vec(rt_scalar_elem(rt), n));
    for (int64_t i = 0; i < n; i++)
        rt_set_real(out[0].a, i, i == n - 1 ? b : a + (b - a) * (double)i / (double)(n - 1), false);
}

/* cell(dims…): every element an empty vector (MATLAB's []), all sharing one; cell()
 * is an empty cell vector. */
void lib_cell(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t dims[RT_MAX_DIMS] = {0};
    int rank = argc ? creation_dims(rt, argc, argv, dims) : 1;
    out[0] = need(rt, rt_array_new(RT_VALUE, rank, dims));
    RtArray *c = out[0].a;
    if (!c->n)
        return;
    Value empty = need(rt, rt_array_vec(rt_scalar_elem(rt), 0));
    Value *v = c->data;
    for (int64_t i = 0; i < c->n; i++) {
        rt_retain(empty);
        v[i] = empty;
    }
    rt_release(empty);
}

/* ---------------------------------------------------------------- size and counts */

/* The dims size() reports: an array's own; [1,1] for numbers; [1,len] for strings. */
static int value_dims(Value v, int64_t *dims)
{
    if (v.kind == V_ARRAY) {
        memcpy(dims, v.a->dims, (size_t)v.a->rank * sizeof *dims);
        return v.a->rank;
    }
    dims[0] = 1;
    dims[1] = v.kind == V_STRING ? (int64_t)v.s->len : 1;
    return 2;
}

static int64_t dim_of(Rt *rt, int rank, const int64_t *dims, Value d)
{
    int64_t k = rt_to_int(rt, d, "the dimension of size");
    if (k < 0)
        rt_error(rt, "size: dimension %lld is negative", (long long)k);
    return k < rank ? dims[k] : 1;
}

static Value dims_vector(Rt *rt, int n, const int64_t *dims)
{
    Value v = need(rt, rt_array_vec(rt_scalar_elem(rt), n));
    for (int i = 0; i < n; i++)
        rt_set_real(v.a, i, (double)dims[i], false);
    return v;
}

/* size(x), size(x, d), size(x, 0..1), [a, b, …] = size(x[, ds]) */
void lib_size(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    int64_t dims[RT_MAX_DIMS];
    int rank = value_dims(argv[0], dims);
    if (argc == 1) {
        if (nout <= 1) {
            out[0] = dims_vector(rt, rank, dims);
            return;
        }
        for (int i = 0; i < nout; i++)
            out[i] = rt_int(i < rank ? dims[i] : 1);
        return;
    }
    Value d = argv[1];
    if (d.kind != V_ARRAY) {
        if (nout > 1)
            rt_error(rt, "size: %d outputs requested for one dimension", nout);
        out[0] = rt_int(dim_of(rt, rank, dims, d));
        return;
    }
    if (d.a->elem == RT_VALUE || rt_elem_is_complex(d.a->elem))
        rt_error(rt, "size: the dimensions must be integers");
    int64_t k = d.a->n;
    if (nout > 1) {
        if (nout > k)
            rt_error(rt, "size: %d outputs requested for %lld dimensions", nout, (long long)k);
        for (int i = 0; i < nout; i++)
            out[i] = rt_int(dim_of(rt, rank, dims, rt_get_value(d.a, i)));
        return;
    }
    out[0] = need(rt, rt_array_vec(rt_scalar_elem(rt), k));
    for (int64_t i = 0; i < k; i++)
        rt_set_real(out[0].a, i, (double)dim_of(rt, rank, dims, rt_get_value(d.a, i)), false);
}

/* numel(x): elements of an array, characters of a string, 1 for anything else. */
void lib_numel(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)rt, (void)argc, (void)nout;
    Value v = argv[0];
    out[0] = rt_int(v.kind == V_ARRAY ? v.a->n : v.kind == V_STRING ? (int64_t)v.s->len : 1);
}

/* ndims(x): the rank of an array; 0 for numbers and other non-arrays. */
void lib_ndims(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)rt, (void)argc, (void)nout;
    out[0] = rt_int(argv[0].kind == V_ARRAY ? argv[0].a->rank : 0);
}

/* isempty(x): 1 for arrays without elements and the empty string. */
void lib_isempty(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)rt, (void)argc, (void)nout;
    Value v = argv[0];
    out[0] = rt_int(v.kind == V_ARRAY ? v.a->n == 0 : v.kind == V_STRING ? v.s->len == 0 : 0);
}

/* ---------------------------------------------------------------- reshaping */

/* reshape(x, dims…): a new header over the same buffer. */
void lib_reshape(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t dims[RT_MAX_DIMS];
    int rank = rt_dims_arg(rt, argc - 1, argv + 1, dims);
    ArgArray tmp;
    const RtArray *a = need_array(rt, argv[0], &tmp, "reshape");
    if (dims_count(rank, dims) != a->n) {
        char buf[DIMS_TEXT_SIZE];
        rt_error(rt, "reshape: %lld element%s cannot have size %s", (long long)a->n, a->n == 1 ? "" : "s",
                 dims_text(rank, dims, buf));
    }
    if (argv[0].kind == V_ARRAY) {
        out[0] = need(rt, rt_array_reshape(argv[0].a, rank, dims));
        return;
    }
    out[0] = need(rt, rt_array_uninit(a->elem, rank, dims));
    elem_copy(out[0].a, 0, a, 0, 1);
}

/* repmat(x, reps…): x tiled reps[i] times along dimension i. A vec is a 1xN row when
 * two or more reps are given (repmat([1,2], 2, 2) is 2x4); with one rep it repeats
 * along its only dimension (repmat([1,2], 3) is [1,2,1,2,1,2]). */
void lib_repmat(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t reps[RT_MAX_DIMS], sd[RT_MAX_DIMS], od[RT_MAX_DIMS];
    int k = rt_dims_arg(rt, argc - 1, argv + 1, reps);
    ArgArray tmp;
    const RtArray *a = need_array(rt, argv[0], &tmp, "repmat");
    int r = a->rank;
    memcpy(sd, a->dims, (size_t)r * sizeof *sd);
    if (r == 1 && k >= 2) {
        sd[1] = sd[0];
        sd[0] = 1;
        r = 2;
    }
    int rank = r > k ? r : k;
    for (int i = 0; i < rank; i++) {
        if (i >= r)
            sd[i] = 1;
        if (i >= k)
            reps[i] = 1;
        od[i] = sd[i] * reps[i];
    }
    int64_t n = dims_count(rank, od);
    if (n < 0)
        rt_error(rt, "repmat: the result is too large");
    out[0] = need(rt, rt_array_uninit(a->elem, rank, od));
    RtArray *o = out[0].a;
    keep_class(o, a);
    /* each output row (all dims but the last) is the matching source row, repeated */
    int64_t row = sd[rank - 1], rows = n ? n / od[rank - 1] : 0;
    int64_t pos[RT_MAX_DIMS] = {0}, off = 0;
    for (int64_t ri = 0; ri < rows; ri++) {
        int64_t src = 0;
        for (int i = 0; i < rank - 1; i++)
            src = src * sd[i] + pos[i] % sd[i];
        for (int64_t j = 0; j < reps[rank - 1]; j++, off += row)
            elem_copy(o, off, a, src * row, row);
        for (int i = rank - 2; i >= 0 && ++pos[i] == od[i]; i--)
            pos[i] = 0;
    }
    o->rank = rt_canon_dims(rank, o->dims);
}

/* Copy element (i) of src to element (j) of dst, both of element size es. */
static inline void move_elem(char *dst, int64_t j, const char *src, int64_t i, size_t es)
{
    memcpy(dst + j * es, src + i * es, es);
}

/* transpose(x): of a matrix; a vec becomes an Nx1 mat, an Nx1 mat a 1xN mat. */
void lib_transpose(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value x = argv[0];
    if (x.kind == V_INT || x.kind == V_SCALAR || x.kind == V_COMPLEX) {
        rt_retain(x);
        out[0] = x;
        return;
    }
    ArgArray tmp;
    const RtArray *a = need_array(rt, x, &tmp, "transpose");
    if (a->rank > 2)
        rt_error(rt, "transpose: expected a vector or a matrix, not a %d-D array", a->rank);
    int64_t m = a->rank == 2 ? a->dims[0] : 1, n = a->dims[a->rank - 1];
    int64_t dims[2] = {n, m};
    out[0] = need(rt, rt_array_uninit(a->elem, 2, dims));
    RtArray *o = out[0].a;
    keep_class(o, a);
    size_t es = rt_elem_size(a->elem);
    if (es == 4) {
        const uint32_t *s = a->data;
        uint32_t *d = o->data;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                d[j * m + i] = s[i * n + j];
    } else if (es == 8) {
        const uint64_t *s = a->data;
        uint64_t *d = o->data;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                d[j * m + i] = s[i * n + j];
    } else {
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                move_elem(o->data, j * m + i, a->data, i * n + j, es);
    }
    retain_values(o, 0, o->n);
}

/* ---------------------------------------------------------------- concatenation */

typedef struct CatPart {
    ArgArray tmp;
    const RtArray *a;
    int64_t dims[RT_MAX_DIMS];  /* as a rank-`rank` array: vec = 1xN, trailing 1s */
} CatPart;

typedef struct Cat {
    int n;                      /* non-empty parts */
    CatPart *p;
    int rank;
    int64_t dims[RT_MAX_DIMS];  /* of the result */
    RtElem elem;
} Cat;

/* The element type of a concatenation: the parts' own when they agree. */
static RtElem cat_elem(Rt *rt, const Cat *c, const char **err)
{
    RtElem e = c->p[0].a->elem;
    bool same = true, cells = false, cplx = false;
    for (int i = 0; i < c->n; i++) {
        RtElem pe = c->p[i].a->elem;
        same &= pe == e;
        cells |= pe == RT_VALUE;
        cplx |= rt_elem_is_complex(pe);
    }
    if (same)
        return e;
    if (cells)
        *err = "cannot concatenate cells with numbers";
    return cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt);
}

/* Shape the parts to one rank, check that they agree except along dim; NULL if fine. */
static const char *cat_shape(Cat *c, int dim, char *msg, size_t size)
{
    int rank = dim + 1;
    for (int i = 0; i < c->n; i++) {
        int r = c->p[i].a->rank;
        if ((r < 2 ? 2 : r) > rank)
            rank = r < 2 ? 2 : r;
    }
    for (int i = 0; i < c->n; i++) {
        const RtArray *a = c->p[i].a;
        int64_t *d = c->p[i].dims;
        for (int k = 0; k < rank; k++)
            d[k] = 1;
        if (a->rank == 1)
            d[1] = a->dims[0];
        else
            memcpy(d, a->dims, (size_t)a->rank * sizeof *d);
    }
    c->rank = rank;
    memcpy(c->dims, c->p[0].dims, sizeof c->dims);
    c->dims[dim] = 0;
    for (int i = 0; i < c->n; i++) {
        const int64_t *d = c->p[i].dims;
        for (int k = 0; k < rank; k++) {
            if (k != dim && d[k] != c->dims[k]) {
                char a[DIMS_TEXT_SIZE], b[DIMS_TEXT_SIZE];
                snprintf(msg, size, "dimensions do not agree: %s and %s", dims_text(rank, c->p[0].dims, a),
                         dims_text(rank, d, b));
                return msg;
            }
        }
        c->dims[dim] += d[dim];
    }
    return NULL;
}

/* Copy the parts into the result: for each index before dim, each part's block. */
static void cat_copy(Cat *c, int dim, RtArray *o)
{
    int64_t outer = dims_count(dim, c->dims), inner = dims_count(c->rank - dim - 1, c->dims + dim + 1);
    int64_t off = 0;
    for (int64_t i = 0; i < outer; i++) {
        for (int k = 0; k < c->n; k++) {
            int64_t block = c->p[k].dims[dim] * inner;
            elem_copy(o, off, c->p[k].a, i * block, block);
            off += block;
        }
    }
}

/* Concatenate argv along dim (zero-based) into out[0]. */
static void concat(Rt *rt, const char *fn, int dim, int argc, Value *argv, Value *out)
{
    if (dim < 0 || dim >= RT_MAX_DIMS)
        rt_error(rt, "%s: dimension %d is out of range", fn, dim);
    Cat c = {0};
    c.p = malloc((size_t)(argc ? argc : 1) * sizeof *c.p);
    if (!c.p)
        rt_out_of_memory(rt);
    for (int i = 0; i < argc; i++) {
        const RtArray *a = arg_array(rt, argv[i], &c.p[c.n].tmp);
        if (!a) {
            free(c.p);
            char t[128];
            rt_error(rt, "%s: cannot concatenate a value of type '%s'", fn, type_text(rt, argv[i], t, sizeof t));
        }
        c.p[c.n].a = a;
        if (a->n)
            c.n++;
    }
    if (!c.n) {
        free(c.p);
        out[0] = need(rt, rt_array_vec(rt_scalar_elem(rt), 0));
        return;
    }
    char msg[2 * DIMS_TEXT_SIZE + 64];
    const char *err = cat_shape(&c, dim, msg, sizeof msg);
    c.elem = cat_elem(rt, &c, &err);
    if (err) {
        free(c.p);
        rt_error(rt, "%s: %s", fn, err);
    }
    Value r = rt_array_uninit(c.elem, c.rank, c.dims);
    if (r.kind == V_UNDEF) {
        free(c.p);
        rt_out_of_memory(rt);
    }
    out[0] = r;
    cat_copy(&c, dim, r.a);
    bool one_class = true;
    for (int i = 1; i < c.n; i++)
        one_class &= c.p[i].a->cls == c.p[0].a->cls;
    if (one_class)
        keep_class(r.a, c.p[0].a);
    free(c.p);
    r.a->rank = rt_canon_dims(r.a->rank, r.a->dims);
}

/* Strings in a horizontal concatenation make text, as with strcat. */
static bool cat_text(Rt *rt, int argc, Value *argv, Value *out)
{
    bool any = false;
    for (int i = 0; i < argc; i++)
        any |= argv[i].kind == V_STRING;
    if (!any)
        return false;
    StrBuf sb = {0};
    for (int i = 0; i < argc; i++)
        rt_format(rt, argv[i], &sb);
    Value s = rt_string_new(sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    out[0] = need(rt, s);
    return true;
}

/* vertcat(a, b, …): along dimension 0 (vecs become the rows of a mat). */
void lib_vertcat(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    concat(rt, "vertcat", 0, argc, argv, out);
}

/* horzcat(a, b, …): along dimension 1 (vecs join into a longer vec). */
void lib_horzcat(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    if (!cat_text(rt, argc, argv, out))
        concat(rt, "horzcat", 1, argc, argv, out);
}

/* cat(dim, a, b, …): along a zero-based dimension. */
void lib_cat(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t dim = rt_to_int(rt, argv[0], "the dimension of cat");
    if (dim < 0 || dim >= RT_MAX_DIMS)
        rt_error(rt, "cat: dimension %lld is out of range", (long long)dim);
    if (dim == 1 && cat_text(rt, argc - 1, argv + 1, out))
        return;
    concat(rt, "cat", (int)dim, argc - 1, argv + 1, out);
}

/* ---------------------------------------------------------------- circshift */

/* Shift the bytes of an array with dims along dimension d by s (0 < s < dims[d]). */
static void shift_dim(char *dst, const char *src, int rank, const int64_t *dims, int d, int64_t s, size_t es)
{
    int64_t outer = dims_count(d, dims), len = dims[d];
    size_t inner = (size_t)dims_count(rank - d - 1, dims + d + 1) * es;
    for (int64_t o = 0; o < outer; o++) {
        const char *from = src + (size_t)(o * len) * inner;
        char *to = dst + (size_t)(o * len) * inner;
        memcpy(to + (size_t)s * inner, from, (size_t)(len - s) * inner);
        memcpy(to, from + (size_t)(len - s) * inner, (size_t)s * inner);
    }
}

/* The shift of every dimension from circshift's arguments, normalised to [0, dim). */
static void circ_shifts(Rt *rt, const RtArray *a, int argc, Value *argv, int64_t *shift)
{
    for (int i = 0; i < RT_MAX_DIMS; i++)
        shift[i] = 0;
    Value s = argv[1];
    if (s.kind == V_ARRAY) {
        if (argc > 2)
            rt_error(rt, "circshift: give one shift per dimension, or one shift and a dimension");
        if (s.a->n > a->rank || s.a->elem == RT_VALUE || rt_elem_is_complex(s.a->elem))
            rt_error(rt, "circshift: %lld shifts for %d dimensions", (long long)s.a->n, a->rank);
        for (int64_t i = 0; i < s.a->n; i++)
            shift[i] = (int64_t)rt_get_real(s.a, i);
    } else {
        int64_t d = argc > 2 ? rt_to_int(rt, argv[2], "the dimension of circshift") : 0;
        if (d < 0)
            rt_error(rt, "circshift: dimension %lld is negative", (long long)d);
        if (d < a->rank)
            shift[d] = rt_to_int(rt, s, "the shift of circshift");
    }
    for (int i = 0; i < a->rank; i++) {
        int64_t n = a->dims[i];
        shift[i] = n ? ((shift[i] % n) + n) % n : 0;
    }
}

/* circshift(x, shift[, dim]): element i moves to i + shift (circularly); shift is one
 * number (along dim, default 0) or one number per dimension. */
void lib_circshift(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    Value x = argv[0];
    if (x.kind == V_INT || x.kind == V_SCALAR || x.kind == V_COMPLEX) {
        rt_retain(x);
        out[0] = x;
        return;
    }
    ArgArray tmp;
    const RtArray *a = need_array(rt, x, &tmp, "circshift");
    int64_t shift[RT_MAX_DIMS];
    circ_shifts(rt, a, argc, argv, shift);
    out[0] = need(rt, rt_array_uninit(a->elem, a->rank, a->dims));
    RtArray *o = out[0].a;
    keep_class(o, a);
    size_t es = rt_elem_size(a->elem), bytes = (size_t)a->n * es;
    /* the first shifted dimension moves x into the result, each further one goes
     * through a scratch copy */
    const char *src = a->data;
    char *scratch = NULL;
    bool moved = false;
    for (int d = 0; d < a->rank; d++) {
        if (!shift[d])
            continue;
        if (moved) {
            if (!scratch && !(scratch = malloc(bytes))) {
                memset(o->data, 0, bytes);  /* VALUE copies are not retained yet */
                rt_out_of_memory(rt);
            }
            memcpy(scratch, o->data, bytes);
            src = scratch;
        }
        shift_dim(o->data, src, a->rank, a->dims, d, shift[d], es);
        moved = true;
    }
    if (!moved)
        memcpy(o->data, a->data, bytes);
    free(scratch);
    retain_values(o, 0, o->n);
}

/* ---------------------------------------------------------------- copies and searches */

/* copy(x): a new array (cells and objects copied recursively). */
void lib_copy(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    out[0] = need(rt, rt_copy(argv[0]));
}

static bool nonzero(const RtArray *a, int64_t i)
{
    if (rt_elem_is_complex(a->elem)) {
        RtC64 c = rt_get_cplx(a, i);
        return c.re != 0 || c.im != 0;
    }
    return rt_get_real(a, i) != 0;
}

/* find(x): the positions of the nonzero elements, one row each, in storage order: a K x 2
 * matrix [row, col] for a vector (a 1 x N row: row 0) or a matrix, K x d for a d-D array.
 * Quasar's research code reads the columns of the answer (find(x < t)[:, 1] for the
 * indices along a row). [r, c] = find(x) gives the columns as separate vectors, as in
 * MATLAB. Positions above 2^24 are not exact in single precision (as everywhere scalars
 * hold integers). */
void lib_find(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    ArgArray tmp;
    const RtArray *a = need_array(rt, argv[0], &tmp, "find");
    if (a->elem == RT_VALUE)
        rt_error(rt, "find: expected a numeric array, not a cell");
    int d = a->rank < 2 ? 2 : a->rank, lead = d - a->rank;
    if (nout > d)
        rt_error(rt, "find: a %d-D array gives at most %d outputs, not %d", a->rank, d, nout);
    int64_t k = 0;
    for (int64_t i = 0; i < a->n; i++)
        k += nonzero(a, i);
    int64_t dims[2] = {k, d};
    Value pos = need(rt, rt_array_new(rt_scalar_elem(rt), 2, dims));
    int64_t p[RT_MAX_DIMS] = {0}, row = 0;
    for (int64_t i = 0; i < a->n; i++) {
        if (nonzero(a, i)) {
            for (int j = 0; j < d; j++)
                rt_set_real(pos.a, row * d + j, j < lead ? 0 : (double)p[j - lead], false);
            row++;
        }
        for (int j = a->rank - 1; j >= 0 && ++p[j] == a->dims[j]; j--)   /* next position */
            p[j] = 0;
    }
    if (nout <= 1) {
        out[0] = pos;
        return;
    }
    for (int j = 0; j < nout; j++) {
        out[j] = need(rt, rt_array_vec(rt_scalar_elem(rt), k));
        for (int64_t r = 0; r < k; r++)
            rt_set_real(out[j].a, r, rt_get_real(pos.a, r * d + j), false);
    }
    rt_release(pos);
}

/* diag(v): square matrix with v on its diagonal (v a vec, a number, or a 1xN / Nx1
 * mat); diag(M): the diagonal of a matrix as a vec. */
void lib_diag(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    ArgArray tmp;
    const RtArray *a = need_array(rt, argv[0], &tmp, "diag");
    if (a->elem == RT_VALUE)
        rt_error(rt, "diag: expected a numeric array, not a cell");
    if (a->rank > 2)
        rt_error(rt, "diag: expected a vector or a matrix, not a %d-D array", a->rank);
    if (a->rank == 1 || a->dims[0] == 1 || a->dims[1] == 1) {
        int64_t n = a->n, dims[2] = {n, n};
        if (dims_count(2, dims) < 0)
            rt_error(rt, "diag: the result is too large");
        out[0] = need(rt, rt_array_new(a->elem, 2, dims));
        for (int64_t i = 0; i < n; i++)
            elem_copy(out[0].a, i * n + i, a, i, 1);
        return;
    }
    int64_t cols = a->dims[1], n = a->dims[0] < cols ? a->dims[0] : cols;
    out[0] = need(rt, rt_array_vec(a->elem, n));
    for (int64_t i = 0; i < n; i++)
        elem_copy(out[0].a, i, a, i * cols + i, 1);
}

/* ---------------------------------------------------------------- positions */

/* ind2pos(dims, i): the row-major position of linear index i, as a vec; with several
 * outputs ([k, l] = ind2pos(…)) each coordinate is an int. */
void lib_ind2pos(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    int64_t dims[RT_MAX_DIMS], pos[RT_MAX_DIMS];
    int rank = rt_dims_arg(rt, 1, argv, dims);
    int64_t i = rt_to_int(rt, argv[1], "the index of ind2pos");
    if (i < 0 || i >= dims_count(rank, dims)) {
        char buf[DIMS_TEXT_SIZE];
        rt_error(rt, "ind2pos: index %lld is out of range for size %s", (long long)i, dims_text(rank, dims, buf));
    }
    for (int k = rank - 1; k >= 0; k--) {
        pos[k] = i % dims[k];
        i /= dims[k];
    }
    if (nout <= 1) {
        out[0] = dims_vector(rt, rank, pos);
        return;
    }
    for (int k = 0; k < nout; k++)
        out[k] = rt_int(k < rank ? pos[k] : 0);
}

/* pos2ind(dims, pos): the row-major linear index of a position (missing trailing
 * coordinates are 0). */
void lib_pos2ind(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    int64_t dims[RT_MAX_DIMS], pos[RT_MAX_DIMS] = {0};
    int rank = rt_dims_arg(rt, 1, argv, dims);
    Value p = argv[1];
    int np = 1;
    if (p.kind == V_ARRAY) {
        if (p.a->n > rank || p.a->elem == RT_VALUE || rt_elem_is_complex(p.a->elem))
            rt_error(rt, "pos2ind: a position of %lld coordinates for %d dimensions", (long long)p.a->n, rank);
        np = (int)p.a->n;
        for (int k = 0; k < np; k++)
            pos[k] = (int64_t)rt_get_real(p.a, k);
    } else {
        pos[0] = rt_to_int(rt, p, "the position of pos2ind");
    }
    int64_t index = 0;
    for (int k = 0; k < rank; k++) {
        if (pos[k] < 0 || pos[k] >= dims[k]) {
            char buf[DIMS_TEXT_SIZE];
            rt_error(rt, "pos2ind: coordinate %d (%lld) is out of range for size %s", k, (long long)pos[k],
                     dims_text(rank, dims, buf));
        }
        index = index * dims[k] + pos[k];
    }
    out[0] = rt_int(index);
}

/* object(): a dynamic object; fields are added by assignment. */
void lib_object(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)argv, (void)nout;
    out[0] = need(rt, rt_object_new(NULL, 0));
}

/* ---------------------------------------------------------------- cast */

/* Numeric targets of cast: a scalar kind or an element type. */
typedef enum CastKind { CAST_INT, CAST_REAL, CAST_CPLX, CAST_ELEM } CastKind;

typedef struct CastTo {
    CastKind kind;
    RtElem elem;                /* element type of arrays (and of CAST_ELEM numbers) */
} CastTo;

/* The element type a builtin type value stands for. types.c gives the plain names
 * (vec, cmat, scalar, cscalar …) F64/C64 for "the program's scalar": only a name that
 * says double means double precision. */
static RtElem type_elem(Rt *rt, const RtType *t)
{
    if (t->elem == RT_F64 && !strstr(t->name, "double"))
        return rt_scalar_elem(rt);
    if (t->elem == RT_C64)
        return rt_complex_elem(rt);
    return t->elem;
}

/* The numeric conversion a type names; false when it is not a numeric type. */
static bool cast_target(Rt *rt, const RtType *t, CastTo *to)
{
    if (t->kind != RT_T_NAMED || !t->name || (int)t->elem < 0 || t->elem >= RT_ELEM__COUNT)
        return false;
    RtElem e = type_elem(rt, t);
    CastKind k = CAST_ELEM;
    if (t->rank == 0 && !strcmp(t->name, "int"))
        k = CAST_INT;
    else if (t->rank == 0 && !strcmp(t->name, "scalar"))
        k = CAST_REAL;
    else if (t->rank == 0 && !strcmp(t->name, "cscalar"))
        k = CAST_CPLX;
    *to = (CastTo){k, e};
    return true;
}

/* The type argument of cast: a type, a type name, or a builtin that is also a type
 * (`int` is both a conversion function and a type). */
static RtType *type_arg(Rt *rt, Value v)
{
    switch (v.kind) {
    case V_TYPE: return v.t;
    case V_STRING: return rt_builtin_type(rt, v.s->text);
    case V_BUILTIN: return rt_builtin_type(rt, v.b->name);
    default: return NULL;
    }
}

/* A number converted to a scalar kind, through a one-element array of the element
 * type so that integer wrapping and float rounding are exactly those of arrays. */
static Value cast_number(Rt *rt, Value x, CastTo to)
{
    RtC64 c = rt_to_cplx(rt, x, "the value to cast");
    switch (to.kind) {
    case CAST_INT: return rt_int(x.kind == V_INT ? x.i : rt_to_int(rt, rt_real(c.re), "the value to cast"));
    case CAST_REAL: return rt_real(rt_round(rt, c.re));
    case CAST_CPLX: return rt_cplx(rt_round(rt, c.re), rt_round(rt, c.im));
    case CAST_ELEM: break;
    }
    union {
        int64_t i;
        double d;
        RtC64 c;
    } cell;
    RtArray one = {.elem = to.elem, .rank = 1, .n = 1, .dims = {1}, .data = &cell};
    if (to.elem == RT_VALUE) {
        rt_retain(x);
        return x;
    }
    if (x.kind == V_INT && rt_elem_is_int(to.elem))
        rt_set_int(&one, 0, x.i, false);
    else
        rt_set_cplx(&one, 0, c);
    return rt_get_value(&one, 0);
}

/* cast(x, type): numbers and arrays converted to a numeric type (int, scalar, cscalar,
 * int8 … uint64, single, double, vec[T] …); a value that already has a class type is
 * returned as it is. */
void lib_cast(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value x = argv[0], tv = argv[1];
    RtType *t = type_arg(rt, tv);
    if (!t)
        rt_error(rt, "cast: the second argument must be a type");
    CastTo to;
    if (!cast_target(rt, t, &to)) {
        if (t->kind == RT_T_CLASS && x.kind == V_OBJECT && x.obj->cls == t) {
            rt_retain(x);
            out[0] = x;
            return;
        }
        char a[128];
        rt_error(rt, "cast: cannot convert '%s' to '%s'", type_text(rt, x, a, sizeof a), t->name ? t->name : "?");
    }
    if (x.kind == V_INT || x.kind == V_SCALAR || x.kind == V_COMPLEX) {
        out[0] = need(rt, cast_number(rt, x, to));
        return;
    }
    if (x.kind != V_ARRAY || (x.a->elem == RT_VALUE && to.elem != RT_VALUE)) {
        char a[128];
        rt_error(rt, "cast: cannot convert '%s' to '%s'", type_text(rt, x, a, sizeof a), t->name ? t->name : "?");
    }
    out[0] = need(rt, rt_array_uninit(to.elem, x.a->rank, x.a->dims));
    elem_copy(out[0].a, 0, x.a, 0, x.a->n);
}
