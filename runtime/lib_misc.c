/*
 * lib_misc.c - the random number generator and the builtins that fit nowhere else:
 * type, eval, assert (as a function value), tic/toc, pause, maxvalue/minvalue.
 *
 * Random numbers: xoshiro256** (Blackman and Vigna), seeded through splitmix64 from
 * `--seed N` (or a fixed default, so that runs are reproducible unless asked otherwise).
 * It is small, fast and statistically sound, and one 64-bit output gives a double with
 * 53 random bits. Normal numbers use Marsaglia's polar method: rt_rand_normal returns
 * one number per call (the second of the pair is dropped, so that the generator state
 * is all there is and a sequence depends only on the seed and the calls made), while
 * rt_rand_fill, the bulk path of rand/randn, uses both.
 *
 * Timing: tic stores the monotonic clock in Rt.tic; toc() as a statement prints
 * `Elapsed time: X ms` (X like %g), toc("") and `t = toc()` return the milliseconds as
 * a scalar without printing (issue 3; MATLAB's t = toc).
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------- random numbers */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void rt_rand_seed(Rt *rt, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rt->rng[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_u64(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double rt_rand_uniform(Rt *rt) { return (double)(next_u64(rt->rng) >> 11) * 0x1p-53; }

static void normal_pair(uint64_t *s, double *z0, double *z1);

double rt_rand_normal(Rt *rt)
{
    double z0, z1;
    normal_pair(rt->rng, &z0, &z1);
    return z0;
}

/* A standard normal pair by the polar method, from the generator state s. */
static void normal_pair(uint64_t *s, double *z0, double *z1)
{
    double u, v, q;
    do {
        u = (double)(next_u64(s) >> 11) * 0x1p-52 - 1;
        v = (double)(next_u64(s) >> 11) * 0x1p-52 - 1;
        q = u * u + v * v;
    } while (q >= 1 || q == 0);
    double f = sqrt(-2 * log(q) / q);
    *z0 = u * f;
    *z1 = v * f;
}

/* Fill an F32 or F64 array with uniform numbers in [0, 1) or standard normal ones: the
 * bulk path of rand/randn, with the state in registers and both numbers of each normal
 * pair used. Single precision takes 24 random bits, so that a value never rounds up to
 * 1. (Declared in interp.h; see lib_create.c.) */
void rt_rand_fill(Rt *rt, RtArray *a, bool normal)
{
    uint64_t s[4];
    memcpy(s, rt->rng, sizeof s);
    int64_t n = a->n;
    if (a->elem == RT_F32) {
        float *p = a->data;
        if (!normal)
            for (int64_t i = 0; i < n; i++)
                p[i] = (float)(next_u64(s) >> 40) * 0x1p-24f;
        for (int64_t i = 0; normal && i < n; i += 2) {
            double z0, z1;
            normal_pair(s, &z0, &z1);
            p[i] = (float)z0;
            if (i + 1 < n)
                p[i + 1] = (float)z1;
        }
    } else {
        double *p = a->data;
        if (!normal)
            for (int64_t i = 0; i < n; i++)
                p[i] = (double)(next_u64(s) >> 11) * 0x1p-53;
        for (int64_t i = 0; normal && i < n; i += 2) {
            double z1;
            normal_pair(s, &p[i], &z1);
            if (i + 1 < n)
                p[i + 1] = z1;
        }
    }
    memcpy(rt->rng, s, sizeof s);
}

/* ---------------------------------------------------------------- types */

/* type(x): the type name; type(x, T): 1 when x is of type T (a string or a type). */
void lib_type(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    Value x = argv[0];
    if (argc == 1) {
        StrBuf sb = {0};
        Value s = rt_string_cstr(rt_type_name(rt, x, &sb));
        sb_free(&sb);
        if (s.kind == V_UNDEF)
            rt_out_of_memory(rt);
        out[0] = s;
        return;
    }
    Value t = argv[1];
    if (t.kind == V_STRING || t.kind == V_BUILTIN) {      /* `int` is also a builtin */
        out[0] = rt_int(rt_type_matches_str(rt, x, t.kind == V_STRING ? t.s->text : t.b->name));
        return;
    }
    if (t.kind != V_TYPE)
        rt_error(rt, "type: the second argument must be a type or a type name");
    if (t.t->kind == RT_T_CLASS)
        out[0] = rt_int(x.kind == V_OBJECT && x.obj->cls == t.t);
    else if (t.t->type)
        out[0] = rt_int(rt_type_matches(rt, x, t.t->type));
    else
        out[0] = rt_int(rt_type_matches_str(rt, x, t.t->name));
}

/* eval(text): run text; the value of its last expression is the result. */
void lib_eval(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    rt_eval_text(rt, rt_to_cstr(rt, argv[0], "the argument of eval"), &out[0]);
}

/* assert(cond[, message]) called through a function value (a direct call is handled
 * by the interpreter, which shows the expression's text). */
void lib_assert(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    if (rt_truth(rt, argv[0]))
        return;
    if (argc < 2)
        rt_error(rt, "assertion failed");
    StrBuf sb = {0};
    rt_format(rt, argv[1], &sb);
    out[0] = rt_string_new(sb.s ? sb.s : "", sb.len);   /* rooted: freed on unwinding */
    sb_free(&sb);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    rt_error(rt, "assertion failed: %s", out[0].s->text);
}

/* ---------------------------------------------------------------- time */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* tic(): start the stopwatch. */
void lib_tic(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)argv, (void)nout, (void)out;
    rt->tic = now_seconds();
}

/* toc(): print the milliseconds since tic; toc("") or t = toc(): return them. */
void lib_toc(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argv;
    if (rt->tic == 0)
        rt_error(rt, "toc: tic was not called");
    double ms = (now_seconds() - rt->tic) * 1e3;
    if (argc || nout > 0) {
        out[0] = rt_real(rt_round(rt, ms));
        return;
    }
    fprintf(rt->out, "Elapsed time: %g ms\n", ms);
}

/* pause(ms): sleep. pause() would wait for a key in MATLAB; qpipe runs in batch, so it
 * returns at once. */
void lib_pause(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    if (!argc)
        return;
    double ms = rt_to_real(rt, argv[0], "the time of pause");
    if (!(ms > 0))
        return;
    fflush(rt->out);
    struct timespec ts = {(time_t)(ms / 1e3), (long)(fmod(ms, 1e3) * 1e6)};
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
        ;
}

/* ---------------------------------------------------------------- limits */

/* Limits of an element type, as numbers of that type (type(maxvalue(uint8)) is uint8);
 * false for complex and cells. `int` is int32: the type of int arrays and of integers
 * in kernels. */
static bool elem_limits(RtElem e, Value *lo, Value *hi)
{
    switch (e) {
    case RT_I8: *lo = rt_int_typed(INT8_MIN, e), *hi = rt_int_typed(INT8_MAX, e); return true;
    case RT_U8: *lo = rt_int_typed(0, e), *hi = rt_int_typed(UINT8_MAX, e); return true;
    case RT_I16: *lo = rt_int_typed(INT16_MIN, e), *hi = rt_int_typed(INT16_MAX, e); return true;
    case RT_U16: *lo = rt_int_typed(0, e), *hi = rt_int_typed(UINT16_MAX, e); return true;
    case RT_I32: *lo = rt_int(INT32_MIN), *hi = rt_int(INT32_MAX); return true;
    case RT_U32: *lo = rt_int_typed(0, e), *hi = rt_int_typed(UINT32_MAX, e); return true;
    case RT_I64: *lo = rt_int_typed(INT64_MIN, e), *hi = rt_int_typed(INT64_MAX, e); return true;
    case RT_U64: *lo = rt_int_typed(0, e), *hi = rt_real(18446744073709551615.0); return true;  /* beyond int64 */
    case RT_F32: *lo = rt_real(-FLT_MAX), *hi = rt_real(FLT_MAX); return true;
    case RT_F64: *lo = rt_real(-DBL_MAX), *hi = rt_real(DBL_MAX); return true;
    default: return false;
    }
}

/* The element type whose limits a type stands for; -1 when none. types.c gives plain
 * names (scalar, vec …) F64 for "the program's scalar": only "double" means double. */
static int type_limits_elem(Rt *rt, const RtType *t)
{
    if (!t || t->kind != RT_T_NAMED || !t->name || (int)t->elem < 0)
        return -1;
    if (t->elem == RT_F64 && !strstr(t->name, "double"))
        return rt_scalar_elem(rt);
    return t->elem;
}

/* The element type of maxvalue's argument: a type, a type name, or a value (`int`
 * arrives as the builtin of the same name). */
static int limits_elem(Rt *rt, Value v)
{
    switch (v.kind) {
    case V_TYPE: return type_limits_elem(rt, v.t);
    case V_STRING: return type_limits_elem(rt, rt_builtin_type(rt, v.s->text));
    case V_BUILTIN: return type_limits_elem(rt, rt_builtin_type(rt, v.b->name));
    case V_INT: return RT_I32;
    case V_SCALAR: return rt_scalar_elem(rt);
    case V_ARRAY: return v.a->elem;
    default: return -1;
    }
}

static void limit(Rt *rt, Value v, bool max, const char *fn, Value *out)
{
    Value lo, hi;
    int e = limits_elem(rt, v);
    if (e < 0 || !elem_limits((RtElem)e, &lo, &hi)) {
        StrBuf sb = {0};
        char t[128];
        snprintf(t, sizeof t, "%s", v.kind == V_TYPE && v.t->name ? v.t->name : rt_type_name(rt, v, &sb));
        sb_free(&sb);
        rt_error(rt, "%s: '%s' is not a real or integer type", fn, t);
    }
    *out = max ? hi : lo;
}

/* maxvalue(T): the largest value of an integer or floating type (or of a value's type). */
void lib_maxvalue(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    limit(rt, argv[0], true, "maxvalue", out);
}

/* minvalue(T): the smallest (most negative) value; -FLT_MAX for scalar, like C++'s lowest(). */
void lib_minvalue(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    limit(rt, argv[0], false, "minvalue", out);
}
