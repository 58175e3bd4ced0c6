/*
 * lib_string.c - strings and the console: printf sprintf (and rt_sprintf, the
 * formatter behind them), strcat, fromascii toascii fromunicode tounicode, disp, error,
 * typename.
 *
 * fromascii/fromunicode turn a string into a vector of codes (bytes, code points) and
 * toascii/tounicode turn codes back into a string: the spec converts strings "to
 * vectors (using the functions fromascii, fromunicode)" for kernels.
 *
 * Formats follow C: %d %i %u %x %X %o %c %f %F %e %E %g %G %a %A %s %% with the flags
 * `-+ #0`, a width and a precision (`*` is not supported). String literals keep their
 * backslashes (the lexer has no escapes), so the escapes \n \t \r \\ \" \' \a \b \f \v
 * \0 are understood inside FORMAT strings only. Arguments are Quasar values:
 * - %d/%i/%u/%x/%X/%o print an integral scalar as an integer and any other number in %e
 *   form, as MATLAB does (NaN and inf print as text); %f and the other real conversions
 *   take ints; a complex number prints as `re+imj` with the
 *   conversion applied to each part; %c takes a code point (UTF-8 encoded) or a string;
 *   %s takes a string, or any value formatted as `print` does (rt_format).
 * - A numeric array given to a numeric conversion gives its elements one per conversion,
 *   and the format is reused while arguments remain (MATLAB's cycling): sprintf("%d,",
 *   [1,2,3]) is "1,2,3,". At %s an array prints whole, as `print` shows it. Empty
 *   arrays give nothing.
 * - Too few arguments for the format is an error ("printf: not enough arguments for the
 *   format"); when the format is being reused, output simply stops there.
 * Nothing here keeps C scratch memory across a raise: errors free the StrBuf first.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Field widths and precisions above this are refused: no program needs a field of more
 * than a megabyte, and a typo (%99999999d) should not allocate one. */
#define FMT_MAX_FIELD (1 << 20)

/* ---------------------------------------------------------------- helpers */

static Value need(Rt *rt, Value v)
{
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    return v;
}

/* A string Value from a StrBuf, which is freed. */
static Value take_text(Rt *rt, StrBuf *sb)
{
    Value s = rt_string_new(sb->s ? sb->s : "", sb->len);
    sb_free(sb);
    return need(rt, s);
}

