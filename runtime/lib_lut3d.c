/*
 * lib_lut3d.c - lut3d_read: a 3-D colour lookup table from a `.cube` file (the Adobe/Resolve
 * text format that FFmpeg's lut3d filter and most grading tools read).
 *
 * [lut, lo, hi] = lut3d_read(file): lut is an N x N x N x 3 array of scalars indexed
 * [r, g, b, channel] (the file lists red fastest, then green, then blue); lo and hi are the
 * DOMAIN_MIN / DOMAIN_MAX vectors (default [0, 0, 0] and [1, 1, 1]). Lines: `TITLE "…"`,
 * `LUT_3D_SIZE N` (2 to 256), `DOMAIN_MIN a b c`, `DOMAIN_MAX a b c`, `#` comments and
 * blank lines; then N^3 lines of three numbers. A 1-D table (`LUT_1D_SIZE`), a missing
 * size, a wrong count or a field that is not a number is an error naming the file and line.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Three numbers from s: false when s holds anything else. */
static bool three(const char *s, double *v)
{
    char *end;
    for (int i = 0; i < 3; i++) {
        v[i] = strtod(s, &end);
        if (end == s)
            return false;
        s = end;
    }
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return *s == '\0' || *s == '\n';
}

static Value vec3(Rt *rt, const double *v)
{
    Value r = rt_array_vec(rt_scalar_elem(rt), 3);
    if (r.kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < 3; i++)
        rt_set_real(r.a, i, v[i], false);
    return r;
}

void lib_lut3d_read(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "lut3d_read: the file name"), found,
                                     sizeof found);
    Value *text = rt_push(rt, 1);
    StrBuf sb = {0};
    if (sb_read_file(&sb, path) < 0) {
        int e = errno;
        sb_free(&sb);
        rt_error(rt, "lut3d_read: cannot %s '%s': %s", e == ENOENT || e == EACCES ? "open" : "read", path,
                 strerror(e));
    }
    *text = rt_string_new(sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    if (text->kind == V_UNDEF)
        rt_out_of_memory(rt);
    double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
    int64_t n = 0, k = 0, total = 0;
    int line = 0;
    for (const char *s = text->s->text; *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : s + strlen(s)) {
        line++;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\n' || *s == '\r' || *s == '#' || *s == '\0')
            continue;
        double v[3];
        if (!strncmp(s, "TITLE", 5))
            continue;
        if (!strncmp(s, "LUT_1D_SIZE", 11))
            rt_error(rt, "lut3d_read: '%s' line %d: a 1-D table (LUT_1D_SIZE); a 3-D one is needed", path, line);
        if (!strncmp(s, "LUT_3D_SIZE", 11)) {
            char *end;
            long m = strtol(s + 11, &end, 10);
            if (n || m < 2 || m > 256)
                rt_error(rt, "lut3d_read: '%s' line %d: LUT_3D_SIZE must be given once, 2 to 256", path, line);
            n = m;
            total = n * n * n;
            int64_t dims[4] = {n, n, n, 3};
            out[0] = rt_array_new(rt_scalar_elem(rt), 4, dims);
            if (out[0].kind == V_UNDEF)
                rt_out_of_memory(rt);
            continue;
        }
        bool dmin = !strncmp(s, "DOMAIN_MIN", 10), dmax = !strncmp(s, "DOMAIN_MAX", 10);
        if ((dmin || dmax) && three(s + 10, dmin ? lo : hi))
            continue;
        if (!n || !three(s, v) || k >= total)
            rt_error(rt, "lut3d_read: '%s' line %d: %s", path, line,
                     !n ? "a table line before LUT_3D_SIZE, or an unknown keyword"
                        : k >= total ? "more table lines than LUT_3D_SIZE^3" : "expected three numbers");
        int64_t r = k % n, g = k / n % n, b = k / (n * n);
        for (int c = 0; c < 3; c++)
            rt_set_real(out[0].a, ((r * n + g) * n + b) * 3 + c, v[c], false);
        k++;
    }
    if (!n || k != total)
        rt_error(rt, "lut3d_read: '%s': %s (%lld of %lld table lines)", path,
                 n ? "the table is short" : "no LUT_3D_SIZE", (long long)k, (long long)total);
    if (nout > 1)
        out[1] = vec3(rt, lo);
    if (nout > 2)
        out[2] = vec3(rt, hi);
    rt_pop_to(rt, text);
}
