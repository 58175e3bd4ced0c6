/*
 * codegen_c.c - a __kernel__ function as C in the kernel dialect (codegen.h).
 *
 * One pass over the kernel body does both jobs: the type of every local is the type of
 * its first assignment in program order (as in Quasar, where `a = 0` makes an int and a
 * later real is converted to it), and each statement is written as C as soon as the types
 * of its operands are known. Device functions are specialised on the types of their
 * arguments at each call and written as static functions before the kernel. Fixed-length
 * vectors are small structs of the dialect (QP_VEC); arrays are read and written through
 * per-site accessor functions that implement the access mode, so the index expressions
 * are evaluated once and the C compiler inlines everything into the loop nest.
 *
 * Anything not handled yet raises `unsupported`, which unwinds (setjmp/longjmp, as in the
 * parser) and becomes the reason the runtime prints with -v before interpreting the
 * kernel instead.
 */
#include "lang/codegen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_MAX_VARS 256
#define GEN_MAX_SPECS 64        /* device function specialisations per kernel */
#define GEN_MAX_VECS 32
#define GEN_MAX_VEC_LEN 64      /* the spec's limit on fixed-length vectors */

/* ---------------------------------------------------------------- memory */

/* Every block the generator allocates is linked into one list, so that the longjmp of
 * `unsupported` loses nothing: lang_kernel_c frees the whole list at the end. */
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

static void *g_calloc(size_t n)
{
    void *p = g_realloc(NULL, n);
    memset(p, 0, n);
    return p;
}

static void g_free(void *p)
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

static void g_free_all(void)
{
    while (live) {
        Blk *next = live->l.next;
        free(live);
        live = next;
    }
}

/* ---------------------------------------------------------------- text */

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

typedef struct Gen Gen;
_Noreturn static void unsupported(Gen *g, Node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void buf_grow(Buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more + 1)
        cap *= 2;
    b->s = g_realloc(b->s, cap);
    b->cap = cap;
}

static void bput(Buf *b, const char *s)
{
    size_t k = strlen(s);
    buf_grow(b, k);
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void __attribute__((format(printf, 2, 3))) bprintf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    buf_grow(b, (size_t)k);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

static char *bdone(Buf *b)
{
    if (!b->s)
        bput(b, "");
    return b->s;
}

/* ---------------------------------------------------------------- state */

typedef enum VarKind { VAR_LOCAL, VAR_ARRAY, VAR_OUTPUT, VAR_FUNC } VarKind;

typedef struct Var {
    const char *name;
    VarKind kind;
    LangKType t;
    bool per_thread;            /* a local of a lockstep kernel: a field of qp_th[qp_t] */
    bool param;                 /* an int argument of the kernel: a symbol for stencils */
    int special;                /* LANG_KSPEC_* of a special parameter */
    bool shared;                /* an array from shared(…): one per block */
    bool dyn;                   /* an array from zeros(n) of a non-constant n: one per position */
    bool typed;                 /* declared with a type (`s : int = 0`): never widened */
    Node *decl;                 /* the statement that declared it */
} Var;

typedef struct Fn {
    Var vars[GEN_MAX_VARS];
    int nvars;
    Buf decl;                   /* declarations of locals */
    Buf body;
    int indent;
    bool kernel;                /* the kernel body (not a device function) */
    bool lockstep;              /* barriers: locals per thread, statements over threads */
    int tloop;                  /* the innermost thread loop, for `return` */
    const char *out_name;       /* a device function's output, or NULL */
    bool multi_out;             /* a device function of several outputs: returns via qp_ret */
    bool dyn;                   /* the kernel makes dynamic arrays: returns go through qp_end */
    Buf dyn_free;               /* … which frees them */
} Fn;

typedef struct Spec {
    Node *fn;
    LangKType args[16];
    int nargs;
    LangKType ret;
    bool has_ret;
    int nouts;                  /* several outputs: written through pointers */
    LangKType outs[8];
    char cname[80];
} Spec;

struct Gen {
    const LangKernelSpec *ks;
    jmp_buf fail;
    char *why;
    size_t whylen;
    Buf head;                   /* vector types, accessors, device functions */
    Fn *fn;
    Spec specs[GEN_MAX_SPECS];
    int nspecs;
    int vecs[GEN_MAX_VECS][2];  /* (n, elem) of the vector types declared */
    int nvecs;
    int accessors;              /* numbering of accessor functions */
    Buf thr;                    /* fields of the per-thread struct of a lockstep kernel */
    /* interior/border split (see "stencils"): what the first pass learnt */
    bool analyze, fast, fast_ok;
    int flat;                   /* the fast body runs over (x, channel) flattened: the channel count */
    Buf conds;                  /* launch-time conditions for the fast body */
    Buf int_lo[4];              /* pos[k] >= each of these … */
    Buf int_hi[4];              /* … and pos[k] < each of these */
    struct {
        const char *name;
        struct Rng *r;
    } ranges[16];               /* for-loop variables with known bounds, innermost last */
    struct Rng *range_store;    /* GEN_RANGES entries behind ranges[] */
    int nranges;
    int unrolled;               /* copies made by the unrolled loops around this point */
    Buf shared_free;            /* frees of shared arrays at the end of a block */
    int temps;
    LangKElem real;
    struct { const char *name; int id; } labels[16];   /* labelled loops around this point */
    int nlabels, label_ids;
    /* locals first assigned an int and later a real: declared real (see widen_local) */
    Node **widened;
    int nwidened;
};

#define GEN_MAX_WIDENED 32      /* int accumulators widened to real per kernel: one retry each */

_Noreturn static void unsupported(Gen *g, Node *at, const char *fmt, ...)
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

static const char *elem_c(LangKElem e)
{
    static const char *const names[] = {"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t",
                                        "uint32_t", "int64_t", "uint64_t", "float", "double",
                                        "qp_cf", "qp_cd"};
    return names[e];
}

static bool is_real_elem(LangKElem e) { return e == LKE_F32 || e == LKE_F64; }
static bool is_cplx_elem(LangKElem e) { return e == LKE_C32 || e == LKE_C64; }

static LangKType t_int(void) { return (LangKType){.kind = LK_INT}; }
static LangKType t_real(Gen *g) { return (LangKType){.kind = LK_REAL, .elem = g->real}; }
static LangKType t_vec(LangKElem e, int n) { return (LangKType){.kind = LK_VEC, .elem = e, .n = n}; }
static bool is_num(LangKType t) { return t.kind == LK_INT || t.kind == LK_REAL; }
/* cscalar: the complex struct of the precision (qp_kernel.h "complex numbers"). */
static LangKType t_cplx(Gen *g) { return (LangKType){.kind = LK_CPLX, .elem = g->real}; }
static const char *cplx_c(const Gen *g) { return g->real == LKE_F32 ? "qp_cf" : "qp_cd"; }

/* The C name of a fixed-length vector type, declared on first use. */
static const char *vec_name(Gen *g, LangKElem e, int n, char *buf, size_t len)
{
    char k = e == LKE_I32 ? 'i' : e == LKE_F32 ? 'f' : 'd';
    snprintf(buf, len, "qp_v%d%c", n, k);
    for (int i = 0; i < g->nvecs; i++)
        if (g->vecs[i][0] == n && g->vecs[i][1] == (int)e)
            return buf;
    if (g->nvecs == GEN_MAX_VECS)
        unsupported(g, NULL, "too many vector types");
    g->vecs[g->nvecs][0] = n;
    g->vecs[g->nvecs++][1] = (int)e;
    bprintf(&g->head, "QP_VEC(%s, %s, %d)\n", buf, elem_c(e), n);
    /* constructor from n numbers */
    bprintf(&g->head, "QP_DEVICE %s %s_make(", buf, buf);
    for (int i = 0; i < n; i++)
        bprintf(&g->head, "%s%s a%d", i ? ", " : "", elem_c(e), i);
    bprintf(&g->head, ") { %s r; ", buf);
    for (int i = 0; i < n; i++)
        bprintf(&g->head, "r.v[%d] = a%d; ", i, i);
    bput(&g->head, "return r; }\n");
    return buf;
}

static const char *ctype(Gen *g, LangKType t, char *buf, size_t len)
{
    switch (t.kind) {
    case LK_INT: return "int";
    case LK_REAL: return elem_c(g->real);
    case LK_CPLX: return cplx_c(g);
    case LK_VEC: return vec_name(g, t.elem, t.n, buf, len);
    default: unsupported(g, NULL, "a value of this type cannot be a local variable");
    }
}

/* ---------------------------------------------------------------- variables */

static Var *find_var(Gen *g, const char *name)
{
    for (int i = g->fn->nvars - 1; i >= 0; i--)
        if (!strcmp(g->fn->vars[i].name, name))
            return &g->fn->vars[i];
    return NULL;
}

/* C names: Quasar's, unless they collide with C or with the dialect's qp_ names. */
static void cname(const char *name, char *out, size_t len)
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
static const char *vref(const Var *v, char *out, size_t len)
{
    char cn[80];
    cname(v->name, cn, sizeof cn);
    snprintf(out, len, v->per_thread ? "qp_th[qp_t].%s" : "%s", cn);
    return out;
}

static Var *add_var(Gen *g, const char *name, VarKind kind, LangKType t)
{
    Fn *f = g->fn;
    if (f->nvars == GEN_MAX_VARS)
        unsupported(g, NULL, "too many variables");
    Var *v = &f->vars[f->nvars++];
    v->name = name;
    v->kind = kind;
    v->t = t;
    return v;
}

/* Declare a local of type t (zero-initialised, fresh for each thread). */
static Var *declare_local(Gen *g, const char *name, LangKType t)
{
    char tb[32], nb[80];
    const char *ct = ctype(g, t, tb, sizeof tb);
    cname(name, nb, sizeof nb);
    if (g->fn->lockstep) {
        /* the per-thread struct is zeroed when the block starts */
        bprintf(&g->thr, "    %s %s;\n", ct, nb);
        Var *v = add_var(g, name, VAR_LOCAL, t);
        v->per_thread = true;
        return v;
    }
    if (t.kind == LK_VEC)
        bprintf(&g->fn->decl, "    %s %s = %s_fill(0);\n", ct, nb, ct);
    else if (t.kind == LK_CPLX)
        bprintf(&g->fn->decl, "    %s %s = %s_make(0, 0);\n", ct, nb, ct);
    else
        bprintf(&g->fn->decl, "    %s %s = 0;\n", ct, nb);
    return add_var(g, name, VAR_LOCAL, t);
}

/* ---------------------------------------------------------------- expressions */

typedef struct Ex {
    Buf c;
    LangKType t;
} Ex;

static Ex expr(Gen *g, Node *n);

static void ex_free(Ex *e) { g_free(e->c.s); }

static Ex ex_text(LangKType t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static Ex ex_text(LangKType t, const char *fmt, ...)
{
    Ex e = {.t = t};
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_grow(&e.c, (size_t)k);
    va_start(ap, fmt);
    vsnprintf(e.c.s, (size_t)k + 1, fmt, ap);
    va_end(ap);
    e.c.n = (size_t)k;
    return e;
}

/* e converted to type t (int <-> real, int vector -> real vector). */
static Ex convert(Gen *g, Ex e, LangKType t, Node *at)
{
    char tb[32], sb[32];
    if (e.t.kind == t.kind && (t.kind != LK_VEC || (e.t.n == t.n && e.t.elem == t.elem)))
        return e;
    Ex r;
    if (is_num(e.t) && t.kind == LK_CPLX)
        r = ex_text(t, "%s_make((double)(%s), 0)", cplx_c(g), bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_INT)
        r = ex_text(t, "((int)(%s))", bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_REAL)
        r = ex_text(t, "((%s)(%s))", elem_c(g->real), bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_VEC)
        r = ex_text(t, "%s_fill((%s)(%s))", ctype(g, t, tb, sizeof tb), elem_c(t.elem), bdone(&e.c));
    else if (e.t.kind == LK_VEC && t.kind == LK_VEC && e.t.n == t.n) {
        const char *to = ctype(g, t, tb, sizeof tb), *from = ctype(g, e.t, sb, sizeof sb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_of_%s", to, from);
        if (!strstr(bdone(&g->head), fn)) {
            bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)a.v[i]; return r; }\n",
                    to, fn, from, to, t.n, elem_c(t.elem));
        }
        r = ex_text(t, "%s(%s)", fn, bdone(&e.c));
    } else {
        ex_free(&e);
        unsupported(g, at, "cannot convert between these types");
    }
    ex_free(&e);
    return r;
}

static LangKType join(Gen *g, LangKType a, LangKType b, Node *at)
{
    if (a.kind == LK_INT && b.kind == LK_INT)
        return a;
    if (is_num(a) && is_num(b))
        return t_real(g);
    if ((a.kind == LK_CPLX || is_num(a)) && (b.kind == LK_CPLX || is_num(b)))
        return t_cplx(g);
    if (a.kind == LK_VEC || b.kind == LK_VEC) {
        int n = a.kind == LK_VEC ? a.n : b.n;
        if ((a.kind == LK_VEC && a.n != n) || (b.kind == LK_VEC && b.n != n))
            unsupported(g, at, "vectors of lengths %d and %d", a.n, b.n);
        bool real = (a.kind == LK_VEC ? a.elem != LKE_I32 : a.kind == LK_REAL) ||
                    (b.kind == LK_VEC ? b.elem != LKE_I32 : b.kind == LK_REAL);
        return t_vec(real ? g->real : LKE_I32, n);
    }
    unsupported(g, at, "operands of these types");
}

/* a op b with a complex side: + - * / (elementwise or not, the same on numbers), == !=. */
static Ex cplx_binary(Gen *g, Node *n, Ex a, Ex b)
{
    int op = n->op;
    const char *name = op == T_PLUS ? "add" : op == T_MINUS ? "sub" : op == T_STAR || op == T_DOTSTAR ? "mul"
                     : op == T_SLASH || op == T_DOTSLASH ? "div" : op == T_EQEQ || op == T_NOTEQ ? "eq" : NULL;
    if (!name || a.t.kind == LK_VEC || b.t.kind == LK_VEC) {
        ex_free(&a), ex_free(&b);
        unsupported(g, n, "this operator on complex numbers");
    }
    a = convert(g, a, t_cplx(g), n);
    b = convert(g, b, t_cplx(g), n);
    Ex r = op == T_EQEQ || op == T_NOTEQ
               ? ex_text(t_int(), "(%s%s_eq(%s, %s))", op == T_NOTEQ ? "!" : "", cplx_c(g), bdone(&a.c), bdone(&b.c))
               : ex_text(t_cplx(g), "%s_%s(%s, %s)", cplx_c(g), name, bdone(&a.c), bdone(&b.c));
    ex_free(&a), ex_free(&b);
    return r;
}

/* The vector e extended with zeros to n elements. */
static Ex pad_vec(Gen *g, Ex e, int n)
{
    char tb[32], sb[32], fn[96];
    LangKType t = t_vec(e.t.elem, n);
    const char *to = ctype(g, t, tb, sizeof tb), *from = ctype(g, e.t, sb, sizeof sb);
    snprintf(fn, sizeof fn, "%s_pad_%s", to, from);
    if (!strstr(bdone(&g->head), fn))
        bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r = %s_fill(0); for (int i = 0; i < %d; i++) r.v[i] = a.v[i]; return r; }\n",
                to, fn, from, to, to, e.t.n);
    Ex r = ex_text(t, "%s(%s)", fn, bdone(&e.c));
    ex_free(&e);
    return r;
}

