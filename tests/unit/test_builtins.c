/*
 * test_builtins.c - the builtin table (runtime/lib.def) against the names the resolver
 * accepts (lang/prelude.def), and the pieces of the library that a golden test cannot
 * pin down: the random generator (reproducible for a seed, in range, right moments) and
 * rt_sprintf on plain numbers.
 *
 * Every prelude name must be a builtin, a named constant, a builtin type name, or be
 * listed in `later` below with the issue it belongs to; every builtin must be a prelude
 * name, or programs could not call it. A `later` name that has become a builtin fails
 * too, so that the list shrinks as the issues land.
 *
 * Each check prints `ok NAME` or `not ok NAME: REASON` (docs/testing.md "Unit tests");
 * the exit status is non-zero if any check failed.
 */
#include "io/io.h"
#include "display/display.h"
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Reasons are collected in one growing buffer per check (names lists can be long). */
static StrBuf why_sb;

static const char *why_text(void) { return why_sb.len ? why_sb.s : NULL; }

static void why_reset(void) { why_sb.len = 0; if (why_sb.s) why_sb.s[0] = 0; }

/* ---------------------------------------------------------------- the name lists */

static const char *const prelude[] = {
#define NAME(n) #n,
#include "lang/prelude.def"
#undef NAME
};
#define NPRELUDE ((int)(sizeof prelude / sizeof *prelude))

/* Prelude names that issue 3 (the interpreter) does not provide, and why. */
static const struct {
    const char *name, *reason;
} later[] = {
    {"syncthreads", "kernel issue"},
    {"atomic_add", "kernel issue"},
    {"thread_block", "kernel type: kernel issue"},
    {"interpolate", "texture interpolation: kernel issue"},
};
#define NLATER ((int)(sizeof later / sizeof *later))

static bool is_later(const char *name)
{
    for (int i = 0; i < NLATER; i++)
        if (!strcmp(later[i].name, name))
            return true;
    return false;
}

static bool in_prelude(const char *name)
{
    for (int i = 0; i < NPRELUDE; i++)
        if (!strcmp(prelude[i], name))
            return true;
    return false;
}

static void check_names(Rt *rt)
{
    why_reset();
    for (int i = 0; i < NPRELUDE; i++) {
        const char *n = prelude[i];
        if (!rt_find_builtin(rt, n) && rt_find_constant(n) < 0 && !rt_builtin_type(rt, n) && !is_later(n))
            sb_printf(&why_sb, "%s'%s'", why_sb.len ? ", " : "not a builtin, constant or type: ", n);
    }
    report("prelude_names_are_provided", why_text());

    why_reset();
    int count;
    const RtBuiltin *b = rt_builtins(&count);
    for (int i = 0; i < count; i++)
        if (!in_prelude(b[i].name))
            sb_printf(&why_sb, "%s'%s'", why_sb.len ? ", " : "missing from lang/prelude.def: ", b[i].name);
    report("builtins_are_prelude_names", why_text());

    why_reset();
    for (int i = 0; i < NLATER; i++)
        if (rt_find_builtin(rt, later[i].name) || !in_prelude(later[i].name))
            sb_printf(&why_sb, "%s'%s'", why_sb.len ? ", " : "stale entries of `later`: ", later[i].name);
    report("later_list_is_current", why_text());

    why_reset();
    for (int i = 0; i < count; i++)
        if (!b[i].fn || !b[i].sig || b[i].min_args < 0 || (b[i].max_args >= 0 && b[i].max_args < b[i].min_args))
            sb_printf(&why_sb, "%s'%s'", why_sb.len ? ", " : "bad descriptor: ", b[i].name);
    report("builtin_descriptors_are_sane", why_text());
}

/* ---------------------------------------------------------------- random numbers */

#define NDRAWS 200000

static void check_random(Rt *rt)
{
    double first[8];
    rt_rand_seed(rt, 42);
    for (int i = 0; i < 8; i++)
        first[i] = rt_rand_uniform(rt);
    rt_rand_seed(rt, 42);
    bool same = true;
    for (int i = 0; i < 8; i++)
        same &= rt_rand_uniform(rt) == first[i];
    report("uniform_reproducible_for_a_seed", same ? NULL : "same seed, different numbers");

    rt_rand_seed(rt, 43);
    report("uniform_differs_between_seeds", rt_rand_uniform(rt) != first[0] ? NULL : "seeds 42 and 43 agree");

    rt_rand_seed(rt, 7);
    double sum = 0, sq = 0, lo = 1, hi = 0;
    for (int i = 0; i < NDRAWS; i++) {
        double u = rt_rand_uniform(rt);
        lo = fmin(lo, u), hi = fmax(hi, u);
        sum += u, sq += u * u;
    }
    double mean = sum / NDRAWS, var = sq / NDRAWS - mean * mean;
    char buf[160];
    snprintf(buf, sizeof buf, "min %g max %g mean %g var %g", lo, hi, mean, var);
    bool good = lo >= 0 && hi < 1 && fabs(mean - 0.5) < 0.01 && fabs(var - 1.0 / 12) < 0.005;
    report("uniform_range_and_moments", good ? NULL : buf);

    rt_rand_seed(rt, 7);
    sum = sq = 0;
    double m4 = 0;
    for (int i = 0; i < NDRAWS; i++) {
        double z = rt_rand_normal(rt);
        sum += z, sq += z * z, m4 += z * z * z * z;
    }
    mean = sum / NDRAWS, var = sq / NDRAWS - mean * mean;
    double kurt = m4 / NDRAWS / (var * var);
    snprintf(buf, sizeof buf, "mean %g var %g kurtosis %g", mean, var, kurt);
    good = fabs(mean) < 0.02 && fabs(var - 1) < 0.02 && fabs(kurt - 3) < 0.1;
    report("normal_moments", good ? NULL : buf);

    rt_rand_seed(rt, 9);
    double a = rt_rand_normal(rt);
    rt_rand_seed(rt, 9);
    report("normal_reproducible_for_a_seed", rt_rand_normal(rt) == a ? NULL : "same seed, different numbers");
}

