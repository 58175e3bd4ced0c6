/*
 * qp_math.h - the scalar math of Quasar's builtins, written once and shared by every engine.
 *
 * The host interpreter's builtins (runtime/lib_math.c) call these functions today; the
 * kernel dialect header (qp_kernel.h) will include this file so that generated kernels,
 * compiled by the system C compiler or by NVRTC, compute exactly what the interpreter
 * computes (issue 3: "one implementation shared later with kernels"). That is why the
 * file is self-contained, uses only C99 and the functions of <math.h> that CUDA's device
 * library also has (floor, fmod, fabs, sin …), and includes nothing under NVRTC, where
 * those functions are built in.
 *
 * Conventions (decided here; the interpreter and the kernels follow them):
 *  - mod(x, y) has the sign of the divisor, like MATLAB: mod(-1, 3) = 2; mod(x, 0) = x.
 *  - periodize(i, n) is mod(i, n): the index of the 'circular access mode.
 *  - mirror_ext(i, n) is the index of the 'mirror access mode, half-sample symmetric
 *    (the edge sample repeats, as in CUDA's cudaAddressModeMirror): for n = 5,
 *    -1 → 0, -2 → 1, 5 → 4, 6 → 3; the pattern has period 2n. n <= 0 leaves i as it is.
 *  - round is half away from zero (round(-2.5) = -3), as in MATLAB and C's round().
 *  - sinc(x) is the normalised sinc, sin(pi x) / (pi x), with sinc(0) = 1.
 * Double versions carry the plain name; `_f` versions work in float and `_i` versions on
 * integer indices (what kernels use for boundary handling).
 */
#ifndef QP_MATH_H
#define QP_MATH_H

#ifndef __CUDACC_RTC__
#include <math.h>
#include <string.h>
#endif

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define QP_MATH_FN static inline __host__ __device__
#else
#define QP_MATH_FN static inline
#endif

#define QP_PI 3.14159265358979323846

/* ---------------------------------------------------------------- modulo and indices */

QP_MATH_FN double qp_mod(double x, double y)
{
    if (y == 0)
        return x;
    double r = fmod(x, y);
    if (r != 0 && (r < 0) != (y < 0))
        r += y;
    return r == y ? 0 : r;      /* -1e-20 + 3 rounds to 3: keep the result below y */
}

QP_MATH_FN float qp_mod_f(float x, float y)
{
    if (y == 0)
        return x;
    float r = fmodf(x, y);
    if (r != 0 && (r < 0) != (y < 0))
        r += y;
    return r == y ? 0 : r;
}

QP_MATH_FN long long qp_mod_i(long long x, long long y)
{
    if (y == 0 || y == -1)      /* -1: x % -1 overflows for the most negative x */
        return y ? 0 : x;
    long long r = x % y;
    return r != 0 && (r < 0) != (y < 0) ? r + y : r;
}

QP_MATH_FN double qp_periodize(double x, double n) { return qp_mod(x, n); }
QP_MATH_FN float qp_periodize_f(float x, float n) { return qp_mod_f(x, n); }
QP_MATH_FN long long qp_periodize_i(long long x, long long n) { return qp_mod_i(x, n); }

QP_MATH_FN double qp_mirror_ext(double x, double n)
{
    if (n <= 0)
        return x;
    double p = qp_mod(x, 2 * n);
    return p >= n ? 2 * n - 1 - p : p;
}

QP_MATH_FN float qp_mirror_ext_f(float x, float n)
{
    if (n <= 0)
        return x;
    float p = qp_mod_f(x, 2 * n);
    return p >= n ? 2 * n - 1 - p : p;
}

QP_MATH_FN long long qp_mirror_ext_i(long long x, long long n)
{
    if (n <= 0)
        return x;
    long long p = qp_mod_i(x, 2 * n);
    return p >= n ? 2 * n - 1 - p : p;
}

/* ---------------------------------------------------------------- ranges */

