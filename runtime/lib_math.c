/*
 * lib_math.c - the elementwise math of the builtin library (lib.def "elementwise math")
 * and complex(re, im).
 *
 * Every function takes numbers or numeric arrays of any element type and applies itself
 * element by element; two- and three-argument functions broadcast numbers over arrays,
 * and arrays must have the same shape ("size mismatch in 'mod': [2,3] and [3,2]"). The
 * scalar math itself is kernels/qp_math.h, the one implementation that kernels will
 * share, or the C library where <math.h> already has the function.
 *
 * Decisions:
 *  - Results are scalars, or arrays of the scalar element type (complex for complex
 *    results). Functions that are exact on integers (abs sign floor ceil round real conj
 *    mod periodize mirror_ext clamp min max) give an int when every argument is an int,
 *    so `k = mod(i, n)` keeps k an int; on arrays they give scalar arrays.
 *  - Real arguments give real results: sqrt(-1), log(-1) and asin(2) are NaN, as in
 *    Quasar (MATLAB would turn to complex); a complex argument (sqrt(-1+0j)) gives the
 *    complex result. Complex input is accepted by abs sign sqrt exp exp2 log log2 log10
 *    sin cos tan asin acos atan sinh cosh tanh floor ceil round (by parts) real imag
 *    conj angle sinc pow isnan isinf isfinite and dotprod; the others call it an error.
 *  - isnan/isinf/isfinite give int 0/1 for numbers and 0/1 scalar arrays for arrays.
 *  - int(x) truncates toward zero: an int for a number (NaN gives 0), a vec[int] (int32)
 *    array for an array. float(x) gives a scalar or a new scalar array.
 *  - clamp(x, hi) clamps to [0, hi] (spec 004 §2.4.1); clamp(x, lo, hi) to [lo, hi].
 *  - min/max with one argument reduce over all elements, ignoring NaN (NaN only when
 *    every element is); [m, i] = max(x) also gives the zero-based linear index of the
 *    first extreme element. With two arguments they are elementwise (fmin/fmax: NaN
 *    loses). Integer arrays give an int extreme. Empty arrays give empty results.
 *  - and or xor not shl shr work on ints, integer arrays and integral scalars; the
 *    result is an int, or an array of the (first) integer array's element type (int32
 *    for scalar arrays). shl by a negative count shifts right; shr is arithmetic.
 *  - dotprod(a, b) = sum(a .* b), without conjugation, accumulated in double; a scalar
 *    (complex if either side is).
 *  - sinc(x) is normalised: sin(pi x) / (pi x), sinc(0) = 1.
 *
 * Loops over large arrays run on the thread pool: rt_map1/rt_map2 (ops.c) for the plain
 * real and complex maps, Each bands here for the rest. Cell arguments never arrive here:
 * the interpreter maps these builtins over cells (RT_LIB_CELLMAP in lib.def).
 */
#include "kernels/qp_math.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Elements per chunk of a parallel elementwise loop, as in ops.c. */
#define GRAIN (1 << 15)
/* Elements per block of a parallel reduction (min/max, dotprod): fixed, so that results
 * do not depend on the thread count. */
#define BLOCK (1 << 16)

/* ---------------------------------------------------------------- argument checks */

static bool is_number(Value v) { return v.kind == V_INT || v.kind == V_SCALAR || v.kind == V_COMPLEX; }

static bool is_complex(Value v)
{
    return v.kind == V_COMPLEX || (v.kind == V_ARRAY && rt_elem_is_complex(v.a->elem));
}

_Noreturn static void not_numeric(Rt *rt, const char *name, Value x)
{
    StrBuf sb = {0};
    char type[128];
    snprintf(type, sizeof type, "%s", rt_type_name(rt, x, &sb));
    sb_free(&sb);
    rt_error(rt, "'%s' needs numbers, not '%s'", name, type);
}

/* Every argument a number or a numeric array; real ones only when `real`. */
static void need_numbers(Rt *rt, const char *name, int n, const Value *args, bool real)
{
    for (int k = 0; k < n; k++) {
        Value v = args[k];
        if (!is_number(v) && (v.kind != V_ARRAY || !rt_elem_is_numeric(v.a->elem)))
            not_numeric(rt, name, v);
        if (real && is_complex(v))
            rt_error(rt, "'%s' needs real numbers", name);
    }
}

