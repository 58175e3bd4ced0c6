/*
 * kinfer.c - the pass "infer": the types of the kernel's locals and expressions, and the
 * body written as C with bounds tests (kg_pass_infer).
 *
 * One walk over the kernel body does both jobs: the type of every local is the type of
 * its first assignment in program order (as in Quasar, where `a = 0` makes an int and a
 * later real is converted to it), and each statement is written as C as soon as the types
 * of its operands are known (kstmt.c writes the statements, this file the expressions,
 * calls and locals). Fixed-length vectors are small structs of the dialect (QP_VEC). An
 * int local that later receives a real is remembered and the whole kernel is compiled again
 * with it declared real (kpasses.c retries).
 *
 * Anything not handled yet raises `kg_unsupported`, which unwinds (setjmp/longjmp, as in
 * the parser) and becomes the reason the runtime prints with -v before interpreting the
 * kernel instead.
 */
#include "lang/kgen.h"
#include "lang/kinfo.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kg_ex_free(Ex *e) { kg_g_free(e->c.s); }

Ex kg_ex_text(LangKType t, const char *fmt, ...)
{
    Ex e = {.t = t};
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    kg_buf_grow(&e.c, (size_t)k);
    va_start(ap, fmt);
    vsnprintf(e.c.s, (size_t)k + 1, fmt, ap);
    va_end(ap);
    e.c.n = (size_t)k;
    return e;
}

/* e converted to type t (int <-> real, int vector -> real vector). */
Ex kg_convert(Gen *g, Ex e, LangKType t, Node *at)
{
    char tb[32], sb[32];
    if (e.t.kind == t.kind && (t.kind != LK_VEC || (e.t.n == t.n && e.t.elem == t.elem)))
        return e;
    Ex r;
    if (is_num(e.t) && t.kind == LK_CPLX)
        r = kg_ex_text(t, "%s_make((double)(%s), 0)", cplx_c(g), kg_bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_INT)
        r = kg_ex_text(t, "((int)(%s))", kg_bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_REAL)
        r = kg_ex_text(t, "((%s)(%s))", kg_elem_c(g->real), kg_bdone(&e.c));
    else if (is_num(e.t) && t.kind == LK_VEC)
        r = kg_ex_text(t, "%s_fill((%s)(%s))", kg_ctype(g, t, tb, sizeof tb), kg_elem_c(t.elem), kg_bdone(&e.c));
    else if (e.t.kind == LK_VEC && t.kind == LK_VEC && e.t.n == t.n) {
        const char *to = kg_ctype(g, t, tb, sizeof tb), *from = kg_ctype(g, e.t, sb, sizeof sb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_of_%s", to, from);
        if (!strstr(kg_bdone(&g->head), fn)) {
            kg_bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)a.v[i]; return r; }\n",
                       to, fn, from, to, t.n, kg_elem_c(t.elem));
        }
        r = kg_ex_text(t, "%s(%s)", fn, kg_bdone(&e.c));
    } else {
        kg_ex_free(&e);
        kg_unsupported(g, at, "cannot convert between these types");
    }
    kg_ex_free(&e);
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
            kg_unsupported(g, at, "vectors of lengths %d and %d", a.n, b.n);
        bool real = (a.kind == LK_VEC ? a.elem != LKE_I32 : a.kind == LK_REAL) ||
                    (b.kind == LK_VEC ? b.elem != LKE_I32 : b.kind == LK_REAL);
        return t_vec(real ? g->real : LKE_I32, n);
    }
    kg_unsupported(g, at, "operands of these types");
}

/* a op b with a complex side: + - * / (elementwise or not, the same on numbers), == !=. */
static Ex cplx_binary(Gen *g, Node *n, Ex a, Ex b)
{
    int op = n->op;
    const char *name = op == T_PLUS ? "add" : op == T_MINUS ? "sub" : op == T_STAR || op == T_DOTSTAR ? "mul"
                     : op == T_SLASH || op == T_DOTSLASH ? "div" : op == T_EQEQ || op == T_NOTEQ ? "eq" : NULL;
    if (!name || a.t.kind == LK_VEC || b.t.kind == LK_VEC) {
        kg_ex_free(&a), kg_ex_free(&b);
        kg_unsupported(g, n, "this operator on complex numbers");
    }
    a = kg_convert(g, a, t_cplx(g), n);
    b = kg_convert(g, b, t_cplx(g), n);
    Ex r = op == T_EQEQ || op == T_NOTEQ
               ? kg_ex_text(t_int(), "(%s%s_eq(%s, %s))", op == T_NOTEQ ? "!" : "", cplx_c(g), kg_bdone(&a.c), kg_bdone(&b.c))
               : kg_ex_text(t_cplx(g), "%s_%s(%s, %s)", cplx_c(g), name, kg_bdone(&a.c), kg_bdone(&b.c));
    kg_ex_free(&a), kg_ex_free(&b);
    return r;
}

