/*
 * ops.c - operators on values: arithmetic, comparisons and logic, elementwise over
 * arrays with scalar broadcast, the matrix product, complex numbers, strings and cells.
 *
 * Rules (docs/runtime.md): int op int stays int for + - * and comparisons; `/` always
 * gives a scalar; arrays compute in the scalar element type (complex when either side
 * is complex) and comparisons give 0/1 arrays of that type. Two arrays must have the
 * same shape, except for `*` on 2-D operands, the matrix product (linalg.c, through
 * BLAS). Cells combine element by element when both have the same structure (spec 004
 * "Cell matrices").
 *
 * The float and double loops over whole arrays are written plainly over restrict
 * pointers and cut into bands on the thread pool, so they run near memory bandwidth.
 */
#include "runtime/interp.h"
#include "runtime/linalg.h"
#include "runtime/residency.h"

#include <complex.h>
#include <math.h>
#include <string.h>

const char *rt_op_name(int op)
{
    switch (op) {
    case T_PLUS: return "+";
    case T_MINUS: return "-";
    case T_STAR: return "*";
    case T_SLASH: return "/";
    case T_CARET: return "^";
    case T_DOTSTAR: return ".*";
    case T_DOTSLASH: return "./";
    case T_DOTCARET: return ".^";
    case T_EQEQ: return "==";
    case T_NOTEQ: return "!=";
    case T_LT: return "<";
    case T_GT: return ">";
    case T_LE: return "<=";
    case T_GE: return ">=";
    case T_ANDAND: return "&&";
    case T_OROR: return "||";
    case T_BANG: return "!";
    case T_MAXEQ: return "^^=";
    case T_MINEQ: return "__=";
    case T_ANDEQ: return "&=";
    case T_OREQ: return "|=";
    case T_TILDEEQ: return "~=";
    default: return "?";
    }
}

static bool is_compare(int op)
{
    return op == T_EQEQ || op == T_NOTEQ || op == T_LT || op == T_GT || op == T_LE || op == T_GE;
}

/* ---------------------------------------------------------------- scalar kernels */

static double real_op(int op, double x, double y)
{
    switch (op) {
    case T_PLUS: return x + y;
    case T_MINUS: return x - y;
    case T_STAR: case T_DOTSTAR: return x * y;
    case T_SLASH: case T_DOTSLASH: return x / y;
    case T_CARET: case T_DOTCARET: return pow(x, y);
    case T_EQEQ: return x == y;
    case T_NOTEQ: return x != y;
    case T_LT: return x < y;
    case T_GT: return x > y;
    case T_LE: return x <= y;
    case T_GE: return x >= y;
    case T_ANDAND: return x != 0 && y != 0;
    case T_OROR: return x != 0 || y != 0;
    default: return NAN;
    }
}

static RtC64 cplx_op(int op, RtC64 a, RtC64 b)
{
    double complex x = a.re + a.im * I, y = b.re + b.im * I, r;
    switch (op) {
    case T_PLUS: r = x + y; break;
    case T_MINUS: r = x - y; break;
    case T_STAR: case T_DOTSTAR: r = x * y; break;
    case T_SLASH: case T_DOTSLASH: r = x / y; break;
    case T_CARET: case T_DOTCARET:
        if (b.im == 0 && b.re == floor(b.re) && fabs(b.re) <= 64) {
            /* integral powers by repeated products: exact for small Gaussian integers */
            double complex p = 1, base = b.re < 0 ? 1 / x : x;
            for (int k = (int)fabs(b.re); k; k--)
                p *= base;
            r = p;
        } else {
            r = cpow(x, y);
        }
        break;
    case T_EQEQ: r = a.re == b.re && a.im == b.im; break;
    case T_NOTEQ: r = a.re != b.re || a.im != b.im; break;
    /* order compares real parts, as MATLAB does */
    case T_LT: r = a.re < b.re; break;
    case T_GT: r = a.re > b.re; break;
    case T_LE: r = a.re <= b.re; break;
    case T_GE: r = a.re >= b.re; break;
    case T_ANDAND: r = (a.re != 0 || a.im != 0) && (b.re != 0 || b.im != 0); break;
    case T_OROR: r = (a.re != 0 || a.im != 0) || (b.re != 0 || b.im != 0); break;
    default: r = NAN; break;
    }
    return (RtC64){creal(r), cimag(r)};
}