static bool all_ints(int n, const Value *args)
{
    for (int k = 0; k < n; k++)
        if (args[k].kind != V_INT)
            return false;
    return true;
}

_Noreturn static void size_mismatch(Rt *rt, const char *name, const RtArray *a, const RtArray *b)
{
    StrBuf x = {0}, y = {0};
    rt_format_dims(a, &x);
    rt_format_dims(b, &y);
    char msg[512];          /* two dims lists of at most 16 numbers each fit */
    snprintf(msg, sizeof msg, "size mismatch in '%s': %s and %s", name, x.s, y.s);
    sb_free(&x);
    sb_free(&y);
    rt_error(rt, "%s", msg);
}

static bool same_shape(const RtArray *a, const RtArray *b)
{
    return a->rank == b->rank && !memcmp(a->dims, b->dims, (size_t)a->rank * sizeof *a->dims);
}

/* The first array among the arguments (NULL: all numbers); the others must match it. */
static const RtArray *common_shape(Rt *rt, const char *name, int n, const Value *args)
{
    const RtArray *shape = NULL;
    for (int k = 0; k < n; k++) {
        if (args[k].kind != V_ARRAY)
            continue;
        if (shape && !same_shape(shape, args[k].a))
            size_mismatch(rt, name, shape, args[k].a);
        if (!shape)
            shape = args[k].a;
    }
    return shape;
}


static int64_t real_to_int(double x) { return x == x && fabs(x) < 9.2e18 ? (int64_t)x : 0; }

/* Element i of an array as an int64: exact for integer types, truncated for the others. */
static int64_t get_i64(const RtArray *a, int64_t i)
{
    const void *d = a->data;
    switch (a->elem) {
    case RT_I8: return ((const int8_t *)d)[i];
    case RT_U8: return ((const uint8_t *)d)[i];
    case RT_I16: return ((const int16_t *)d)[i];
    case RT_U16: return ((const uint16_t *)d)[i];
    case RT_I32: return ((const int32_t *)d)[i];
    case RT_U32: return ((const uint32_t *)d)[i];
    case RT_I64: return ((const int64_t *)d)[i];
    case RT_U64: return (int64_t)((const uint64_t *)d)[i];
    default: return real_to_int(rt_get_real(a, i));
    }
}

/* ---------------------------------------------------------------- elementwise loops */

/* One elementwise job: up to three arguments, each an array (in[k]) or a number
 * (num[k], ints[k]), and the result array r; fn computes element i. */
typedef struct Each Each;
struct Each {
    const RtArray *in[3];
    RtC64 num[3];
    int64_t ints[3];
    RtArray *r;
    void (*fn)(const Each *E, int64_t i);
    double (*f3)(double, double, double);
    double (*fz)(RtC64);
    RtC64 (*fzz)(RtC64, RtC64);
    int64_t (*fii)(int64_t, int64_t);
};

static RtC64 arg_c(const Each *E, int k, int64_t i) { return E->in[k] ? rt_get_cplx(E->in[k], i) : E->num[k]; }
static double arg_r(const Each *E, int k, int64_t i) { return E->in[k] ? rt_get_real(E->in[k], i) : E->num[k].re; }
static int64_t arg_i(const Each *E, int k, int64_t i) { return E->in[k] ? get_i64(E->in[k], i) : E->ints[k]; }

static void each_band(void *ctx, int64_t lo, int64_t hi)
{
    const Each *E = ctx;
    for (int64_t i = lo; i < hi; i++)
        E->fn(E, i);
}

/* Point E at the arguments: arrays in in[k]; numbers in num[k], and truncated to int64 in
 * ints[k] for the bitwise functions. */
static void each_args(Rt *rt, Each *E, int n, const Value *args)
{
    for (int k = 0; k < n; k++) {
        if (args[k].kind == V_ARRAY) {
            E->in[k] = args[k].a;
        } else {
            E->num[k] = rt_to_cplx(rt, args[k], "an argument");
            E->ints[k] = args[k].kind == V_INT ? args[k].i : real_to_int(E->num[k].re);
        }
    }
}

