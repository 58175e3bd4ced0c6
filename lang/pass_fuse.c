/*
 * pass_fuse.c - whole-array elementwise expressions lowered to one generated kernel
 * (issue 10; spec 000 "Kernel fusion": several elementwise operations become one kernel,
 * temporaries stay in registers). See lang/fuse.h for what is recorded and
 * docs/fusion.md for the rules.
 *
 * For each plain assignment `y = e` of host code, e qualifies when it is a tree of
 *   - binary + - .* ./ .^ == != < > <= >=, and * / with a number on one side (both arrays
 *     would be a matrix product or a matrix division);
 *   - unary minus;
 *   - calls of the real elementwise math builtins (exp, sqrt, abs, floor, min(a, b) ...)
 *     that no function of the module or its imports shadows;
 * over variables and number literals, with at least one array below every operator (an
 * operation of two numbers keeps the host's scalar rules, ints and all). Which variables
 * are numbers is told from the scope: loop variables, parameters typed scalar/int, and
 * variables only ever assigned number literals; every other variable is taken for an
 * array, and the runtime checks both assumptions before launching.
 */
#include "lang/fuse.h"
#include "lang/lang.h"
#include "lang/walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FUSE_MAX_LEAVES 16
#define FUSE_MAX_NODES 64
#define FUSE_MAX_SCALARS 256

typedef struct FPass {
    LangModule *m;
    LangModule *const *from;
    int nfrom;
    const char *stem;
    Node **added;
    int nadded, cap;
    int made;
    /* the scope being looked at: names that hold numbers, names assigned otherwise */
    const char *num[FUSE_MAX_SCALARS];
    int nnum;
    const char *other[FUSE_MAX_SCALARS];
    int nother;
    bool overflow;
} FPass;

/* One expression being checked. */
typedef struct FExpr {
    const char *leaf[FUSE_MAX_LEAVES];
    bool scalar[FUSE_MAX_LEAVES];
    Node *leaf_node[FUSE_MAX_LEAVES];
    int nleaves;
    Node *call[FUSE_MAX_NODES];
    int ncalls;
    int nodes;
} FExpr;

static void *alloc(FPass *P, size_t n) { return lang_arena_alloc(&P->m->arena, n); }

static const char *fmt(FPass *P, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(FPass *P, const char *f, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return lang_arena_strndup(&P->m->arena, buf, strlen(buf));
}

static Node *mk(FPass *P, NodeKind k, LangLoc loc)
{
    Node *n = alloc(P, sizeof *n);
    if (n) {
        n->kind = k;
        n->loc = loc;
    }
    return n;
}

static Node *mk_ident(FPass *P, const char *name, LangLoc loc)
{
    Node *n = mk(P, N_IDENT, loc);
    if (n)
        n->name = name;
    return n;
}

static bool list_push(FPass *P, NodeList *l, Node *x)
{
    Node **items = alloc(P, (size_t)(l->n + 1) * sizeof *items);
    if (!items || !x)
        return false;
    if (l->n)
        memcpy(items, l->items, (size_t)l->n * sizeof *items);
    items[l->n++] = x;
    l->items = items;
    return true;
}

static bool has(const char *const *set, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(set[i], name))
            return true;
    return false;
}

/* ---------------------------------------------------------------- the scope's numbers */

static bool is_number_literal(const Node *e)
{
    if (e->kind == N_UNARY && e->op == T_MINUS)
        e = e->a;
    return e->kind == N_INT || e->kind == N_REAL;
}

static void add_name(FPass *P, const char **set, int *n, const char *name)
{
    if (has(set, *n, name))
        return;
    if (*n >= FUSE_MAX_SCALARS) {
        P->overflow = true;
        return;
    }
    set[(*n)++] = name;
}

/* Every identifier of an assignment target is assigned something else than a literal. */
static LangWalkStep target_names(Node *n, void *ctx)
{
    FPass *P = ctx;
    if (n->kind == N_IDENT)
        add_name(P, P->other, &P->nother, n->name);
    return LANG_WALK_ON;
}