static bool is_number(const Value *v) { return v->kind == V_INT || v->kind == V_SCALAR || v->kind == V_COMPLEX; }

static void scalar_binary(Rt *rt, int op, Value a, Value b, Value *dst)
{
    if (a.kind == V_INT && b.kind == V_INT) {
        int64_t x = a.i, y = b.i;
        switch (op) {
        /* two's complement wrap: no undefined overflow in C */
        case T_PLUS: *dst = rt_int((int64_t)((uint64_t)x + (uint64_t)y)); return;
        case T_MINUS: *dst = rt_int((int64_t)((uint64_t)x - (uint64_t)y)); return;
        case T_STAR: case T_DOTSTAR: *dst = rt_int((int64_t)((uint64_t)x * (uint64_t)y)); return;
        case T_CARET: case T_DOTCARET:
            if (y >= 0 && y < 64) {
                uint64_t p = 1;
                for (int64_t k = 0; k < y; k++)
                    p *= (uint64_t)x;
                *dst = rt_int((int64_t)p);
                return;
            }
            break;
        case T_ANDAND: *dst = rt_int(x && y); return;
        case T_OROR: *dst = rt_int(x || y); return;
        default:
            if (is_compare(op)) {
                *dst = rt_int((int64_t)real_op(op, (double)x, (double)y));
                return;
            }
            break;
        }
    }
    if (a.kind == V_COMPLEX || b.kind == V_COMPLEX) {
        RtC64 r = cplx_op(op, rt_to_cplx(rt, a, "operand"), rt_to_cplx(rt, b, "operand"));
        if (is_compare(op) || op == T_ANDAND || op == T_OROR)
            *dst = rt_int((int64_t)r.re);
        else
            *dst = rt_cplx(rt_round(rt, r.re), rt_round(rt, r.im));
        return;
    }
    double x = a.kind == V_INT ? (double)a.i : a.r, y = b.kind == V_INT ? (double)b.i : b.r;
    double r = real_op(op, x, y);
    if (is_compare(op) || op == T_ANDAND || op == T_OROR)
        *dst = rt_int((int64_t)r);
    else
        *dst = rt_real(rt_round(rt, r));
}

/* ---------------------------------------------------------------- array loops */

typedef struct Loop {
    int op;
    RtArray *a, *b, *r;         /* a or b NULL: that side is the scalar */
    double sa, sb;
    RtC64 ca, cb;
    bool cplx;
} Loop;

#define BAND(T)                                                                            \
    static void band_##T(void *ctx, int64_t lo, int64_t hi)                                \
    {                                                                                      \
        Loop *L = ctx;                                                                     \
        T *restrict r = L->r->data;                                                        \
        const T *restrict a = L->a ? L->a->data : NULL;                                    \
        const T *restrict b = L->b ? L->b->data : NULL;                                    \
        T sa = (T)L->sa, sb = (T)L->sb;                                                    \
        switch (L->op) {                                                                   \
        case T_PLUS:                                                                       \
            if (a && b) for (int64_t i = lo; i < hi; i++) r[i] = a[i] + b[i];              \
            else if (a) for (int64_t i = lo; i < hi; i++) r[i] = a[i] + sb;                \
            else for (int64_t i = lo; i < hi; i++) r[i] = sa + b[i];                       \
            return;                                                                        \
        case T_MINUS:                                                                      \
            if (a && b) for (int64_t i = lo; i < hi; i++) r[i] = a[i] - b[i];              \
            else if (a) for (int64_t i = lo; i < hi; i++) r[i] = a[i] - sb;                \
            else for (int64_t i = lo; i < hi; i++) r[i] = sa - b[i];                       \
            return;                                                                        \
        case T_STAR: case T_DOTSTAR:                                                       \
            if (a && b) for (int64_t i = lo; i < hi; i++) r[i] = a[i] * b[i];              \
            else if (a) for (int64_t i = lo; i < hi; i++) r[i] = a[i] * sb;                \
            else for (int64_t i = lo; i < hi; i++) r[i] = sa * b[i];                       \
            return;                                                                        \
        case T_SLASH: case T_DOTSLASH:                                                     \
            if (a && b) for (int64_t i = lo; i < hi; i++) r[i] = a[i] / b[i];              \
            else if (a) for (int64_t i = lo; i < hi; i++) r[i] = a[i] / sb;                \
            else for (int64_t i = lo; i < hi; i++) r[i] = sa / b[i];                       \
            return;                                                                        \
        default:                                                                           \
            for (int64_t i = lo; i < hi; i++)                                              \
                r[i] = (T)real_op(L->op, a ? a[i] : sa, b ? b[i] : sb);                    \
            return;                                                                        \
        }                                                                                  \
    }