/* Allocate the result (shape of `shape`, element type e) into *dst and run E over it. */
static void each_run(Rt *rt, Each *E, RtElem e, const RtArray *shape, Value *dst)
{
    *dst = rt_array_uninit(e, shape->rank, shape->dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    E->r = dst->a;
    rt_parallel_for(rt->pool, shape->n, GRAIN, each_band, E);
}

static void el_f3(const Each *E, int64_t i) { rt_set_real(E->r, i, E->f3(arg_r(E, 0, i), arg_r(E, 1, i), arg_r(E, 2, i)), false); }
static void el_fz(const Each *E, int64_t i) { rt_set_real(E->r, i, E->fz(arg_c(E, 0, i)), false); }
static void el_fzz(const Each *E, int64_t i) { rt_set_cplx(E->r, i, E->fzz(arg_c(E, 0, i), arg_c(E, 1, i))); }
static void el_fii(const Each *E, int64_t i) { rt_set_int(E->r, i, E->fii(arg_i(E, 0, i), arg_i(E, 1, i)), false); }
static void el_copy(const Each *E, int64_t i) { rt_set_real(E->r, i, arg_r(E, 0, i), false); }
static void el_cplx(const Each *E, int64_t i)
{
    RtC64 re = arg_c(E, 0, i);     /* complex(re) leaves num[1] zero */
    rt_set_cplx(E->r, i, (RtC64){re.re, re.im + arg_r(E, 1, i)});
}

/* ---------------------------------------------------------------- complex helpers */

/* C11 lays a double complex out as double[2]; copying the parts keeps an infinite or NaN
 * imaginary part intact (re + im * I would not), and needs no CMPLX (absent under clang). */
static double complex to_c(RtC64 z)
{
    double parts[2] = {z.re, z.im};
    double complex c;
    memcpy(&c, parts, sizeof c);
    return c;
}
static RtC64 from_c(double complex z) { return (RtC64){creal(z), cimag(z)}; }

#define CFN(name, expr) \
    static RtC64 c_##name(RtC64 v) { double complex z = to_c(v); return from_c(expr); }
CFN(sqrt, csqrt(z))
CFN(exp, cexp(z))
CFN(exp2, cexp(z * M_LN2))
CFN(log, clog(z))
CFN(log2, clog(z) / M_LN2)
CFN(log10, clog(z) / M_LN10)
CFN(sin, csin(z))
CFN(cos, ccos(z))
CFN(tan, ctan(z))
CFN(asin, casin(z))
CFN(acos, cacos(z))
CFN(atan, catan(z))
CFN(sinh, csinh(z))
CFN(cosh, ccosh(z))
CFN(tanh, ctanh(z))
CFN(sign, z == 0 ? 0 : z / cabs(z))
CFN(conj, conj(z))
CFN(sinc, z == 0 ? 1 : csin(QP_PI * z) / (QP_PI * z))
#undef CFN

static RtC64 c_floor(RtC64 z) { return (RtC64){floor(z.re), floor(z.im)}; }
static RtC64 c_ceil(RtC64 z) { return (RtC64){ceil(z.re), ceil(z.im)}; }
static RtC64 c_round(RtC64 z) { return (RtC64){qp_round(z.re), qp_round(z.im)}; }

static double z_abs(RtC64 z) { return hypot(z.re, z.im); }
static double z_real(RtC64 z) { return z.re; }
static double z_imag(RtC64 z) { return z.im; }
static double z_angle(RtC64 z) { return atan2(z.im, z.re); }
static double z_isnan(RtC64 z) { return isnan(z.re) || isnan(z.im); }
static double z_isinf(RtC64 z) { return isinf(z.re) || isinf(z.im); }
static double z_isfinite(RtC64 z) { return isfinite(z.re) && isfinite(z.im); }

static double r_same(double x) { return x; }
static double r_zero(double x) { (void)x; return 0; }
static double r_angle(double x) { return atan2(0.0, x); }
static double r_isnan(double x) { return isnan(x); }
static double r_isinf(double x) { return isinf(x); }
static double r_isfinite(double x) { return isfinite(x); }

static int64_t i_same(int64_t x) { return x; }
static int64_t i_zero(int64_t x) { (void)x; return 0; }
static int64_t i_abs(int64_t x) { return x < 0 ? (int64_t)(0 - (uint64_t)x) : x; }
static int64_t i_sign(int64_t x) { return (x > 0) - (x < 0); }
static int64_t i_isnan(int64_t x) { (void)x; return 0; }
static int64_t i_isfinite(int64_t x) { (void)x; return 1; }

/* ---------------------------------------------------------------- one-argument functions */

typedef struct Unary {
    const char *name;
    RtRealFn fr;                /* real argument */
    RtCplxFn fc;                /* complex argument, complex result */
    double (*fz)(RtC64);        /* complex argument, real result */
    int64_t (*fi)(int64_t);     /* int argument, int result (NULL: a scalar) */
    bool pred;                  /* a number gives an int 0/1 */
} Unary;

/* abs, real, imag, angle … of a complex array of the precision: a typed loop (the
 * spectra of fft*: abs(fft2(x)) .^ 2), the same values as el_fz gives. */
typedef struct PartLoop {
    const RtArray *x;
    RtArray *r;
    double (*fz)(RtC64);
} PartLoop;

static void part_band(void *ctx, int64_t lo, int64_t hi)
{
    const PartLoop *P = ctx;
    if (P->x->elem == RT_C32 && P->fz == z_abs) {
        /* the float parts squared are exact in double and cannot overflow it, so this is
         * hypot's float but where the exact value lies within 2^-52 of a float rounding
         * boundary, without hypot's slow care for overflow (15 ms, not 110 ms, 1080x1920) */
        const RtC32 *restrict x = P->x->data;
        float *restrict r = P->r->data;
        for (int64_t i = lo; i < hi; i++)
            r[i] = (float)sqrt((double)x[i].re * x[i].re + (double)x[i].im * x[i].im);
    } else if (P->x->elem == RT_C32) {
        const RtC32 *restrict x = P->x->data;
        float *restrict r = P->r->data;
        for (int64_t i = lo; i < hi; i++)
            r[i] = (float)P->fz((RtC64){x[i].re, x[i].im});
    } else {
        const RtC64 *restrict x = P->x->data;
        double *restrict r = P->r->data;
        for (int64_t i = lo; i < hi; i++)
            r[i] = P->fz(x[i]);
    }
}

static void complex_to_real(Rt *rt, const Unary *u, Value x, Value *dst)
{
    if (x.kind == V_COMPLEX) {
        *dst = rt_real(rt_round(rt, u->fz(rt_cget(x))));
        return;
    }
    if (x.a->elem == rt_complex_elem(rt)) {
        *dst = rt_array_uninit(rt_scalar_elem(rt), x.a->rank, x.a->dims);
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(rt);
        PartLoop P = {x.a, dst->a, u->fz};
        rt_parallel_for(rt->pool, x.a->n, GRAIN, part_band, &P);
        return;
    }
    Each E = {.fn = el_fz, .fz = u->fz};
    each_args(rt, &E, 1, &x);
    each_run(rt, &E, rt_scalar_elem(rt), x.a, dst);
}

static void unary(Rt *rt, const Unary *u, Value x, Value *dst)
{
    need_numbers(rt, u->name, 1, &x, false);
    if (x.kind == V_INT && u->fi) {
        *dst = rt_int(u->fi(x.i));
        return;
    }
    if (is_complex(x) && u->fz)
        complex_to_real(rt, u, x, dst);
    else if (is_complex(x) && !u->fc)
        rt_error(rt, "'%s' needs real numbers", u->name);
    else
        rt_map1(rt, x, u->fr, u->fc, dst);
    if (u->pred && dst->kind == V_SCALAR)
        *dst = rt_int(dst->r != 0);
}

/* ORDER: one line per builtin: name, real, complex→complex, complex→real, int→int, pred. */
#define UNARY(name, fr, fc, fz, fi, pred)                                      \
    void lib_##name(Rt *rt, int argc, Value *argv, int nout, Value *out)      \
    {                                                                          \
        static const Unary u = {#name, fr, fc, fz, fi, pred};                  \
        (void)argc, (void)nout;                                                \
        unary(rt, &u, argv[0], &out[0]);                                       \
    }
UNARY(abs, fabs, NULL, z_abs, i_abs, false)
UNARY(sign, qp_sign, c_sign, NULL, i_sign, false)
UNARY(sqrt, sqrt, c_sqrt, NULL, NULL, false)
UNARY(exp, exp, c_exp, NULL, NULL, false)
UNARY(exp2, exp2, c_exp2, NULL, NULL, false)
UNARY(log, log, c_log, NULL, NULL, false)
UNARY(log2, log2, c_log2, NULL, NULL, false)
UNARY(log10, log10, c_log10, NULL, NULL, false)
UNARY(sin, sin, c_sin, NULL, NULL, false)
UNARY(cos, cos, c_cos, NULL, NULL, false)
UNARY(tan, tan, c_tan, NULL, NULL, false)
UNARY(asin, asin, c_asin, NULL, NULL, false)
UNARY(acos, acos, c_acos, NULL, NULL, false)
UNARY(atan, atan, c_atan, NULL, NULL, false)
UNARY(sinh, sinh, c_sinh, NULL, NULL, false)
UNARY(cosh, cosh, c_cosh, NULL, NULL, false)
UNARY(tanh, tanh, c_tanh, NULL, NULL, false)
UNARY(floor, floor, c_floor, NULL, i_same, false)
UNARY(ceil, ceil, c_ceil, NULL, i_same, false)
UNARY(round, qp_round, c_round, NULL, i_same, false)
UNARY(frac, qp_frac, NULL, NULL, NULL, false)
UNARY(saturate, qp_saturate, NULL, NULL, NULL, false)
UNARY(sinc, qp_sinc, c_sinc, NULL, NULL, false)
UNARY(real, r_same, NULL, z_real, i_same, false)
UNARY(imag, r_zero, NULL, z_imag, i_zero, false)
UNARY(conj, r_same, c_conj, NULL, i_same, false)
UNARY(angle, r_angle, NULL, z_angle, NULL, false)
UNARY(isnan, r_isnan, NULL, z_isnan, i_isnan, true)
UNARY(isinf, r_isinf, NULL, z_isinf, i_isnan, true)
UNARY(isfinite, r_isfinite, NULL, z_isfinite, i_isfinite, true)
#undef UNARY

/* ---------------------------------------------------------------- conversions */

void lib_int(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value x = argv[0];
    need_numbers(rt, "int", 1, &x, true);
    if (x.kind != V_ARRAY) {
        out[0] = rt_int(x.kind == V_INT ? x.i : real_to_int(x.r));
        return;
    }
    Each E = {.fn = el_copy};
    each_args(rt, &E, 1, &x);
    each_run(rt, &E, RT_I32, x.a, &out[0]);
}

void lib_float(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    need_numbers(rt, "float", 1, argv, true);
    rt_map1(rt, argv[0], r_same, NULL, &out[0]);
}

/* complex(re) makes re complex; complex(re, im) combines two real parts. */
void lib_complex(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    need_numbers(rt, "complex", 1, argv, false);
    if (argc == 2)
        need_numbers(rt, "complex", 2, argv, true);
    const RtArray *shape = common_shape(rt, "complex", argc, argv);
    Each E = {.fn = el_cplx};
    each_args(rt, &E, argc, argv);
    if (!shape) {
        RtC64 z = E.num[0];
        out[0] = rt_number(rt, (RtC64){z.re, z.im + E.num[1].re}, true);
        return;
    }
    each_run(rt, &E, rt_complex_elem(rt), shape, &out[0]);
}

/* ---------------------------------------------------------------- two-argument functions */

typedef struct Binary {
    const char *name;
    RtReal2Fn fr;
    int64_t (*fi)(int64_t, int64_t);    /* both ints: an int (NULL: a scalar) */
} Binary;

static void binary(Rt *rt, const Binary *b, Value *args, Value *dst)
{
    need_numbers(rt, b->name, 2, args, true);
    if (b->fi && all_ints(2, args))
        *dst = rt_int(b->fi(args[0].i, args[1].i));
    else
        rt_map2(rt, args[0], args[1], b->fr, b->name, dst);
}

static int64_t i_mod(int64_t x, int64_t y) { return qp_mod_i(x, y); }
static int64_t i_mirror_ext(int64_t x, int64_t n) { return qp_mirror_ext_i(x, n); }
static int64_t i_min(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t i_max(int64_t x, int64_t y) { return x > y ? x : y; }

#define BINARY(name, fr, fi)                                                   \
    void lib_##name(Rt *rt, int argc, Value *argv, int nout, Value *out)      \
    {                                                                          \
        static const Binary b = {#name, fr, fi};                               \
        (void)argc, (void)nout;                                                \
        binary(rt, &b, argv, &out[0]);                                         \
    }
BINARY(atan2, atan2, NULL)
BINARY(mod, qp_mod, i_mod)
BINARY(periodize, qp_periodize, i_mod)
BINARY(mirror_ext, qp_mirror_ext, i_mirror_ext)
#undef BINARY

static RtC64 c_pow(RtC64 x, RtC64 y) { return from_c(cpow(to_c(x), to_c(y))); }

void lib_pow(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    need_numbers(rt, "pow", 2, argv, false);
    if (!is_complex(argv[0]) && !is_complex(argv[1])) {
        static const Binary b = {"pow", pow, NULL};
        binary(rt, &b, argv, &out[0]);
        return;
    }
    const RtArray *shape = common_shape(rt, "pow", 2, argv);
    Each E = {.fn = el_fzz, .fzz = c_pow};
    each_args(rt, &E, 2, argv);
    if (!shape)
        out[0] = rt_number(rt, c_pow(E.num[0], E.num[1]), true);
    else
        each_run(rt, &E, rt_complex_elem(rt), shape, &out[0]);
}

/* ---------------------------------------------------------------- three-argument functions */

static int64_t i_clamp(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

static void ternary(Rt *rt, const char *name, Value *args, double (*f)(double, double, double),
                    int64_t (*fi)(int64_t, int64_t, int64_t), Value *dst)
{
    need_numbers(rt, name, 3, args, true);
    if (fi && all_ints(3, args)) {
        *dst = rt_int(fi(args[0].i, args[1].i, args[2].i));
        return;
    }
    const RtArray *shape = common_shape(rt, name, 3, args);
    Each E = {.fn = el_f3, .f3 = f};
    each_args(rt, &E, 3, args);
    if (!shape)
        *dst = rt_real(rt_round(rt, f(E.num[0].re, E.num[1].re, E.num[2].re)));
    else
        each_run(rt, &E, rt_scalar_elem(rt), shape, dst);
}

void lib_clamp(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    Value args[3] = {argv[0], rt_int(0), argv[1]};      /* clamp(x, hi): [0, hi] */
    if (argc == 3)
        args[1] = argv[1], args[2] = argv[2];
    ternary(rt, "clamp", args, qp_clamp, i_clamp, &out[0]);
}

void lib_lerp(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    ternary(rt, "lerp", argv, qp_lerp, NULL, &out[0]);
}

/* ---------------------------------------------------------------- min and max */

/* One block's extreme: the index of its first best non-NaN element, or -1. */
typedef struct Extreme {
    const RtArray *a;
    bool max;
    int64_t *best;
} Extreme;

static bool better(bool max, double x, double y) { return max ? x > y : x < y; }

static int64_t extreme_line(const RtArray *a, bool max, int64_t lo, int64_t hi)
{
    int64_t bi = -1;
    double bv = 0;
    if (a->elem == RT_F32) {
        const float *x = a->data;
        for (int64_t i = lo; i < hi; i++)
            if (x[i] == x[i] && (bi < 0 || better(max, x[i], bv)))
                bi = i, bv = x[i];
        return bi;
    }
    for (int64_t i = lo; i < hi; i++) {
        double x = rt_get_real(a, i);
        if (x == x && (bi < 0 || better(max, x, bv)))
            bi = i, bv = x;
    }
    return bi;
}

static void extreme_blocks(void *ctx, int64_t lo, int64_t hi)
{
    Extreme *X = ctx;
    for (int64_t b = lo; b < hi; b++) {
        int64_t end = (b + 1) * BLOCK < X->a->n ? (b + 1) * BLOCK : X->a->n;
        X->best[b] = extreme_line(X->a, X->max, b * BLOCK, end);
    }
}

/* Index of the first extreme element (0 when every element is NaN). */
static int64_t extreme_index(Rt *rt, const RtArray *a, bool max)
{
    int64_t nb = (a->n + BLOCK - 1) / BLOCK, bi = -1;
    if (nb <= 1) {
        bi = extreme_line(a, max, 0, a->n);
        return bi < 0 ? 0 : bi;
    }
    Extreme X = {a, max, malloc((size_t)nb * sizeof(int64_t))};
    if (!X.best)
        rt_out_of_memory(rt);
    rt_parallel_for(rt->pool, nb, 1, extreme_blocks, &X);
    for (int64_t b = 0; b < nb; b++)
        if (X.best[b] >= 0 && (bi < 0 || better(max, rt_get_real(a, X.best[b]), rt_get_real(a, bi))))
            bi = X.best[b];
    free(X.best);
    return bi < 0 ? 0 : bi;
}

static void reduce_extreme(Rt *rt, const char *name, bool max, Value x, int nout, Value *out)
{
    need_numbers(rt, name, 1, &x, true);
    if (x.kind != V_ARRAY) {
        out[0] = x;
        if (nout > 1)
            out[1] = rt_int(0);
        return;
    }
    const RtArray *a = x.a;
    if (a->n == 0) {
        out[0] = rt_array_vec(rt_scalar_elem(rt), 0);
        if (nout > 1)
            out[1] = rt_array_vec(rt_scalar_elem(rt), 0);
        if (out[0].kind == V_UNDEF || (nout > 1 && out[1].kind == V_UNDEF))
            rt_out_of_memory(rt);
        return;
    }
    int64_t i = extreme_index(rt, a, max);
    out[0] = rt_get_value(a, i);
    if (out[0].kind == V_SCALAR)
        out[0].r = rt_round(rt, out[0].r);
    if (nout > 1)
        out[1] = rt_int(i);
}

static void min_max(Rt *rt, const char *name, bool max, int argc, Value *argv, int nout, Value *out)
{
    if (argc == 1) {
        reduce_extreme(rt, name, max, argv[0], nout, out);
        return;
    }
    if (nout > 1)
        rt_error(rt, "'%s' of two arguments has one output", name);
    Binary b = {name, max ? fmax : fmin, max ? i_max : i_min};
    binary(rt, &b, argv, &out[0]);
}

void lib_min(Rt *rt, int argc, Value *argv, int nout, Value *out) { min_max(rt, "min", false, argc, argv, nout, out); }
void lib_max(Rt *rt, int argc, Value *argv, int nout, Value *out) { min_max(rt, "max", true, argc, argv, nout, out); }

/* ---------------------------------------------------------------- bitwise */

static int64_t i_and(int64_t a, int64_t b) { return a & b; }
static int64_t i_or(int64_t a, int64_t b) { return a | b; }
static int64_t i_xor(int64_t a, int64_t b) { return a ^ b; }
static int64_t i_not(int64_t a, int64_t b) { (void)b; return ~a; }
static int64_t i_shl(int64_t a, int64_t n) { return qp_shl_i(a, n); }
static int64_t i_shr(int64_t a, int64_t n) { return qp_shr_i(a, n); }

/* A number argument of a bitwise function: an int or an integral scalar. */
static void need_integer(Rt *rt, const char *name, Value v)
{
    if (v.kind == V_SCALAR && (v.r != floor(v.r) || fabs(v.r) >= 9.2e18))
        rt_error(rt, "'%s' needs integers, not %g", name, v.r);
}

static void bitwise(Rt *rt, const char *name, int n, Value *args, int64_t (*f)(int64_t, int64_t), Value *dst)
{
    need_numbers(rt, name, n, args, true);
    for (int k = 0; k < n; k++)
        need_integer(rt, name, args[k]);
    const RtArray *shape = common_shape(rt, name, n, args);
    Each E = {.fn = el_fii, .fii = f};
    each_args(rt, &E, n, args);
    if (!shape) {
        *dst = rt_int(f(E.ints[0], n > 1 ? E.ints[1] : 0));
        return;
    }
    RtElem e = RT_I32;
    for (int k = n - 1; k >= 0; k--)
        if (args[k].kind == V_ARRAY && rt_elem_is_int(args[k].a->elem))
            e = args[k].a->elem;
    each_run(rt, &E, e, shape, dst);
}

#define BITWISE(name, n, f)                                                    \
    void lib_##name(Rt *rt, int argc, Value *argv, int nout, Value *out)      \
    {                                                                          \
        (void)argc, (void)nout;                                                \
        bitwise(rt, #name, n, argv, f, &out[0]);                               \
    }
BITWISE(and, 2, i_and)
BITWISE(or, 2, i_or)
BITWISE(xor, 2, i_xor)
BITWISE(not, 1, i_not)
BITWISE(shl, 2, i_shl)
BITWISE(shr, 2, i_shr)
#undef BITWISE

/* ---------------------------------------------------------------- dotprod */

typedef struct Dot {
    const RtArray *a, *b;
    RtC64 sa, sb;               /* the number of a side that is not an array */
    int64_t n;
    RtC64 *part;
} Dot;

static RtC64 dot_line(const Dot *D, int64_t lo, int64_t hi)
{
    if (D->a && D->b && D->a->elem == RT_F32 && D->b->elem == RT_F32) {
        const float *x = D->a->data, *y = D->b->data;
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;     /* in registers: see lib_reduce.c SUM8 */
        int64_t i = lo;
        for (; i + 4 <= hi; i += 4) {
            s0 += (double)x[i] * y[i], s1 += (double)x[i + 1] * y[i + 1];
            s2 += (double)x[i + 2] * y[i + 2], s3 += (double)x[i + 3] * y[i + 3];
        }
        for (; i < hi; i++)
            s0 += (double)x[i] * y[i];
        return (RtC64){(s0 + s1) + (s2 + s3), 0};
    }
    RtC64 s = {0, 0};
    for (int64_t i = lo; i < hi; i++) {
        RtC64 x = D->a ? rt_get_cplx(D->a, i) : D->sa, y = D->b ? rt_get_cplx(D->b, i) : D->sb;
        s.re += x.re * y.re - x.im * y.im;
        s.im += x.re * y.im + x.im * y.re;
    }
    return s;
}

static void dot_blocks(void *ctx, int64_t lo, int64_t hi)
{
    Dot *D = ctx;
    for (int64_t b = lo; b < hi; b++)
        D->part[b] = dot_line(D, b * BLOCK, (b + 1) * BLOCK < D->n ? (b + 1) * BLOCK : D->n);
}

void lib_dotprod(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    need_numbers(rt, "dotprod", 2, argv, false);
    const RtArray *shape = common_shape(rt, "dotprod", 2, argv);
    bool cplx = is_complex(argv[0]) || is_complex(argv[1]);
    Dot D = {.n = shape ? shape->n : 1};
    D.a = argv[0].kind == V_ARRAY ? argv[0].a : NULL;
    D.b = argv[1].kind == V_ARRAY ? argv[1].a : NULL;
    if (!D.a)
        D.sa = rt_to_cplx(rt, argv[0], "an argument");
    if (!D.b)
        D.sb = rt_to_cplx(rt, argv[1], "an argument");
    int64_t nb = (D.n + BLOCK - 1) / BLOCK;
    if (nb <= 1) {
        out[0] = rt_number(rt, dot_line(&D, 0, D.n), cplx);
        return;
    }
    D.part = malloc((size_t)nb * sizeof *D.part);
    if (!D.part)
        rt_out_of_memory(rt);
    rt_parallel_for(rt->pool, nb, 1, dot_blocks, &D);
    RtC64 s = {0, 0};
    for (int64_t b = 0; b < nb; b++)
        s.re += D.part[b].re, s.im += D.part[b].im;
    free(D.part);
    out[0] = rt_number(rt, s, cplx);
}