static Ex binary(Gen *g, Node *n)
{
    Ex a = expr(g, n->a), b = expr(g, n->b);
    int op = n->op;
    char tb[32];
    if (a.t.kind == LK_CPLX || b.t.kind == LK_CPLX)
        return cplx_binary(g, n, a, b);
    if ((op == T_PLUS || op == T_MINUS) && a.t.kind == LK_VEC && b.t.kind == LK_VEC && a.t.n != b.t.n) {
        /* pos + [0, 1] on a colour image: the shorter vector is extended with zeros */
        if (a.t.n < b.t.n)
            a = pad_vec(g, a, b.t.n);
        else
            b = pad_vec(g, b, a.t.n);
    }
    if (op == T_ANDAND || op == T_OROR) {
        if (!is_num(a.t) || !is_num(b.t))
            unsupported(g, n, "'&&' and '||' on vectors");
        Ex r = ex_text(t_int(), "((%s) != 0 %s (%s) != 0)", bdone(&a.c), op == T_ANDAND ? "&&" : "||", bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    const char *cop = op == T_PLUS ? "+" : op == T_MINUS ? "-" : op == T_STAR || op == T_DOTSTAR ? "*"
                    : op == T_SLASH || op == T_DOTSLASH ? "/" : op == T_EQEQ ? "==" : op == T_NOTEQ ? "!="
                    : op == T_LT ? "<" : op == T_GT ? ">" : op == T_LE ? "<=" : op == T_GE ? ">=" : NULL;
    bool cmp = op == T_EQEQ || op == T_NOTEQ || op == T_LT || op == T_GT || op == T_LE || op == T_GE;
    if ((op == T_CARET || op == T_DOTCARET) && a.t.kind == LK_VEC && is_num(b.t)) {
        /* v.^p: elementwise power through a generated map */
        LangKType t = t_vec(g->real, a.t.n);
        a = convert(g, a, t, n);
        const char *vt = ctype(g, t, tb, sizeof tb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_pow", vt);
        if (!strstr(bdone(&g->head), fn))
            bprintf(&g->head, "QP_DEVICE %s %s(%s a, double p) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)pow((double)a.v[i], p); return r; }\n",
                    vt, fn, vt, vt, t.n, elem_c(g->real));
        Ex r = ex_text(t, "%s(%s, (double)(%s))", fn, bdone(&a.c), bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if (op == T_CARET || op == T_DOTCARET) {
        if (!is_num(a.t) || !is_num(b.t))
            unsupported(g, n, "'^' on vectors");
        Ex r = a.t.kind == LK_INT && b.t.kind == LK_INT
                   ? ex_text(t_int(), "((int)pow((double)(%s), (double)(%s)))", bdone(&a.c), bdone(&b.c))
                   : ex_text(t_real(g), "((%s)pow((double)(%s), (double)(%s)))", elem_c(g->real), bdone(&a.c),
                             bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if (!cop)
        unsupported(g, n, "operator '%s'", n->op == T_CARET ? "^" : "?");
    if (is_num(a.t) && is_num(b.t)) {
        if (cmp) {
            Ex r = ex_text(t_int(), "((%s) %s (%s))", bdone(&a.c), cop, bdone(&b.c));
            ex_free(&a), ex_free(&b);
            return r;
        }
        LangKType t = (op == T_SLASH || op == T_DOTSLASH) ? t_real(g) : join(g, a.t, b.t, n);
        a = convert(g, a, t, n);
        b = convert(g, b, t, n);
        Ex r = ex_text(t, "(%s %s %s)", bdone(&a.c), cop, bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if (cmp)
        unsupported(g, n, "comparison of vectors");
    LangKType t = join(g, a.t, b.t, n);
    if (op == T_SLASH || op == T_DOTSLASH)
        t.elem = g->real;
    const char *name = op == T_PLUS ? "add" : op == T_MINUS ? "sub" : op == T_SLASH || op == T_DOTSLASH ? "div" : "mul";
    const char *vt = ctype(g, t, tb, sizeof tb);
    Ex r;
    if (a.t.kind == LK_VEC && b.t.kind == LK_VEC) {
        a = convert(g, a, t, n), b = convert(g, b, t, n);
        r = ex_text(t, "%s_%s(%s, %s)", vt, name, bdone(&a.c), bdone(&b.c));
    } else if (a.t.kind == LK_VEC) {
        a = convert(g, a, t, n);
        r = ex_text(t, "%s_%ss(%s, (%s)(%s))", vt, name, bdone(&a.c), elem_c(t.elem), bdone(&b.c));
    } else {
        b = convert(g, b, t, n);
        r = ex_text(t, "%s_s%s((%s)(%s), %s)", vt, name, elem_c(t.elem), bdone(&a.c), bdone(&b.c));
    }
    ex_free(&a), ex_free(&b);
    return r;
}

/* ---------------------------------------------------------------- arrays */

static const char *mode_suffix(int mode)
{
    static const char *const m[] = {"safe", "checked", "mirror", "circular", "clamped", "unchecked"};
    return m[mode];
}

/* An accessor for array v with k indices: read ("r"), write ("w") or pointer ("p").
 * With vt set, it takes the position as one vector of that type instead of k numbers. */
static void accessor(Gen *g, Var *v, int k, char kind, const char *vt, char *out, size_t len)
{
    const LangKType *t = &v->t;
    const char *T = elem_c(t->elem);
    snprintf(out, len, "qpa%d_%s", g->accessors++, v->name);
    Buf *h = &g->head;
    bprintf(h, "QP_DEVICE %s%s %s(%s *QP_RESTRICT p, const int64_t *d, qp_status *st, int line",
            kind == 'r' ? T : kind == 'w' ? "void" : T, kind == 'p' ? " *" : "", out, T);
    if (vt)
        bprintf(h, ", %s pv", vt);
    else
        for (int i = 0; i < k; i++)
            bprintf(h, ", int64_t i%d", i);
    if (kind == 'w')
        bprintf(h, ", %s x", T);
    bput(h, ")\n{\n    (void)st; (void)line;\n");
    if (vt)
        for (int i = 0; i < k; i++)
            bprintf(h, "    int64_t i%d = pv.v[%d];\n", i, i);
    /* the extent each index runs over: all elements for one index (linear), the
     * array's dims for several (1 past the rank: a vec is a 1xN row, a mat MxNx1) */
    int rank = t->rank, lead = k > rank && rank == 1 ? 1 : 0;
    char dn[4][24];
    for (int i = 0; i < rank && i < 4; i++) {
        if (t->fixed[i])
            snprintf(dn[i], sizeof dn[i], "%d", t->fixed[i]);      /* baked: loops unroll */
        else
            snprintf(dn[i], sizeof dn[i], "d[%d]", i);
    }
    if (k == 1) {
        bprintf(h, "    int64_t n0 = %s", dn[0]);
        for (int i = 1; i < rank; i++)
            bprintf(h, " * %s", dn[i]);
        bput(h, ";\n");
    } else {
        for (int i = 0; i < k; i++) {
            int dim = i - lead;
            if (dim >= 0 && dim < rank)
                bprintf(h, "    int64_t n%d = %s;\n", i, dn[dim]);
            else
                bprintf(h, "    int64_t n%d = 1;\n", i);
        }
    }
    /* the fast body runs only where every access is inside: no tests there */
    int mode = g->fast ? LANG_KMODE_UNCHECKED : t->mode;
    bool map = mode == LANG_KMODE_MIRROR || mode == LANG_KMODE_CIRCULAR || mode == LANG_KMODE_CLAMPED;
    if (map && kind == 'r') {
        for (int i = 0; i < k; i++)
            bprintf(h, "    i%d = qp_idx_%s(i%d, n%d);\n", i, mode_suffix(mode), i, i);
    } else if (mode != LANG_KMODE_UNCHECKED) {
        bput(h, "    if (");
        for (int i = 0; i < k; i++)
            bprintf(h, "%s!qp_in(i%d, n%d)", i ? " || " : "", i, i);
        bput(h, ") {\n");
        if (mode == LANG_KMODE_CHECKED) {
            bput(h, "        int64_t at[4] = {");
            for (int i = 0; i < k; i++)
                bprintf(h, "%si%d", i ? ", " : "", i);
            bprintf(h, "};\n        qp_fail_index(st, line, \"%s\", %d, at, %d, d);\n", v->name, k, rank);
        }
        if (kind == 'r' && is_cplx_elem(t->elem))
            bprintf(h, "        return %s_make(0, 0);\n    }\n", T);
        else
            bprintf(h, "        return%s;\n    }\n", kind == 'w' ? "" : " 0");
    }
    /* row-major offset; with fewer indices than dims the trailing ones are 0 */
    bput(h, "    int64_t off = ");
    if (k == 1) {
        bput(h, "i0");
    } else {
        for (int i = 0; i < k; i++)
            bput(h, "(");
        bput(h, "0");
        for (int i = 0; i < k; i++)
            bprintf(h, " * n%d + i%d)", i, i);
        for (int i = k - lead; i < rank; i++)
            bprintf(h, " * %s", dn[i]);
    }
    bput(h, ";\n");
    if (kind == 'r')
        bput(h, "    return p[off];\n}\n");
    else if (kind == 'w')
        bput(h, "    p[off] = x;\n}\n");
    else
        bput(h, "    return p + off;\n}\n");
}

/* The index expressions of a[...]: numbers, one position vector, or a constant range in
 * the last place (a slice: slice_at, slice_lo, slice_n). */
typedef struct Idx {
    Buf c[16];
    int k;
    int slice_at;               /* -1 when no range */
    int slice_lo, slice_n;
    Buf vec;                    /* a[pos]: the position vector's expression … */
    LangKType vec_t;            /* … and its type; k is then its length */
} Idx;

static void idx_free(Idx *x)
{
    for (int i = 0; i < x->k; i++)
        g_free(x->c[i].s);
    g_free(x->vec.s);
}

/* The arguments after (p, d, st, line) of an accessor call for indices x, with the
 * slice position replaced by element j. */
static void index_args(Gen *g, const Idx *x, int j, Buf *b)
{
    (void)g;
    if (x->vec.s) {
        bprintf(b, ", %s", x->vec.s);
        return;
    }
    for (int i = 0; i < x->k; i++)
        if (i == x->slice_at)
            bprintf(b, ", %d", x->slice_lo + j);
        else
            bprintf(b, ", %s", x->c[i].s);
}

static const char *idx_vt(Gen *g, const Idx *x, char *tb, size_t len)
{
    return x->vec.s ? ctype(g, x->vec_t, tb, len) : NULL;
}


static bool const_int(Node *n, int *out)
{
    if (n->kind == N_INT) {
        *out = (int)n->ival;
        return true;
    }
    if (n->kind == N_UNARY && n->op == T_MINUS && n->a->kind == N_INT) {
        *out = -(int)n->a->ival;
        return true;
    }
    return false;
}

static void indices(Gen *g, Node *n, Var *v, Idx *x)
{
    memset(x, 0, sizeof *x);
    x->slice_at = -1;
    for (int i = 0; i < n->args.n; i++) {
        Node *e = n->args.items[i];
        if (x->k >= 4)
            unsupported(g, n, "more than 4 indices");
        if ((e->kind == N_RANGE && !e->b) || (e->kind == N_COLON_ALL && n->args.n == v->t.rank && v->t.fixed[i])) {
            /* x[m, n, 0..2], or x[m, n, :] over a baked dimension (an image's channels) */
            int lo = 0, hi = v->t.fixed[i] - 1;
            if (e->kind == N_RANGE &&
                (!const_int(e->a, &lo) || !const_int(e->c, &hi) || hi < lo || hi - lo >= GEN_MAX_VEC_LEN))
                unsupported(g, e, "a range index needs constant bounds");
            if (x->slice_at >= 0)
                unsupported(g, e, "two ranges in one index");
            x->slice_at = x->k;
            x->slice_lo = lo;
            x->slice_n = hi - lo + 1;
            bprintf(&x->c[x->k++], "%d", lo);       /* replaced per element */
            continue;
        }
        if (e->kind == N_COLON_ALL || e->kind == N_SPREAD)
            unsupported(g, e, "':' and '...' in a kernel index");
        Ex ie = expr(g, e);
        if (ie.t.kind == LK_VEC && n->args.n == 1 && ie.t.n == v->t.rank && ie.t.n <= 4) {
            /* a[pos]: the accessor takes the position vector and unpacks it */
            x->vec = ie.c;
            x->vec_t = ie.t;
            x->k = ie.t.n;
            continue;
        }
        if (!is_num(ie.t))
            unsupported(g, e, "an index must be a number or a position vector");
        bprintf(&x->c[x->k++], "(int64_t)(%s)", bdone(&ie.c));
        ex_free(&ie);
    }
}


static LangKType elem_type(Gen *g, LangKElem e)
{
    return is_cplx_elem(e) ? t_cplx(g) : is_real_elem(e) ? t_real(g) : t_int();
}

/* The cast that reads an element as a value of type et ("" for complex: read as is). */
static const char *read_cast(Gen *g, LangKType et, char *buf, size_t len)
{
    if (et.kind == LK_CPLX)
        return "";
    snprintf(buf, len, "(%s)", et.kind == LK_INT ? "int" : elem_c(g->real));
    return buf;
}

/* ---------------------------------------------------------------- stencils */

/* The range an index expression takes: a constant interval, or pos[k] plus one. Reads
 * like x[pos[0] + dy, pos[1] + dx, pos[2]] with dy, dx loop variables of constant bounds
 * are all of that form; for them the kernel is written twice, and the launch runs the copy
 * without bounds tests wherever every access stays inside (DESIGN.md "Split interior from
 * border"). */
typedef struct Rng {
    int kind;                   /* 0 unknown, 1 a value, 2 pos[k] plus one */
    int k;
    int64_t lo, hi;             /* bounds: lo + ls * sym … hi + hs * sym */
    const char *sym;            /* an int argument of the kernel, or NULL */
    int64_t ls, hs;
} Rng;

static Rng rng_const(int64_t lo, int64_t hi) { return (Rng){.kind = 1, .lo = lo, .hi = hi}; }

/* a + b or a - b, when their symbols agree. */
static Rng rng_add(Rng a, Rng b, bool minus)
{
    Rng u = {0};
    if (a.sym && b.sym && (a.ls || a.hs) && (b.ls || b.hs) && strcmp(a.sym, b.sym))
        return u;
    Rng r = a.kind == 2 ? a : b;
    r.kind = a.kind == 2 || b.kind == 2 ? 2 : 1;
    r.sym = a.sym ? a.sym : b.sym;
    if (!minus) {
        r.lo = a.lo + b.lo, r.ls = a.ls + b.ls;
        r.hi = a.hi + b.hi, r.hs = a.hs + b.hs;
    } else {
        r.lo = a.lo - b.hi, r.ls = a.ls - b.hs;
        r.hi = a.hi - b.lo, r.hs = a.hs - b.ls;
    }
    return r;
}

static Rng rng(Gen *g, Node *e)
{
    Rng u = {0};
    switch (e->kind) {
    case N_INT: return rng_const(e->ival, e->ival);
    case N_UNARY:
        if (e->op == T_MINUS) {
            Rng a = rng(g, e->a);
            if (a.kind == 1)
                return rng_add(rng_const(0, 0), a, true);
        }
        return u;
    case N_IDENT: {
        for (int i = g->nranges - 1; i >= 0; i--)
            if (!strcmp(g->ranges[i].name, e->name))
                return *g->ranges[i].r;
        Var *v = find_var(g, e->name);
        if (v && v->special == LANG_KSPEC_POS && v->t.kind == LK_INT)
            return (Rng){.kind = 2};
        if (v && v->param && v->t.kind == LK_INT)
            return (Rng){.kind = 1, .sym = v->name, .ls = 1, .hs = 1};
        return u;
    }
    case N_INDEX: {
        Var *v = e->a->kind == N_IDENT ? find_var(g, e->a->name) : NULL;
        int c;
        if (v && v->special == LANG_KSPEC_POS && e->args.n == 1 && const_int(e->args.items[0], &c) && c >= 0 &&
            c < 4)
            return (Rng){.kind = 2, .k = c};
        return u;
    }
    case N_BINARY: {
        if (e->op != T_PLUS && e->op != T_MINUS)
            return u;
        Rng a = rng(g, e->a), b = rng(g, e->b);
        if (!a.kind || !b.kind || (a.kind == 2 && b.kind == 2) || (e->op == T_MINUS && b.kind == 2))
            return u;
        return rng_add(a, b, e->op == T_MINUS);
    }
    default: return u;
    }
}

/* A bound as C text in qpk_run, where the kernel's arguments are e.NAME. */
static void bound_text(int64_t c, int64_t s, const char *sym, char *out, size_t len)
{
    char cn[80];
    if (!s || !sym) {
        snprintf(out, len, "(int64_t)%lld", (long long)c);
        return;
    }
    cname(sym, cn, sizeof cn);
    snprintf(out, len, "((int64_t)%lld + (int64_t)%lld * (int64_t)e.%s)", (long long)c, (long long)s, cn);
}

/* Remember the bounds of a for loop's variable while its body is generated. */
static bool push_range(Gen *g, const char *name, Rng r)
{
    if (g->nranges >= 16)
        return false;
    if (!g->range_store)
        g->range_store = g_calloc(16 * sizeof *g->range_store);
    g->range_store[g->nranges] = r;
    g->ranges[g->nranges].name = name;
    g->ranges[g->nranges].r = &g->range_store[g->nranges];
    g->nranges++;
    return true;
}

/* The ranges of the indices of one access (a[i, j, k], a[pos], a[pos + [1, 0]]). */
static int access_ranges(Gen *g, Node *ix, Var *v, Rng *r)
{
    if (ix->args.n == 1 && v->t.rank > 1) {
        Node *e = ix->args.items[0];
        Node *pv = e, *off = NULL;
        if (e->kind == N_BINARY && (e->op == T_PLUS || e->op == T_MINUS) && e->b->kind == N_MATRIX) {
            pv = e->a;
            off = e->b;
        }
        Var *p = pv->kind == N_IDENT ? find_var(g, pv->name) : NULL;
        if (!p || p->special != LANG_KSPEC_POS || p->t.kind != LK_VEC || p->t.n != v->t.rank)
            return 0;
        if (off && off->args.n != p->t.n)
            return 0;
        for (int i = 0; i < p->t.n; i++) {
            Rng c = off ? rng(g, off->args.items[i]) : rng_const(0, 0);
            if (c.kind != 1)
                return 0;
            if (e->op == T_MINUS && off)
                c = rng_add(rng_const(0, 0), c, true);
            r[i] = rng_add((Rng){.kind = 2, .k = i}, c, false);
        }
        return p->t.n;
    }
    for (int i = 0; i < ix->args.n && i < 4; i++) {
        Node *e = ix->args.items[i];
        int lo, hi;
        if (e->kind == N_RANGE && !e->b && const_int(e->a, &lo) && const_int(e->c, &hi))
            r[i] = rng_const(lo, hi);
        else if (e->kind == N_COLON_ALL && v->t.fixed[i])
            r[i] = rng_const(0, v->t.fixed[i] - 1);
        else
            r[i] = rng(g, e);
    }
    return ix->args.n;
}

/* Learn from one access what the fast body needs (first pass only). */
static void note_access(Gen *g, Node *ix, Var *v)
{
    if (!g->analyze || !g->fast_ok || v->t.mode == LANG_KMODE_UNCHECKED)
        return;
    if (!g->fn->kernel || v->dyn) {
        g->fast_ok = false;     /* a device function's array parameter or a dynamic array: not in the env */
        return;
    }
    Rng r[4];
    int k = access_ranges(g, ix, v, r);
    if (k != v->t.rank || k > 4 || v->shared) {
        g->fast_ok = false;
        return;
    }
    char cn[80];
    cname(v->name, cn, sizeof cn);
    for (int i = 0; i < k; i++) {
        char n[128];
        if (v->t.fixed[i])
            snprintf(n, sizeof n, "%d", v->t.fixed[i]);
        else
            snprintf(n, sizeof n, "e.%s_d[%d]", cn, i);
        char lo[160], hi[160];
        bound_text(r[i].lo, r[i].ls, r[i].sym, lo, sizeof lo);
        bound_text(r[i].hi, r[i].hs, r[i].sym, hi, sizeof hi);
        if (r[i].kind == 1) {
            bprintf(&g->conds, " && %s >= 0 && %s < %s", lo, hi, n);
        } else if (r[i].kind == 2 && r[i].k < g->ks->rank) {
            bprintf(&g->int_lo[r[i].k], ", -%s", lo);
            bprintf(&g->int_hi[r[i].k], ", %s - %s", n, hi);
        } else {
            g->fast_ok = false;
            return;
        }
    }
}

/* ---------------------------------------------------------------- flattened channels
 *
 * A kernel over an image (grid H x W x C, C baked) whose fast body touches pos[1] and
 * pos[2] only as a[i0, pos[1] + e, pos[2]] or a[pos], on arrays of C channels, runs its
 * interior over k = C * pos[1] + pos[2]: such an element is a[row i0] + k + C * e, so the
 * taps along x are unit-stride loads at offsets of C, which the C compiler vectorizes
 * without the permutes a loop over pixels of C channels each needs. In that body pos[1]
 * holds k and pos[2] is 0; nothing else reads them (flat_scan makes sure). */

static Var *pos_var(Gen *g, Node *n)
{
    Var *v = n && n->kind == N_IDENT ? find_var(g, n->name) : NULL;
    return v && v->special == LANG_KSPEC_POS && v->t.kind == LK_VEC ? v : NULL;
}

/* pos[k] */
static bool is_pos_k(Gen *g, Node *n, int k)
{
    int c;
    return n && n->kind == N_INDEX && pos_var(g, n->a) && n->args.n == 1 && const_int(n->args.items[0], &c) &&
           c == k;
}

/* a[i0, pos[1] +/- e, pos[2]] or a[pos] on an array of `flat` channels: *i0 (NULL: pos[0]),
 * *e (NULL: 0) and *neg (e subtracted). */
static bool flat_access(Gen *g, Node *n, Node **i0, Node **e, bool *neg)
{
    Var *v = n->kind == N_INDEX && n->a->kind == N_IDENT ? find_var(g, n->a->name) : NULL;
    if (!v || v->kind != VAR_ARRAY || v->shared || v->t.sat || v->t.rank != 3 || v->t.fixed[2] != g->flat)
        return false;
    *i0 = *e = NULL;
    *neg = false;
    if (n->args.n == 1)
        return pos_var(g, n->args.items[0]) != NULL;
    if (n->args.n != 3 || !is_pos_k(g, n->args.items[2], 2))
        return false;
    Node *x = n->args.items[1];
    *i0 = n->args.items[0];
    if (is_pos_k(g, x, 1))
        return true;
    if (x->kind != N_BINARY || (x->op != T_PLUS && x->op != T_MINUS))
        return false;
    if (is_pos_k(g, x->a, 1)) {
        *e = x->b;
        *neg = x->op == T_MINUS;
        return true;
    }
    if (x->op == T_PLUS && is_pos_k(g, x->b, 1)) {
        *e = x->a;
        return true;
    }
    return false;
}

/* Does n use pos only in the ways the flattened body supports? */
static bool flat_scan(Gen *g, Node *n)
{
    if (!n)
        return true;
    if (n->kind == N_LAMBDA || n->kind == N_FUNCTION || n->kind == N_EXCHANGE)
        return false;
    if (n->kind == N_ASSIGN && n->op != T_EQ && n->a->kind == N_INDEX)
        return false;       /* compound and atomic updates keep their accessors */
    if (n->kind == N_CALL && n->a && n->a->kind == N_IDENT && !strncmp(n->a->name, "atomic", 6))
        return false;
    Node *i0, *e;
    bool neg;
    if (n->kind == N_INDEX && flat_access(g, n, &i0, &e, &neg))
        return flat_scan(g, i0) && flat_scan(g, e);
    if (is_pos_k(g, n, 0))
        return true;
    if (pos_var(g, n))
        return false;
    if (!flat_scan(g, n->a) || !flat_scan(g, n->b) || !flat_scan(g, n->c))
        return false;
    NodeList *lists[] = {&n->args, &n->args2, &n->args3, &n->body};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (!flat_scan(g, lists[k]->items[i]))
                return false;
    return true;
}

/* The channel count when the kernel's fast body can run flattened, else 0. */
static int flat_channels(Gen *g)
{
    const LangKernelSpec *ks = g->ks;
    if (ks->rank != 3 || ks->grid_fixed[2] < 2 || ks->grid_fixed[1])
        return 0;
    for (int i = 0; i < ks->nparams; i++)
        if (ks->params[i].special != LANG_KSPEC_NONE && ks->params[i].special != LANG_KSPEC_POS)
            return 0;       /* block positions and the like derive from pos */
    g->flat = ks->grid_fixed[2];
    NodeList *body = &ks->fn->body;
    bool ok = ks->fn->kind == N_FUNCTION;
    for (int i = 0; ok && i < body->n; i++)
        ok = flat_scan(g, body->items[i]);
    g->flat = 0;
    return ok ? ks->grid_fixed[2] : 0;
}

/* Read ('r') or write ('w') accessor of a flattened access: (i0, e, k). */
static void flat_accessor(Gen *g, Var *v, char kind, char *out, size_t len)
{
    const char *T = elem_c(v->t.elem);
    snprintf(out, len, "qpa%d_%s", g->accessors++, v->name);
    char n1[24], xp[40] = "";
    if (v->t.fixed[1])
        snprintf(n1, sizeof n1, "%d", v->t.fixed[1]);
    else
        snprintf(n1, sizeof n1, "d[1]");
    if (kind == 'w')
        snprintf(xp, sizeof xp, ", %s x", T);
    bprintf(&g->head, "QP_DEVICE %s %s(%s *QP_RESTRICT p, const int64_t *d, int64_t i0, int64_t e, int64_t k%s)\n{\n"
                      "    (void)d;\n    int64_t off = i0 * %s * %d + k + e * %d;\n",
            kind == 'r' ? T : "void", out, T, xp, n1, g->flat, g->flat);
    bput(&g->head, kind == 'w' ? "    p[off] = x;\n}\n" : "    return p[off];\n}\n");
}

/* The arguments (p, d, i0, e, k) of a flattened access n of array v. */
static void flat_args(Gen *g, Node *n, Var *v, Buf *b)
{
    Node *i0, *e;
    bool neg;
    flat_access(g, n, &i0, &e, &neg);
    char cn[80];
    cname(v->name, cn, sizeof cn);
    Node *posn = n->args.n == 1 ? n->args.items[0] : n->args.items[2]->a;
    Ex p = expr(g, posn);
    bprintf(b, "%s, %s_d, ", cn, cn);
    if (i0) {
        Ex x = expr(g, i0);
        bprintf(b, "(int64_t)(%s), ", bdone(&x.c));
        ex_free(&x);
    } else {
        bprintf(b, "(int64_t)(%s).v[0], ", p.c.s);
    }
    if (e) {
        Ex x = expr(g, e);
        bprintf(b, "%s(int64_t)(%s), ", neg ? "-" : "", bdone(&x.c));
        ex_free(&x);
    } else {
        bput(b, "0, ");
    }
    bprintf(b, "(int64_t)(%s).v[1]", bdone(&p.c));
    ex_free(&p);
}

/* ---------------------------------------------------------------- textures
 *
 * A read of a 'hwtex_linear / 'hwtex_nearest array (LangKType.tex) goes through a wrapper
 * that takes the position as reals and reads the neighbouring samples through the plain
 * accessor of the array's access mode, the arithmetic of runtime/texture.c: position i is
 * sample i, weights (1 - f, f) per interpolated dimension, a neighbour of weight 0 is not
 * read, nearest rounds halves up; with LANG_KTEX_COMPS the last index is a component.
 * Slices (x[p, q, 0..3]) call the wrapper once per element. */

static Ex tex_read(Gen *g, Node *n, Var *v)
{
    const LangKType *t = &v->t;
    if (is_cplx_elem(t->elem))
        unsupported(g, n, "a texture read of a complex array");
    Buf c[4] = {{0}};
    Buf vec = {0};
    LangKType vec_t = {0};
    int k = 0, slice_at = -1, slice_lo = 0, slice_n = 0;
    for (int i = 0; i < n->args.n; i++) {
        Node *e = n->args.items[i];
        if (k >= 4)
            unsupported(g, n, "more than 4 indices");
        if ((e->kind == N_RANGE && !e->b) || (e->kind == N_COLON_ALL && n->args.n == t->rank && t->fixed[i])) {
            int lo = 0, hi = t->fixed[i] - 1;
            if (e->kind == N_RANGE &&
                (!const_int(e->a, &lo) || !const_int(e->c, &hi) || hi < lo || hi - lo >= GEN_MAX_VEC_LEN))
                unsupported(g, e, "a range index needs constant bounds");
            if (slice_at >= 0)
                unsupported(g, e, "two ranges in one index");
            slice_at = k, slice_lo = lo, slice_n = hi - lo + 1;
            bprintf(&c[k++], "%d", lo);
            continue;
        }
        if (e->kind == N_COLON_ALL || e->kind == N_SPREAD)
            unsupported(g, e, "':' and '...' in a kernel index");
        Ex ie = expr(g, e);
        if (ie.t.kind == LK_VEC && n->args.n == 1 && ie.t.n == t->rank && ie.t.n <= 4) {
            vec = ie.c, vec_t = ie.t, k = ie.t.n;
            continue;
        }
        if (!is_num(ie.t))
            unsupported(g, e, "an index must be a number or a position vector");
        bprintf(&c[k++], "(double)(%s)", bdone(&ie.c));
        ex_free(&ie);
    }
    char acc[64], tw[64], cn[80], vtb[32], rb[32];
    bool fast = g->fast;
    g->fast = false;    /* the neighbours keep the texture's mode in the interior body too */
    accessor(g, v, k, 'r', NULL, acc, sizeof acc);
    g->fast = fast;
    snprintf(tw, sizeof tw, "qpt%d_%s", g->accessors++, v->name);
    cname(v->name, cn, sizeof cn);
    bool linear = t->tex & LANG_KTEX_LINEAR;
    int comp = (t->tex & LANG_KTEX_COMPS) && k >= 2 && k == t->rank ? k - 1 : -1;
    LangKType rt = linear ? t_real(g) : elem_type(g, t->elem);
    const char *R = rt.kind == LK_INT ? "int" : elem_c(g->real);
    Buf *h = &g->head;
    bprintf(h, "QP_DEVICE %s %s(%s *QP_RESTRICT p, const int64_t *d, qp_status *st, int line", R, tw,
            elem_c(t->elem));
    if (vec.s)
        bprintf(h, ", %s pv", ctype(g, vec_t, vtb, sizeof vtb));
    else
        for (int i = 0; i < k; i++)
            bprintf(h, ", double c%d", i);
    bput(h, ")\n{\n");
    if (vec.s)
        for (int i = 0; i < k; i++)
            bprintf(h, "    double c%d = (double)pv.v[%d];\n", i, i);
    int interp[4], m = 0;
    for (int i = 0; i < k; i++) {
        if (i == slice_at || i == comp) {
            bprintf(h, "    int64_t l%d = (int64_t)c%d;\n", i, i);
        } else if (!linear) {
            /* floor without libm (a call the loop cannot vectorise): truncate, then step down */
            bprintf(h, "    double h%d = c%d + 0.5;\n    int64_t l%d = (int64_t)h%d;\n    l%d -= (double)l%d > h%d;\n",
                    i, i, i, i, i, i, i);
        } else {
            bprintf(h, "    int64_t l%d = (int64_t)c%d;\n    l%d -= (double)l%d > c%d;\n    %s f%d = (%s)(c%d - (double)l%d);\n",
                    i, i, i, i, i, R, i, R, i, i);
            interp[m++] = i;
        }
    }
    if (!linear || !m) {
        bprintf(h, "    return (%s)%s(p, d, st, line", R, acc);
        for (int i = 0; i < k; i++)
            bprintf(h, ", l%d", i);
        bput(h, ");\n}\n");
    } else {
        /* one term per corner, unrolled; a neighbour of weight 0 may lie outside: read it
         * only where reading outside is harmless ('safe gives 0, the others map inside) */
        bool skip = t->mode == LANG_KMODE_CHECKED || t->mode == LANG_KMODE_UNCHECKED;
        bprintf(h, "    %s r = 0, w;\n", R);
        for (int corner = 0; corner < 1 << m; corner++) {
            bput(h, "    w = 1");
            for (int j = 0; j < m; j++)
                bprintf(h, corner >> j & 1 ? " * f%d" : " * (1 - f%d)", interp[j]);
            bprintf(h, ";\n    %sr += w * (%s)%s(p, d, st, line", skip ? "if (w != 0)\n        " : "", R, acc);
            for (int i = 0, j = 0; i < k; i++)
                if (j < m && interp[j] == i)
                    bprintf(h, ", l%d + %d", i, corner >> j++ & 1);
                else
                    bprintf(h, ", l%d", i);
            bput(h, ");\n");
        }
        bput(h, "    return r;\n}\n");
    }
    Buf b = {0};
    int reads = slice_at >= 0 ? slice_n : 1;
    LangKType vt = t_vec(rt.kind == LK_INT ? LKE_I32 : g->real, slice_n);
    if (slice_at >= 0)
        bprintf(&b, "%s_make(", ctype(g, vt, rb, sizeof rb));
    for (int j = 0; j < reads; j++) {
        bprintf(&b, "%s%s(%s, %s_d, qp_st, %d", j ? ", " : "", tw, cn, cn, n->loc.line);
        if (vec.s)
            bprintf(&b, ", %s", vec.s);
        else
            for (int i = 0; i < k; i++)
                if (i == slice_at)
                    bprintf(&b, ", %d.0", slice_lo + j);
                else
                    bprintf(&b, ", %s", c[i].s);
        bput(&b, ")");
    }
    if (slice_at >= 0)
        bput(&b, ")");
    for (int i = 0; i < k; i++)
        g_free(c[i].s);
    g_free(vec.s);
    return (Ex){b, slice_at >= 0 ? vt : rt};
}

static Ex array_read(Gen *g, Node *n, Var *v)
{
    if (v->t.tex)
        return tex_read(g, n, v);       /* 'hwtex_linear / 'hwtex_nearest (above) */
    Node *fi0, *fe;
    bool fneg;
    if (g->fast && g->flat && flat_access(g, n, &fi0, &fe, &fneg)) {
        char acc[64];
        flat_accessor(g, v, 'r', acc, sizeof acc);
        LangKType et = elem_type(g, v->t.elem);
        Buf b = {0};
        char cb[32];
        bprintf(&b, "(%s%s(", read_cast(g, et, cb, sizeof cb), acc);
        flat_args(g, n, v, &b);
        bput(&b, "))");
        return (Ex){b, et};
    }
    Idx x;
    note_access(g, n, v);
    indices(g, n, v, &x);
    char acc[64], cn[80], vtb[32];
    accessor(g, v, x.k, 'r', idx_vt(g, &x, vtb, sizeof vtb), acc, sizeof acc);
    cname(v->name, cn, sizeof cn);
    LangKType et = elem_type(g, v->t.elem);
    Ex r;
    if (x.slice_at >= 0 && et.kind == LK_CPLX) {
        idx_free(&x);
        unsupported(g, n, "a slice of a complex array");
    }
    if (x.slice_at >= 0) {
        /* x[m, n, 0..2]: a vector of reads */
        char tb[32];
        LangKType vt = t_vec(et.kind == LK_INT ? LKE_I32 : g->real, x.slice_n);
        const char *vn = ctype(g, vt, tb, sizeof tb);
        Buf b = {0};
        bprintf(&b, "%s_make(", vn);
        for (int j = 0; j < x.slice_n; j++) {
            bprintf(&b, "%s(%s)%s(%s, %s_d, qp_st, %d", j ? ", " : "", elem_c(vt.elem), acc, cn, cn, n->loc.line);
            index_args(g, &x, j, &b);
            bput(&b, ")");
        }
        bput(&b, ")");
        r.c = b;
        r.t = vt;
    } else {
        Buf b = {0};
        char cb[32];
        bprintf(&b, "(%s%s(%s, %s_d, qp_st, %d", read_cast(g, et, cb, sizeof cb), acc, cn, cn, n->loc.line);
        index_args(g, &x, 0, &b);
        bput(&b, "))");
        r.c = b;
        r.t = et;
    }
    idx_free(&x);
    return r;
}

/* ---------------------------------------------------------------- calls */

static Ex call(Gen *g, Node *n);
static void stmt(Gen *g, Node *n);
static Ex atomic_expr(Gen *g, Node *n);
static void cond_text(Gen *g, Node *c, Buf *out);
static bool shared_alloc(Gen *g, Node *n);
static bool shared_alloc_stmt(Gen *g, Node *n) { return shared_alloc(g, n); }

/* Is n `x = shared(…)` (or shared_zeros, shared[T])? */
static bool is_shared_alloc(Node *n)
{
    Node *c = n->b;
    if (n->op != T_EQ || n->a->kind != N_IDENT || !c || c->kind != N_CALL)
        return false;
    Node *callee = c->a->kind == N_INDEX ? c->a->a : c->a;
    return callee->kind == N_IDENT && (!strcmp(callee->name, "shared") || !strcmp(callee->name, "shared_zeros"));
}

static Ex ident(Gen *g, Node *n)
{
    Var *v = find_var(g, n->name);
    char cn[80];
    if (v) {
        vref(v, cn, sizeof cn);
        if (v->kind == VAR_LOCAL)
            return ex_text(v->t, "%s", cn);
        if (v->kind == VAR_OUTPUT)
            return ex_text(t_real(g), "((%s)*%s)", elem_c(g->real), cn);
        if (v->kind == VAR_ARRAY && !v->shared && v->t.rank == 1 && v->t.fixed[0] > 0) {
            /* a vector argument of baked length used whole (`(k - offset) .* dir`): its value */
            LangKType t = t_vec(is_real_elem(v->t.elem) ? g->real : LKE_I32, v->t.fixed[0]);
            char tb[32];
            const char *vt = ctype(g, t, tb, sizeof tb);
            Buf b = {0};
            bprintf(&b, "%s_make(", vt);
            for (int i = 0; i < t.n; i++)
                bprintf(&b, "%s(%s)%s[%d]", i ? ", " : "", elem_c(t.elem), cn, i);
            bput(&b, ")");
            return (Ex){b, t};
        }
        unsupported(g, n, "'%s' is an array or a function here, not a value", n->name);
    }
    if (!strcmp(n->name, "pi"))
        return ex_text(t_real(g), "((%s)3.14159265358979323846)", elem_c(g->real));
    if (!strcmp(n->name, "true") || !strcmp(n->name, "false"))
        return ex_text(t_int(), "%d", n->name[0] == 't');
    if (!strcmp(n->name, "inf"))
        return ex_text(t_real(g), "((%s)INFINITY)", elem_c(g->real));
    if (!strcmp(n->name, "nan"))
        return ex_text(t_real(g), "((%s)NAN)", elem_c(g->real));
    if (!strcmp(n->name, "eps"))
        return ex_text(t_real(g), "%s", g->real == LKE_F32 ? "1.1920928955078125e-07f" : "2.220446049250313e-16");
    unsupported(g, n, "'%s' is not known in the kernel", n->name);
}

static Ex real_literal(Gen *g, double x)
{
    char b[64];
    snprintf(b, sizeof b, "%.17g", g->real == LKE_F32 ? (double)(float)x : x);
    if (!strpbrk(b, ".eEn"))
        strcat(b, ".0");
    return ex_text(t_real(g), "%s%s", b, g->real == LKE_F32 ? "f" : "");
}

Ex expr(Gen *g, Node *n)
{
    char tb[32];
    switch (n->kind) {
    case N_INT:
        if (n->ival > 2147483647LL || n->ival < -2147483648LL)
            return real_literal(g, (double)n->ival);
        return ex_text(t_int(), "%lld", (long long)n->ival);
    case N_REAL: return real_literal(g, n->rval);
    case N_IMAG: {
        Ex im = real_literal(g, n->rval);
        Ex r = ex_text(t_cplx(g), "%s_make(0, %s)", cplx_c(g), bdone(&im.c));
        ex_free(&im);
        return r;
    }
    case N_IDENT: return ident(g, n);
    case N_BINARY: return binary(g, n);
    case N_UNARY: {
        Ex a = expr(g, n->a);
        Ex r;
        if (n->op == T_BANG && is_num(a.t))
            r = ex_text(t_int(), "(!(%s))", bdone(&a.c));
        else if (n->op == T_MINUS && is_num(a.t))
            r = ex_text(a.t, "(-(%s))", bdone(&a.c));
        else if (n->op == T_MINUS && (a.t.kind == LK_VEC || a.t.kind == LK_CPLX))
            r = ex_text(a.t, "%s_neg(%s)", ctype(g, a.t, tb, sizeof tb), bdone(&a.c));
        else if (n->op == T_PLUS)
            return a;
        else
            unsupported(g, n, "this unary operator");
        ex_free(&a);
        return r;
    }
    case N_TERNARY: {
        Ex c = expr(g, n->a), a = expr(g, n->b), b = expr(g, n->c);
        if (!is_num(c.t))
            unsupported(g, n, "a vector as a condition");
        LangKType t = join(g, a.t, b.t, n);
        a = convert(g, a, t, n), b = convert(g, b, t, n);
        Ex r = ex_text(t, "((%s) ? %s : %s)", bdone(&c.c), bdone(&a.c), bdone(&b.c));
        ex_free(&c), ex_free(&a), ex_free(&b);
        return r;
    }
    case N_MATRIX: {
        int k = n->args.n;
        if (!k || k > GEN_MAX_VEC_LEN)
            unsupported(g, n, "a matrix literal of %d elements", k);
        Ex *it = g_calloc((size_t)k * sizeof *it);
        bool real = false;
        for (int i = 0; i < k; i++) {
            it[i] = expr(g, n->args.items[i]);
            if (!is_num(it[i].t)) {
                for (int j = 0; j <= i; j++)
                    ex_free(&it[j]);
                g_free(it);
                unsupported(g, n, "a matrix literal of vectors");
            }
            real |= it[i].t.kind == LK_REAL;
        }
        LangKType t = t_vec(real ? g->real : LKE_I32, k);
        Buf b = {0};
        bprintf(&b, "%s_make(", ctype(g, t, tb, sizeof tb));
        for (int i = 0; i < k; i++) {
            bprintf(&b, "%s(%s)(%s)", i ? ", " : "", elem_c(t.elem), bdone(&it[i].c));
            ex_free(&it[i]);
        }
        g_free(it);
        bput(&b, ")");
        return (Ex){b, t};
    }
    case N_INDEX: {
        if (n->a->kind != N_IDENT)
            unsupported(g, n, "indexing an expression");
        Var *v = find_var(g, n->a->name);
        if (v && v->kind == VAR_ARRAY)
            return array_read(g, n, v);
        if (v && v->kind == VAR_LOCAL && v->t.kind == LK_VEC && n->args.n == 1) {
            Ex i = expr(g, n->args.items[0]);
            if (!is_num(i.t))
                unsupported(g, n, "a vector index of a vector");
            char cn[96], tb[32];
            vref(v, cn, sizeof cn);
            /* zero outside, as arrays read in the default ('safe) mode of kernels */
            Ex r = ex_text(elem_type(g, v->t.elem == LKE_I32 ? LKE_I32 : g->real), "%s_get(&%s, (int64_t)(%s))",
                           ctype(g, v->t, tb, sizeof tb), cn, bdone(&i.c));
            ex_free(&i);
            return r;
        }
        unsupported(g, n, "indexing '%s'", n->a->name);
    }
    case N_CALL: return call(g, n);
    case N_EXCHANGE: return atomic_expr(g, n);
    case N_ASSIGN:
        if (n->op != T_EQ && n->a->kind == N_INDEX)
            return atomic_expr(g, n);
        if (n->a->kind == N_IDENT) {
            /* (x = e), (x += e) on a local: assign, then the variable is the value */
            stmt(g, n);
            return ident(g, n->a);
        }
        unsupported(g, n, "this assignment as a value");
    default: unsupported(g, n, "%s in a kernel", lang_node_what(n->kind));
    }
}

/* ---- builtins */

typedef struct Math1 {
    const char *name, *c;       /* C expression on double x, or NULL */
    bool int_keeps;             /* an int argument gives an int (abs, floor …) */
} Math1;

static const Math1 math1[] = {
    {"sqrt", "sqrt(x)", false}, {"exp", "exp(x)", false}, {"exp2", "exp2(x)", false}, {"log", "log(x)", false},
    {"log2", "log2(x)", false}, {"log10", "log10(x)", false}, {"sin", "sin(x)", false}, {"cos", "cos(x)", false},
    {"tan", "tan(x)", false}, {"asin", "asin(x)", false}, {"acos", "acos(x)", false}, {"atan", "atan(x)", false},
    {"sinh", "sinh(x)", false}, {"cosh", "cosh(x)", false}, {"tanh", "tanh(x)", false},
    {"floor", "floor(x)", true}, {"ceil", "ceil(x)", true}, {"round", "qp_round(x)", true},
    {"abs", "fabs(x)", true}, {"sign", "qp_sign(x)", true}, {"frac", "qp_frac(x)", false},
    {"saturate", "qp_saturate(x)", false}, {"sinc", "qp_sinc(x)", false},
};

/* One-argument math on a number or elementwise on a vector (through a generated map). */
static Ex math_unary(Gen *g, Node *n, const Math1 *m)
{
    /* single precision: an exp that vectorizes and rounds to the same floats (qp_math.h) */
    const char *fc = g->real == LKE_F32 && !strcmp(m->name, "exp") ? "qp_exp_r(x)" : m->c;
    Ex a = expr(g, n->args.items[0]);
    char tb[32];
    Ex r;
    if (a.t.kind == LK_CPLX && (!strcmp(m->name, "abs") || !strcmp(m->name, "exp"))) {
        bool abs = m->name[0] == 'a';
        r = abs ? ex_text(t_real(g), "((%s)%s_abs(%s))", elem_c(g->real), cplx_c(g), bdone(&a.c))
                : ex_text(t_cplx(g), "%s_exp(%s)", cplx_c(g), bdone(&a.c));
    } else if (a.t.kind == LK_INT && m->int_keeps) {
        if (!strcmp(m->name, "abs"))
            r = ex_text(t_int(), "qp_abs_i(%s)", bdone(&a.c));
        else if (!strcmp(m->name, "sign"))
            r = ex_text(t_int(), "((int)qp_sign((double)(%s)))", bdone(&a.c));
        else
            return a;       /* floor, ceil, round of an int */
    } else if (is_num(a.t)) {
        char body[96];
        snprintf(body, sizeof body, "%s", fc);
        char *x = strstr(body, "(x)");
        *x = 0;
        r = ex_text(t_real(g), "((%s)%s((double)(%s)))", elem_c(g->real), body, bdone(&a.c));
    } else if (a.t.kind == LK_VEC) {
        LangKType t = t_vec(g->real, a.t.n);
        a = convert(g, a, t, n);
        const char *vt = ctype(g, t, tb, sizeof tb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_%s", vt, m->name);
        if (!strstr(bdone(&g->head), fn)) {
            char body[96];
            snprintf(body, sizeof body, "%s", fc);
            *strstr(body, "(x)") = 0;
            bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)%s((double)a.v[i]); return r; }\n",
                    vt, fn, vt, vt, t.n, elem_c(g->real), body);
        }
        r = ex_text(t, "%s(%s)", fn, bdone(&a.c));
    } else {
        unsupported(g, n, "'%s' of this value", m->name);
    }
    ex_free(&a);
    return r;
}

/* real(z), imag(z), conj(z), angle(z) of a complex number (of a real one: interpreted). */
static Ex cplx_part(Gen *g, Node *n, const char *name)
{
    Ex a = expr(g, n->args.items[0]);
    if (a.t.kind != LK_CPLX) {
        ex_free(&a);
        unsupported(g, n, "'%s' of a real value", name);
    }
    const char *R = elem_c(g->real), *C = cplx_c(g);
    Ex r = name[0] == 'r'   ? ex_text(t_real(g), "((%s).re)", bdone(&a.c))
         : name[0] == 'i'   ? ex_text(t_real(g), "((%s).im)", bdone(&a.c))
         : name[0] == 'c'   ? ex_text(t_cplx(g), "%s_conj(%s)", C, bdone(&a.c))
                            : ex_text(t_real(g), "((%s)%s_angle(%s))", R, C, bdone(&a.c));
    ex_free(&a);
    return r;
}

/* complex(re[, im]) of numbers. */
static Ex cplx_make(Gen *g, Node *n)
{
    Ex a = expr(g, n->args.items[0]);
    Ex b = n->args.n == 2 ? expr(g, n->args.items[1]) : ex_text(t_int(), "0");
    if (!is_num(a.t) || !is_num(b.t)) {
        ex_free(&a), ex_free(&b);
        unsupported(g, n, "complex() of these values");
    }
    Ex r = ex_text(t_cplx(g), "%s_make((double)(%s), (double)(%s))", cplx_c(g), bdone(&a.c), bdone(&b.c));
    ex_free(&a), ex_free(&b);
    return r;
}

static Ex args2(Gen *g, Node *n, Ex *a, Ex *b)
{
    *a = expr(g, n->args.items[0]);
    *b = expr(g, n->args.items[1]);
    return (Ex){0};
}

static Ex device_call(Gen *g, Node *n, Node *fn, const char *name, Spec **outs);
static Node *device_fn(Gen *g, Node *call);

static Ex call(Gen *g, Node *n)
{
    if (n->a->kind != N_IDENT)
        unsupported(g, n, "calling an expression");
    const char *name = n->a->name;
    int argc = n->args.n;
    for (int i = 0; i < argc; i++) {
        int k = ((Node *)n->args.items[i])->kind;
        if (k == N_NAMED_ARG || k == N_SPREAD)
            unsupported(g, n, "named arguments and '...' in kernels");
    }
    Var *v = find_var(g, name);
    if (v && v->kind == VAR_FUNC)
        return device_call(g, n, v->t.fn, name, NULL);
    if (v)
        unsupported(g, n, "'%s' is not a function", name);
    /* a function of the program shadows the builtin of the same name */
    Node *user = g->ks->lookup ? g->ks->lookup(g->ks->ctx, name) : NULL;
    if (user)
        return device_call(g, n, user, name, NULL);
    char tb[32];
    for (size_t i = 0; i < sizeof math1 / sizeof *math1; i++)
        if (!strcmp(math1[i].name, name) && argc == 1)
            return math_unary(g, n, &math1[i]);
    if (argc == 1 && (!strcmp(name, "real") || !strcmp(name, "imag") || !strcmp(name, "conj") ||
                      !strcmp(name, "angle")))
        return cplx_part(g, n, name);
    if (!strcmp(name, "complex") && (argc == 1 || argc == 2))
        return cplx_make(g, n);
    Ex a, b, c, r;
    if ((!strcmp(name, "int") || !strcmp(name, "float")) && argc == 1) {
        a = expr(g, n->args.items[0]);
        if (a.t.kind == LK_VEC)
            return convert(g, a, t_vec(name[0] == 'i' ? LKE_I32 : g->real, a.t.n), n);
        return convert(g, a, name[0] == 'i' ? t_int() : t_real(g), n);
    }
    if ((!strcmp(name, "min") || !strcmp(name, "max") || !strcmp(name, "mod") || !strcmp(name, "atan2") ||
         !strcmp(name, "pow") || !strcmp(name, "periodize") || !strcmp(name, "mirror_ext")) && argc == 2) {
        args2(g, n, &a, &b);
        if (!is_num(a.t) || !is_num(b.t))
            unsupported(g, n, "'%s' of vectors", name);
        bool ints = a.t.kind == LK_INT && b.t.kind == LK_INT && strcmp(name, "atan2") && strcmp(name, "pow");
        if (ints)
            r = ex_text(t_int(), "((int)qp_%s_i((long long)(%s), (long long)(%s)))",
                        !strcmp(name, "min") ? "min" : !strcmp(name, "max") ? "max" : name, bdone(&a.c), bdone(&b.c));
        else if (!strcmp(name, "min") || !strcmp(name, "max"))
            r = ex_text(t_real(g), "((%s)qp_%s((double)(%s), (double)(%s)))", elem_c(g->real), name, bdone(&a.c),
                        bdone(&b.c));
        else
            r = ex_text(t_real(g), "((%s)%s%s((double)(%s), (double)(%s)))", elem_c(g->real),
                        !strcmp(name, "atan2") || !strcmp(name, "pow") ? "" : "qp_", name, bdone(&a.c), bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if (!strcmp(name, "clamp") && (argc == 2 || argc == 3)) {
        a = expr(g, n->args.items[0]);
        b = argc == 3 ? expr(g, n->args.items[1]) : ex_text(t_int(), "0");
        c = expr(g, n->args.items[argc - 1]);
        if (!is_num(a.t) || !is_num(b.t) || !is_num(c.t))
            unsupported(g, n, "'clamp' of vectors");
        if (a.t.kind == LK_INT && b.t.kind == LK_INT && c.t.kind == LK_INT)
            r = ex_text(t_int(), "((int)qp_clamp_i((long long)(%s), (long long)(%s), (long long)(%s)))", bdone(&a.c),
                        bdone(&b.c), bdone(&c.c));
        else
            r = ex_text(t_real(g), "((%s)qp_clamp((double)(%s), (double)(%s), (double)(%s)))", elem_c(g->real),
                        bdone(&a.c), bdone(&b.c), bdone(&c.c));
        ex_free(&a), ex_free(&b), ex_free(&c);
        return r;
    }
    if (!strcmp(name, "lerp") && argc == 3) {
        a = expr(g, n->args.items[0]);
        b = expr(g, n->args.items[1]);
        c = expr(g, n->args.items[2]);
        if (!is_num(c.t))
            unsupported(g, n, "'lerp' with a vector weight");
        if (is_num(a.t) && is_num(b.t)) {
            r = ex_text(t_real(g), "((%s)qp_lerp((double)(%s), (double)(%s), (double)(%s)))", elem_c(g->real),
                        bdone(&a.c), bdone(&b.c), bdone(&c.c));
        } else {
            /* a + (b - a) * t, elementwise, each step rounded as in the interpreter */
            LangKType t = join(g, a.t, b.t, n);
            t.elem = g->real;
            a = convert(g, a, t, n), b = convert(g, b, t, n);
            const char *vt = ctype(g, t, tb, sizeof tb);
            char fn[96];
            snprintf(fn, sizeof fn, "%s_lerp", vt);
            if (!strstr(bdone(&g->head), fn))
                bprintf(&g->head, "QP_DEVICE %s %s(%s a, %s b, double t) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)qp_lerp((double)a.v[i], (double)b.v[i], t); return r; }\n",
                        vt, fn, vt, vt, vt, t.n, elem_c(g->real));
            r = ex_text(t, "%s(%s, %s, (double)(%s))", fn, bdone(&a.c), bdone(&b.c), bdone(&c.c));
        }
        ex_free(&a), ex_free(&b), ex_free(&c);
        return r;
    }
    if ((!strcmp(name, "and") || !strcmp(name, "or") || !strcmp(name, "xor") || !strcmp(name, "shl") ||
         !strcmp(name, "shr")) && argc == 2) {
        /* bitwise builtins on ints (32-bit in kernels); reals go to the interpreter, which
         * checks that they are integral */
        args2(g, n, &a, &b);
        if (a.t.kind != LK_INT || b.t.kind != LK_INT)
            unsupported(g, n, "'%s' of a value that is not an int", name);
        if (name[0] == 's')
            r = ex_text(t_int(), "((int)qp_%s_i((long long)(%s), (long long)(%s)))", name, bdone(&a.c),
                        bdone(&b.c));
        else
            r = ex_text(t_int(), "((%s) %s (%s))", bdone(&a.c), name[0] == 'a' ? "&" : name[0] == 'o' ? "|" : "^",
                        bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if (!strcmp(name, "not") && argc == 1) {
        a = expr(g, n->args.items[0]);
        if (a.t.kind != LK_INT)
            unsupported(g, n, "'not' of a value that is not an int");
        r = ex_text(t_int(), "(~(%s))", bdone(&a.c));
        ex_free(&a);
        return r;
    }
    if ((!strcmp(name, "zeros") || !strcmp(name, "ones")) && argc == 1) {
        int len;
        if (!const_int(n->args.items[0], &len) || len < 1 || len > GEN_MAX_VEC_LEN)
            unsupported(g, n, "'%s' of a size that is not a constant up to %d (dynamic kernel memory)", name,
                        GEN_MAX_VEC_LEN);
        LangKType t = t_vec(g->real, len);
        return ex_text(t, "%s_fill(%s)", ctype(g, t, tb, sizeof tb), name[0] == 'z' ? "0" : "1");
    }
    if ((!strcmp(name, "sum") || !strcmp(name, "prod")) && argc == 1) {
        a = expr(g, n->args.items[0]);
        if (is_num(a.t))
            return a;
        if (a.t.kind != LK_VEC)
            unsupported(g, n, "'%s' of this value", name);
        r = ex_text(elem_type(g, a.t.elem == LKE_I32 ? LKE_I32 : g->real), "%s_%s(%s)", ctype(g, a.t, tb, sizeof tb),
                    name, bdone(&a.c));
        ex_free(&a);
        return r;
    }
    if (!strcmp(name, "dotprod") && argc == 2) {
        args2(g, n, &a, &b);
        if (a.t.kind != LK_VEC || b.t.kind != LK_VEC)
            unsupported(g, n, "'dotprod' of numbers");
        LangKType t = join(g, a.t, b.t, n);
        a = convert(g, a, t, n), b = convert(g, b, t, n);
        const char *vt = ctype(g, t, tb, sizeof tb);
        r = ex_text(elem_type(g, t.elem), "%s_sum(%s_mul(%s, %s))", vt, vt, bdone(&a.c), bdone(&b.c));
        ex_free(&a), ex_free(&b);
        return r;
    }
    if ((!strcmp(name, "numel") || !strcmp(name, "size")) && argc >= 1 && argc <= 2 &&
        ((Node *)n->args.items[0])->kind == N_IDENT) {
        Var *arr = find_var(g, ((Node *)n->args.items[0])->name);
        if (!arr || arr->kind != VAR_ARRAY)
            unsupported(g, n, "'%s' of a value that is not an array argument", name);
        char cn[80];
        cname(arr->name, cn, sizeof cn);
        if (!strcmp(name, "numel")) {
            Buf bb = {0};
            bput(&bb, "((int)(");
            for (int i = 0; i < arr->t.rank; i++)
                bprintf(&bb, "%s%s_d[%d]", i ? " * " : "", cn, i);
            bput(&bb, "))");
            return (Ex){bb, t_int()};
        }
        if (argc == 2) {
            int d;
            if (!const_int(n->args.items[1], &d) || d < 0)
                unsupported(g, n, "'size' with a dimension that is not a constant");
            if (d >= arr->t.rank)
                return ex_text(t_int(), "1");
            return ex_text(t_int(), "((int)%s_d[%d])", cn, d);
        }
        LangKType t = t_vec(LKE_I32, arr->t.rank);
        Buf bb = {0};
        bprintf(&bb, "%s_make(", ctype(g, t, tb, sizeof tb));
        for (int i = 0; i < arr->t.rank; i++)
            bprintf(&bb, "%s(int)%s_d[%d]", i ? ", " : "", cn, i);
        bput(&bb, ")");
        return (Ex){bb, t};
    }
    unsupported(g, n, "'%s' is not available in compiled kernels", name);
}

/* ---------------------------------------------------------------- statements */

static void stmts(Gen *g, NodeList *l);

#define OUT(g) (&(g)->fn->body)
#define IND(g) (g)->fn->indent, ""

static void line(Gen *g, Node *n)
{
    bprintf(OUT(g), "#line %d \"%s\"\n", n->loc.line, g->ks->file);
}

/* An array named whole as the value given to a local (`d = dir`, `[a, b] = v`): a copy
 * would break the reference semantics, so such a kernel stays in the interpreter. */
static void no_array_copy(Gen *g, Node *stmt, Node *e)
{
    Var *v = e && e->kind == N_IDENT ? find_var(g, e->name) : NULL;
    if (v && v->kind == VAR_ARRAY)
        unsupported(g, stmt, "array '%s' assigned whole", e->name);
}

static void assign_local_ex(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Ex e);

static void assign_local(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Node *rhs)
{
    no_array_copy(g, stmt, rhs);
    assign_local_ex(g, stmt, name, declared, has_decl, expr(g, rhs));
}

static bool is_widened(const Gen *g, const Node *stmt)
{
    for (int i = 0; i < g->nwidened; i++)
        if (g->widened[i] == stmt)
            return true;
    return false;
}

/* The first assignment declares the local: its type is the value's, or real when a later
   assignment of a real widened it (`s = 0; s += 0.5`, as real Quasar programs count on). */
static Var *declare_new(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, LangKType t)
{
    if (!has_decl && t.kind == LK_INT && is_widened(g, stmt))
        t = t_real(g);
    Var *v = declare_local(g, name, has_decl ? declared : t);
    v->typed = has_decl;
    v->decl = stmt;
    return v;
}

/* An untyped int local that receives a real: remember its declaration and generate the
   kernel again with the local declared real. */
static void widen_local(Gen *g, Var *v, LangKType t)
{
    if (v->typed || !v->decl || v->t.kind != LK_INT || t.kind != LK_REAL)
        return;
    if (g->nwidened == GEN_MAX_WIDENED)
        unsupported(g, v->decl, "too many int locals widened to real");
    g->widened[g->nwidened++] = v->decl;
    longjmp(g->fail, 1);
}

/* name = e, e already generated (declares the local on first assignment). */
static void assign_local_ex(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Ex e)
{
    Var *v = find_var(g, name);
    if (v && v->kind == VAR_OUTPUT) {
        e = convert(g, e, t_real(g), stmt);
        char cn[80];
        cname(name, cn, sizeof cn);
        bprintf(OUT(g), "%*s*%s = (double)(%s);\n", IND(g), cn, bdone(&e.c));
        ex_free(&e);
        return;
    }
    if (v && v->kind != VAR_LOCAL)
        unsupported(g, stmt, "assigning to the argument '%s'", name);
    if (v && v->param)
        g->fast_ok = false;     /* the stencil analysis read its value at launch */
    if (!v)
        v = declare_new(g, stmt, name, declared, has_decl, e.t);
    else
        widen_local(g, v, e.t);
    if (v->t.kind == LK_VEC && e.t.kind == LK_VEC && v->t.n != e.t.n)
        unsupported(g, stmt, "'%s' holds vectors of different lengths", name);
    e = convert(g, e, v->t, stmt);
    char cn[96];
    vref(v, cn, sizeof cn);
    bprintf(OUT(g), "%*s%s = %s;\n", IND(g), cn, bdone(&e.c));
    ex_free(&e);
}

static const char *atomic_name(int op)
{
    switch (op) {
    case T_PLUSEQ: return "add";
    case T_MINUSEQ: return "sub";
    case T_STAREQ: case T_DOTSTAREQ: return "mul";
    case T_SLASHEQ: case T_DOTSLASHEQ: return "div";
    case T_CARETEQ: case T_DOTCARETEQ: return "pow";
    case T_MAXEQ: return "max";
    case T_MINEQ: return "min";
    case T_ANDEQ: return "and";
    case T_OREQ: return "or";
    case T_TILDEEQ: return "xor";
    default: return NULL;
    }
}

static int base_op(int op)
{
    switch (op) {
    case T_PLUSEQ: return T_PLUS;
    case T_MINUSEQ: return T_MINUS;
    case T_STAREQ: return T_STAR;
    case T_DOTSTAREQ: return T_DOTSTAR;
    case T_SLASHEQ: return T_SLASH;
    case T_DOTSLASHEQ: return T_DOTSLASH;
    case T_CARETEQ: return T_CARET;
    case T_DOTCARETEQ: return T_DOTCARET;
    default: return 0;
    }
}

static const char *atomic_suffix(LangKElem e)
{
    return e == LKE_F32 ? "f32" : e == LKE_F64 ? "f64" : e == LKE_I32 ? "i32" : NULL;
}

/* (a[i] op= v) and (a[i] <- v), (a[i] <- (e, v)) as values: the new value for compound
 * operators, the old one for exchanges (spec 000). Evaluated through a pointer temporary
 * declared with the locals. */
static Ex atomic_expr(Gen *g, Node *n)
{
    Node *target = n->a;
    if (target->kind != N_INDEX || target->a->kind != N_IDENT)
        unsupported(g, n, "an atomic operation on something that is not an array element");
    Var *v = find_var(g, target->a->name);
    if (!v || v->kind != VAR_ARRAY)
        unsupported(g, n, "an atomic operation on '%s'", target->a->name);
    const char *sfx = atomic_suffix(v->t.elem);
    bool cas = n->kind == N_EXCHANGE && n->b->kind == N_TUPLE && n->b->args.n == 2;
    const char *an = n->kind == N_EXCHANGE ? (cas ? "cas" : "xchg") : atomic_name(n->op);
    bool real = is_real_elem(v->t.elem);
    if (!sfx || !an || v->t.sat || (real && (!strcmp(an, "and") || !strcmp(an, "or") || !strcmp(an, "xor"))))
        unsupported(g, n, "this atomic operation on '%s'", v->name);
    Idx x;
    note_access(g, target, v);
    indices(g, target, v, &x);
    if (x.slice_at >= 0)
        unsupported(g, n, "an atomic operation on a slice");
    Ex e1 = cas ? expr(g, n->b->args.items[0]) : ex_text(t_int(), "0");
    Ex e2 = expr(g, cas ? n->b->args.items[1] : n->b);
    if (!is_num(e1.t) || !is_num(e2.t))
        unsupported(g, n, "an atomic operation with a vector");
    char acc[64], cn[80], vtb[32];
    accessor(g, v, x.k, 'p', idx_vt(g, &x, vtb, sizeof vtb), acc, sizeof acc);
    cname(v->name, cn, sizeof cn);
    const char *T = elem_c(v->t.elem);
    int t = g->temps++;
    bprintf(&g->fn->decl, "    %s *qpp%d = 0;\n", T, t);
    Buf b = {0};
    bprintf(&b, "((qpp%d = %s(%s, %s_d, qp_st, %d", t, acc, cn, cn, n->loc.line);
    index_args(g, &x, 0, &b);
    bprintf(&b, ")) ? (%s)qp_atomic_%s_%s(qpp%d, ", real ? elem_c(g->real) : "int", an, sfx, t);
    if (cas)
        bprintf(&b, "(%s)(%s), ", T, bdone(&e1.c));
    bprintf(&b, "(%s)(%s)) : 0)", T, bdone(&e2.c));
    ex_free(&e1), ex_free(&e2);
    idx_free(&x);
    return (Ex){b, real ? t_real(g) : t_int()};
}

/* Value x (of type t) as stored into an element of v: converted to the element type, and
 * saturated for a 'sat array as the interpreter's rt_set_int / rt_set_real do. */
static void stored(Gen *g, const Var *v, LangKType t, const char *x, Buf *b)
{
    const char *T = elem_c(v->t.elem);
    if (is_cplx_elem(v->t.elem)) {
        if (t.kind == LK_CPLX)
            bput(b, x);
        else if (is_num(t))
            bprintf(b, "%s_make((double)(%s), 0)", T, x);
        else
            unsupported(g, NULL, "storing this value in a complex array");
        return;
    }
    if (t.kind == LK_CPLX)
        unsupported(g, NULL, "storing a complex value in the real array '%s'", v->name);
    if (v->t.sat) {
        /* ORDER ELEM: int8 uint8 int16 uint16 int32 uint32 */
        static const char *const lo[] = {"-128", "0", "-32768", "0", "-2147483648", "0"};
        static const char *const hi[] = {"127", "255", "32767", "65535", "2147483647", "4294967295"};
        int e = (int)v->t.elem;
        if (e < 0 || e > 5)
            unsupported(g, NULL, "saturating stores into 64-bit integers");
        if (t.kind == LK_INT)
            bprintf(b, "(%s)qp_sat_i((int64_t)(%s), %sLL, %sLL)", T, x, lo[e], hi[e]);
        else
            bprintf(b, "(%s)qp_sat_r((double)(%s), %s.0, %s.0)", T, x, lo[e], hi[e]);
    } else if (is_real_elem(v->t.elem) || t.kind == LK_INT) {
        bprintf(b, "(%s)(%s)", T, x);
    } else {
        /* integers stored in narrower arrays wrap, as rt_set_real does through int64 */
        bprintf(b, "(%s)(int64_t)(%s)", T, x);
    }
}

static void array_write(Gen *g, Node *stmt, Node *target, Var *v, Node *rhs)
{
    Node *fi0, *fe;
    bool fneg;
    if (g->fast && g->flat && stmt->op == T_EQ && flat_access(g, target, &fi0, &fe, &fneg)) {
        Ex e = expr(g, rhs);
        if (!is_num(e.t) && e.t.kind != LK_CPLX)
            unsupported(g, stmt, "storing a vector in one element");
        char acc[64];
        flat_accessor(g, v, 'w', acc, sizeof acc);
        bprintf(OUT(g), "%*s%s(", IND(g), acc);
        flat_args(g, target, v, OUT(g));
        bput(OUT(g), ", ");
        stored(g, v, e.t, bdone(&e.c), OUT(g));
        bput(OUT(g), ");\n");
        ex_free(&e);
        return;
    }
    Idx x;
    if (stmt->op == T_EQ)
        note_access(g, target, v);
    indices(g, target, v, &x);
    Ex e = expr(g, rhs);
    char acc[64], cn[80], vtb[32];
    const char *pvt = idx_vt(g, &x, vtb, sizeof vtb);
    cname(v->name, cn, sizeof cn);
    const char *T = elem_c(v->t.elem);
    bool real = is_real_elem(v->t.elem);
    if (stmt->op != T_EQ && x.slice_at < 0) {
        ex_free(&e);
        idx_free(&x);
        Ex a = atomic_expr(g, stmt);
        bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), bdone(&a.c));
        ex_free(&a);
        return;
    }
    if (stmt->op != T_EQ) {
        /* compound on a slice: element by element, each atomic */
        const char *an = atomic_name(stmt->op);
        bool vec = e.t.kind == LK_VEC;
        if (!an || v->t.sat || (vec && e.t.n != x.slice_n) || (!vec && !is_num(e.t)) ||
            !(v->t.elem == LKE_F32 || v->t.elem == LKE_F64 || v->t.elem == LKE_I32) ||
            (!real && (stmt->op == T_SLASHEQ || stmt->op == T_DOTSLASHEQ)) ||
            (real && (stmt->op == T_ANDEQ || stmt->op == T_OREQ || stmt->op == T_TILDEEQ)))
            unsupported(g, stmt, "this compound assignment on '%s'", v->name);
        accessor(g, v, x.k, 'p', pvt, acc, sizeof acc);
        int t = g->temps++;
        char tb[32];
        const char *sfx = v->t.elem == LKE_F32 ? "f32" : v->t.elem == LKE_F64 ? "f64" : "i32";
        bprintf(OUT(g), "%*s{ %s qpv%d = %s;\n", IND(g), ctype(g, e.t, tb, sizeof tb), t, bdone(&e.c));
        for (int j = 0; j < x.slice_n; j++) {
            /* a vector gives each element its own operand, a number the same one */
            bprintf(OUT(g), "%*s  { %s *qpp = %s(%s, %s_d, qp_st, %d", IND(g), T, acc, cn, cn, stmt->loc.line);
            index_args(g, &x, j, OUT(g));
            if (vec)
                bprintf(OUT(g), "); if (qpp) qp_atomic_%s_%s(qpp, (%s)qpv%d.v[%d]); }\n", an, sfx, T, t, j);
            else
                bprintf(OUT(g), "); if (qpp) qp_atomic_%s_%s(qpp, (%s)qpv%d); }\n", an, sfx, T, t);
        }
        bprintf(OUT(g), "%*s}\n", IND(g));
    } else if (x.slice_at >= 0) {
        if (e.t.kind != LK_VEC || e.t.n != x.slice_n)
            unsupported(g, stmt, "assigning this value to a slice of %d elements", x.slice_n);
        accessor(g, v, x.k, 'w', pvt, acc, sizeof acc);
        int t = g->temps++;
        char tb[32];
        bprintf(OUT(g), "%*s{ %s qpt%d = %s;\n", IND(g), ctype(g, e.t, tb, sizeof tb), t, bdone(&e.c));
        for (int j = 0; j < x.slice_n; j++) {
            bprintf(OUT(g), "%*s  %s(%s, %s_d, qp_st, %d", IND(g), acc, cn, cn, stmt->loc.line);
            index_args(g, &x, j, OUT(g));
            char el[48];
            snprintf(el, sizeof el, "qpt%d.v[%d]", t, j);
            bput(OUT(g), ", ");
            stored(g, v, elem_type(g, e.t.elem), el, OUT(g));
            bput(OUT(g), ");\n");
        }
        bprintf(OUT(g), "%*s}\n", IND(g));
    } else {
        if (!is_num(e.t) && e.t.kind != LK_CPLX)
            unsupported(g, stmt, "storing a vector in one element");
        accessor(g, v, x.k, 'w', pvt, acc, sizeof acc);
        bprintf(OUT(g), "%*s%s(%s, %s_d, qp_st, %d", IND(g), acc, cn, cn, stmt->loc.line);
        index_args(g, &x, 0, OUT(g));
        bput(OUT(g), ", ");
        stored(g, v, e.t, bdone(&e.c), OUT(g));
        bput(OUT(g), ");\n");
    }
    ex_free(&e);
    idx_free(&x);
}

/* s = shared(dims…), shared_zeros(dims…), shared[T](dims…): one array per block, made
 * by the first thread that reaches the statement. */
static bool shared_alloc(Gen *g, Node *n)
{
    Node *t = n->a, *c = n->b;
    if (n->op != T_EQ || t->kind != N_IDENT || c->kind != N_CALL)
        return false;
    Node *callee = c->a;
    LangKElem elem = g->real;
    if (callee->kind == N_INDEX && callee->a->kind == N_IDENT && callee->args.n == 1 &&
        ((Node *)callee->args.items[0])->kind == N_IDENT) {
        static const char *const names[] = {"int8", "uint8", "int16", "uint16", "int", "uint32", "int64",
                                            "uint64", "single", "double"};
        const char *tn = ((Node *)callee->args.items[0])->name;
        bool found = !strcmp(tn, "scalar");
        for (int i = 0; i < 10 && !found; i++)
            if (!strcmp(names[i], tn)) {
                elem = (LangKElem)i;
                found = true;
            }
        if (!found)
            unsupported(g, n, "shared[%s]", tn);
        callee = callee->a;
    }
    if (callee->kind != N_IDENT || (strcmp(callee->name, "shared") && strcmp(callee->name, "shared_zeros")))
        return false;
    if (!g->fn->lockstep)
        unsupported(g, n, "shared memory without syncthreads");
    if (c->args.n < 1 || c->args.n > 4)
        unsupported(g, n, "shared memory of %d dimensions", c->args.n);
    if (find_var(g, t->name))
        unsupported(g, n, "'%s' assigned before its shared(…)", t->name);
    char cn[80];
    cname(t->name, cn, sizeof cn);
    const char *T = elem_c(elem);
    bprintf(&g->fn->decl, "    %s *%s = 0;\n    int64_t %s_d[4] = {1, 1, 1, 1};\n", T, cn, cn);
    bprintf(&g->shared_free, "    qp_free(%s);\n", cn);
    bprintf(OUT(g), "%*sif (!%s) {\n", IND(g), cn);
    for (int i = 0; i < c->args.n; i++) {
        Ex d = expr(g, c->args.items[i]);
        if (!is_num(d.t))
            unsupported(g, n, "shared memory sized by a vector");
        bprintf(OUT(g), "%*s    %s_d[%d] = (int64_t)(%s);\n", IND(g), cn, i, bdone(&d.c));
        ex_free(&d);
    }
    bprintf(OUT(g), "%*s    %s = (%s *)qp_calloc((unsigned long long)(%s_d[0] * %s_d[1] * %s_d[2] * %s_d[3]) + 1, sizeof(%s));\n",
            IND(g), cn, T, cn, cn, cn, cn, T);
    bprintf(OUT(g), "%*s    if (!%s) { qp_fail(qp_st, 3, %d); goto qp_end; }\n%*s}\n", IND(g), cn, n->loc.line,
            IND(g));
    LangKType at = {.kind = LK_ARRAY, .elem = elem, .rank = c->args.n, .mode = LANG_KMODE_SAFE};
    Var *v = add_var(g, t->name, VAR_ARRAY, at);
    v->shared = true;
    return true;
}

/* zeros(n) / ones(n) whose size is not a constant up to GEN_MAX_VEC_LEN, or of several dims:
 * dynamic kernel memory (spec 001), an array per position. */
static bool dyn_zeros(Node *c)
{
    int len;
    return c && c->kind == N_CALL && c->a->kind == N_IDENT && (!strcmp(c->a->name, "zeros") || !strcmp(c->a->name, "ones")) &&
           c->args.n >= 1 && c->args.n <= 4 &&
           !(c->args.n == 1 && const_int(c->args.items[0], &len) && len >= 1 && len <= GEN_MAX_VEC_LEN);
}

/* r = zeros(n) with n not a small constant: the statement that makes a dynamic array. */
static bool is_dyn_alloc(Node *n) { return n->kind == N_ASSIGN && dyn_zeros(n->b); }

/* r = zeros(n…): calloc'd at the statement (the old block freed), freed at qp_end. */
static bool dyn_alloc(Gen *g, Node *n)
{
    Node *t = n->a, *c = n->b;
    if (n->op != T_EQ || t->kind != N_IDENT || !dyn_zeros(c))
        return false;
    if (!g->fn->kernel || !g->fn->dyn)
        unsupported(g, n, "'%s' of a size that is not a constant up to %d (dynamic kernel memory) here",
                    c->a->name, GEN_MAX_VEC_LEN);
    Var *v = find_var(g, t->name);
    if (v && (!v->dyn || v->t.rank != c->args.n))
        unsupported(g, n, "'%s' assigned both a dynamic array and something else", t->name);
    char cn[80];
    cname(t->name, cn, sizeof cn);
    const char *T = elem_c(g->real);
    if (!v) {
        bprintf(&g->fn->decl, "    %s *%s = 0;\n    int64_t %s_d[4] = {1, 1, 1, 1};\n", T, cn, cn);
        bprintf(&g->fn->dyn_free, "    qp_free(%s);\n", cn);
        LangKType at = {.kind = LK_ARRAY, .elem = g->real, .rank = c->args.n, .mode = LANG_KMODE_SAFE};
        v = add_var(g, t->name, VAR_ARRAY, at);
        v->dyn = true;
    }
    bprintf(OUT(g), "%*s{\n", IND(g));
    for (int i = 0; i < c->args.n; i++) {
        Ex d = expr(g, c->args.items[i]);
        if (!is_num(d.t))
            unsupported(g, n, "a dynamic array sized by a vector");
        bprintf(OUT(g), "%*s    int64_t qpn%d = (int64_t)(%s);\n%*s    %s_d[%d] = qpn%d < 0 ? 0 : qpn%d;\n", IND(g), i,
                bdone(&d.c), IND(g), cn, i, i, i);
        ex_free(&d);
    }
    bprintf(OUT(g), "%*s    int64_t qpn = %s_d[0] * %s_d[1] * %s_d[2] * %s_d[3];\n", IND(g), cn, cn, cn, cn);
    bprintf(OUT(g), "%*s    qp_free(%s);\n%*s    %s = (%s *)qp_calloc((unsigned long long)qpn + 1, sizeof(%s));\n",
            IND(g), cn, IND(g), cn, T, T);
    bprintf(OUT(g), "%*s    if (!%s) { qp_fail(qp_st, 3, %d); goto qp_end; }\n", IND(g), cn, n->loc.line);
    if (!strcmp(c->a->name, "ones"))
        bprintf(OUT(g), "%*s    for (int64_t qpk = 0; qpk < qpn; qpk++) %s[qpk] = 1;\n", IND(g), cn);
    bprintf(OUT(g), "%*s}\n", IND(g));
    return true;
}

static void assign(Gen *g, Node *n)
{
    Node *t = n->a;
    if (shared_alloc(g, n) || dyn_alloc(g, n))
        return;     /* (inside a thread loop: made by the first thread) */
    if (t->kind == N_TYPED && t->a->kind == N_IDENT && n->op == T_EQ) {
        LangKType d;
        LangType *ty = t->type;
        if (ty->kind != TY_NAME)
            unsupported(g, n, "this declaration");
        if (!strcmp(ty->name, "int"))
            d = t_int();
        else if (!strcmp(ty->name, "scalar"))
            d = t_real(g);
        else if (!strncmp(ty->name, "vec", 3) && ty->name[3] >= '1' && ty->name[3] <= '9')
            d = t_vec(g->real, atoi(ty->name + 3));
        else if (!strncmp(ty->name, "ivec", 4) && ty->name[4] >= '1' && ty->name[4] <= '9')
            d = t_vec(LKE_I32, atoi(ty->name + 4));
        else
            unsupported(g, n, "a local declared '%s'", ty->name);
        assign_local(g, n, t->a->name, d, true, n->b);
        return;
    }
    if (t->kind == N_IDENT) {
        if (n->op == T_EQ) {
            assign_local(g, n, t->name, (LangKType){0}, false, n->b);
            return;
        }
        Var *v = find_var(g, t->name);
        if (v && v->kind == VAR_OUTPUT) {
            const char *an = atomic_name(n->op);
            Ex e = expr(g, n->b);
            if (!an || !is_num(e.t) || !strcmp(an, "and") || !strcmp(an, "or") || !strcmp(an, "xor"))
                unsupported(g, n, "this compound assignment on the output '%s'", t->name);
            char cn[80];
            cname(t->name, cn, sizeof cn);
            bprintf(OUT(g), "%*sqp_atomic_%s_f64(%s, (double)(%s));\n", IND(g), an, cn, bdone(&e.c));
            ex_free(&e);
            return;
        }
        int op = base_op(n->op);
        if (!op)
            unsupported(g, n, "this compound assignment on a local");
        /* a local: x op= e is x = x op e (locals are private to the thread) */
        Node bin = {.kind = N_BINARY, .loc = n->loc, .op = op, .a = t, .b = n->b};
        assign_local(g, n, t->name, (LangKType){0}, false, &bin);
        return;
    }
    if (t->kind == N_INDEX && t->a->kind == N_IDENT) {
        Var *v = find_var(g, t->a->name);
        if (v && v->kind == VAR_ARRAY) {
            array_write(g, n, t, v, n->b);
            return;
        }
        if (v && v->kind == VAR_LOCAL && v->t.kind == LK_VEC && t->args.n == 1 && n->op == T_EQ) {
            Ex i = expr(g, t->args.items[0]), e = expr(g, n->b);
            if (!is_num(i.t) || !is_num(e.t))
                unsupported(g, n, "this element assignment");
            char cn[96], tb[32];
            vref(v, cn, sizeof cn);
            bprintf(OUT(g), "%*s%s_set(&%s, (int64_t)(%s), (%s)(%s));\n", IND(g), ctype(g, v->t, tb, sizeof tb), cn,
                    bdone(&i.c), elem_c(v->t.elem), bdone(&e.c));
            ex_free(&i), ex_free(&e);
            return;
        }
    }
    if (t->kind == N_MATRIX && n->op == T_EQ && t->args.n >= 1) {
        /* [M, N, P] = v: the elements of a vector into locals (`_` skips one) */
        for (int i = 0; i < t->args.n; i++) {
            Node *a = t->args.items[i];
            if (a->kind != N_IDENT && a->kind != N_PLACEHOLDER)
                unsupported(g, n, "this assignment");
        }
        Node *dfn = device_fn(g, n->b);
        if (dfn && dfn->kind == N_FUNCTION && dfn->args2.n > 1) {
            /* [q, r] = f(…): outputs into temporaries, then into the locals */
            if (dfn->args2.n < t->args.n)
                unsupported(g, n, "this assignment");
            Spec *sp = NULL;
            Ex c = device_call(g, n->b, dfn, n->b->a->name, &sp);
            char tb[32];
            int tmp = g->temps;
            g->temps += sp->nouts;
            bprintf(OUT(g), "%*s{\n", IND(g));
            g->fn->indent += 4;
            for (int i = 0; i < sp->nouts; i++)
                bprintf(OUT(g), "%*s%s qpo%d;\n", IND(g), ctype(g, sp->outs[i], tb, sizeof tb), tmp + i);
            bprintf(OUT(g), "%*s%s", IND(g), bdone(&c.c));
            for (int i = 0; i < sp->nouts; i++)
                bprintf(OUT(g), ", &qpo%d", tmp + i);
            bput(OUT(g), ");\n");
            for (int i = 0; i < t->args.n; i++) {
                Node *a = t->args.items[i];
                if (a->kind == N_IDENT)
                    assign_local_ex(g, n, a->name, (LangKType){0}, false, ex_text(sp->outs[i], "qpo%d", tmp + i));
            }
            g->fn->indent -= 4;
            bprintf(OUT(g), "%*s}\n", IND(g));
            ex_free(&c);
            return;
        }
        no_array_copy(g, n, n->b);
        Ex e = expr(g, n->b);
        if (e.t.kind != LK_VEC || e.t.n != t->args.n)
            unsupported(g, n, "this assignment");
        char tb[32];
        int tmp = g->temps++;
        bprintf(OUT(g), "%*s{\n", IND(g));
        g->fn->indent += 4;
        bprintf(OUT(g), "%*s%s qpd%d = %s;\n", IND(g), ctype(g, e.t, tb, sizeof tb), tmp, bdone(&e.c));
        for (int i = 0; i < t->args.n; i++) {
            Node *a = t->args.items[i];
            if (a->kind == N_IDENT)
                assign_local_ex(g, n, a->name, (LangKType){0}, false,
                                ex_text(elem_type(g, e.t.elem), "qpd%d.v[%d]", tmp, i));
        }
        g->fn->indent -= 4;
        bprintf(OUT(g), "%*s}\n", IND(g));
        ex_free(&e);
        return;
    }
    unsupported(g, n, "this assignment");
}

static void block(Gen *g, NodeList *body)
{
    g->fn->indent += 4;
    stmts(g, body);
    g->fn->indent -= 4;
}

/* Does a node of n, outside nested functions and lambdas, satisfy hit? */
static bool tree_any(Node *n, bool (*hit)(Node *))
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return false;
    if (hit(n) || tree_any(n->a, hit) || tree_any(n->b, hit) || tree_any(n->c, hit))
        return true;
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (tree_any(lists[k]->items[i], hit))
                return true;
    return false;
}

static bool is_jump(Node *n) { return n->kind == N_BREAK || n->kind == N_CONTINUE || n->kind == N_RETURN; }

/* Does a loop body leave early (break, continue, return)? Then it is not unrolled. */
static bool jumps(Node *n) { return tree_any(n, is_jump); }

/* In the fast body, a loop with constant bounds and a few iterations is written out
 * (for dy = -2..2 …): the position loop around the body then has no inner loop and the C
 * compiler vectorizes it. At most KERNEL_UNROLL copies of any statement in a nest. */
#define GEN_UNROLL_TRIP 8
#define GEN_UNROLL_TOTAL 64

static bool unroll_loop(Gen *g, Node *n)
{
    Node *r = n->a;
    int lo, hi, step = 1;
    if (!g->fast || n->label || r->kind != N_RANGE || !const_int(r->a, &lo) || !const_int(r->c, &hi) ||
        (r->b && !const_int(r->b, &step)) || step == 0)
        return false;
    int trip = step > 0 ? (hi >= lo ? (hi - lo) / step + 1 : 0) : (lo >= hi ? (lo - hi) / -step + 1 : 0);
    if (trip < 1 || trip > GEN_UNROLL_TRIP || g->unrolled * trip > GEN_UNROLL_TOTAL)
        return false;
    for (int i = 0; i < n->body.n; i++)
        if (jumps(n->body.items[i]))
            return false;
    Var *v = find_var(g, n->name);
    if (!v)
        v = declare_local(g, n->name, t_int());
    if (v->t.kind != LK_INT)
        return false;
    char cn[96];
    vref(v, cn, sizeof cn);
    int saved = g->unrolled;
    g->unrolled = (g->unrolled ? g->unrolled : 1) * trip;
    bool pushed = push_range(g, n->name, rng_const(lo < hi ? lo : hi, lo < hi ? hi : lo));
    for (int k = 0, x = lo; k < trip; k++, x += step) {
        bprintf(OUT(g), "%*s%s = %d;\n", IND(g), cn, x);
        stmts(g, &n->body);
    }
    if (pushed)
        g->nranges--;
    g->unrolled = saved;
    return true;
}

/* The start, end and step of `for x = a..s..c`, and the loop variable (declared an int
 * for int bounds, else a scalar). */
typedef struct RangeEx {
    Ex a, c, s;
    bool ints;
    Var *v;
} RangeEx;

static void range_exprs(Gen *g, Node *n, RangeEx *x)
{
    Node *r = n->a;
    x->a = expr(g, r->a);
    x->c = expr(g, r->c);
    x->s = r->b ? expr(g, r->b) : ex_text(t_int(), "1");
    if (!is_num(x->a.t) || !is_num(x->c.t) || !is_num(x->s.t))
        unsupported(g, n, "a range of vectors");
    x->ints = x->a.t.kind == LK_INT && x->s.t.kind == LK_INT;
    x->v = find_var(g, n->name);
    if (!x->v)
        x->v = declare_local(g, n->name, x->ints ? t_int() : t_real(g));
}

/* The interpreter's count of a range, floor((c - a) / s + 1e-9) + 1, and a loop over it
 * that leaves two blocks open. */
static void count_loop(Gen *g, int t, RangeEx *x)
{
    bprintf(OUT(g), "%*s{ double qpa%d = (double)(%s), qps%d = (double)(%s);\n", IND(g), t, bdone(&x->a.c), t,
            bdone(&x->s.c));
    bprintf(OUT(g), "%*s  int64_t qpn%d = (int64_t)floor(((double)(%s) - qpa%d) / qps%d + 1e-9) + 1;\n", IND(g), t,
            bdone(&x->c.c), t, t);
    bprintf(OUT(g), "%*sfor (int64_t qpi%d = 0; qpi%d < qpn%d; qpi%d++) {\n", IND(g), t, t, t, t);
}

/* Labelled loops: `break L` jumps to qplN_b after the loop, `continue L` to qplN_c at the
 * end of its body (so a for loop still steps). -1 for a loop without a label. */
static int label_push(Gen *g, Node *n)
{
    if (!n->label)
        return -1;
    if (g->nlabels >= 16)
        unsupported(g, n, "more than 16 nested labelled loops");
    g->labels[g->nlabels].name = n->label;
    g->labels[g->nlabels].id = g->label_ids++;
    return g->labels[g->nlabels++].id;
}

static void label_end_body(Gen *g, int id)
{
    if (id >= 0)
        bprintf(OUT(g), "%*s    qpl%d_c: ;\n", IND(g), id);
}

static void label_pop(Gen *g, int id)
{
    if (id < 0)
        return;
    bprintf(OUT(g), "%*sqpl%d_b: ;\n", IND(g), id);
    g->nlabels--;
}

static void for_loop(Gen *g, Node *n)
{
    if (n->a->kind != N_RANGE)
        unsupported(g, n, "a for loop that is not over a range");
    if (unroll_loop(g, n))
        return;
    Node *r = n->a;
    RangeEx x;
    range_exprs(g, n, &x);
    Ex a = x.a, c = x.c, s = x.s;
    bool ints = x.ints;
    Var *v = x.v;
    char cn[96];
    vref(v, cn, sizeof cn);
    int t = g->temps++;
    /* the loop variable's range, for the stencil analysis: [start, end] for a positive
     * constant step, [end, start] for a negative one */
    bool pushed = false;
    int step0 = 1;
    if (ints && (!r->b || const_int(r->b, &step0)) && step0 != 0) {
        Rng ra = rng(g, r->a), rc = rng(g, r->c);
        if (ra.kind == 1 && rc.kind == 1 &&
            (!ra.sym || !rc.sym || !strcmp(ra.sym, rc.sym) || (!ra.ls && !ra.hs) || (!rc.ls && !rc.hs))) {
            Rng lo = step0 > 0 ? ra : rc, hi = step0 > 0 ? rc : ra;
            Rng v = {.kind = 1, .lo = lo.lo, .ls = lo.ls, .hi = hi.hi, .hs = hi.hs,
                     .sym = lo.ls ? lo.sym : hi.sym};
            pushed = push_range(g, n->name, v);
        }
    }
    if (ints && c.t.kind == LK_INT) {
        int step;
        bool konst = r->b ? const_int(r->b, &step) : (step = 1, true);
        if (konst && step != 0)
            bprintf(OUT(g), "%*sfor (int qpi%d = %s, qpe%d = %s; qpi%d %s qpe%d; qpi%d += %d) {\n", IND(g), t,
                    bdone(&a.c), t, bdone(&c.c), t, step > 0 ? "<=" : ">=", t, t, step);
        else
            bprintf(OUT(g), "%*sfor (int qpi%d = %s, qps%d = %s, qpe%d = %s; qps%d > 0 ? qpi%d <= qpe%d : qpi%d >= qpe%d; qpi%d += qps%d) {\n",
                    IND(g), t, bdone(&a.c), t, bdone(&s.c), t, bdone(&c.c), t, t, t, t, t, t, t);
        bprintf(OUT(g), "%*s    %s = (%s)qpi%d;\n", IND(g), cn, v->t.kind == LK_INT ? "int" : elem_c(g->real), t);
    } else {
        count_loop(g, t, &x);     /* real bounds */
        bprintf(OUT(g), "%*s    %s = (%s)(qpa%d + (double)qpi%d * qps%d);\n", IND(g), cn,
                v->t.kind == LK_INT ? "int" : elem_c(g->real), t, t, t);
    }
    ex_free(&a), ex_free(&c), ex_free(&s);
    int lid = label_push(g, n);
    block(g, &n->body);
    label_end_body(g, lid);
    if (pushed)
        g->nranges--;
    bprintf(OUT(g), "%*s}\n", IND(g));
    if (!(ints && c.t.kind == LK_INT))
        bprintf(OUT(g), "%*s}\n", IND(g));
    label_pop(g, lid);
}

static void cond_text(Gen *g, Node *c, Buf *out)
{
    Ex e = expr(g, c);
    if (!is_num(e.t))
        unsupported(g, c, "a vector as a condition");
    bprintf(out, "(%s) != 0", bdone(&e.c));
    ex_free(&e);
}

static void stmt(Gen *g, Node *n)
{
    line(g, n);
    switch (n->kind) {
    case N_ASSIGN: assign(g, n); return;
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            if (arm->a) {
                Buf c = {0};
                cond_text(g, arm->a, &c);
                bprintf(OUT(g), "%*s%sif (%s) {\n", IND(g), i ? "} else " : "", bdone(&c));
                g_free(c.s);
            } else {
                bprintf(OUT(g), "%*s} else {\n", IND(g));
            }
            block(g, &arm->body);
        }
        bprintf(OUT(g), "%*s}\n", IND(g));
        return;
    case N_FOR: for_loop(g, n); return;
    case N_WHILE: {
        Buf c = {0};
        cond_text(g, n->a, &c);
        bprintf(OUT(g), "%*swhile (%s) {\n", IND(g), bdone(&c));
        g_free(c.s);
        int lid = label_push(g, n);
        block(g, &n->body);
        label_end_body(g, lid);
        bprintf(OUT(g), "%*s}\n", IND(g));
        label_pop(g, lid);
        return;
    }
    case N_REPEAT: {
        bprintf(OUT(g), "%*sdo {\n", IND(g));
        int lid = label_push(g, n);
        block(g, &n->body);
        label_end_body(g, lid);
        Buf c = {0};
        cond_text(g, n->a, &c);
        bprintf(OUT(g), "%*s} while (!(%s));\n", IND(g), bdone(&c));
        g_free(c.s);
        label_pop(g, lid);
        return;
    }
    case N_BREAK:
    case N_CONTINUE:
        if (n->label) {
            int i = g->nlabels - 1;
            while (i >= 0 && strcmp(g->labels[i].name, n->label))
                i--;
            if (i < 0)
                unsupported(g, n, "a jump to the loop '%s' outside this function", n->label);
            bprintf(OUT(g), "%*sgoto qpl%d_%c;\n", IND(g), g->labels[i].id, n->kind == N_BREAK ? 'b' : 'c');
            return;
        }
        bprintf(OUT(g), "%*s%s;\n", IND(g), n->kind == N_BREAK ? "break" : "continue");
        return;
    case N_RETURN:
        if (g->fn->lockstep)
            bprintf(OUT(g), "%*s{ qp_th[qp_t].qp_done = 1; goto qp_next%d; }\n", IND(g), g->fn->tloop);
        else if (g->fn->multi_out)
            bprintf(OUT(g), "%*sgoto qp_ret;\n", IND(g));
        else if (g->fn->dyn)
            bprintf(OUT(g), "%*sgoto qp_end;\n", IND(g));
        else if (g->fn->kernel || !g->fn->out_name)
            bprintf(OUT(g), "%*sreturn;\n", IND(g));
        else {
            char cn[80];
            cname(g->fn->out_name, cn, sizeof cn);
            bprintf(OUT(g), "%*sreturn %s;\n", IND(g), cn);
        }
        return;
    case N_MATCH: {
        Ex v = expr(g, n->a);
        if (!is_num(v.t))
            unsupported(g, n, "match on a vector");
        int t = g->temps++;
        bprintf(OUT(g), "%*s{ double qpm%d = (double)(%s);\n", IND(g), t, bdone(&v.c));
        ex_free(&v);
        for (int i = 0; i < n->args.n; i++) {
            Node *c = n->args.items[i];
            Buf cond = {0};
            for (int j = 0; j < c->args.n; j++) {
                Node *p = c->args.items[j];
                if (p->kind == N_PLACEHOLDER) {
                    bprintf(&cond, "%s1", j ? " || " : "");
                    continue;
                }
                Ex pe = expr(g, p);
                if (!is_num(pe.t))
                    unsupported(g, p, "a match pattern that is not a number");
                bprintf(&cond, "%sqpm%d == (double)(%s)", j ? " || " : "", t, bdone(&pe.c));
                ex_free(&pe);
            }
            bprintf(OUT(g), "%*s%sif (%s) {\n", IND(g), i ? "} else " : "", bdone(&cond));
            g_free(cond.s);
            block(g, &c->body);
        }
        if (n->args.n)
            bprintf(OUT(g), "%*s}\n", IND(g));
        bprintf(OUT(g), "%*s}\n", IND(g));
        return;
    }
    case N_CALL:
        if (n->a->kind == N_IDENT && !strcmp(n->a->name, "assert") && n->args.n >= 1) {
            Buf c = {0};
            cond_text(g, n->args.items[0], &c);
            if (g->fn->lockstep || g->fn->dyn)
                bprintf(OUT(g), "%*sif (!(%s)) { qp_fail(qp_st, 1, %d); goto qp_end; }\n", IND(g), bdone(&c),
                        n->loc.line);
            else
                bprintf(OUT(g), "%*sif (!(%s)) { qp_fail(qp_st, 1, %d); return%s; }\n", IND(g), bdone(&c),
                        n->loc.line, g->fn->kernel || !g->fn->out_name ? "" : " 0");
            g_free(c.s);
            return;
        }
        if (n->a->kind == N_IDENT && !strcmp(n->a->name, "memfence") && n->args.n == 1 &&
            n->args.items[0]->kind == N_STRING) {       /* the parser checked the scope */
            bprintf(OUT(g), "%*sqp_memfence_%s();\n", IND(g), n->args.items[0]->name);
            return;
        }
        {
            Ex e = call(g, n);
            bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), bdone(&e.c));
            ex_free(&e);
        }
        return;
    case N_EXCHANGE: {
        Ex e = atomic_expr(g, n);
        bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), bdone(&e.c));
        ex_free(&e);
        return;
    }
    case N_PRAGMA:
    case N_ATTRIBUTE:
        return;
    case N_SYNCTHREADS: unsupported(g, n, "syncthreads (barriers run in the interpreter for now)");
    default: unsupported(g, n, "%s in a compiled kernel", lang_node_what(n->kind));
    }
}

static void stmts(Gen *g, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        stmt(g, l->items[i]);
}

/* ---------------------------------------------------------------- barriers */

/* Does the statement contain a barrier (outside nested functions and lambdas)? */
static bool has_barrier(Node *n, bool *grid)
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return false;
    if (n->kind == N_SYNCTHREADS) {
        if (n->name && strcmp(n->name, "block"))
            *grid = true;       /* grid, warp, …: not compiled */
        return true;
    }
    bool r = has_barrier(n->a, grid) | has_barrier(n->b, grid) | has_barrier(n->c, grid);
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            r |= has_barrier(lists[k]->items[i], grid);
    return r;
}

static void lock_stmts(Gen *g, NodeList *l);

static bool lock_list_has_barrier(NodeList *l, bool *grid)
{
    bool r = false;
    for (int i = 0; i < l->n; i++)
        r |= has_barrier(l->items[i], grid);
    return r;
}

/* qp_t = the first thread still running: block-uniform conditions are read there. */
static void first_thread(Gen *g)
{
    bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt - 1 && qp_th[qp_t].qp_done; qp_t++);\n", IND(g));
}

static void lock_block(Gen *g, NodeList *body)
{
    g->fn->indent += 4;
    lock_stmts(g, body);
    g->fn->indent -= 4;
}

/* A statement that contains a barrier: entered by all threads together. Its conditions
 * must be the same for every thread (spec 004 §2.4.4: every thread meets the same
 * barriers); they are evaluated by the first running thread. */
static void lock_control(Gen *g, Node *n)
{
    Buf c = {0};
    switch (n->kind) {
    case N_SYNCTHREADS:
        bprintf(OUT(g), "%*s/* syncthreads: every thread has run the statements above */\n", IND(g));
        return;
    case N_IF:
        first_thread(g);
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            if (arm->a) {
                c.n = 0;
                cond_text(g, arm->a, &c);
                bprintf(OUT(g), "%*s%sif (%s) {\n", IND(g), i ? "} else " : "", bdone(&c));
            } else {
                bprintf(OUT(g), "%*s} else {\n", IND(g));
            }
            lock_block(g, &arm->body);
        }
        bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_WHILE:
        if (n->label)
            unsupported(g, n, "labelled loops");
        bprintf(OUT(g), "%*sfor (;;) {\n", IND(g));
        g->fn->indent += 4;
        first_thread(g);
        cond_text(g, n->a, &c);
        bprintf(OUT(g), "%*sif (!(%s)) break;\n", IND(g), bdone(&c));
        lock_stmts(g, &n->body);
        g->fn->indent -= 4;
        bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_REPEAT:
        if (n->label)
            unsupported(g, n, "labelled loops");
        bprintf(OUT(g), "%*sfor (;;) {\n", IND(g));
        lock_block(g, &n->body);
        g->fn->indent += 4;
        first_thread(g);
        cond_text(g, n->a, &c);
        bprintf(OUT(g), "%*sif (%s) break;\n", IND(g), bdone(&c));
        g->fn->indent -= 4;
        bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_FOR: {
        if (n->label || n->a->kind != N_RANGE)
            unsupported(g, n, "a loop around syncthreads that is not over a range");
        first_thread(g);
        RangeEx x;
        range_exprs(g, n, &x);
        Var *v = x.v;
        char cn[96];
        int t = g->temps++;
        count_loop(g, t, &x);
        bprintf(OUT(g), "%*s    for (qp_t = 0; qp_t < qp_nt; qp_t++) %s = (%s)(qpa%d + (double)qpi%d * qps%d);\n", IND(g),
                vref(v, cn, sizeof cn), v->t.kind == LK_INT ? "int" : elem_c(g->real), t, t, t);
        ex_free(&x.a), ex_free(&x.c), ex_free(&x.s);
        lock_block(g, &n->body);
        bprintf(OUT(g), "%*s}\n%*s}\n", IND(g), IND(g));
        break;
    }
    default:
        unsupported(g, n, "syncthreads inside %s", lang_node_what(n->kind));
    }
    g_free(c.s);
}