static LangWalkStep scan_scope(Node *n, void *ctx)
{
    FPass *P = ctx;
    switch (n->kind) {
    case N_FUNCTION:
    case N_LAMBDA:
        return LANG_WALK_SKIP;
    case N_ASSIGN:
        if (n->op == T_EQ && n->a->kind == N_IDENT && is_number_literal(n->b))
            add_name(P, P->num, &P->nnum, n->a->name);
        else
            lang_walk(n->a, target_names, P);
        return LANG_WALK_ON;
    case N_EXCHANGE:
        lang_walk(n->a, target_names, P);
        return LANG_WALK_ON;
    case N_FOR:
        if (n->a && n->a->kind == N_RANGE)
            add_name(P, P->num, &P->nnum, n->name);
        else
            add_name(P, P->other, &P->nother, n->name);
        return LANG_WALK_ON;
    case N_TRY:
        if (n->name)
            add_name(P, P->other, &P->nother, n->name);
        return LANG_WALK_ON;
    default:
        return LANG_WALK_ON;
    }
}

static bool is_number_name(const FPass *P, const char *name)
{
    return !P->overflow && has(P->num, P->nnum, name) && !has(P->other, P->nother, name);
}

/* ---------------------------------------------------------------- the expression */

static bool user_fn(FPass *P, const char *name)
{
    for (int j = -1; j < P->nfrom; j++) {
        LangModule *m = j < 0 ? P->m : P->from[j];
        for (int i = 0; m && i < m->body.n; i++) {
            Node *n = m->body.items[i];
            if (n->kind == N_FUNCTION && n->name && !strcmp(n->name, name))
                return true;
        }
    }
    return false;
}

/* The real elementwise builtins whose kernel versions compute what the host does
 * (kernels/qp_math.h: in double, rounded to the precision). */
static int math_arity(const char *f)
{
    static const char *const one[] = {"abs", "sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan",
                                      "asin", "acos", "atan", "sinh", "cosh", "tanh", "floor", "ceil", "round",
                                      "frac", "saturate", "sign", NULL};
    for (int i = 0; one[i]; i++)
        if (!strcmp(one[i], f))
            return 1;
    if (!strcmp(f, "min") || !strcmp(f, "max"))
        return 2;
    return 0;
}

static bool elementwise_op(int op)
{
    switch (op) {
    case T_PLUS: case T_MINUS: case T_DOTSTAR: case T_DOTSLASH: case T_DOTCARET: case T_STAR: case T_SLASH:
    case T_EQEQ: case T_NOTEQ: case T_LT: case T_GT: case T_LE: case T_GE:
        return true;
    default:
        return false;
    }
}

enum { K_NO = -1, K_ARRAY = 0, K_NUMBER = 1 };

/* K_ARRAY when e depends on an array (and qualifies), K_NUMBER for a number, K_NO. */
static int check(FPass *P, FExpr *X, Node *e)
{
    if (++X->nodes > FUSE_MAX_NODES)
        return K_NO;
    switch (e->kind) {
    case N_INT:
    case N_REAL:
        return K_NUMBER;
    case N_IDENT: {
        bool num = is_number_name(P, e->name);
        for (int i = 0; i < X->nleaves; i++)
            if (!strcmp(X->leaf[i], e->name))
                return num ? K_NUMBER : K_ARRAY;
        if (X->nleaves >= FUSE_MAX_LEAVES)
            return K_NO;
        X->leaf[X->nleaves] = e->name;
        X->leaf_node[X->nleaves] = e;
        X->scalar[X->nleaves++] = num;
        return num ? K_NUMBER : K_ARRAY;
    }
    case N_UNARY:
        return e->op == T_MINUS ? check(P, X, e->a) : K_NO;
    case N_BINARY: {
        if (!elementwise_op(e->op))
            return K_NO;
        int a = check(P, X, e->a);
        int b = a == K_NO ? K_NO : check(P, X, e->b);
        if (a == K_NO || b == K_NO || (a == K_NUMBER && b == K_NUMBER))
            return K_NO;    /* number op number: the host's scalar rules (ints) stay */
        if ((e->op == T_STAR || e->op == T_SLASH) && a == K_ARRAY && b == K_ARRAY)
            return K_NO;    /* a matrix product or division */
        return K_ARRAY;
    }
    case N_CALL: {
        if (e->a->kind != N_IDENT || e->args.n != math_arity(e->a->name) || user_fn(P, e->a->name) ||
            is_number_name(P, e->a->name) || X->ncalls >= FUSE_MAX_NODES)
            return K_NO;
        bool array = false;
        for (int i = 0; i < e->args.n; i++) {
            int k = check(P, X, e->args.items[i]);
            if (k == K_NO)
                return K_NO;
            array |= k == K_ARRAY;
        }
        if (!array)
            return K_NO;
        X->call[X->ncalls++] = e;
        return K_ARRAY;
    }
    default:
        return K_NO;
    }
}