BAND(float)
BAND(double)

/* Complex results of + - .* ./ over complex arrays of the result's type, real arrays of its
 * real type and numbers (the spectrum times a filter, fft2(x) .* H): typed loops with the
 * arithmetic of cplx_op, in double, each part rounded once as rt_set_cplx does. */
static inline double complex cplx_arith(int op, double complex x, double complex y)
{
    switch (op) {
    case T_PLUS: return x + y;
    case T_MINUS: return x - y;
    case T_STAR: case T_DOTSTAR: return x * y;
    default: return x / y;
    }
}

#define CBAND(T, C)                                                                        \
    static inline double complex cload_##T(const RtArray *a, int64_t i, RtC64 k)           \
    {                                                                                      \
        if (!a)                                                                            \
            return k.re + k.im * I;                                                        \
        if (rt_elem_is_complex(a->elem)) {                                                 \
            const C *p = a->data;                                                          \
            return (double)p[i].re + (double)p[i].im * I;                                  \
        }                                                                                  \
        return (double)((const T *)a->data)[i];                                            \
    }                                                                                      \
    static void cband_##T(void *ctx, int64_t lo, int64_t hi)                               \
    {                                                                                      \
        Loop *L = ctx;                                                                     \
        C *restrict r = L->r->data;                                                        \
        for (int64_t i = lo; i < hi; i++) {                                                \
            double complex z = cplx_arith(L->op, cload_##T(L->a, i, L->ca), cload_##T(L->b, i, L->cb)); \
            r[i].re = (T)creal(z);                                                         \
            r[i].im = (T)cimag(z);                                                         \
        }                                                                                  \
    }
CBAND(float, RtC32)
CBAND(double, RtC64)

/* Can cband run L: a complex result of an arithmetic operator, each array operand of the
 * result's complex type or of its real type? */
static bool cband_fits(const Loop *L)
{
    RtElem c = L->r->elem, r = c == RT_C32 ? RT_F32 : RT_F64;
    int op = L->op;
    bool arith = op == T_PLUS || op == T_MINUS || op == T_STAR || op == T_DOTSTAR || op == T_SLASH ||
                 op == T_DOTSLASH;
    return arith && rt_elem_is_complex(c) && (!L->a || L->a->elem == c || L->a->elem == r) &&
           (!L->b || L->b->elem == c || L->b->elem == r);
}

/* Any element types: through double or complex. */
static void band_generic(void *ctx, int64_t lo, int64_t hi)
{
    Loop *L = ctx;
    for (int64_t i = lo; i < hi; i++) {
        if (L->cplx) {
            RtC64 x = L->a ? rt_get_cplx(L->a, i) : L->ca, y = L->b ? rt_get_cplx(L->b, i) : L->cb;
            RtC64 z = cplx_op(L->op, x, y);
            if (rt_elem_is_complex(L->r->elem))
                rt_set_cplx(L->r, i, z);
            else
                rt_set_real(L->r, i, z.re, false);
        } else {
            double x = L->a ? rt_get_real(L->a, i) : L->sa, y = L->b ? rt_get_real(L->b, i) : L->sb;
            rt_set_real(L->r, i, real_op(L->op, x, y), false);
        }
    }
}

#define GRAIN (1 << 15)

static void run_loop(RtPool *pool, Loop *L, int64_t n)
{
    RtElem re = L->r->elem;
    bool plain = !L->cplx && (!L->a || L->a->elem == re) && (!L->b || L->b->elem == re);
    if (plain && re == RT_F32)
        rt_parallel_for(pool, n, GRAIN, band_float, L);
    else if (plain && re == RT_F64)
        rt_parallel_for(pool, n, GRAIN, band_double, L);
    else if (L->cplx && cband_fits(L))
        rt_parallel_for(pool, n, GRAIN, re == RT_C32 ? cband_float : cband_double, L);
    else
        rt_parallel_for(pool, n, GRAIN, band_generic, L);
}

void rt_format_dims(const RtArray *a, StrBuf *sb)
{
    sb_putc(sb, '[');
    for (int i = 0; i < a->rank; i++)
        sb_printf(sb, i ? ",%lld" : "%lld", (long long)a->dims[i]);
    sb_putc(sb, ']');
}

/* Do two arrays hold the same shape, leading or trailing singleton dims aside? A vector
 * of N and a 1 x N matrix combine (a vector is a 1 x N row: a row range A[k..k, :] and a
 * row A[k, :] are the same data), as do a 1 x M x N cube and an M x N matrix, and an
 * M x N x 1 cube and an M x N matrix (MATLAB ignores trailing singletons). */
static bool same_shape(const RtArray *a, const RtArray *b)
{
    const RtArray *hi = a->rank >= b->rank ? a : b, *lo = hi == a ? b : a;
    int extra = hi->rank - lo->rank;
    bool lead = true, trail = true;
    for (int i = 0; i < extra; i++) {
        lead = lead && hi->dims[i] == 1;
        trail = trail && hi->dims[lo->rank + i] == 1;
    }
    size_t bytes = (size_t)lo->rank * sizeof *lo->dims;
    return (lead && !memcmp(hi->dims + extra, lo->dims, bytes)) || (trail && !memcmp(hi->dims, lo->dims, bytes));
}

/* The operand whose shape a result of an elementwise operation takes: the higher rank. */
static RtArray *shape_of(RtArray *a, RtArray *b)
{
    return !b || (a && a->rank >= b->rank) ? a : b;
}

_Noreturn static void size_mismatch(Rt *rt, const char *what, RtArray *a, RtArray *b)
{
    StrBuf x = {0}, y = {0};
    rt_format_dims(a, &x);
    rt_format_dims(b, &y);
    char msg[512];
    snprintf(msg, sizeof msg, "size mismatch in '%s': %s and %s", what, x.s, y.s);
    sb_free(&x);
    sb_free(&y);
    rt_error(rt, "%s", msg);
}


/* In kernels, pos + [0, 1] on a colour image (spec 000's filter_kernel): of two short
 * vectors added or subtracted, the shorter is extended with zeros. A new reference. */
static bool pad_short(Rt *rt, int op, RtArray *A, RtArray *B, Value *padded)
{
    if (!rt->kernel || (op != T_PLUS && op != T_MINUS) || !A || !B || A->rank != 1 || B->rank != 1 ||
        A->n == B->n || A->n > 4 || B->n > 4 || rt_elem_is_complex(A->elem) || rt_elem_is_complex(B->elem) ||
        A->elem == RT_VALUE || B->elem == RT_VALUE)
        return false;
    RtArray *s = A->n < B->n ? A : B;
    int64_t n = A->n < B->n ? B->n : A->n;
    *padded = rt_array_new(s->elem, 1, &n);
    if (padded->kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int64_t i = 0; i < s->n; i++)
        rt_set_real(padded->a, i, rt_get_real(s, i), false);
    return true;
}

/* Operands on the host: device copies newer than the host's come back (residency.h). */
static void host_operands(Rt *rt, const Value *v, int n)
{
    rt_kernels_settle_for(rt, v, n);
    if (!rt_values_host(v, n, false))
        rt_error(rt, "an array could not be copied back from the GPU");
}

static void array_binary(Rt *rt, int op, Value a, Value b, Value *dst)
{
    RtArray *A = a.kind == V_ARRAY ? a.a : NULL, *B = b.kind == V_ARRAY ? b.a : NULL;
    bool matmul = op == T_STAR && A && B && (A->rank == 2 || B->rank == 2) && A->rank <= 2 && B->rank <= 2 &&
                  A->elem != RT_VALUE && B->elem != RT_VALUE;
    if (!matmul) {
        Value ops[2] = {a, b};
        host_operands(rt, ops, 2);
    }
    Value padded;
    if (pad_short(rt, op, A, B, &padded)) {
        if (A->n < B->n)
            array_binary(rt, op, padded, b, dst);
        else
            array_binary(rt, op, a, padded, dst);
        rt_release(padded);
        return;
    }
    if ((A && A->elem == RT_VALUE) || (B && B->elem == RT_VALUE))
        rt_error(rt, "operator '%s' on a cell needs cells of the same structure", rt_op_name(op));
    if (op == T_STAR && A && B && (A->rank == 2 || B->rank == 2) && A->rank <= 2 && B->rank <= 2) {
        rt_la_matmul(rt, A, B, dst);    /* linalg.c: BLAS */
        return;
    }
    if (A && B && !same_shape(A, B))
        size_mismatch(rt, rt_op_name(op), A, B);
    Loop L = {.op = op, .a = A, .b = B};
    if (!A && !is_number(&a))
        rt_error(rt, "operator '%s' needs numbers", rt_op_name(op));
    if (!B && !is_number(&b))
        rt_error(rt, "operator '%s' needs numbers", rt_op_name(op));
    L.cplx = (A ? rt_elem_is_complex(A->elem) : a.kind == V_COMPLEX) ||
             (B ? rt_elem_is_complex(B->elem) : b.kind == V_COMPLEX);
    if (!A) {
        L.ca = rt_to_cplx(rt, a, "operand");
        L.sa = L.ca.re;
    }
    if (!B) {
        L.cb = rt_to_cplx(rt, b, "operand");
        L.sb = L.cb.re;
    }
    RtArray *shape = shape_of(A, B);
    bool logical = is_compare(op) || op == T_ANDAND || op == T_OROR;
    RtElem e = L.cplx && !logical ? rt_complex_elem(rt) : rt_scalar_elem(rt);
    *dst = rt_array_uninit(e, shape->rank, shape->dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    L.r = dst->a;
    run_loop(rt->pool, &L, shape->n);
}

/* Cells of the same structure combine element by element; a number broadcasts. */
static void cell_binary(Rt *rt, int op, Value a, Value b, Value *dst)
{
    RtArray *A = a.kind == V_ARRAY && a.a->elem == RT_VALUE ? a.a : NULL;
    RtArray *B = b.kind == V_ARRAY && b.a->elem == RT_VALUE ? b.a : NULL;
    RtArray *shape = shape_of(A, B);
    if (A && B && !same_shape(A, B))
        size_mismatch(rt, rt_op_name(op), A, B);
    *dst = rt_array_new(RT_VALUE, shape->rank, shape->dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    Value *t = rt_push(rt, 3);
    for (int64_t i = 0; i < shape->n; i++) {
        t[0] = A ? rt_get_value(A, i) : a;
        t[1] = B ? rt_get_value(B, i) : b;
        if (!A)
            rt_retain(t[0]);
        if (!B)
            rt_retain(t[1]);
        rt_binary(rt, op, t[0], t[1], &t[2]);
        ((Value *)dst->a->data)[i] = t[2];
        t[2] = rt_undef();
        rt_store(&t[0], rt_undef());
        rt_store(&t[1], rt_undef());
    }
    rt_pop_to(rt, t);
}

static void string_binary(Rt *rt, int op, Value a, Value b, Value *dst)
{
    if (a.kind == V_STRING && b.kind == V_STRING) {
        int c = strcmp(a.s->text, b.s->text);
        switch (op) {
        case T_EQEQ: *dst = rt_int(a.s->len == b.s->len && !memcmp(a.s->text, b.s->text, a.s->len)); return;
        case T_NOTEQ: *dst = rt_int(!(a.s->len == b.s->len && !memcmp(a.s->text, b.s->text, a.s->len))); return;
        case T_LT: *dst = rt_int(c < 0); return;
        case T_GT: *dst = rt_int(c > 0); return;
        case T_LE: *dst = rt_int(c <= 0); return;
        case T_GE: *dst = rt_int(c >= 0); return;
        default: break;
        }
    }
    if (op == T_PLUS) {
        /* "a" + "b" and "n = " + 4 concatenate */
        StrBuf sb = {0};
        rt_format(rt, a, &sb);
        rt_format(rt, b, &sb);
        *dst = rt_string_new(sb.s ? sb.s : "", sb.len);
        sb_free(&sb);
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(rt);
        return;
    }
    if (op == T_EQEQ || op == T_NOTEQ) {
        *dst = rt_int(op == T_NOTEQ);   /* a string never equals a number */
        return;
    }
    rt_error(rt, "operator '%s' is not defined on strings", rt_op_name(op));
}

void rt_binary(Rt *rt, int op, Value a, Value b, Value *dst)
{
    Value ops[2] = {a, b};
    /* a product of two arrays may be a matrix product, which linalg.c runs where the
     * operands are (cuBLAS on the CUDA engine): array_binary decides */
    if (!(op == T_STAR && a.kind == V_ARRAY && b.kind == V_ARRAY))
        host_operands(rt, ops, 2);
    if (is_number(&a) && is_number(&b)) {
        scalar_binary(rt, op, a, b, dst);
        return;
    }
    if (a.kind == V_STRING || b.kind == V_STRING) {
        string_binary(rt, op, a, b, dst);
        return;
    }
    if ((a.kind == V_ARRAY && a.a->elem == RT_VALUE) || (b.kind == V_ARRAY && b.a->elem == RT_VALUE)) {
        cell_binary(rt, op, a, b, dst);
        return;
    }
    if (a.kind == V_ARRAY || b.kind == V_ARRAY) {
        array_binary(rt, op, a, b, dst);
        return;
    }
    if ((op == T_EQEQ || op == T_NOTEQ) && (a.kind == V_NULL || b.kind == V_NULL ||
                                            (a.kind == V_OBJECT && b.kind == V_OBJECT))) {
        bool same = a.kind == b.kind && (a.kind == V_NULL || a.o == b.o);
        *dst = rt_int(op == T_EQEQ ? same : !same);
        return;
    }
    if (a.kind == V_UNDEF || b.kind == V_UNDEF)
        rt_error(rt, "operator '%s' on a function call that returned no value", rt_op_name(op));
    StrBuf x = {0}, y = {0};
    char msg[256];
    snprintf(msg, sizeof msg, "operator '%s' is not defined for '%s' and '%s'", rt_op_name(op),
             rt_type_name(rt, a, &x), rt_type_name(rt, b, &y));
    sb_free(&x);
    sb_free(&y);
    rt_error(rt, "%s", msg);
}

/* ---------------------------------------------------------------- unary */

void rt_unary(Rt *rt, int op, Value a, Value *dst)
{
    host_operands(rt, &a, 1);
    if (op == T_MINUS) {
        switch (a.kind) {
        case V_INT: *dst = rt_int(-a.i); return;
        case V_SCALAR: *dst = rt_real(-a.r); return;
        case V_COMPLEX: *dst = rt_cplx(-rt_cget(a).re, -rt_cget(a).im); return;
        case V_ARRAY:
            if (a.a->elem != RT_VALUE) {
                array_binary(rt, T_MINUS, rt_int(0), a, dst);
                return;
            }
            cell_binary(rt, T_MINUS, rt_int(0), a, dst);
            return;
        default: break;
        }
    } else if (op == T_BANG) {
        if (a.kind == V_ARRAY && a.a->elem != RT_VALUE) {
            array_binary(rt, T_EQEQ, a, rt_int(0), dst);
            return;
        }
        *dst = rt_int(!rt_truth(rt, a));
        return;
    } else if (op == T_PLUS) {
        rt_retain(a);
        *dst = a;
        return;
    }
    rt_error(rt, "operator '%s' is not defined on this value", rt_op_name(op));
}

/* ---------------------------------------------------------------- maps for builtins */

typedef struct Map1 {
    const RtArray *x;
    RtArray *r;
    RtRealFn fr;
    RtCplxFn fc;
} Map1;

static void map1_band(void *ctx, int64_t lo, int64_t hi)
{
    Map1 *M = ctx;
    if (M->x->elem == RT_F32 && M->r->elem == RT_F32) {
        const float *restrict x = M->x->data;
        float *restrict r = M->r->data;
        for (int64_t i = lo; i < hi; i++)
            r[i] = (float)M->fr(x[i]);
        return;
    }
    if (M->fc && M->x->elem == RT_C32 && M->r->elem == RT_C32) {
        const RtC32 *restrict x = M->x->data;
        RtC32 *restrict r = M->r->data;
        for (int64_t i = lo; i < hi; i++) {
            RtC64 z = M->fc((RtC64){x[i].re, x[i].im});
            r[i] = (RtC32){(float)z.re, (float)z.im};
        }
        return;
    }
    for (int64_t i = lo; i < hi; i++) {
        if (M->fc && rt_elem_is_complex(M->x->elem))
            rt_set_cplx(M->r, i, M->fc(rt_get_cplx(M->x, i)));
        else
            rt_set_real(M->r, i, M->fr(rt_get_real(M->x, i)), false);
    }
}

void rt_map1(Rt *rt, Value x, RtRealFn fr, RtCplxFn fc, Value *dst)
{
    host_operands(rt, &x, 1);
    switch (x.kind) {
    case V_INT: *dst = rt_real(rt_round(rt, fr((double)x.i))); return;
    case V_SCALAR: *dst = rt_real(rt_round(rt, fr(x.r))); return;
    case V_COMPLEX:
        if (!fc)
            rt_error(rt, "this function is not defined for complex numbers");
        {
            RtC64 c = fc(rt_cget(x));
            *dst = rt_cplx(rt_round(rt, c.re), rt_round(rt, c.im));
        }
        return;
    case V_ARRAY: {
        RtArray *a = x.a;
        if (a->elem == RT_VALUE)
            rt_error(rt, "this function is not defined for cells");
        bool cplx = rt_elem_is_complex(a->elem);
        if (cplx && !fc)
            rt_error(rt, "this function is not defined for complex numbers");
        *dst = rt_array_uninit(cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt), a->rank, a->dims);
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(rt);
        Map1 M = {a, dst->a, fr, fc};
        rt_parallel_for(rt->pool, a->n, GRAIN, map1_band, &M);
        return;
    }
    default:
        break;
    }
    rt_error(rt, "this function needs a number or an array");
}

typedef struct Map2 {
    const RtArray *a, *b;
    double sa, sb;
    RtArray *r;
    RtReal2Fn f;
} Map2;

static void map2_band(void *ctx, int64_t lo, int64_t hi)
{
    Map2 *M = ctx;
    for (int64_t i = lo; i < hi; i++)
        rt_set_real(M->r, i, M->f(M->a ? rt_get_real(M->a, i) : M->sa, M->b ? rt_get_real(M->b, i) : M->sb), false);
}

void rt_map2(Rt *rt, Value a, Value b, RtReal2Fn f, const char *name, Value *dst)
{
    Value ops[2] = {a, b};
    host_operands(rt, ops, 2);
    if (a.kind != V_ARRAY && b.kind != V_ARRAY) {
        *dst = rt_real(rt_round(rt, f(rt_to_real(rt, a, name), rt_to_real(rt, b, name))));
        return;
    }
    RtArray *A = a.kind == V_ARRAY ? a.a : NULL, *B = b.kind == V_ARRAY ? b.a : NULL;
    if ((A && (A->elem == RT_VALUE || rt_elem_is_complex(A->elem))) ||
        (B && (B->elem == RT_VALUE || rt_elem_is_complex(B->elem))))
        rt_error(rt, "'%s' needs real numbers", name);
    if (A && B && !same_shape(A, B))
        size_mismatch(rt, name, A, B);
    Map2 M = {A, B, A ? 0 : rt_to_real(rt, a, name), B ? 0 : rt_to_real(rt, b, name), NULL, f};
    RtArray *shape = shape_of(A, B);
    *dst = rt_array_uninit(rt_scalar_elem(rt), shape->rank, shape->dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    M.r = dst->a;
    rt_parallel_for(rt->pool, shape->n, GRAIN, map2_band, &M);
}