/* Statements of a kernel with barriers: each statement without a barrier runs for every
 * thread of the block in turn, so all threads finish it before the next one starts. */
static void lock_stmts(Gen *g, NodeList *l)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        bool grid = false;
        if (has_barrier(s, &grid)) {
            if (grid)
                unsupported(g, s, "syncthreads(grid) and warp synchronisation (they run in the interpreter)");
            line(g, s);
            lock_control(g, s);
            continue;
        }
        if (s->kind == N_ASSIGN && is_shared_alloc(s)) {
            first_thread(g);        /* its sizes are read in the first running thread */
            shared_alloc_stmt(g, s);
            continue;
        }
        int id = g->temps++;
        int saved = g->fn->tloop;
        g->fn->tloop = id;
        bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt; qp_t++) {\n", IND(g));
        bprintf(OUT(g), "%*s    if (qp_th[qp_t].qp_done) continue;\n", IND(g));
        g->fn->indent += 4;
        stmt(g, s);
        g->fn->indent -= 4;
        bprintf(OUT(g), "%*s    qp_next%d:;\n%*s}\n", IND(g), id, IND(g));
        g->fn->tloop = saved;
    }
}

/* ---------------------------------------------------------------- device functions */

static LangKType param_type(Gen *g, Node *p, LangKType given)
{
    if (given.kind == LK_FUNC || given.kind == LK_NONE)
        unsupported(g, p, "a device function taking a function");
    if (given.kind == LK_ARRAY && p->type) {
        /* the array keeps its caller's access mode and element type: a parameter that
         * declares others (x : vec'clamped, x : vec[int]) stays in the interpreter */
        LangType *t = p->type;
        if (t->nmods || t->has_elems)
            unsupported(g, p, "an array parameter of a device function declaring a mode or element type");
    }
    return given;
}