/* Append the UTF-8 encoding of code point cp (which must be valid). */
static void put_utf8(StrBuf *sb, uint32_t cp)
{
    if (cp < 0x80) {
        sb_putc(sb, (char)cp);
    } else if (cp < 0x800) {
        sb_putc(sb, (char)(0xC0 | cp >> 6));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        sb_putc(sb, (char)(0xE0 | cp >> 12));
        sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else {
        sb_putc(sb, (char)(0xF0 | cp >> 18));
        sb_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
        sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    }
}

static bool valid_code_point(double x)
{
    return x >= 0 && x <= 0x10FFFF && x == floor(x) && !(x >= 0xD800 && x <= 0xDFFF);
}

/* Decode one UTF-8 sequence at s (n bytes left); invalid bytes give U+FFFD, one each. */
static uint32_t get_utf8(const unsigned char *s, size_t n, size_t *used)
{
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    int len = s[0] < 0x80 ? 1 : s[0] >> 5 == 6 ? 2 : s[0] >> 4 == 14 ? 3 : s[0] >> 3 == 30 ? 4 : 0;
    *used = 1;
    if (len == 1)
        return s[0];
    if (!len || (size_t)len > n)
        return 0xFFFD;
    uint32_t cp = s[0] & (0x7F >> len);
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0xFFFD;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0xFFFD;
    *used = (size_t)len;
    return cp;
}

/* ---------------------------------------------------------------- format arguments */

/* A cursor over printf's arguments: numeric arrays are walked element by element. */
typedef struct FmtArgs {
    const Value *argv;
    int argc;
    int i;                      /* current argument */
    int64_t k;                  /* next element of an array argument */
    int64_t taken;              /* values handed out so far */
} FmtArgs;

static bool numeric_array(Value v) { return v.kind == V_ARRAY && v.a->elem != RT_VALUE; }

static void skip_empty(FmtArgs *a)
{
    while (a->i < a->argc && a->k == 0 && numeric_array(a->argv[a->i]) && a->argv[a->i].a->n == 0)
        a->i++;
}

static bool args_left(FmtArgs *a)
{
    skip_empty(a);
    return a->i < a->argc;
}

/* The next value for a conversion; `whole` (for %s) takes an array as one value unless
 * it is partly used. *owned says whether the caller must release it (an element of a
 * complex array is a new boxed number). */
static bool next_arg(FmtArgs *a, bool whole, Value *v, bool *owned)
{
    if (!args_left(a))
        return false;
    Value cur = a->argv[a->i];
    a->taken++;
    if (numeric_array(cur) && (!whole || a->k > 0)) {
        *v = rt_get_value(cur.a, a->k);
        *owned = true;
        if (++a->k == cur.a->n) {
            a->k = 0;
            a->i++;
        }
        return true;
    }
    *v = cur;
    *owned = false;
    a->i++;
    return true;
}

/* ---------------------------------------------------------------- conversions */

typedef struct FmtSpec {
    char flags[6];              /* each of "-+ #0" at most once */
    int width;                  /* 0: none */
    int prec;                   /* -1: none */
    char conv;
} FmtSpec;

/* "%<flags>*.*<len><conv>" for sb_printf; the buffer holds the longest such text. */
static const char *c_format(const FmtSpec *f, const char *len, char conv, char *buf, size_t size)
{
    snprintf(buf, size, "%%%s*.*%s%c", f->flags, len, conv);
    return buf;
}

static void put_text(StrBuf *sb, const FmtSpec *f, const char *s)
{
    char cf[24];
    FmtSpec t = *f;
    t.flags[0] = strchr(f->flags, '-') ? '-' : 0;
    t.flags[1] = 0;
    sb_printf(sb, c_format(&t, "", 's', cf, sizeof cf), f->width, f->prec, s);
}

static void put_real(StrBuf *sb, const FmtSpec *f, double x)
{
    char cf[24];
    sb_printf(sb, c_format(f, "", f->conv, cf, sizeof cf), f->width, f->prec, x);
}

/* An integer conversion of a real. An integral value prints as the integer; any other
 * value (a fraction, a negative number for %u %x %X %o) prints in %e form, as MATLAB
 * does (sprintf("%d", 1.5) is 1.500000e+00); NaN, inf and values beyond 64 bits print
 * as %f would. */
static void put_int(StrBuf *sb, const FmtSpec *f, double x, bool is_int, int64_t i)
{
    char cf[24];
    if (!is_int) {
        FmtSpec g = *f;
        g.prec = -1;
        if (!(fabs(x) < 9.2e18)) {
            g.conv = 'f';
            g.prec = 0;
            put_real(sb, &g, x);
            return;
        }
        if (x != floor(x) || (x < 0 && f->conv != 'd' && f->conv != 'i')) {
            g.conv = 'e';
            put_real(sb, &g, x);
            return;
        }
        i = (int64_t)x;
    }
    char conv = f->conv == 'i' ? 'd' : f->conv;
    if (conv == 'd')
        sb_printf(sb, c_format(f, "ll", conv, cf, sizeof cf), f->width, f->prec, (long long)i);
    else
        sb_printf(sb, c_format(f, "ll", conv, cf, sizeof cf), f->width, f->prec, (unsigned long long)i);
}

/* %s of any value: strings as they are, everything else as print shows it. */
static void put_value_text(Rt *rt, StrBuf *sb, const FmtSpec *f, Value v)
{
    if (v.kind == V_STRING) {
        put_text(sb, f, v.s->text);
        return;
    }
    StrBuf t = {0};
    rt_format(rt, v, &t);
    put_text(sb, f, t.s ? t.s : "");
    sb_free(&t);
}

/* %c: a code point or a string. */
static void put_char(Rt *rt, StrBuf *sb, const FmtSpec *f, Value v)
{
    double x = v.kind == V_INT ? (double)v.i : v.kind == V_SCALAR ? v.r : -1;
    if (!valid_code_point(x)) {
        put_value_text(rt, sb, f, v);
        return;
    }
    StrBuf t = {0};
    put_utf8(&t, (uint32_t)x);
    FmtSpec g = *f;
    g.prec = -1;
    put_text(sb, &g, t.s ? t.s : "");
    sb_free(&t);
}

/* One conversion of one value. */
static void convert(Rt *rt, StrBuf *sb, const FmtSpec *f, Value v)
{
    if (f->conv == 's') {
        put_value_text(rt, sb, f, v);
        return;
    }
    if (f->conv == 'c') {
        put_char(rt, sb, f, v);
        return;
    }
    bool integer = strchr("diuxXo", f->conv) != NULL;
    switch (v.kind) {
    case V_INT:
        if (integer)
            put_int(sb, f, 0, true, v.i);
        else
            put_real(sb, f, (double)v.i);
        return;
    case V_SCALAR:
        if (integer)
            put_int(sb, f, v.r, false, 0);
        else
            put_real(sb, f, v.r);
        return;
    case V_COMPLEX: {
        FmtSpec im = *f;
        convert(rt, sb, f, rt_real(rt_cget(v).re));
        if (!strchr(im.flags, '+'))
            strcat(im.flags, "+");
        im.width = 0;
        convert(rt, sb, &im, rt_real(rt_cget(v).im));
        sb_putc(sb, 'j');
        return;
    }
    default:
        put_value_text(rt, sb, f, v);
        return;
    }
}

/* ---------------------------------------------------------------- the format string */

typedef enum FmtStatus { FMT_DONE, FMT_MISSING, FMT_BAD, FMT_FIELD } FmtStatus;

/* Parse the specification after '%' at *pp; FMT_BAD or FMT_FIELD when malformed. */
static FmtStatus parse_spec(const char **pp, FmtSpec *f)
{
    const char *p = *pp;
    memset(f, 0, sizeof *f);
    f->prec = -1;
    for (size_t n = 0; *p && strchr("-+ #0", *p); p++)
        if (!strchr(f->flags, *p))
            f->flags[n++] = *p;
    long w = 0, pr = -1;
    for (; *p >= '0' && *p <= '9'; p++)
        if ((w = w * 10 + (*p - '0')) > FMT_MAX_FIELD)
            return FMT_FIELD;
    if (*p == '.')
        for (pr = 0, p++; *p >= '0' && *p <= '9'; p++)
            if ((pr = pr * 10 + (*p - '0')) > FMT_MAX_FIELD)
                return FMT_FIELD;
    while (*p && strchr("hlLjzt", *p))
        p++;
    f->width = (int)w;
    f->prec = (int)pr;
    f->conv = *p;
    *pp = p;
    return *p && strchr("diuxXocfFeEgGaAs", *p) ? FMT_DONE : FMT_BAD;
}

/* The character a backslash escape in a format stands for; 0 when it is not one. */
static int escape_char(char c)
{
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'v': return '\v';
    case '\\': return '\\';
    case '"': return '"';
    case '\'': return '\'';
    default: return 0;
    }
}