/* ---------------------------------------------------------------- rt_sprintf */

static void check_format(Rt *rt, const char *name, const char *fmt, const char *want, int argc, ...)
{
    Value argv[12];
    va_list ap;
    va_start(ap, argc);
    for (int i = 0; i < argc; i++)
        argv[i] = va_arg(ap, Value);
    va_end(ap);
    StrBuf sb = {0};
    rt_sprintf(rt, fmt, argc, argv, &sb);
    const char *got = sb.s ? sb.s : "";
    why_reset();
    if (strcmp(got, want))
        sb_printf(&why_sb, "format \"%s\": expected \"%s\", got \"%s\"", fmt, want, got);
    report(name, why_text());
    sb_free(&sb);
    for (int i = 0; i < argc; i++)
        rt_release(argv[i]);
}

static void check_formats(Rt *rt)
{
    check_format(rt, "sprintf_int_conversions", "%d|%5d|%-5d|%05d|%+d|%x|%X|%o|%u", "7|    7|7    |00007|+7|ff|FF|10|3",
                 9, rt_int(7), rt_int(7), rt_int(7), rt_int(7), rt_int(7), rt_int(255), rt_int(255), rt_int(8),
                 rt_int(3));
    check_format(rt, "sprintf_fraction_at_int_conversion_is_e_form", "%d %d %i %d", "2.700000e+00 -2.700000e+00 3.990000e+00 4",
                 4, rt_real(2.7), rt_real(-2.7), rt_real(3.99), rt_real(4.0));
    check_format(rt, "sprintf_real_conversions", "%f %.2f %8.3f %e %g %G", "1.500000 3.14    2.000 1.000000e+03 0.0001 1E+10",
                 6, rt_real(1.5), rt_real(3.14159), rt_int(2), rt_real(1000), rt_real(0.0001), rt_real(1e10));
    check_format(rt, "sprintf_strings_and_chars", "[%s] [%5s] [%-4s] [%.2s] %c%c", "[ab] [   ab] [ab  ] [ab] Hi", 6,
                 rt_string_cstr("ab"), rt_string_cstr("ab"), rt_string_cstr("ab"), rt_string_cstr("abc"), rt_int(72),
                 rt_real(105));
    check_format(rt, "sprintf_s_of_number_prints_like_print", "%s %s %s", "4 0.5 0.333333", 3, rt_int(4), rt_real(0.5),
                 rt_real(1.0 / 3));
    check_format(rt, "sprintf_escapes_in_format_only", "a\\tb\\nc\\\\d%%", "a\tb\nc\\d%", 0);
    check_format(rt, "sprintf_escape_keeps_unknown", "\\d\\", "\\d\\", 0);
    check_format(rt, "sprintf_format_cycles_over_arguments", "%d;", "1;2;3;", 3, rt_int(1), rt_int(2), rt_int(3));
    check_format(rt, "sprintf_cycle_stops_when_data_ends", "%d-%d ", "1-2 3-", 3, rt_int(1), rt_int(2), rt_int(3));
    check_format(rt, "sprintf_nan_inf_with_d", "%d %d", "nan -inf", 2, rt_real(NAN), rt_real(-INFINITY));
    check_format(rt, "sprintf_complex", "%g", "1-2j", 1, rt_cplx(1, -2));
    check_format(rt, "sprintf_unicode_char", "%c", "\xc3\xa9", 1, rt_int(233));

    /* a numeric array gives one element per numeric conversion, whole at %s */
    Value v = rt_array_vec(RT_F32, 3), w = rt_array_vec(RT_F32, 2), e = rt_array_vec(RT_F32, 0);
    for (int i = 0; i < 3; i++)
        rt_set_real(v.a, i, i + 1, false);
    check_format(rt, "sprintf_array_elements_cycle", "%d,", "1,2,3,", 1, v);
    check_format(rt, "sprintf_array_whole_at_s", "%s|%g", "[0,0]|7", 2, w, rt_int(7));
    check_format(rt, "sprintf_empty_array_gives_nothing", "%d;", "5;", 2, e, rt_int(5));
}

int main(void)
{
    RtOptions opt = {0};
    FILE *sink = tmpfile();
    RtHost *host = rt_host_new(&opt);
    if (host) {
        io_register(host);      /* imread, imwrite and the video functions come from io/ */
        disp_register(host);    /* imshow, hold, sync_framerate */
    }
    Rt *rt = host ? rt_new(host, &opt, sink ? sink : stdout, stderr) : NULL;
    if (!rt) {
        report("rt_new", "rt_new failed");
        return 1;
    }
    check_names(rt);
    check_random(rt);
    check_formats(rt);
    sb_free(&why_sb);
    rt_free(rt);
    rt_host_free(host);
    if (sink)
        fclose(sink);
    return failures != 0;
}