static const char *param_name(FPass *P, const char *name) { return fmt(P, "fz_%s", name); }

/* The kernel's copy of e: variables become parameters, arrays read at pos. */
static Node *copy(FPass *P, const FExpr *X, const Node *e)
{
    Node *c = mk(P, e->kind, e->loc);
    if (!c)
        return NULL;
    switch (e->kind) {
    case N_INT:
    case N_REAL:
        *c = *e;
        c->fuse = NULL;
        return c;
    case N_IDENT:
        for (int i = 0; i < X->nleaves; i++) {
            if (strcmp(X->leaf[i], e->name))
                continue;
            if (X->scalar[i])
                return mk_ident(P, param_name(P, e->name), e->loc);
            c->kind = N_INDEX;
            c->a = mk_ident(P, param_name(P, e->name), e->loc);
            return c->a && list_push(P, &c->args, mk_ident(P, "pos", e->loc)) ? c : NULL;
        }
        return NULL;
    case N_UNARY:
        c->op = e->op;
        c->a = copy(P, X, e->a);
        return c->a ? c : NULL;
    case N_BINARY:
        c->op = e->op;
        c->a = copy(P, X, e->a);
        c->b = copy(P, X, e->b);
        return c->a && c->b ? c : NULL;
    case N_CALL:
        c->a = mk_ident(P, e->a->name, e->a->loc);
        for (int i = 0; i < e->args.n; i++)
            if (!list_push(P, &c->args, copy(P, X, e->args.items[i])))
                return NULL;
        return c->a ? c : NULL;
    default:
        return NULL;
    }
}

static Node *mk_param(FPass *P, const char *name, const char *type, LangLoc loc)
{
    Node *p = mk(P, N_PARAM, loc);
    if (!p)
        return NULL;
    p->name = name;
    if (type) {
        LangType *t = alloc(P, sizeof *t);
        if (!t)
            return NULL;
        t->kind = TY_NAME;
        t->name = type;
        t->loc = loc;
        p->type = t;
    }
    return p;
}

static bool add_top(FPass *P, Node *fn)
{
    if (P->nadded == P->cap) {
        int cap = P->cap ? 2 * P->cap : 8;
        Node **a = alloc(P, (size_t)cap * sizeof *a);
        if (!a)
            return false;
        if (P->nadded)
            memcpy(a, P->added, (size_t)P->nadded * sizeof *a);
        P->added = a;
        P->cap = cap;
    }
    P->added[P->nadded++] = fn;
    return true;
}