/* Write the specialisation of device function fn for these argument types. */
static Spec *specialise(Gen *g, Node *fn, const char *name, LangKType *at, int argc, Node *site)
{
    for (int i = 0; i < g->nspecs; i++) {
        Spec *s = &g->specs[i];
        if (s->fn == fn && s->nargs == argc && !memcmp(s->args, at, (size_t)argc * sizeof *at))
            return s;
    }
    if (g->nspecs == GEN_MAX_SPECS || argc > 16)
        unsupported(g, site, "too many device function specialisations");
    if (fn->args.n != argc)
        unsupported(g, site, "'%s' takes %d arguments, %d given", name, fn->args.n, argc);
    if (fn->kind == N_FUNCTION && fn->args2.n > 8)
        unsupported(g, site, "device functions with more than 8 outputs");
    Spec *s = &g->specs[g->nspecs++];
    s->fn = fn;
    s->nargs = argc;
    memcpy(s->args, at, (size_t)argc * sizeof *at);
    char cn[64];
    cname(name, cn, sizeof cn);
    snprintf(s->cname, sizeof s->cname, "qpd%d_%s", g->nspecs - 1, cn);
    /* generate into a fresh function context (no labelled loops of the caller in it) */
    Fn *saved = g->fn;
    int saved_labels = g->nlabels;
    g->nlabels = 0;
    Fn *f = g_calloc(sizeof *f);
    g->fn = f;
    f->indent = 4;
    for (int i = 0; i < argc; i++) {
        LangKType pt = param_type(g, fn->args.items[i], at[i]);
        add_var(g, ((Node *)fn->args.items[i])->name, pt.kind == LK_ARRAY ? VAR_ARRAY : VAR_LOCAL, pt);
    }
    Buf sig = {0};
    if (fn->kind == N_LAMBDA) {
        Node *body = fn->a;
        if (body->kind == N_SEQ) {
            for (int i = 0; i + 1 < body->args.n; i++) {
                Node *e = body->args.items[i];
                if (e->kind != N_ASSIGN)
                    unsupported(g, e, "a lambda sequence item that is not an assignment");
                stmt(g, e);
            }
            body = body->args.items[body->args.n - 1];
        }
        Ex e = expr(g, body);
        s->ret = e.t;
        s->has_ret = true;
        bprintf(&f->body, "    return %s;\n", bdone(&e.c));
        ex_free(&e);
    } else if (fn->args2.n > 1) {
        /* [a, b] = f(…): the outputs are written through pointers at qp_ret */
        f->multi_out = true;
        stmts(g, &fn->body);
        bput(&f->body, "    goto qp_ret;\nqp_ret:\n");
        s->nouts = fn->args2.n;
        for (int i = 0; i < s->nouts; i++) {
            const char *on = ((Node *)fn->args2.items[i])->name;
            Var *ov = find_var(g, on);
            if (!ov || ov->kind != VAR_LOCAL)
                unsupported(g, fn, "output '%s' of '%s' is never assigned", on, name);
            s->outs[i] = ov->t;
            char oc[80];
            cname(on, oc, sizeof oc);
            bprintf(&f->body, "    *qpo%d = %s;\n", i, oc);
        }
    } else {
        f->out_name = fn->args2.n ? ((Node *)fn->args2.items[0])->name : NULL;
        stmts(g, &fn->body);
        if (f->out_name) {
            Var *ov = find_var(g, f->out_name);
            if (!ov)
                unsupported(g, fn, "output '%s' of '%s' is never assigned", f->out_name, name);
            s->ret = ov->t;
            s->has_ret = true;
            char on[80];
            cname(f->out_name, on, sizeof on);
            bprintf(&f->body, "    return %s;\n", on);
        }
    }
    char tb[32];
    bprintf(&sig, "QP_DEVICE %s %s(qp_status *qp_st", s->has_ret ? ctype(g, s->ret, tb, sizeof tb) : "void",
            s->cname);
    for (int i = 0; i < argc; i++) {
        char pn[80];
        cname(((Node *)fn->args.items[i])->name, pn, sizeof pn);
        if (at[i].kind == LK_ARRAY)
            bprintf(&sig, ", %s *%s, const int64_t *%s_d", elem_c(at[i].elem), pn, pn);
        else
            bprintf(&sig, ", %s %s", ctype(g, at[i], tb, sizeof tb), pn);
    }
    for (int i = 0; i < s->nouts; i++)
        bprintf(&sig, ", %s *qpo%d", ctype(g, s->outs[i], tb, sizeof tb), i);
    bprintf(&g->head, "%s)\n{\n    (void)qp_st;\n%s%s}\n", bdone(&sig), bdone(&f->decl), bdone(&f->body));
    g_free(sig.s);
    g_free(f->decl.s);
    g_free(f->body.s);
    g_free(f);
    g->fn = saved;
    g->nlabels = saved_labels;
    return s;
}

