/*
 * lib_csv.c - csvread and csvwrite: numeric matrices as comma-separated text (MATLAB).
 *
 * csvwrite(file, M) writes one line per row (dimension 0) with the values of the row
 * separated by commas and no spaces; a vec is one row, a number one value. Integers print
 * exactly; reals print with the fewest digits that read back to the same value (MATLAB
 * writes 5 significant digits; exact round trips matter more for data files); NaN and
 * infinities as NaN, Inf, -Inf. Complex values, cells and arrays of more than two
 * dimensions are refused.
 *
 * csvread(file[, row, col]) reads such text into a mat of scalars, skipping the first
 * `row` lines and `col` fields of each line (zero-based offsets, MATLAB's): that is how
 * a header line is skipped. Empty fields read as 0 and short rows are padded with zeros
 * (MATLAB's behaviour); blank lines are skipped; a field that is not a number is an error
 * naming its line and column. An empty file gives [].
 *
 * Writes go through rt_write_atomic (temporary name, then rename).
 */
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/lib_data.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- csvwrite */

/* x with the fewest significant digits that read back to x (as a float when `single`). */
static void put_number(StrBuf *sb, double x, bool single)
{
    if (isnan(x)) {
        sb_puts(sb, "NaN");
        return;
    }
    if (isinf(x)) {
        sb_puts(sb, x > 0 ? "Inf" : "-Inf");
        return;
    }
    char buf[64];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, x);
        double back = strtod(buf, NULL);
        if (single ? (float)back == (float)x : back == x)
            break;
    }
    sb_puts(sb, buf);
}

static void put_element(StrBuf *sb, const RtArray *a, int64_t i)
{
    if (a->elem == RT_I64)      /* 64-bit integers exactly, not through a double */
        sb_printf(sb, "%lld", (long long)((const int64_t *)a->data)[i]);
    else if (a->elem == RT_U64)
        sb_printf(sb, "%llu", (unsigned long long)((const uint64_t *)a->data)[i]);
    else if (rt_elem_is_int(a->elem))
        sb_printf(sb, "%lld", (long long)rt_get_real(a, i));
    else
        put_number(sb, rt_get_real(a, i), a->elem == RT_F32);
}

/* csvwrite(file, M) */
void lib_csvwrite(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    const char *path = rt_to_cstr(rt, argv[0], "csvwrite: the file name");
    Value m = argv[1];
    StrBuf sb = {0};
    if (m.kind == V_INT) {
        sb_printf(&sb, "%lld\n", (long long)m.i);
    } else if (m.kind == V_SCALAR) {
        put_number(&sb, m.r, !rt->opt.dbl);
        sb_putc(&sb, '\n');
    } else if (m.kind == V_ARRAY && m.a->elem != RT_VALUE && !rt_elem_is_complex(m.a->elem) && m.a->rank <= 2) {
        const RtArray *a = m.a;
        int64_t rows = a->rank == 1 ? (a->n ? 1 : 0) : a->dims[0];
        int64_t cols = a->rank == 1 ? a->n : a->dims[1];
        for (int64_t r = 0; r < rows; r++) {
            for (int64_t c = 0; c < cols; c++) {
                if (c)
                    sb_putc(&sb, ',');
                put_element(&sb, a, r * cols + c);
            }
            sb_putc(&sb, '\n');
        }
    } else {
        StrBuf t = {0};
        const char *type = rt_type_name(rt, m, &t);
        char name[64];
        snprintf(name, sizeof name, "%s", type);
        sb_free(&t);
        rt_error(rt, "csvwrite: expected a real number, vector or matrix, not '%s'", name);
    }
    char err[256];
    int rc = rt_write_atomic(path, sb.s ? sb.s : "", sb.len, err, sizeof err);
    sb_free(&sb);
    if (rc)
        rt_error(rt, "csvwrite: cannot write '%s': %s", path, err);
}

/* ---------------------------------------------------------------- csvread */

/* The parsed numbers: rows of varying length, kept in one growing list. */
typedef struct CsvData {
    double *v;
    int64_t n, cap;
    int64_t *len;               /* fields of each row */
    int64_t rows, rows_cap, cols;
} CsvData;

