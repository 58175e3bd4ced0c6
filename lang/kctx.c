/*
 * kctx.c - the kernel compiler's context (kgen.h): memory that the longjmp of
 * kg_unsupported cannot leak, text buffers, the reason a kernel is not compiled, C names of
 * the dialect's types, and the variables in scope.
 */
#include "lang/kgen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- memory */

/* Every block the generator allocates is linked into one list, so that the longjmp of
 * `kg_unsupported` loses nothing: lang_kernel_c frees the whole list at the end. */
typedef union Blk {
    struct {
        union Blk *prev, *next;
    } l;
    long double align_;
} Blk;

static _Thread_local Blk *live;

static void *g_realloc(void *p, size_t n)
{
    Blk *b = p ? (Blk *)p - 1 : NULL;
    if (b) {
        if (b->l.prev)
            b->l.prev->l.next = b->l.next;
        else
            live = b->l.next;
        if (b->l.next)
            b->l.next->l.prev = b->l.prev;
    }
    Blk *q = realloc(b, sizeof *q + n);
    if (!q)
        abort();    /* text of a kernel: nothing sensible to do without memory */
    q->l.prev = NULL;
    q->l.next = live;
    if (live)
        live->l.prev = q;
    live = q;
    return q + 1;
}

void *kg_g_calloc(size_t n)
{
    void *p = g_realloc(NULL, n);
    memset(p, 0, n);
    return p;
}

void kg_g_free(void *p)
{
    if (!p)
        return;
    Blk *b = (Blk *)p - 1;
    if (b->l.prev)
        b->l.prev->l.next = b->l.next;
    else
        live = b->l.next;
    if (b->l.next)
        b->l.next->l.prev = b->l.prev;
    free(b);
}

void kg_g_free_all(void)
{
    while (live) {
        Blk *next = live->l.next;
        free(live);
        live = next;
    }
}

void kg_buf_grow(Buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more + 1)
        cap *= 2;
    b->s = g_realloc(b->s, cap);
    b->cap = cap;
}

void kg_bput(Buf *b, const char *s)
{
    size_t k = strlen(s);
    kg_buf_grow(b, k);
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

void __attribute__((format(printf, 2, 3))) kg_bprintf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    kg_buf_grow(b, (size_t)k);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

char *kg_bdone(Buf *b)
{
    if (!b->s)
        kg_bput(b, "");
    return b->s;
}

_Noreturn void kg_unsupported(Gen *g, Node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = at ? snprintf(g->why, g->whylen, "line %d: ", at->loc.line) : 0;
    if (k < 0 || (size_t)k >= g->whylen)
        k = 0;
    vsnprintf(g->why + k, g->whylen - (size_t)k, fmt, ap);
    va_end(ap);
    longjmp(g->fail, 1);
}

const char *kg_elem_c(LangKElem e)
{
    static const char *const names[] = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t",
                                        "uint32_t", "int64_t", "uint64_t", "float", "double",
                                        "qp_cf", "qp_cd"};
    return names[e];
}

/* The C name of a fixed-length vector type, declared on first use. */
static const char *vec_name(Gen *g, LangKElem e, int n, char *buf, size_t len)
{
    char k = e == LKE_I32 ? 'i' : e == LKE_F32 ? 'f' : 'd';
    snprintf(buf, len, "qp_v%d%c", n, k);
    for (int i = 0; i < g->nvecs; i++)
        if (g->vecs[i][0] == n && g->vecs[i][1] == (int)e)
            return buf;
    if (g->nvecs == GEN_MAX_VECS)
        kg_unsupported(g, NULL, "too many vector types");
    g->vecs[g->nvecs][0] = n;
    g->vecs[g->nvecs++][1] = (int)e;
    kg_bprintf(&g->head, "QP_VEC(%s, %s, %d)\n", buf, kg_elem_c(e), n);
    /* constructor from n numbers */
    kg_bprintf(&g->head, "QP_DEVICE %s %s_make(", buf, buf);
    for (int i = 0; i < n; i++)
        kg_bprintf(&g->head, "%s%s a%d", i ? ", " : "", kg_elem_c(e), i);
    kg_bprintf(&g->head, ") { %s r; ", buf);
    for (int i = 0; i < n; i++)
        kg_bprintf(&g->head, "r.v[%d] = a%d; ", i, i);
    kg_bput(&g->head, "return r; }\n");
    return buf;
}