/* A call of device function fn. With outs, the call of a function of several outputs: the
 * text is left open for the output pointers, and *outs says their types. */
static Ex device_call(Gen *g, Node *n, Node *fn, const char *name, Spec **outs)
{
    /* spec 001: kernels call device functions only; the interpreter reports the error */
    if (fn->kind == N_FUNCTION && !(fn->flags & NODE_DEVICE))
        unsupported(g, n, "'%s' is a %s function, not a device function", name,
                    fn->flags & NODE_KERNEL ? "kernel" : "host");
    int argc = n->args.n;
    if (argc > 16)
        unsupported(g, n, "more than 16 arguments");
    Ex args[16];
    LangKType at[16];
    for (int i = 0; i < argc; i++) {
        Node *an = n->args.items[i];
        Var *av = an->kind == N_IDENT ? find_var(g, an->name) : NULL;
        if (av && av->kind == VAR_ARRAY) {
            /* an array is passed by reference: its pointer and dims */
            char cn[80];
            cname(av->name, cn, sizeof cn);
            args[i] = ex_text(av->t, "%s, %s_d", cn, cn);
            at[i] = av->t;
            continue;
        }
        args[i] = expr(g, an);
        at[i] = args[i].t;
        /* a declared parameter type converts the argument (x : scalar given an int) */
        Node *p = i < fn->args.n ? fn->args.items[i] : NULL;
        if (p && p->type && p->type->kind == TY_NAME && !strcmp(p->type->name, "scalar") && at[i].kind == LK_INT) {
            args[i] = convert(g, args[i], t_real(g), n);
            at[i] = args[i].t;
        }
    }
    Spec *s = specialise(g, fn, name, at, argc, n);
    Buf b = {0};
    bprintf(&b, "%s(qp_st", s->cname);
    for (int i = 0; i < argc; i++) {
        bprintf(&b, ", %s", bdone(&args[i].c));
        ex_free(&args[i]);
    }
    if (s->nouts && !outs)
        unsupported(g, n, "'%s' of several outputs used as a value", name);
    if (outs)
        *outs = s;
    else
        bput(&b, ")");
    return (Ex){b, s->has_ret ? s->ret : t_int()};
}