/* One pass over the format. *bad receives the offending conversion character. */
static FmtStatus format_pass(Rt *rt, const char *fmt, FmtArgs *args, StrBuf *sb, char *bad)
{
    for (const char *p = fmt; *p; p++) {
        if (*p == '\\' && p[1] == '0') {
            sb_putc(sb, '\0');
            p++;
        } else if (*p == '\\' && escape_char(p[1])) {
            sb_putc(sb, (char)escape_char(p[1]));
            p++;
        } else if (*p == '%' && p[1] == '%') {
            sb_putc(sb, '%');
            p++;
        } else if (*p == '%') {
            p++;
            FmtSpec f;
            FmtStatus st = parse_spec(&p, &f);
            if (st != FMT_DONE) {
                *bad = *p;
                return st;
            }
            Value v;
            bool owned;
            if (!next_arg(args, f.conv == 's', &v, &owned))
                return FMT_MISSING;
            convert(rt, sb, &f, v);
            if (owned)
                rt_release(v);
        } else {
            sb_putc(sb, *p);
        }
    }
    return FMT_DONE;
}

/* Format into sb; on error sb is freed and the error raised in the name of fn. */
static void format_values(Rt *rt, const char *fn, const char *fmt, int argc, const Value *argv, StrBuf *sb)
{
    FmtArgs args = {argv, argc, 0, 0, 0};
    for (int pass = 0;; pass++) {
        int64_t before = args.taken;
        char bad = 0;
        FmtStatus st = format_pass(rt, fmt, &args, sb, &bad);
        if (st == FMT_MISSING && pass > 0)
            break;      /* reusing the format: stop where the data ran out */
        if (st != FMT_DONE) {
            sb_free(sb);
            if (st == FMT_MISSING)
                rt_error(rt, "%s: not enough arguments for the format", fn);
            if (st == FMT_FIELD)
                rt_error(rt, "%s: field width or precision above %d", fn, FMT_MAX_FIELD);
            if (!bad)
                rt_error(rt, "%s: the format ends inside a conversion", fn);
            rt_error(rt, "%s: unknown conversion '%%%c' in the format", fn, bad);
        }
        if (!args_left(&args))
            break;
        if (args.taken == before)
            break;      /* a format without conversions prints once */
    }
}