/* NaN passes through unchanged (both comparisons are false). */
QP_MATH_FN double qp_clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }
QP_MATH_FN float qp_clamp_f(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }
QP_MATH_FN long long qp_clamp_i(long long x, long long lo, long long hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

QP_MATH_FN double qp_saturate(double x) { return qp_clamp(x, 0, 1); }
QP_MATH_FN float qp_saturate_f(float x) { return qp_clamp_f(x, 0, 1); }

QP_MATH_FN double qp_lerp(double a, double b, double t) { return a + (b - a) * t; }
QP_MATH_FN float qp_lerp_f(float a, float b, float t) { return a + (b - a) * t; }

/* ---------------------------------------------------------------- rounding and sign */

QP_MATH_FN double qp_frac(double x) { return x - floor(x); }
QP_MATH_FN float qp_frac_f(float x) { return x - floorf(x); }

/* -1, 0 or 1; NaN stays NaN. */
QP_MATH_FN double qp_sign(double x) { return x > 0 ? 1 : x < 0 ? -1 : x; }
QP_MATH_FN float qp_sign_f(float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }

/* Half away from zero: C99 round(), which CUDA's device library has too. */
QP_MATH_FN double qp_round(double x) { return round(x); }
QP_MATH_FN float qp_round_f(float x) { return roundf(x); }

/* ---------------------------------------------------------------- special functions */

QP_MATH_FN double qp_sinc(double x)
{
    if (x == 0)
        return 1;
    if (x == floor(x))          /* sin(pi k) is not exactly 0 in floating point */
        return 0;
    double px = QP_PI * x;
    return sin(px) / px;
}

QP_MATH_FN float qp_sinc_f(float x)
{
    if (x == 0)
        return 1;
    if (x == floorf(x))
        return 0;
    float px = (float)QP_PI * x;
    return sinf(px) / px;
}

/* exp for a result in single precision: (float)qp_exp_r((double)x) equals
 * (float)exp((double)x) for every float x (all 2^32 were compared, with and without fused
 * multiply-add), and the function has no branches and no calls, so a loop over pixels that
 * calls it vectorizes where a call of exp stops the vectorizer (the bilateral denoiser's 49
 * weights a pixel). Its own error is about 2e-16 relative; it is not a double-precision exp
 * (inputs are clamped to the range where a float result is neither 0 nor infinite, and
 * beyond). Cody-Waite reduction by ln 2 (fdlibm's split), Taylor to degree 13 on |r| <=
 * 0.35, and 2^k built in the exponent bits: t's low mantissa bits hold k, so adding the
 * bias and shifting left by 52 leaves the biased exponent alone. */
#if defined(__GNUC__) && !defined(__CUDACC__) && !defined(__CUDACC_RTC__) && !defined(__clang__)
/* GCC makes vector versions of it: loops call those instead of inlining 49 copies (the
 * denoiser's weights), which took 8 s to compile where this takes 1.5 s. */
__attribute__((simd("notinbranch"), noinline, unused)) static double qp_exp_r(double x)
#else
QP_MATH_FN double qp_exp_r(double x)
#endif
{
    x = x < -110.0 ? -110.0 : x;    /* (float)exp(-110) is 0 and exp(100) overflows a float; */
    x = x > 100.0 ? 100.0 : x;      /* NaN passes both tests and stays NaN */
    const double shift = 6755399441055744.0;        /* 1.5 * 2^52: adding it rounds to an integer */
    double t = x * 1.4426950408889634 + shift;
    double k = t - shift;
    double r = x - k * 6.93147180369123816490e-01 - k * 1.90821492927058770002e-10;
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
#ifdef __CUDACC_RTC__
    unsigned long long tb = (unsigned long long)__double_as_longlong(t);
    double s = __longlong_as_double((long long)((tb + 1023) << 52));
#else
    unsigned long long tb, sb;
    double s;
    memcpy(&tb, &t, sizeof tb);
    sb = (tb + 1023) << 52;
    memcpy(&s, &sb, sizeof s);
#endif
    return p * s;
}

/* shl and shr (the builtins): a negative count shifts the other way, a count past 63 gives
 * 0 (or -1 for a negative number shifted right); shr is arithmetic. */
QP_MATH_FN long long qp_shr_i(long long a, long long n);
QP_MATH_FN long long qp_shl_i(long long a, long long n)
{
    if (n < 0)
        return n < -63 ? (a < 0 ? -1 : 0) : qp_shr_i(a, -n);
    return n > 63 ? 0 : (long long)((unsigned long long)a << n);
}
QP_MATH_FN long long qp_shr_i(long long a, long long n)
{
    if (n < 0)
        return n < -63 ? 0 : qp_shl_i(a, -n);
    return n > 63 ? (a < 0 ? -1 : 0) : a >> n;     /* arithmetic: gcc, clang and nvcc shift signs in */
}

/* min and max of two numbers: a NaN loses to a number (the builtins' rule) */
QP_MATH_FN double qp_min(double a, double b) { return a != a ? b : b != b ? a : a < b ? a : b; }
QP_MATH_FN double qp_max(double a, double b) { return a != a ? b : b != b ? a : a > b ? a : b; }
QP_MATH_FN float qp_min_f(float a, float b) { return a != a ? b : b != b ? a : a < b ? a : b; }
QP_MATH_FN float qp_max_f(float a, float b) { return a != a ? b : b != b ? a : a > b ? a : b; }
QP_MATH_FN long long qp_min_i(long long a, long long b) { return a < b ? a : b; }
QP_MATH_FN long long qp_max_i(long long a, long long b) { return a > b ? a : b; }
QP_MATH_FN int qp_abs_i(int x) { return x < 0 ? -x : x; }

#endif