/* The device function a call names, or NULL (a builtin). */
static Node *device_fn(Gen *g, Node *call)
{
    if (call->kind != N_CALL || call->a->kind != N_IDENT)
        return NULL;
    Var *v = find_var(g, call->a->name);
    if (v && v->kind == VAR_FUNC)
        return v->t.fn;
    return !v && g->ks->lookup ? g->ks->lookup(g->ks->ctx, call->a->name) : NULL;
}

/* ---------------------------------------------------------------- the kernel */

static void special_decl(Gen *g, const LangKParam *p, Buf *d)
{
    char tb[32], cn[80];
    cname(p->name, cn, sizeof cn);
    int r = g->ks->rank;
    static const char *const src[] = {"", "qp_pos", "qp_bpos", "qp_bidx", "qp_blk", "qp_bcnt"};
    if (p->special == LANG_KSPEC_WARPSIZE) {
        bprintf(d, "    int %s = 1;\n", cn);
        add_var(g, p->name, VAR_LOCAL, t_int())->special = p->special;
        return;
    }
    if (p->type.kind == LK_INT) {
        bprintf(d, "    int %s = (int)%s[0];\n", cn, src[p->special]);
        add_var(g, p->name, VAR_LOCAL, t_int())->special = p->special;
        return;
    }
    LangKType t = t_vec(LKE_I32, r);
    const char *vt = ctype(g, t, tb, sizeof tb);
    bprintf(d, "    %s %s = %s_make(", vt, cn, vt);
    for (int i = 0; i < r; i++)
        bprintf(d, "%s(int32_t)%s[%d]", i ? ", " : "", src[p->special], i);
    bput(d, ");\n");
    add_var(g, p->name, VAR_LOCAL, t)->special = p->special;
}