/* The vector e extended with zeros to n elements. */
static Ex pad_vec(Gen *g, Ex e, int n)
{
    char tb[32], sb[32], fn[96];
    LangKType t = t_vec(e.t.elem, n);
    const char *to = kg_ctype(g, t, tb, sizeof tb), *from = kg_ctype(g, e.t, sb, sizeof sb);
    snprintf(fn, sizeof fn, "%s_pad_%s", to, from);
    if (!strstr(kg_bdone(&g->head), fn))
        kg_bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r = %s_fill(0); for (int i = 0; i < %d; i++) r.v[i] = a.v[i]; return r; }\n",
                   to, fn, from, to, to, e.t.n);
    Ex r = kg_ex_text(t, "%s(%s)", fn, kg_bdone(&e.c));
    kg_ex_free(&e);
    return r;
}

static Ex binary(Gen *g, Node *n)
{
    Ex a = kg_expr(g, n->a), b = kg_expr(g, n->b);
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
            kg_unsupported(g, n, "'&&' and '||' on vectors");
        Ex r = kg_ex_text(t_int(), "((%s) != 0 %s (%s) != 0)", kg_bdone(&a.c), op == T_ANDAND ? "&&" : "||", kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    const char *cop = op == T_PLUS ? "+" : op == T_MINUS ? "-" : op == T_STAR || op == T_DOTSTAR ? "*"
                    : op == T_SLASH || op == T_DOTSLASH ? "/" : op == T_EQEQ ? "==" : op == T_NOTEQ ? "!="
                    : op == T_LT ? "<" : op == T_GT ? ">" : op == T_LE ? "<=" : op == T_GE ? ">=" : NULL;
    bool cmp = op == T_EQEQ || op == T_NOTEQ || op == T_LT || op == T_GT || op == T_LE || op == T_GE;
    if ((op == T_CARET || op == T_DOTCARET) && a.t.kind == LK_VEC && is_num(b.t)) {
        /* v.^p: elementwise power through a generated map */
        LangKType t = t_vec(g->real, a.t.n);
        a = kg_convert(g, a, t, n);
        const char *vt = kg_ctype(g, t, tb, sizeof tb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_pow", vt);
        if (!strstr(kg_bdone(&g->head), fn))
            kg_bprintf(&g->head, "QP_DEVICE %s %s(%s a, double p) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)pow((double)a.v[i], p); return r; }\n",
                       vt, fn, vt, vt, t.n, kg_elem_c(g->real));
        Ex r = kg_ex_text(t, "%s(%s, (double)(%s))", fn, kg_bdone(&a.c), kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if (op == T_CARET || op == T_DOTCARET) {
        if (!is_num(a.t) || !is_num(b.t))
            kg_unsupported(g, n, "'^' on vectors");
        /* int ^ int is an int for exponents 0..63 and a real otherwise (2 ^ -1 = 0.5), as
         * in the interpreter (runtime/ops.c); the type is the text's, so only an exponent
         * known to be in range here gives an int */
        int e;
        Ex r = a.t.kind == LK_INT && b.t.kind == LK_INT && kg_const_int(n->b, &e) && e >= 0 && e < 64
                   ? kg_ex_text(t_int(), "((int)pow((double)(%s), (double)(%s)))", kg_bdone(&a.c), kg_bdone(&b.c))
                   : kg_ex_text(t_real(g), "((%s)pow((double)(%s), (double)(%s)))", kg_elem_c(g->real), kg_bdone(&a.c),
                                kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if (!cop)
        kg_unsupported(g, n, "operator '%s'", n->op == T_CARET ? "^" : "?");
    if (is_num(a.t) && is_num(b.t)) {
        if (cmp) {
            Ex r = kg_ex_text(t_int(), "((%s) %s (%s))", kg_bdone(&a.c), cop, kg_bdone(&b.c));
            kg_ex_free(&a), kg_ex_free(&b);
            return r;
        }
        LangKType t = (op == T_SLASH || op == T_DOTSLASH) ? t_real(g) : join(g, a.t, b.t, n);
        a = kg_convert(g, a, t, n);
        b = kg_convert(g, b, t, n);
        Ex r = kg_ex_text(t, "(%s %s %s)", kg_bdone(&a.c), cop, kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if (cmp)
        kg_unsupported(g, n, "comparison of vectors");
    LangKType t = join(g, a.t, b.t, n);
    if (op == T_SLASH || op == T_DOTSLASH)
        t.elem = g->real;
    const char *name = op == T_PLUS ? "add" : op == T_MINUS ? "sub" : op == T_SLASH || op == T_DOTSLASH ? "div" : "mul";
    const char *vt = kg_ctype(g, t, tb, sizeof tb);
    Ex r;
    if (a.t.kind == LK_VEC && b.t.kind == LK_VEC) {
        a = kg_convert(g, a, t, n), b = kg_convert(g, b, t, n);
        r = kg_ex_text(t, "%s_%s(%s, %s)", vt, name, kg_bdone(&a.c), kg_bdone(&b.c));
    } else if (a.t.kind == LK_VEC) {
        a = kg_convert(g, a, t, n);
        r = kg_ex_text(t, "%s_%ss(%s, (%s)(%s))", vt, name, kg_bdone(&a.c), kg_elem_c(t.elem), kg_bdone(&b.c));
    } else {
        b = kg_convert(g, b, t, n);
        r = kg_ex_text(t, "%s_s%s((%s)(%s), %s)", vt, name, kg_elem_c(t.elem), kg_bdone(&a.c), kg_bdone(&b.c));
    }
    kg_ex_free(&a), kg_ex_free(&b);
    return r;
}

/* ---------------------------------------------------------------- calls */

bool kg_shared_alloc_stmt(Gen *g, Node *n) { return kg_shared_alloc(g, n); }

/* Is n `x = shared(…)` (or shared_zeros, shared[T])? */
bool kg_is_shared_alloc(Node *n)
{
    Node *c = n->b;
    if (n->op != T_EQ || n->a->kind != N_IDENT || !c || c->kind != N_CALL)
        return false;
    Node *callee = c->a->kind == N_INDEX ? c->a->a : c->a;
    return callee->kind == N_IDENT && (!strcmp(callee->name, "shared") || !strcmp(callee->name, "shared_zeros"));
}

static Ex ident(Gen *g, Node *n)
{
    Var *v = kg_find_var(g, n->name);
    char cn[80];
    if (v) {
        kg_vref(v, cn, sizeof cn);
        if (v->kind == VAR_LOCAL)
            return kg_ex_text(v->t, "%s", cn);
        if (v->kind == VAR_OUTPUT)
            return kg_ex_text(t_real(g), "((%s)*%s)", kg_elem_c(g->real), cn);
        if (v->kind == VAR_ARRAY && !v->shared && v->t.rank == 1 && v->t.fixed[0] > 0) {
            /* a vector argument of baked length used whole (`(k - offset) .* dir`): its value */
            LangKType t = t_vec(is_real_elem(v->t.elem) ? g->real : LKE_I32, v->t.fixed[0]);
            char tb[32];
            const char *vt = kg_ctype(g, t, tb, sizeof tb);
            Buf b = {0};
            kg_bprintf(&b, "%s_make(", vt);
            for (int i = 0; i < t.n; i++)
                kg_bprintf(&b, "%s(%s)%s[%d]", i ? ", " : "", kg_elem_c(t.elem), cn, i);
            kg_bput(&b, ")");
            return (Ex){b, t};
        }
        kg_unsupported(g, n, "'%s' is an array or a function here, not a value", n->name);
    }
    if (!strcmp(n->name, "pi"))
        return kg_ex_text(t_real(g), "((%s)3.14159265358979323846)", kg_elem_c(g->real));
    if (!strcmp(n->name, "true") || !strcmp(n->name, "false"))
        return kg_ex_text(t_int(), "%d", n->name[0] == 't');
    if (!strcmp(n->name, "inf"))
        return kg_ex_text(t_real(g), "((%s)INFINITY)", kg_elem_c(g->real));
    if (!strcmp(n->name, "nan"))
        return kg_ex_text(t_real(g), "((%s)NAN)", kg_elem_c(g->real));
    if (!strcmp(n->name, "eps"))
        return kg_ex_text(t_real(g), "%s", g->real == LKE_F32 ? "1.1920928955078125e-07f" : "2.220446049250313e-16");
    kg_unsupported(g, n, "'%s' is not known in the kernel", n->name);
}

static Ex real_literal(Gen *g, double x)
{
    char b[64];
    snprintf(b, sizeof b, "%.17g", g->real == LKE_F32 ? (double)(float)x : x);
    if (!strpbrk(b, ".eEn"))
        strcat(b, ".0");
    return kg_ex_text(t_real(g), "%s%s", b, g->real == LKE_F32 ? "f" : "");
}

Ex kg_expr(Gen *g, Node *n)
{
    char tb[32];
    switch (n->kind) {
    case N_INT:
        if (n->ival > 2147483647LL || n->ival < -2147483648LL)
            return real_literal(g, (double)n->ival);
        return kg_ex_text(t_int(), "%lld", (long long)n->ival);
    case N_REAL: return real_literal(g, n->rval);
    case N_IMAG: {
        Ex im = real_literal(g, n->rval);
        Ex r = kg_ex_text(t_cplx(g), "%s_make(0, %s)", cplx_c(g), kg_bdone(&im.c));
        kg_ex_free(&im);
        return r;
    }
    case N_IDENT: return ident(g, n);
    case N_BINARY: return binary(g, n);
    case N_UNARY: {
        Ex a = kg_expr(g, n->a);
        Ex r;
        if (n->op == T_BANG && is_num(a.t))
            r = kg_ex_text(t_int(), "(!(%s))", kg_bdone(&a.c));
        else if (n->op == T_MINUS && is_num(a.t))
            r = kg_ex_text(a.t, "(-(%s))", kg_bdone(&a.c));
        else if (n->op == T_MINUS && (a.t.kind == LK_VEC || a.t.kind == LK_CPLX))
            r = kg_ex_text(a.t, "%s_neg(%s)", kg_ctype(g, a.t, tb, sizeof tb), kg_bdone(&a.c));
        else if (n->op == T_PLUS)
            return a;
        else
            kg_unsupported(g, n, "this unary operator");
        kg_ex_free(&a);
        return r;
    }
    case N_TERNARY: {
        Ex c = kg_expr(g, n->a), a = kg_expr(g, n->b), b = kg_expr(g, n->c);
        if (!is_num(c.t))
            kg_unsupported(g, n, "a vector as a condition");
        LangKType t = join(g, a.t, b.t, n);
        a = kg_convert(g, a, t, n), b = kg_convert(g, b, t, n);
        Ex r = kg_ex_text(t, "((%s) ? %s : %s)", kg_bdone(&c.c), kg_bdone(&a.c), kg_bdone(&b.c));
        kg_ex_free(&c), kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    case N_MATRIX: {
        int k = n->args.n;
        if (!k || k > GEN_MAX_VEC_LEN)
            kg_unsupported(g, n, "a matrix literal of %d elements", k);
        Ex *it = kg_g_calloc((size_t)k * sizeof *it);
        bool real = false;
        for (int i = 0; i < k; i++) {
            it[i] = kg_expr(g, n->args.items[i]);
            if (!is_num(it[i].t)) {
                for (int j = 0; j <= i; j++)
                    kg_ex_free(&it[j]);
                kg_g_free(it);
                kg_unsupported(g, n, "a matrix literal of vectors");
            }
            real |= it[i].t.kind == LK_REAL;
        }
        LangKType t = t_vec(real ? g->real : LKE_I32, k);
        Buf b = {0};
        kg_bprintf(&b, "%s_make(", kg_ctype(g, t, tb, sizeof tb));
        for (int i = 0; i < k; i++) {
            kg_bprintf(&b, "%s(%s)(%s)", i ? ", " : "", kg_elem_c(t.elem), kg_bdone(&it[i].c));
            kg_ex_free(&it[i]);
        }
        kg_g_free(it);
        kg_bput(&b, ")");
        return (Ex){b, t};
    }
    case N_INDEX: {
        if (n->a->kind != N_IDENT)
            kg_unsupported(g, n, "indexing an expression");
        Var *v = kg_find_var(g, n->a->name);
        if (v && v->kind == VAR_ARRAY)
            return kg_array_read(g, n, v);
        if (v && v->kind == VAR_LOCAL && v->t.kind == LK_VEC && n->args.n == 1) {
            Ex i = kg_expr(g, n->args.items[0]);
            if (!is_num(i.t))
                kg_unsupported(g, n, "a vector index of a vector");
            char cn[96], tb[32];
            kg_vref(v, cn, sizeof cn);
            /* zero outside, as arrays read in the default ('safe) mode of kernels */
            Ex r = kg_ex_text(kg_elem_type(g, v->t.elem == LKE_I32 ? LKE_I32 : g->real), "%s_get(&%s, (int64_t)(%s))",
                              kg_ctype(g, v->t, tb, sizeof tb), cn, kg_bdone(&i.c));
            kg_ex_free(&i);
            return r;
        }
        kg_unsupported(g, n, "indexing '%s'", n->a->name);
    }
    case N_CALL: return kg_call(g, n);
    case N_FIELD: return kg_group_field(g, n);
    case N_EXCHANGE: return kg_atomic_expr(g, n);
    case N_ASSIGN:
        if (n->op != T_EQ && n->a->kind == N_INDEX)
            return kg_atomic_expr(g, n);
        if (n->a->kind == N_IDENT) {
            /* (x = e), (x += e) on a local: assign, then the variable is the value */
            kg_stmt(g, n);
            return ident(g, n->a);
        }
        kg_unsupported(g, n, "this assignment as a value");
    default: kg_unsupported(g, n, "%s in a kernel", lang_node_what(n->kind));
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
    Ex a = kg_expr(g, n->args.items[0]);
    char tb[32];
    Ex r;
    if (a.t.kind == LK_CPLX && (!strcmp(m->name, "abs") || !strcmp(m->name, "exp"))) {
        bool abs = m->name[0] == 'a';
        r = abs ? kg_ex_text(t_real(g), "((%s)%s_abs(%s))", kg_elem_c(g->real), cplx_c(g), kg_bdone(&a.c))
                : kg_ex_text(t_cplx(g), "%s_exp(%s)", cplx_c(g), kg_bdone(&a.c));
    } else if (a.t.kind == LK_INT && m->int_keeps) {
        if (!strcmp(m->name, "abs"))
            r = kg_ex_text(t_int(), "qp_abs_i(%s)", kg_bdone(&a.c));
        else if (!strcmp(m->name, "sign"))
            r = kg_ex_text(t_int(), "((int)qp_sign((double)(%s)))", kg_bdone(&a.c));
        else
            return a;       /* floor, ceil, round of an int */
    } else if (is_num(a.t)) {
        char body[96];
        snprintf(body, sizeof body, "%s", fc);
        char *x = strstr(body, "(x)");
        *x = 0;
        r = kg_ex_text(t_real(g), "((%s)%s((double)(%s)))", kg_elem_c(g->real), body, kg_bdone(&a.c));
    } else if (a.t.kind == LK_VEC) {
        LangKType t = t_vec(g->real, a.t.n);
        a = kg_convert(g, a, t, n);
        const char *vt = kg_ctype(g, t, tb, sizeof tb);
        char fn[96];
        snprintf(fn, sizeof fn, "%s_%s", vt, m->name);
        if (!strstr(kg_bdone(&g->head), fn)) {
            char body[96];
            snprintf(body, sizeof body, "%s", fc);
            *strstr(body, "(x)") = 0;
            kg_bprintf(&g->head, "QP_DEVICE %s %s(%s a) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)%s((double)a.v[i]); return r; }\n",
                       vt, fn, vt, vt, t.n, kg_elem_c(g->real), body);
        }
        r = kg_ex_text(t, "%s(%s)", fn, kg_bdone(&a.c));
    } else {
        kg_unsupported(g, n, "'%s' of this value", m->name);
    }
    kg_ex_free(&a);
    return r;
}

/* real(z), imag(z), conj(z), angle(z) of a complex number (of a real one: interpreted). */
static Ex cplx_part(Gen *g, Node *n, const char *name)
{
    Ex a = kg_expr(g, n->args.items[0]);
    if (a.t.kind != LK_CPLX) {
        kg_ex_free(&a);
        kg_unsupported(g, n, "'%s' of a real value", name);
    }
    const char *R = kg_elem_c(g->real), *C = cplx_c(g);
    Ex r = name[0] == 'r'   ? kg_ex_text(t_real(g), "((%s).re)", kg_bdone(&a.c))
         : name[0] == 'i'   ? kg_ex_text(t_real(g), "((%s).im)", kg_bdone(&a.c))
         : name[0] == 'c'   ? kg_ex_text(t_cplx(g), "%s_conj(%s)", C, kg_bdone(&a.c))
                            : kg_ex_text(t_real(g), "((%s)%s_angle(%s))", R, C, kg_bdone(&a.c));
    kg_ex_free(&a);
    return r;
}

/* complex(re[, im]) of numbers. */
static Ex cplx_make(Gen *g, Node *n)
{
    Ex a = kg_expr(g, n->args.items[0]);
    Ex b = n->args.n == 2 ? kg_expr(g, n->args.items[1]) : kg_ex_text(t_int(), "0");
    if (!is_num(a.t) || !is_num(b.t)) {
        kg_ex_free(&a), kg_ex_free(&b);
        kg_unsupported(g, n, "complex() of these values");
    }
    Ex r = kg_ex_text(t_cplx(g), "%s_make((double)(%s), (double)(%s))", cplx_c(g), kg_bdone(&a.c), kg_bdone(&b.c));
    kg_ex_free(&a), kg_ex_free(&b);
    return r;
}

static Ex args2(Gen *g, Node *n, Ex *a, Ex *b)
{
    *a = kg_expr(g, n->args.items[0]);
    *b = kg_expr(g, n->args.items[1]);
    return (Ex){0};
}

Ex kg_call(Gen *g, Node *n)
{
    if (lang_is_group_method(n))
        return kg_group_call(g, n);     /* kwarp.c */
    if (n->a->kind != N_IDENT)
        kg_unsupported(g, n, "calling an expression");
    const char *name = n->a->name;
    int argc = n->args.n;
    for (int i = 0; i < argc; i++) {
        int k = ((Node *)n->args.items[i])->kind;
        if (k == N_NAMED_ARG || k == N_SPREAD)
            kg_unsupported(g, n, "named arguments and '...' in kernels");
    }
    Var *v = kg_find_var(g, name);
    if (v && v->kind == VAR_FUNC)
        return kg_device_call(g, n, v->t.fn, name, NULL);
    if (v)
        kg_unsupported(g, n, "'%s' is not a function", name);
    /* a function of the program shadows the builtin of the same name */
    Node *user = g->ks->lookup ? g->ks->lookup(g->ks->ctx, name) : NULL;
    if (user)
        return kg_device_call(g, n, user, name, NULL);
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
        a = kg_expr(g, n->args.items[0]);
        if (a.t.kind == LK_VEC)
            return kg_convert(g, a, t_vec(name[0] == 'i' ? LKE_I32 : g->real, a.t.n), n);
        return kg_convert(g, a, name[0] == 'i' ? t_int() : t_real(g), n);
    }
    if ((!strcmp(name, "min") || !strcmp(name, "max") || !strcmp(name, "mod") || !strcmp(name, "atan2") ||
         !strcmp(name, "pow") || !strcmp(name, "periodize") || !strcmp(name, "mirror_ext")) && argc == 2) {
        args2(g, n, &a, &b);
        if (!is_num(a.t) || !is_num(b.t))
            kg_unsupported(g, n, "'%s' of vectors", name);
        bool ints = a.t.kind == LK_INT && b.t.kind == LK_INT && strcmp(name, "atan2") && strcmp(name, "pow");
        if (ints)
            r = kg_ex_text(t_int(), "((int)qp_%s_i((long long)(%s), (long long)(%s)))",
                           !strcmp(name, "min") ? "min" : !strcmp(name, "max") ? "max" : name, kg_bdone(&a.c), kg_bdone(&b.c));
        else if ((!strcmp(name, "min") || !strcmp(name, "max")) && g->real == LKE_F32)
            /* in float: the same result as in double then rounded (rounding is monotonic and
             * both operands are floats or 32-bit ints), without the conversions to double
             * that halve the width of the vectorized loop (docs/kernels.md) */
            r = kg_ex_text(t_real(g), "qp_%s_f((float)(%s), (float)(%s))", name, kg_bdone(&a.c), kg_bdone(&b.c));
        else if (!strcmp(name, "min") || !strcmp(name, "max"))
            r = kg_ex_text(t_real(g), "((%s)qp_%s((double)(%s), (double)(%s)))", kg_elem_c(g->real), name, kg_bdone(&a.c),
                           kg_bdone(&b.c));
        else
            r = kg_ex_text(t_real(g), "((%s)%s%s((double)(%s), (double)(%s)))", kg_elem_c(g->real),
                           !strcmp(name, "atan2") || !strcmp(name, "pow") ? "" : "qp_", name, kg_bdone(&a.c), kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if (!strcmp(name, "clamp") && (argc == 2 || argc == 3)) {
        a = kg_expr(g, n->args.items[0]);
        b = argc == 3 ? kg_expr(g, n->args.items[1]) : kg_ex_text(t_int(), "0");
        c = kg_expr(g, n->args.items[argc - 1]);
        if (!is_num(a.t) || !is_num(b.t) || !is_num(c.t))
            kg_unsupported(g, n, "'clamp' of vectors");
        if (a.t.kind == LK_INT && b.t.kind == LK_INT && c.t.kind == LK_INT)
            r = kg_ex_text(t_int(), "((int)qp_clamp_i((long long)(%s), (long long)(%s), (long long)(%s)))", kg_bdone(&a.c),
                           kg_bdone(&b.c), kg_bdone(&c.c));
        else
            r = kg_ex_text(t_real(g), "((%s)qp_clamp((double)(%s), (double)(%s), (double)(%s)))", kg_elem_c(g->real),
                           kg_bdone(&a.c), kg_bdone(&b.c), kg_bdone(&c.c));
        kg_ex_free(&a), kg_ex_free(&b), kg_ex_free(&c);
        return r;
    }
    if (!strcmp(name, "lerp") && argc == 3) {
        a = kg_expr(g, n->args.items[0]);
        b = kg_expr(g, n->args.items[1]);
        c = kg_expr(g, n->args.items[2]);
        if (!is_num(c.t))
            kg_unsupported(g, n, "'lerp' with a vector weight");
        if (is_num(a.t) && is_num(b.t)) {
            r = kg_ex_text(t_real(g), "((%s)qp_lerp((double)(%s), (double)(%s), (double)(%s)))", kg_elem_c(g->real),
                           kg_bdone(&a.c), kg_bdone(&b.c), kg_bdone(&c.c));
        } else {
            /* a + (b - a) * t, elementwise, each step rounded as in the interpreter */
            LangKType t = join(g, a.t, b.t, n);
            t.elem = g->real;
            a = kg_convert(g, a, t, n), b = kg_convert(g, b, t, n);
            const char *vt = kg_ctype(g, t, tb, sizeof tb);
            char fn[96];
            snprintf(fn, sizeof fn, "%s_lerp", vt);
            if (!strstr(kg_bdone(&g->head), fn))
                kg_bprintf(&g->head, "QP_DEVICE %s %s(%s a, %s b, double t) { %s r; for (int i = 0; i < %d; i++) r.v[i] = (%s)qp_lerp((double)a.v[i], (double)b.v[i], t); return r; }\n",
                           vt, fn, vt, vt, vt, t.n, kg_elem_c(g->real));
            r = kg_ex_text(t, "%s(%s, %s, (double)(%s))", fn, kg_bdone(&a.c), kg_bdone(&b.c), kg_bdone(&c.c));
        }
        kg_ex_free(&a), kg_ex_free(&b), kg_ex_free(&c);
        return r;
    }
    if ((!strcmp(name, "and") || !strcmp(name, "or") || !strcmp(name, "xor") || !strcmp(name, "shl") ||
         !strcmp(name, "shr")) && argc == 2) {
        /* bitwise builtins on ints (32-bit in kernels); reals go to the interpreter, which
         * checks that they are integral */
        args2(g, n, &a, &b);
        if (a.t.kind != LK_INT || b.t.kind != LK_INT)
            kg_unsupported(g, n, "'%s' of a value that is not an int", name);
        if (name[0] == 's')
            r = kg_ex_text(t_int(), "((int)qp_%s_i((long long)(%s), (long long)(%s)))", name, kg_bdone(&a.c),
                           kg_bdone(&b.c));
        else
            r = kg_ex_text(t_int(), "((%s) %s (%s))", kg_bdone(&a.c), name[0] == 'a' ? "&" : name[0] == 'o' ? "|" : "^",
                           kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if (!strcmp(name, "not") && argc == 1) {
        a = kg_expr(g, n->args.items[0]);
        if (a.t.kind != LK_INT)
            kg_unsupported(g, n, "'not' of a value that is not an int");
        r = kg_ex_text(t_int(), "(~(%s))", kg_bdone(&a.c));
        kg_ex_free(&a);
        return r;
    }
    if ((!strcmp(name, "zeros") || !strcmp(name, "ones")) && argc == 1) {
        int len;
        if (!kg_const_int(n->args.items[0], &len) || len < 1 || len > GEN_MAX_VEC_LEN)
            kg_unsupported(g, n, "'%s' of a size that is not a constant up to %d (dynamic kernel memory)", name,
                           GEN_MAX_VEC_LEN);
        LangKType t = t_vec(g->real, len);
        return kg_ex_text(t, "%s_fill(%s)", kg_ctype(g, t, tb, sizeof tb), name[0] == 'z' ? "0" : "1");
    }
    if ((!strcmp(name, "sum") || !strcmp(name, "prod")) && argc == 1) {
        a = kg_expr(g, n->args.items[0]);
        if (is_num(a.t))
            return a;
        if (a.t.kind != LK_VEC)
            kg_unsupported(g, n, "'%s' of this value", name);
        r = kg_ex_text(kg_elem_type(g, a.t.elem == LKE_I32 ? LKE_I32 : g->real), "%s_%s(%s)", kg_ctype(g, a.t, tb, sizeof tb),
                       name, kg_bdone(&a.c));
        kg_ex_free(&a);
        return r;
    }
    if (!strcmp(name, "dotprod") && argc == 2) {
        args2(g, n, &a, &b);
        if (a.t.kind != LK_VEC || b.t.kind != LK_VEC)
            kg_unsupported(g, n, "'dotprod' of numbers");
        LangKType t = join(g, a.t, b.t, n);
        a = kg_convert(g, a, t, n), b = kg_convert(g, b, t, n);
        const char *vt = kg_ctype(g, t, tb, sizeof tb);
        r = kg_ex_text(kg_elem_type(g, t.elem), "%s_sum(%s_mul(%s, %s))", vt, vt, kg_bdone(&a.c), kg_bdone(&b.c));
        kg_ex_free(&a), kg_ex_free(&b);
        return r;
    }
    if ((!strcmp(name, "numel") || !strcmp(name, "size")) && argc >= 1 && argc <= 2 &&
        ((Node *)n->args.items[0])->kind == N_IDENT) {
        Var *arr = kg_find_var(g, ((Node *)n->args.items[0])->name);
        if (!arr || arr->kind != VAR_ARRAY)
            kg_unsupported(g, n, "'%s' of a value that is not an array argument", name);
        char cn[80];
        kg_cname(arr->name, cn, sizeof cn);
        if (!strcmp(name, "numel")) {
            Buf bb = {0};
            kg_bput(&bb, "((int)(");
            for (int i = 0; i < arr->t.rank; i++)
                kg_bprintf(&bb, "%s%s_d[%d]", i ? " * " : "", cn, i);
            kg_bput(&bb, "))");
            return (Ex){bb, t_int()};
        }
        if (argc == 2) {
            int d;
            if (!kg_const_int(n->args.items[1], &d) || d < 0)
                kg_unsupported(g, n, "'size' with a dimension that is not a constant");
            if (d >= arr->t.rank)
                return kg_ex_text(t_int(), "1");
            return kg_ex_text(t_int(), "((int)%s_d[%d])", cn, d);
        }
        LangKType t = t_vec(LKE_I32, arr->t.rank);
        Buf bb = {0};
        kg_bprintf(&bb, "%s_make(", kg_ctype(g, t, tb, sizeof tb));
        for (int i = 0; i < arr->t.rank; i++)
            kg_bprintf(&bb, "%s(int)%s_d[%d]", i ? ", " : "", cn, i);
        kg_bput(&bb, ")");
        return (Ex){bb, t};
    }
    kg_unsupported(g, n, "'%s' is not available in compiled kernels", name);
}

void kg_no_array_copy(Gen *g, Node *stmt, Node *e)
{
    Var *v = e && e->kind == N_IDENT ? kg_find_var(g, e->name) : NULL;
    if (v && v->kind == VAR_ARRAY)
        kg_unsupported(g, stmt, "array '%s' assigned whole", e->name);
}

void kg_assign_local(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Node *rhs)
{
    kg_no_array_copy(g, stmt, rhs);
    kg_assign_local_ex(g, stmt, name, declared, has_decl, kg_expr(g, rhs));
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
    Var *v = kg_declare_local(g, name, has_decl ? declared : t);
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
        kg_unsupported(g, v->decl, "too many int locals widened to real");
    g->widened[g->nwidened++] = v->decl;
    longjmp(g->fail, 1);
}

/* name = e, e already generated (declares the local on first assignment). */
void kg_assign_local_ex(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Ex e)
{
    Var *v = kg_find_var(g, name);
    if (v && v->kind == VAR_OUTPUT) {
        e = kg_convert(g, e, t_real(g), stmt);
        char cn[80];
        kg_cname(name, cn, sizeof cn);
        kg_bprintf(OUT(g), "%*s*%s = (double)(%s);\n", IND(g), cn, kg_bdone(&e.c));
        kg_ex_free(&e);
        return;
    }
    if (v && v->kind != VAR_LOCAL)
        kg_unsupported(g, stmt, "assigning to the argument '%s'", name);
    if (v && v->param)
        g->fast_ok = false;     /* the stencil analysis read its value at launch */
    if (!v)
        v = declare_new(g, stmt, name, declared, has_decl, e.t);
    else
        widen_local(g, v, e.t);
    if (v->t.kind == LK_VEC && e.t.kind == LK_VEC && v->t.n != e.t.n)
        kg_unsupported(g, stmt, "'%s' holds vectors of different lengths", name);
    e = kg_convert(g, e, v->t, stmt);
    char cn[96];
    kg_vref(v, cn, sizeof cn);
    kg_bprintf(OUT(g), "%*s%s = %s;\n", IND(g), cn, kg_bdone(&e.c));
    kg_ex_free(&e);
}

/* The pass: the body with bounds tests, typing every local on the way; each array access
 * also tells "stencil" its range (kg_note_access) unless the kernel runs in lockstep. */
void kg_pass_infer(Gen *g)
{
    g->fn = g->body_fn;
    g->analyze = g->fast_ok = !g->barriers;
    kg_kernel_statements(g);
    g->analyze = false;
}