void rt_sprintf(Rt *rt, const char *fmt, int argc, const Value *argv, StrBuf *sb)
{
    format_values(rt, "printf", fmt, argc, argv, sb);
}

void rt_sprintf_as(Rt *rt, const char *fn, const char *fmt, int argc, const Value *argv, StrBuf *sb)
{
    format_values(rt, fn, fmt, argc, argv, sb);
}

/* ---------------------------------------------------------------- builtins */

/* printf(format, args…): to the program's output; no newline is added. */
void lib_printf(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    StrBuf sb = {0};
    format_values(rt, "printf", rt_to_cstr(rt, argv[0], "the format of printf"), argc - 1, argv + 1, &sb);
    if (sb.len)
        fwrite(sb.s, 1, sb.len, rt->out);
    sb_free(&sb);
}

/* sprintf(format, args…): the formatted string. */
void lib_sprintf(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    StrBuf sb = {0};
    format_values(rt, "sprintf", rt_to_cstr(rt, argv[0], "the format of sprintf"), argc - 1, argv + 1, &sb);
    out[0] = take_text(rt, &sb);
}

/* The arguments formatted as print shows them, one after the other. */
static Value joined(Rt *rt, int argc, const Value *argv)
{
    StrBuf sb = {0};
    for (int i = 0; i < argc; i++)
        rt_format(rt, argv[i], &sb);
    return take_text(rt, &sb);
}

/* strcat(a, b, …): strings joined; other values as print shows them. */
void lib_strcat(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    out[0] = joined(rt, argc, argv);
}

/* disp(x): x as print shows it, then a newline. */
void lib_disp(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    StrBuf sb = {0};
    rt_format(rt, argv[0], &sb);
    sb_putc(&sb, '\n');
    fwrite(sb.s, 1, sb.len, rt->out);
    sb_free(&sb);
}

/* error(args…): raise the concatenated arguments as the message. */
void lib_error(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    if (!argc)
        rt_error(rt, "error");
    out[0] = joined(rt, argc, argv);    /* rooted: released when the error unwinds */
    rt_error(rt, "%s", out[0].s->text);
}