/* Register the parameters of the kernel in a fresh function context; with env/unpack,
 * also write the environment struct and how qpk_run fills it (first pass only). */
static void kernel_params(Gen *g, Buf *env, Buf *unpack, Buf *pre)
{
    const LangKernelSpec *ks = g->ks;
    Node *fn = ks->fn;
    char tb[32], cn[80];
    int arg = 0;
    for (int i = 0; i < ks->nparams; i++) {
        const LangKParam *p = &ks->params[i];
        cname(p->name, cn, sizeof cn);
        if (p->special) {
            if (g->fn->lockstep) {
                /* per thread: filled when the block starts */
                LangKType t = p->type.kind == LK_INT || p->special == LANG_KSPEC_WARPSIZE ? t_int()
                                                                                          : t_vec(LKE_I32, ks->rank);
                bprintf(&g->thr, "    %s %s;\n", ctype(g, t, tb, sizeof tb), cn);
                Var *v = add_var(g, p->name, VAR_LOCAL, t);
                v->per_thread = true;
                v->special = p->special;
            } else {
                special_decl(g, p, pre);
            }
            continue;
        }
        switch (p->type.kind) {
        case LK_ARRAY: {
            const char *T = elem_c(p->type.elem);
            if (env) {
                bprintf(env, "    %s *%s;\n    int64_t %s_d[4];\n", T, cn, cn);
                bprintf(unpack, "    e.%s = (%s *)args[%d].p;\n", cn, T, arg);
                for (int k = 0; k < 4; k++)
                    bprintf(unpack, "    e.%s_d[%d] = args[%d].d[%d];\n", cn, k, arg, k);
            }
            bprintf(pre, "    %s *%s %s = qp_e->%s;\n    const int64_t *%s_d = qp_e->%s_d;\n", T,
                    ks->may_alias ? "" : "QP_RESTRICT", cn, cn, cn, cn);
            add_var(g, p->name, VAR_ARRAY, p->type);
            break;
        }
        case LK_INT:
            if (env) {
                bprintf(env, "    int %s;\n", cn);
                bprintf(unpack, "    e.%s = (int)args[%d].i;\n", cn, arg);
            }
            bprintf(pre, "    int %s = qp_e->%s;\n", cn, cn);
            add_var(g, p->name, VAR_LOCAL, t_int())->param = true;
            break;
        case LK_REAL:
            if (env) {
                bprintf(env, "    %s %s;\n", elem_c(g->real), cn);
                bprintf(unpack, "    e.%s = (%s)args[%d].r;\n", cn, elem_c(g->real), arg);
            }
            bprintf(pre, "    %s %s = qp_e->%s;\n", elem_c(g->real), cn, cn);
            add_var(g, p->name, VAR_LOCAL, t_real(g));
            break;
        case LK_CPLX:
            if (env) {
                bprintf(env, "    %s %s;\n", cplx_c(g), cn);
                bprintf(unpack, "    e.%s = %s_make(args[%d].r, args[%d].im);\n", cn, cplx_c(g), arg, arg);
            }
            bprintf(pre, "    %s %s = qp_e->%s;\n", cplx_c(g), cn, cn);
            add_var(g, p->name, VAR_LOCAL, t_cplx(g));
            break;
        case LK_VEC: {
            const char *vt = ctype(g, p->type, tb, sizeof tb);
            if (env) {
                bprintf(env, "    %s %s;\n", vt, cn);
                /* passed as an array of doubles */
                bprintf(unpack, "    for (int k = 0; k < %d; k++) e.%s.v[k] = (%s)((const double *)args[%d].p)[k];\n",
                        p->type.n, cn, elem_c(p->type.elem), arg);
            }
            bprintf(pre, "    %s %s = qp_e->%s;\n", vt, cn, cn);
            add_var(g, p->name, VAR_LOCAL, p->type);
            break;
        }
        case LK_FUNC:
            add_var(g, p->name, VAR_FUNC, p->type);
            continue;       /* no argument: specialised into the code */
        default:
            unsupported(g, NULL, "parameter '%s' has a type kernels cannot take", p->name);
        }
        arg++;
    }
    for (int i = 0; fn->kind == N_FUNCTION && i < fn->args2.n; i++) {
        Node *o = fn->args2.items[i];
        cname(o->name, cn, sizeof cn);
        if (env) {
            bprintf(env, "    double *%s;\n", cn);
            bprintf(unpack, "    e.%s = (double *)args[%d].p;\n", cn, arg++);
        }
        bprintf(pre, "    double *%s = qp_e->%s;\n", cn, cn);
        add_var(g, o->name, VAR_OUTPUT, t_real(g));
    }
}