static void try_assignment(FPass *P, Node *stmt)
{
    Node *e = stmt->b;
    if (e->kind != N_BINARY && e->kind != N_UNARY && e->kind != N_CALL)
        return;
    FExpr X = {0};
    if (check(P, &X, e) != K_ARRAY)
        return;
    LangLoc loc = e->loc;
    Node *fn = mk(P, N_FUNCTION, loc);
    LangFuse *f = alloc(P, sizeof *f);
    if (!fn || !f)
        return;
    fn->name = fmt(P, "opt__fuse_%s_L%d_C%d", P->stem, loc.line, loc.col);
    fn->flags = NODE_KERNEL;
    if (!list_push(P, &fn->args, mk_param(P, "pos", "int", loc)) ||
        !list_push(P, &fn->args, mk_param(P, "fuse_out_", NULL, loc)))
        return;
    for (int i = 0; i < X.nleaves; i++)
        if (!list_push(P, &fn->args, mk_param(P, param_name(P, X.leaf[i]), NULL, loc)))
            return;
    Node *out = mk(P, N_INDEX, loc);
    Node *assign = mk(P, N_ASSIGN, loc);
    Node *value = copy(P, &X, e);
    if (!out || !assign || !value)
        return;
    out->a = mk_ident(P, "fuse_out_", loc);
    if (!out->a || !list_push(P, &out->args, mk_ident(P, "pos", loc)))
        return;
    assign->op = T_EQ;
    assign->a = out;
    assign->b = value;
    if (!list_push(P, &fn->body, assign))
        return;
    f->kernel = fn;
    f->stmt = stmt;
    f->nleaves = X.nleaves;
    f->leaves = alloc(P, (size_t)X.nleaves * sizeof *f->leaves);
    f->scalar = alloc(P, (size_t)X.nleaves * sizeof *f->scalar);
    f->ncalls = X.ncalls;
    f->calls = alloc(P, (size_t)(X.ncalls + 1) * sizeof *f->calls);
    if (!f->leaves || !f->scalar || !f->calls || !add_top(P, fn))
        return;
    for (int i = 0; i < X.nleaves; i++) {
        f->leaves[i] = X.leaf_node[i];
        f->scalar[i] = X.scalar[i];
    }
    for (int i = 0; i < X.ncalls; i++)
        f->calls[i] = X.call[i];
    e->fuse = f;
    P->made++;
}

static void scope(FPass *P, NodeList *body, Node *fn);

static LangWalkStep visit(Node *n, void *ctx)
{
    FPass *P = ctx;
    switch (n->kind) {
    case N_FUNCTION:
        if (!(n->flags & (NODE_KERNEL | NODE_DEVICE))) {
            FPass inner = *P;
            inner.nnum = inner.nother = 0;
            inner.overflow = false;
            scope(&inner, &n->body, n);
            P->added = inner.added;
            P->nadded = inner.nadded;
            P->cap = inner.cap;
            P->made = inner.made;
        }
        return LANG_WALK_SKIP;
    case N_LAMBDA:
        return LANG_WALK_SKIP;
    case N_ASSIGN:
        if (n->op == T_EQ && n->b)
            try_assignment(P, n);
        return LANG_WALK_ON;
    default:
        return LANG_WALK_ON;
    }
}

static void scope(FPass *P, NodeList *body, Node *fn)
{
    for (int i = 0; fn && i < fn->args.n; i++) {
        Node *p = fn->args.items[i];
        bool num = p->type && p->type->kind == TY_NAME && p->type->name &&
                   (!strcmp(p->type->name, "scalar") || !strcmp(p->type->name, "int")) && !p->type->nmods;
        add_name(P, num ? P->num : P->other, num ? &P->nnum : &P->nother, p->name);
    }
    lang_walk_list(body, scan_scope, P);
    lang_walk_list(body, visit, P);
}

static const char *file_stem(FPass *P)
{
    const char *s = P->m->src.name ? P->m->src.name : "module";
    const char *slash = strrchr(s, '/');
    if (slash)
        s = slash + 1;
    char buf[64];
    size_t k = 0;
    for (; *s && *s != '.' && k + 1 < sizeof buf; s++)
        buf[k++] = (char)((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s : '_');
    buf[k] = 0;
    return fmt(P, "%s", buf);
}

int lang_fuse(LangModule *m, LangModule *const *from, int nfrom)
{
    FPass P = {.m = m, .from = from, .nfrom = nfrom};
    P.stem = file_stem(&P);
    if (!P.stem)
        return 0;
    int top = m->body.n;
    scope(&P, &m->body, NULL);
    (void)top;
    for (int i = 0; i < P.nadded; i++)
        if (!list_push(&P, &m->body, P.added[i]))
            break;
    return P.made;
}