/* typename(x): the name of x's type as a string; a type value is returned as it is,
 * so that typename(mat[scalar'half])(100, 100) constructs (spec, CUDA guide). */
void lib_typename(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    if (argv[0].kind == V_TYPE) {
        rt_retain(argv[0]);
        out[0] = argv[0];
        return;
    }
    StrBuf sb = {0};
    const char *name = rt_type_name(rt, argv[0], &sb);
    Value s = rt_string_cstr(name);
    sb_free(&sb);
    out[0] = need(rt, s);
}

/* ---------------------------------------------------------------- character codes */

/* The codes of toascii/tounicode: a number or a real array. */
static const RtArray *codes_arg(Rt *rt, Value v, RtArray *one, double *store, const char *fn)
{
    if (v.kind == V_INT || v.kind == V_SCALAR) {
        *store = v.kind == V_INT ? (double)v.i : v.r;
        *one = (RtArray){.elem = RT_F64, .rank = 1, .n = 1, .dims = {1}, .data = store};
        return one;
    }
    if (v.kind != V_ARRAY || v.a->elem == RT_VALUE || rt_elem_is_complex(v.a->elem))
        rt_error(rt, "%s: expected a vector of character codes", fn);
    return v.a;
}

/* toascii(codes): the string of bytes 0…255 (the inverse of fromascii). */
void lib_toascii(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtArray one;
    double store;
    const RtArray *a = codes_arg(rt, argv[0], &one, &store, "toascii");
    for (int64_t i = 0; i < a->n; i++) {
        double x = rt_get_real(a, i);
        if (!(x >= 0 && x <= 255 && x == floor(x)))
            rt_error(rt, "toascii: %g is not a character code (0 to 255)", x);
    }
    StrBuf sb = {0};
    for (int64_t i = 0; i < a->n; i++)
        sb_putc(&sb, (char)(unsigned char)rt_get_real(a, i));
    out[0] = take_text(rt, &sb);
}

/* fromascii(text): the bytes of a string as a vec, so that kernels can take text
 * (spec: "strings need to be converted to vectors using fromascii, fromunicode"). */
void lib_fromascii(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value s = argv[0];
    rt_to_cstr(rt, s, "the argument of fromascii");
    out[0] = need(rt, rt_array_vec(rt_scalar_elem(rt), (int64_t)s.s->len));
    for (size_t i = 0; i < s.s->len; i++)
        rt_set_real(out[0].a, (int64_t)i, (unsigned char)s.s->text[i], false);
}

/* tounicode(codes): code points encoded as UTF-8. */
void lib_tounicode(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    RtArray one;
    double store;
    const RtArray *a = codes_arg(rt, argv[0], &one, &store, "tounicode");
    for (int64_t i = 0; i < a->n; i++) {
        double x = rt_get_real(a, i);
        if (!valid_code_point(x))
            rt_error(rt, "tounicode: %g is not a Unicode code point", x);
    }
    StrBuf sb = {0};
    for (int64_t i = 0; i < a->n; i++)
        put_utf8(&sb, (uint32_t)rt_get_real(a, i));
    out[0] = take_text(rt, &sb);
}

/* fromunicode(text): the code points of a UTF-8 string (invalid bytes give U+FFFD). */
void lib_fromunicode(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value s = argv[0];
    rt_to_cstr(rt, s, "the argument of fromunicode");
    const unsigned char *t = (const unsigned char *)s.s->text;
    size_t n = s.s->len, used;
    int64_t count = 0;
    for (size_t i = 0; i < n; i += used, count++)
        get_utf8(t + i, n - i, &used);
    out[0] = need(rt, rt_array_vec(rt_scalar_elem(rt), count));
    count = 0;
    for (size_t i = 0; i < n; i += used)
        rt_set_real(out[0].a, count++, get_utf8(t + i, n - i, &used), false);
}