static void kernel_statements(Gen *g)
{
    Node *fn = g->ks->fn;
    if (g->fn->lockstep) {
        lock_stmts(g, &fn->body);
    } else if (fn->kind == N_LAMBDA) {
        if (fn->a->kind == N_SEQ)
            for (int i = 0; i < fn->a->args.n; i++)
                stmt(g, fn->a->args.items[i]);
        else
            stmt(g, fn->a);
    } else {
        stmts(g, &fn->body);
    }
}

/* Does the kernel take blkcnt? Its value (blocks per dim) travels in the environment. */
static bool takes_blkcnt(const Gen *g)
{
    for (int i = 0; i < g->ks->nparams; i++)
        if (g->ks->params[i].special == LANG_KSPEC_BLKCNT)
            return true;
    return false;
}

/* For each expression of the list ", expr, expr" (NULL: none), move bound <var><k> to it
 * when it is tighter: cmp '>' raises a lower bound, '<' lowers an upper one. */
static void tighten(Buf *t, const char *list, char cmp, char var, int k)
{
    for (const char *p = list; p && *p == ',';) {
        const char *q = strchr(p + 1, ',');
        size_t len = q ? (size_t)(q - p - 1) : strlen(p + 1);
        bprintf(t, "    { int64_t x = %.*s; if (x %c %c%d) %c%d = x; }\n", (int)len, p + 1, cmp, var, k, var, k);
        p = q ? q : p + strlen(p);
    }
}

/* A per-position body function: qpk_body (bounds tests) or qpk_fast (none). */
static void body_function(Gen *g, Buf *t, const char *name, const Buf *pre, Fn *f)
{
    int r = g->ks->rank;
    bool bpos = false;
    for (int i = 0; i < g->ks->nparams; i++)
        bpos |= g->ks->params[i].special == LANG_KSPEC_BLKPOS || g->ks->params[i].special == LANG_KSPEC_BLKIDX;
    bprintf(t, "\nQP_BODY void %s(const qpk_env *qp_e, qp_status *qp_st, const int32_t *qp_pos, "
               "const int64_t *qp_blk)\n{\n", name);
    bprintf(t, "    int64_t qp_bpos[%d], qp_bidx[%d], qp_bcnt[%d];\n", r, r, r);
    if (bpos)
        bprintf(t, "    for (int k = 0; k < %d; k++) { qp_bpos[k] = qp_pos[k] %% qp_blk[k]; qp_bidx[k] = qp_pos[k] / qp_blk[k]; qp_bcnt[k] = 0; }\n", r);
    if (takes_blkcnt(g))
        bprintf(t, "    for (int k = 0; k < %d; k++) qp_bcnt[k] = qp_e->qp_cnt[k];\n", r);
    bput(t, "    (void)qp_bpos; (void)qp_bidx; (void)qp_bcnt; (void)qp_st; (void)qp_blk;\n");
    bput(t, pre->s ? pre->s : "");
    bput(t, bdone(&f->decl));
    bput(t, bdone(&f->body));
    if (f->dyn) {
        bput(t, "    goto qp_end;\nqp_end:\n");
        bput(t, bdone(&f->dyn_free));
    }
    bput(t, "}\n");
}

/* Loops over the grid dims from `from` on, calling `call` at each position. A baked
 * last dim (the 3 channels of an image) is written out, so the loop around is plain. */
static void inner_loops(Gen *g, Buf *t, int from, int indent, const char *call)
{
    int r = g->ks->rank;
    int last = g->ks->grid_fixed[r - 1] && r - 1 >= from ? r - 1 : r;
    bprintf(t, "%*s{\n", indent, "");
    indent += 4;
    for (int k = from; k < last; k++) {
        bprintf(t, "%*sfor (int32_t q%d = 0; q%d < (int32_t)D%d; q%d++) {\n", indent, "", k, k, k, k);
        bprintf(t, "%*s    pos[%d] = q%d;\n", indent, "", k, k);
        indent += 4;
    }
    if (last < r) {
        for (int c = 0; c < g->ks->grid_fixed[r - 1]; c++) {
            bprintf(t, "%*s{ int32_t pc[%d]; ", indent, "", r);
            for (int k = 0; k < r - 1; k++)
                bprintf(t, "pc[%d] = pos[%d]; ", k, k);
            bprintf(t, "pc[%d] = %d; %s(&e, st, pc, blk); }\n", r - 1, c, call);
        }
    } else {
        bprintf(t, "%*s%s(&e, st, pos, blk);\n", indent, "", call);
    }
    for (int k = from; k < last; k++) {
        indent -= 4;
        bprintf(t, "%*s}\n", indent, "");
    }
    indent -= 4;
    bprintf(t, "%*s}\n", indent, "");
}

/* qpk_run: rows [lo, hi) of dim 0; with a fast body, each row is cut into a border
 * part (tests) and an interior part (no tests) along dim 1 (dim 0 for 1-D grids). */
static void run_function(Gen *g, Buf *t, const Buf *unpack, bool fast)
{
    int r = g->ks->rank;
    bput(t, "QP_EXPORT void qpk_run(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, "
            "int64_t hi, qp_status *st)\n{\n    qpk_env e;\n");
    bput(t, unpack->s ? unpack->s : "");
    for (int k = 0; k < r; k++) {
        if (g->ks->grid_fixed[k])
            bprintf(t, "    const int64_t D%d = %d; (void)dims;\n", k, g->ks->grid_fixed[k]);
        else
            bprintf(t, "    const int64_t D%d = dims[%d];\n", k, k);
    }
    bprintf(t, "    int32_t pos[%d];    /* 32-bit: the index arithmetic stays affine for the vectorizer */\n", r);
    if (!fast) {
        bput(t, "    for (pos[0] = (int32_t)lo; pos[0] < (int32_t)hi; pos[0]++)\n");
        inner_loops(g, t, 1, 8, "qpk_body");
        bput(t, "}\n");
        return;
    }
    /* the interior: lo_k <= pos[k] < hi_k keeps every access inside */
    bprintf(t, "    int qp_fast = 1%s;\n", g->conds.s ? g->conds.s : "");
    for (int k = 0; k < r; k++) {
        bprintf(t, "    int64_t L%d = 0, H%d = D%d;\n", k, k, k);
        tighten(t, g->int_lo[k].s, '>', 'L', k);
        tighten(t, g->int_hi[k].s, '<', 'H', k);
        bprintf(t, "    if (L%d >= H%d) qp_fast = 0;\n", k, k);
    }
    for (int k = 2; k < r; k++)
        bprintf(t, "    if (L%d > 0 || H%d < D%d) qp_fast = 0;    /* inner dims must be whole */\n", k, k, k);
    if (r == 1) {
        bput(t, "    int64_t a = lo, b = hi;\n");
        bput(t, "    if (qp_fast) { a = lo > L0 ? lo : L0; if (a > hi) a = hi; b = hi < H0 ? hi : H0; if (b < a) b = a; }\n"
                "    else a = b = hi;\n");
        bput(t, "    for (pos[0] = (int32_t)lo; pos[0] < (int32_t)a; pos[0]++) qpk_body(&e, st, pos, blk);\n");
        bput(t, "    for (int32_t q = (int32_t)a; q < (int32_t)b; q++) { int32_t pc[1]; pc[0] = q; qpk_fast(&e, st, pc, blk); }\n");
        bput(t, "    for (pos[0] = (int32_t)(b > lo ? b : lo); pos[0] < (int32_t)hi; pos[0]++) qpk_body(&e, st, pos, blk);\n}\n");
        return;
    }
    bput(t, "    for (int32_t q0 = (int32_t)lo; q0 < (int32_t)hi; q0++) {\n        pos[0] = q0;\n");
    bput(t, "        if (qp_fast && q0 >= L0 && q0 < H0) {\n");
    bput(t, "            for (int32_t q1 = 0; q1 < (int32_t)L1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    if (g->flat) {
        bprintf(t, "            }\n            for (int32_t k = (int32_t)L1 * %d; k < (int32_t)H1 * %d; k++) {\n"
                   "                int32_t pc[3]; pc[0] = pos[0]; pc[1] = k; pc[2] = 0; qpk_fast(&e, st, pc, blk);\n",
                g->flat, g->flat);
    } else {
        bput(t, "            }\n            for (int32_t q1 = (int32_t)L1; q1 < (int32_t)H1; q1++) {\n                pos[1] = q1;\n");
        inner_loops(g, t, 2, 16, "qpk_fast");
    }
    bput(t, "            }\n            for (int32_t q1 = (int32_t)H1; q1 < (int32_t)D1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    bput(t, "            }\n        } else {\n");
    bput(t, "            for (int32_t q1 = 0; q1 < (int32_t)D1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    bput(t, "            }\n        }\n    }\n}\n");
}

/* A kernel with barriers: qpk_block runs one block's threads in lockstep (the CPU
 * engine; under CUDA one thread per block runs it, correct though not fast). */
static void block_function(Gen *g, Buf *t, const Buf *pre, Fn *f, const Buf *unpack)
{
    int r = g->ks->rank;
    char tb[32], cn[80];
    bput(t, "typedef struct qpk_thread {\n    int qp_done;\n");
    bput(t, g->thr.s ? g->thr.s : "");
    bput(t, "} qpk_thread;\n\n");
    bput(t, "QP_DEVICE void qpk_block(const qpk_env *qp_e, qp_status *qp_st, const int64_t *qp_dims, "
            "const int64_t *qp_blk, const int64_t *qp_bidx)\n{\n");
    bprintf(t, "    int64_t qp_nt = 1, qp_t;\n    for (int k = 0; k < %d; k++) qp_nt *= qp_blk[k];\n", r);
    bput(t, "    qpk_thread *qp_th = (qpk_thread *)qp_calloc((unsigned long long)qp_nt, sizeof(qpk_thread));\n");
    bput(t, "    if (!qp_th) { qp_fail(qp_st, 3, 0); return; }\n");
    bput(t, pre->s ? pre->s : "");
    bput(t, bdone(&f->decl));
    /* each thread's position and special parameters */
    bprintf(t, "    int64_t qp_bc[%d];\n    for (int k = 0; k < %d; k++) qp_bc[k] = (qp_dims[k] + qp_blk[k] - 1) / qp_blk[k];\n"
               "    (void)qp_bc;\n", r, r);
    bprintf(t, "    for (qp_t = 0; qp_t < qp_nt; qp_t++) {\n        int64_t bp[%d], ps[%d], rest = qp_t;\n", r, r);
    bprintf(t, "        for (int k = %d; k >= 0; k--) { bp[k] = rest %% qp_blk[k]; rest /= qp_blk[k]; ps[k] = qp_bidx[k] * qp_blk[k] + bp[k];"
               " if (ps[k] >= qp_dims[k]) qp_th[qp_t].qp_done = 1; }\n", r - 1);
    for (int i = 0; i < g->ks->nparams; i++) {
        const LangKParam *p = &g->ks->params[i];
        if (!p->special)
            continue;
        cname(p->name, cn, sizeof cn);
        static const char *const src[] = {"", "ps", "bp", "qp_bidx", "qp_blk", "qp_bc"};
        if (p->special == LANG_KSPEC_WARPSIZE) {
            bprintf(t, "        qp_th[qp_t].%s = 1;\n", cn);
        } else if (p->type.kind == LK_INT) {
            bprintf(t, "        qp_th[qp_t].%s = (int)%s[0];\n", cn, src[p->special]);
        } else {
            const char *vt = ctype(g, t_vec(LKE_I32, r), tb, sizeof tb);
            bprintf(t, "        qp_th[qp_t].%s = %s_make(", cn, vt);
            for (int k = 0; k < r; k++)
                bprintf(t, "%s(int32_t)%s[%d]", k ? ", " : "", src[p->special], k);
            bput(t, ");\n");
        }
    }
    bput(t, "    }\n");
    bput(t, bdone(&f->body));
    bput(t, "    goto qp_end;\nqp_end:\n");
    bput(t, g->shared_free.s ? g->shared_free.s : "");
    bput(t, "    qp_free(qp_th);\n}\n\n#ifdef QP_CUDA\n");
    bput(t, "extern \"C\" __global__ void qpk_cuda(qpk_env qp_e, qp_status *qp_st, qp_arg qp_dims, qp_arg qp_blkd)\n{\n");
    bput(t, "    if (threadIdx.x || threadIdx.y || threadIdx.z) return;\n");
    bprintf(t, "    int64_t bidx[%d], cnt[%d], b = blockIdx.x;\n", r, r);
    bprintf(t, "    for (int k = %d; k >= 0; k--) { cnt[k] = (qp_dims.d[k] + qp_blkd.d[k] - 1) / qp_blkd.d[k]; bidx[k] = b %% cnt[k]; b /= cnt[k]; }\n", r - 1);
    bput(t, "    qpk_block(&qp_e, qp_st, qp_dims.d, qp_blkd.d, bidx);\n}\n#else\n");
    bput(t, "QP_EXPORT void qpk_blocks(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, "
            "int64_t hi, qp_status *st)\n{\n    qpk_env e;\n");
    bput(t, unpack->s ? unpack->s : "");
    bprintf(t, "    int64_t bidx[%d], cnt[%d];\n", r, r);
    bprintf(t, "    for (int k = 0; k < %d; k++) cnt[k] = (dims[k] + blk[k] - 1) / blk[k];\n", r);
    bput(t, "    for (int64_t b = lo; b < hi; b++) {\n        int64_t rest = b;\n");
    bprintf(t, "        for (int k = %d; k >= 0; k--) { bidx[k] = rest %% cnt[k]; rest /= cnt[k]; }\n", r - 1);
    bput(t, "        qpk_block(&e, st, dims, blk, bidx);\n        if (st->failed) return;\n    }\n}\n#endif\n");
}

static char *generate(Gen *g)
{
    const LangKernelSpec *ks = g->ks;
    Node *fn = ks->fn;
    bool grid = false;
    bool barriers = fn->kind == N_FUNCTION && lock_list_has_barrier(&fn->body, &grid);
    if (grid)
        unsupported(g, NULL, "syncthreads(grid) and warp synchronisation (they run in the interpreter)");
    Buf env = {0}, unpack = {0}, pre = {0}, pre2 = {0};
    bput(&env, "typedef struct qpk_env {\n");
    Fn *f = g_calloc(sizeof *f);
    g->fn = f;
    f->kernel = true;
    f->lockstep = barriers;
    f->indent = 4;
    bool dyn = false;
    if (fn->kind == N_LAMBDA)
        dyn = tree_any(fn->a, is_dyn_alloc);
    else
        for (int i = 0; i < fn->body.n && !dyn; i++)
            dyn = tree_any(fn->body.items[i], is_dyn_alloc);
    f->dyn = dyn && !barriers;
    kernel_params(g, &env, &unpack, &pre);
    if (takes_blkcnt(g)) {
        bput(&env, "    int64_t qp_cnt[4];      /* blkcnt: blocks per dim */\n");
        bprintf(&unpack, "    for (int k = 0; k < %d; k++) e.qp_cnt[k] = (dims[k] + blk[k] - 1) / blk[k];\n", ks->rank);
    }
    bput(&env, "    int qp_unused;\n} qpk_env;\n");
    g->analyze = g->fast_ok = !barriers;
    kernel_statements(g);
    g->analyze = false;
    Fn *ff = NULL;
    if (g->fast_ok) {
        /* second pass: the same body without bounds tests */
        ff = g_calloc(sizeof *ff);
        g->fn = ff;
        ff->kernel = true;
        ff->dyn = f->dyn;
        ff->indent = 4;
        g->fast = true;
        kernel_params(g, NULL, NULL, &pre2);
        g->flat = flat_channels(g);
        kernel_statements(g);
        g->fast = false;
    }
    Buf t = {0};
    bprintf(&t, "/* kernel %s, generated by qpipe from %s */\n#include \"qp_kernel.h\"\n\n",
            fn->kind == N_FUNCTION ? fn->name : "(lambda)", ks->file);
    bput(&t, bdone(&g->head));
    bput(&t, bdone(&env));
    if (barriers) {
        block_function(g, &t, &pre, f, &unpack);
        g->fn = NULL;
        return bdone(&t);
    }
    body_function(g, &t, "qpk_body", &pre, f);
    if (ff)
        body_function(g, &t, "qpk_fast", &pre2, ff);
    int r = ks->rank;
    bput(&t, "\n#ifdef QP_CUDA\n");
    bput(&t, "extern \"C\" __global__ void qpk_cuda(qpk_env qp_e, qp_status *qp_st, qp_arg qp_dims, qp_arg qp_blkd)\n{\n");
    bprintf(&t, "    int32_t pos[%d]; int64_t blk[%d];\n", r, r);
    bprintf(&t, "    for (int k = 0; k < %d; k++) blk[k] = qp_blkd.d[k];\n", r);
    bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);\n", r - 1);
    if (r >= 2)
        bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);\n", r - 2);
    if (r >= 3)
        bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.z * blockDim.z + threadIdx.z);\n", r - 3);
    if (r >= 4)
        bput(&t, "    pos[0] = 0;\n");
    bprintf(&t, "    for (int k = 0; k < %d; k++) if (pos[k] >= qp_dims.d[k]) return;\n", r);
    if (takes_blkcnt(g))
        bprintf(&t, "    for (int k = 0; k < %d; k++) qp_e.qp_cnt[k] = (qp_dims.d[k] + blk[k] - 1) / blk[k];\n", r);
    bput(&t, "    qpk_body(&qp_e, qp_st, pos, blk);\n}\n#else\n");
    run_function(g, &t, &unpack, ff != NULL);
    bput(&t, "#endif\n");
    g->fn = NULL;
    return bdone(&t);
}

static char *kernel_c_once(const LangKernelSpec *spec, char *why, size_t whylen, Node **widened, int *nwidened);

char *lang_kernel_c(const LangKernelSpec *spec, char *why, size_t whylen)
{
    Node *widened[GEN_MAX_WIDENED];
    int n = 0, before;
    char *text;
    do {
        before = n;
        text = kernel_c_once(spec, why, whylen, widened, &n);
    } while (!text && n > before);
    return text;
}

/* One attempt; a widened local makes it fail with *nwidened grown, and the caller retries. */
static char *kernel_c_once(const LangKernelSpec *spec, char *why, size_t whylen, Node **widened, int *nwidened)
{
    Gen *volatile g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->widened = widened;
    g->nwidened = *nwidened;
    g->ks = spec;
    g->why = why;
    g->whylen = whylen;
    g->real = spec->dbl ? LKE_F64 : LKE_F32;
    if (why && whylen)
        why[0] = 0;
    char *volatile text = NULL;
    if (spec->rank < 1 || spec->rank > 4)
        snprintf(why, whylen, "grids of %d dimensions", spec->rank);
    else if (!setjmp(g->fail))
        text = strdup(generate(g));
    *nwidened = g->nwidened;
    g_free_all();
    free(g);
    return text;
}