const char *kg_ctype(Gen *g, LangKType t, char *buf, size_t len)
{
    switch (t.kind) {
    case LK_INT: return "int";
    case LK_REAL: return kg_elem_c(g->real);
    case LK_CPLX: return cplx_c(g);
    case LK_VEC: return vec_name(g, t.elem, t.n, buf, len);
    default: kg_unsupported(g, NULL, "a value of this type cannot be a local variable");
    }
}

/* ---------------------------------------------------------------- variables */

Var *kg_find_var(Gen *g, const char *name)
{
    for (int i = g->fn->nvars - 1; i >= 0; i--)
        if (!strcmp(g->fn->vars[i].name, name))
            return &g->fn->vars[i];
    return NULL;
}

/* C names: Quasar's, unless they collide with C or with the dialect's qp_ names. */
void kg_cname(const char *name, char *out, size_t len)
{
    static const char *const reserved[] = {"auto", "break", "case", "char", "const", "continue", "default",
        "do", "double", "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
        "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
        "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "new",
        "delete", "class", "this", "template", "typename", "namespace", "operator", "private", "public",
        "protected", "virtual", "friend", "catch", "throw", "try", "abs", "min", "max", "pow", "exp",
        "log", "sin", "cos", "tan", "sqrt", "floor", "ceil", "round", "fabs", "main", "NAN", "INFINITY"};
    bool clash = !strncmp(name, "qp", 2);
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved && !clash; i++)
        clash = !strcmp(reserved[i], name);
    snprintf(out, len, clash ? "%s_" : "%s", name);
}

/* How C code names variable v: its C name, or its field of the current thread. */
const char *kg_vref(const Var *v, char *out, size_t len)
{
    char cn[80];
    kg_cname(v->name, cn, sizeof cn);
    snprintf(out, len, v->per_thread ? "qp_th[qp_t].%s" : v->byref ? "(*%s)" : "%s", cn);
    return out;
}

Var *kg_add_var(Gen *g, const char *name, VarKind kind, LangKType t)
{
    Fn *f = g->fn;
    if (f->nvars == GEN_MAX_VARS)
        kg_unsupported(g, NULL, "too many variables");
    Var *v = &f->vars[f->nvars++];
    v->name = name;
    v->kind = kind;
    v->t = t;
    return v;
}

/* Declare a local of type t (zero-initialised, fresh for each thread). */
Var *kg_declare_local(Gen *g, const char *name, LangKType t)
{
    char tb[32], nb[80];
    const char *ct = kg_ctype(g, t, tb, sizeof tb);
    kg_cname(name, nb, sizeof nb);
    if (g->fn->lockstep) {
        /* the per-thread struct is zeroed when the block starts */
        kg_bprintf(&g->thr, "    %s %s;\n", ct, nb);
        Var *v = kg_add_var(g, name, VAR_LOCAL, t);
        v->per_thread = true;
        return v;
    }
    if (t.kind == LK_VEC)
        kg_bprintf(&g->fn->decl, "    %s %s = %s_fill(0);\n", ct, nb, ct);
    else if (t.kind == LK_CPLX)
        kg_bprintf(&g->fn->decl, "    %s %s = %s_make(0, 0);\n", ct, nb, ct);
    else
        kg_bprintf(&g->fn->decl, "    %s %s = 0;\n", ct, nb);
    return kg_add_var(g, name, VAR_LOCAL, t);
}
