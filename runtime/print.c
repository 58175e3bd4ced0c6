/*
 * print.c - text of values: `print`, string concatenation, messages.
 *
 * Numbers print like C's %g with 6 significant digits (an integral value has no decimal
 * point), complex numbers as 1+2j, arrays as nested brackets without spaces ([1,2,3],
 * [[1,2],[3,4]]), cells in braces, strings as they are (docs/runtime.md).
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- string buffers */

static void sb_reserve(StrBuf *sb, size_t more)
{
    if (sb->len + more + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + more + 1)
        cap *= 2;
    char *s = realloc(sb->s, cap);
    if (!s)
        abort();    /* a few bytes of text: out of memory here is not recoverable */
    sb->s = s;
    sb->cap = cap;
}

void sb_putc(StrBuf *sb, char c)
{
    sb_reserve(sb, 1);
    sb->s[sb->len++] = c;
    sb->s[sb->len] = 0;
}

void sb_puts(StrBuf *sb, const char *s)
{
    size_t n = strlen(s);
    sb_reserve(sb, n);
    memcpy(sb->s + sb->len, s, n + 1);
    sb->len += n;
}

void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[128];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    sb_reserve(sb, (size_t)n);
    if (n < (int)sizeof small) {
        memcpy(sb->s + sb->len, small, (size_t)n + 1);
    } else {
        va_start(ap, fmt);
        vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    sb->len += (size_t)n;
}

int sb_read_file(StrBuf *sb, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        sb_reserve(sb, got);
        memcpy(sb->s + sb->len, chunk, got);
        sb->len += got;
        sb->s[sb->len] = '\0';
    }
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (!err)
        return 0;
    errno = err;
    return -1;
}

void sb_free(StrBuf *sb)
{
    free(sb->s);
    *sb = (StrBuf){0};
}

/* ---------------------------------------------------------------- numbers */

void rt_format_real(double x, StrBuf *sb)
{
    if (x != x)
        sb_puts(sb, "nan");
    else if (isinf(x))
        sb_puts(sb, x > 0 ? "inf" : "-inf");
    else if (x == 0)
        sb_putc(sb, '0');   /* also -0 */
    else
        sb_printf(sb, "%g", x);
}

static void format_cplx(RtC64 c, StrBuf *sb)
{
    rt_format_real(c.re, sb);
    if (c.im >= 0 || c.im != c.im)
        sb_putc(sb, '+');
    else if (isinf(c.im)) {
        sb_puts(sb, "-inf");
        sb_putc(sb, 'j');
        return;
    }
    rt_format_real(c.im, sb);
    sb_putc(sb, 'j');
}

/* ---------------------------------------------------------------- arrays */

static void format_elems(Rt *rt, const RtArray *a, int d, int64_t *off, StrBuf *sb)
{
    bool cell = a->elem == RT_VALUE;
    sb_putc(sb, cell && d == 0 ? '{' : '[');
    for (int64_t i = 0; i < a->dims[d]; i++) {
        if (i)
            sb_putc(sb, ',');
        if (d + 1 < a->rank) {
            format_elems(rt, a, d + 1, off, sb);
            continue;
        }
        int64_t k = (*off)++;
        if (cell)
            rt_format(rt, ((const Value *)a->data)[k], sb);
        else if (rt_elem_is_complex(a->elem))
            format_cplx(rt_get_cplx(a, k), sb);
        else if (a->elem == RT_U64)
            sb_printf(sb, "%llu", (unsigned long long)((const uint64_t *)a->data)[k]);
        else if (rt_elem_is_int(a->elem))
            sb_printf(sb, "%lld", (long long)rt_get_value(a, k).i);   /* exact, not %g */
        else
            rt_format_real(rt_get_real(a, k), sb);
    }
    sb_putc(sb, cell && d == 0 ? '}' : ']');
}

static void format_object(Rt *rt, const RtObject *o, StrBuf *sb)
{
    sb_puts(sb, o->cls ? o->cls->name : "object");
    sb_putc(sb, '(');
    for (int i = 0; i < o->n; i++) {
        sb_printf(sb, "%s%s=", i ? "," : "", o->names[i]);
        rt_format(rt, o->fields[i], sb);
    }
    sb_putc(sb, ')');
}

void rt_format(Rt *rt, Value v, StrBuf *sb)
{
    switch (v.kind) {
    case V_UNDEF: break;
    case V_NULL: sb_puts(sb, "nullptr"); break;
    case V_INT: sb_printf(sb, "%lld", (long long)v.i); break;
    case V_SCALAR: rt_format_real(v.r, sb); break;
    case V_COMPLEX: format_cplx(rt_cget(v), sb); break;
    case V_STRING: sb_puts(sb, v.s->text); break;
    case V_ARRAY: {
        int64_t off = 0;
        if (v.a->n == 0 && v.a->rank == 1) {
            sb_puts(sb, v.a->elem == RT_VALUE ? "{}" : "[]");
            break;
        }
        format_elems(rt, v.a, 0, &off, sb);
        break;
    }
    case V_BUILTIN: sb_printf(sb, "<function %s>", v.b->name); break;
    case V_FUNC:
        if (v.f->node->kind == N_FUNCTION)
            sb_printf(sb, "<function %s>", v.f->node->name);
        else
            sb_puts(sb, "<lambda>");
        break;
    case V_OBJECT: format_object(rt, v.obj, sb); break;
    case V_TYPE: sb_puts(sb, v.t->name); break;
    }
}

/* print(a, b, …) used as a function (inside a lambda, say): the statement's behaviour. */
void lib_print(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    (void)out;
    StrBuf sb = {0};
    for (int i = 0; i < argc; i++)
        rt_format(rt, argv[i], &sb);
    sb_putc(&sb, '\n');
    fwrite(sb.s, 1, sb.len, rt->out);
    sb_free(&sb);
}
