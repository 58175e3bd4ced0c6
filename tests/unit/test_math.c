/*
 * test_math.c - kernels/qp_math.h functions that have a contract of their own.
 *
 * qp_exp_r: (float)qp_exp_r((double)x) must equal (float)exp((double)x), libm's double exp
 * rounded to float, for every float x (kernels in single precision call it where they used
 * to call exp). All 2^32 floats were compared once by hand (33 s); here every 251st bit
 * pattern of both signs, the two floats where an exp of degree-11 accuracy rounded the other
 * way, and the edges of the range.
 *
 * qp_min / qp_max (and the float qp_min_f / qp_max_f, which single-precision kernels call):
 * a NaN loses to a number (the builtins' rule, as the interpreter's min and max), and of
 * two equal numbers the second is returned (so min(0, -0) is -0).
 */
#include "kernels/qp_math.h"
#include "tests/unit/check.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static const char *why_not;     /* set by agrees() */

static float from_bits(uint32_t b)
{
    float x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* whether x agrees (a NaN with a NaN); if not, why_not says how */
static bool agrees(float x)
{
    float want = (float)exp((double)x), got = (float)qp_exp_r((double)x);
    if (want == got || (want != want && got != got))
        return true;
    why_not = why("exp(%a): %a, libm rounded %a", (double)x, (double)got, (double)want);
    return false;
}

static const char *sweep(void)
{
    for (uint64_t b = 0; b < (1ull << 32); b += 251)
        if (!agrees(from_bits((uint32_t)b)))
            return why_not;
    return NULL;
}

static const char *hard_cases(void)
{
    /* the exact exp of these lies so near a float midpoint that a less accurate exp rounds
     * them the other way (found by the exhaustive comparison) */
    const float xs[] = {0x1.060e1ep+6f, -0x1.03d5bep+0f};
    for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
        if (!agrees(xs[i]))
            return why_not;
    return NULL;
}

static const char *edges(void)
{
    const float xs[] = {0.0f, -0.0f, 1.0f, -1.0f, 88.72f, 88.7228f, 88.73f, -87.3f, -103.27f, -103.98f, -104.0f,
                        -110.0f, 100.0f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
        if (!agrees(xs[i]))
            return why_not;
    if (qp_exp_r(0.0) != 1.0 || !isinf((float)qp_exp_r(INFINITY)) || (float)qp_exp_r(-INFINITY) != 0.0f ||
        !isnan(qp_exp_r(NAN)))
        return "exp(0) = 1, exp(inf) = inf, exp(-inf) = 0 and exp(NaN) = NaN";
    return NULL;
}

/* qp_min and qp_max against the rule written out, over pairs of special values */
static const char *min_max(void)
{
    const double v[] = {NAN, -INFINITY, -2.5, -0.0, 0.0, 1.0, 3.0, INFINITY};
    const int n = (int)(sizeof v / sizeof *v);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double a = v[i], b = v[j];
            double lo = isnan(a) ? b : isnan(b) ? a : a < b ? a : b;
            double hi = isnan(a) ? b : isnan(b) ? a : a > b ? a : b;
            double got_lo = qp_min(a, b), got_hi = qp_max(a, b);
            if (memcmp(&got_lo, &lo, sizeof lo) && !(isnan(got_lo) && isnan(lo)))
                return why("min(%g, %g) = %g, not %g", a, b, got_lo, lo);
            if (memcmp(&got_hi, &hi, sizeof hi) && !(isnan(got_hi) && isnan(hi)))
                return why("max(%g, %g) = %g, not %g", a, b, got_hi, hi);
            /* the float versions: the double's result rounded (every value here is a float) */
            float flo = (float)lo, fhi = (float)hi, fgot_lo = qp_min_f((float)a, (float)b),
                  fgot_hi = qp_max_f((float)a, (float)b);
            if (memcmp(&fgot_lo, &flo, sizeof flo) && !(isnan(fgot_lo) && isnan(flo)))
                return why("min_f(%g, %g) = %g, not %g", a, b, (double)fgot_lo, (double)flo);
            if (memcmp(&fgot_hi, &fhi, sizeof fhi) && !(isnan(fgot_hi) && isnan(fhi)))
                return why("max_f(%g, %g) = %g, not %g", a, b, (double)fgot_hi, (double)fhi);
        }
    return NULL;
}

int main(void)
{
    report("qp_min, qp_max, qp_min_f, qp_max_f: a NaN loses, of equal numbers the second (signed zeros too)", min_max());
    report("qp_exp_r: every 251st float rounds as libm's exp", sweep());
    report("qp_exp_r: floats whose exp lies next to a rounding midpoint", hard_cases());
    report("qp_exp_r: range edges, infinities and NaN", edges());
    return failures != 0;
}