static bool csv_push(void **p, int64_t *cap, int64_t need, size_t size)
{
    if (need <= *cap)
        return true;
    int64_t c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static void csv_free(CsvData *d)
{
    free(d->v);
    free(d->len);
}

/* One field [s, e): a number, or empty (0). false when it is not a number. */
static bool parse_field(const char *s, const char *e, double *x)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    *x = 0;
    if (s == e)
        return true;
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return end == e;
}

typedef struct CsvError {
    int64_t line, col;
} CsvError;

/* Parse the text (NUL-terminated) into d. 0, -1 out of memory, -2 a bad field (*bad). */
static int csv_parse(const char *text, int64_t skip_rows, int64_t skip_cols, CsvData *d, CsvError *bad)
{
    int64_t line = 0;
    for (const char *p = text; *p; line++) {
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        const char *q = p;
        while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (line >= skip_rows && q < eol) {
            int64_t col = 0, kept = 0;
            for (const char *f = p; f <= eol; col++) {
                const char *comma = memchr(f, ',', (size_t)(eol - f));
                const char *fe = comma ? comma : eol;
                double x;
                if (col >= skip_cols) {
                    if (!parse_field(f, fe, &x)) {
                        *bad = (CsvError){line + 1, col + 1};
                        return -2;
                    }
                    if (!csv_push((void **)&d->v, &d->cap, d->n + 1, sizeof *d->v))
                        return -1;
                    d->v[d->n++] = x;
                    kept++;
                }
                f = fe + 1;
            }
            if (!csv_push((void **)&d->len, &d->rows_cap, d->rows + 1, sizeof *d->len))
                return -1;
            d->len[d->rows++] = kept;
            if (kept > d->cols)
                d->cols = kept;
        }
        p = *eol ? eol + 1 : eol;
    }
    return 0;
}

/* The whole file as a string Value in the rooted slot dst. */
static void read_text(Rt *rt, const char *path, Value *dst)
{
    StrBuf sb = {0};
    if (sb_read_file(&sb, path) < 0) {
        int e = errno;
        sb_free(&sb);
        rt_error(rt, "csvread: cannot %s '%s': %s", e == ENOENT || e == EACCES ? "open" : "read", path,
                 strerror(e));
    }
    *dst = rt_string_new(sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
}

static int64_t offset_arg(Rt *rt, int argc, Value *argv, int i, const char *what)
{
    if (i >= argc)
        return 0;
    int64_t k = rt_to_int(rt, argv[i], what);
    if (k < 0)
        rt_error(rt, "csvread: %s must be 0 or more, not %lld", what, (long long)k);
    return k;
}

/* csvread(file[, row, col]) */
void lib_csvread(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "csvread: the file name"), found, sizeof found);
    int64_t skip_rows = offset_arg(rt, argc, argv, 1, "the first row");
    int64_t skip_cols = offset_arg(rt, argc, argv, 2, "the first column");
    Value *text = rt_push(rt, 1);
    read_text(rt, path, text);
    CsvData d = {0};
    CsvError bad = {0};
    int rc = csv_parse(text->s->text, skip_rows, skip_cols, &d, &bad);
    if (rc) {
        csv_free(&d);
        if (rc == -1)
            rt_out_of_memory(rt);
        rt_error(rt, "csvread: '%s' line %lld, field %lld is not a number (csvread(file, 1, 0) skips a "
                 "header line)", path, (long long)bad.line, (long long)bad.col);
    }
    int64_t dims[2] = {d.rows, d.cols};
    out[0] = d.rows && d.cols ? rt_array_new(rt_scalar_elem(rt), 2, dims) : rt_array_vec(rt_scalar_elem(rt), 0);
    if (out[0].kind == V_UNDEF) {
        csv_free(&d);
        rt_out_of_memory(rt);
    }
    int64_t k = 0;
    for (int64_t r = 0; r < d.rows; r++)
        for (int64_t c = 0; c < d.len[r]; c++)
            rt_set_real(out[0].a, r * d.cols + c, d.v[k++], false);
    csv_free(&d);
    rt_pop_to(rt, text);
}
