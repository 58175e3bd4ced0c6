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
#include "lang/build.h"
#include "lang/lang.h"
#include "lang/walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FUSE_MAX_LEAVES 16
#define FUSE_MAX_NODES 64
#define FUSE_MAX_SCALARS 256
#define FUSE_MAX_CHAIN 8

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
    int ops;                    /* operators and calls */
} FExpr;

static void *alloc(FPass *P, size_t n) { return lang_arena_alloc(&P->m->arena, n); }

static const char *fmt(FPass *P, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(FPass *P, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = lang_arena_vprintf(&P->m->arena, f, ap);
    va_end(ap);
    return s;
}

static Node *mk(FPass *P, NodeKind k, LangLoc loc) { return lang_node_new(&P->m->arena, k, loc); }

static Node *mk_ident(FPass *P, const char *name, LangLoc loc) { return lang_node_ident(&P->m->arena, name, loc); }

static bool list_push(FPass *P, NodeList *l, Node *x) { return lang_list_push(&P->m->arena, l, x); }

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
        X->ops++;
        return e->op == T_MINUS ? check(P, X, e->a) : K_NO;
    case N_BINARY: {
        if (!elementwise_op(e->op))
            return K_NO;
        X->ops++;
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
        X->ops++;
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

/* Variables a chain's earlier statement assigned: kernel locals fzl_NAME. */
typedef struct Internal {
    const char *name[FUSE_MAX_CHAIN];
    int n;
} Internal;

static const Internal no_internal;

/* The kernel's copy of e: variables become parameters, arrays read at pos; a variable an
 * earlier statement of the chain assigned is that statement's kernel local. */
static Node *copy_in(FPass *P, const FExpr *X, const Internal *in, const Node *e)
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
        for (int i = 0; i < in->n; i++)
            if (!strcmp(in->name[i], e->name))
                return mk_ident(P, fmt(P, "fzl_%s", e->name), e->loc);
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
        c->a = copy_in(P, X, in, e->a);
        return c->a ? c : NULL;
    case N_BINARY:
        c->op = e->op;
        c->a = copy_in(P, X, in, e->a);
        c->b = copy_in(P, X, in, e->b);
        return c->a && c->b ? c : NULL;
    case N_CALL:
        c->a = mk_ident(P, e->a->name, e->a->loc);
        for (int i = 0; i < e->args.n; i++)
            if (!list_push(P, &c->args, copy_in(P, X, in, e->args.items[i])))
                return NULL;
        return c->a ? c : NULL;
    default:
        return NULL;
    }
}

static Node *copy(FPass *P, const FExpr *X, const Node *e) { return copy_in(P, X, &no_internal, e); }

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
    /* one operation is one pass over memory on the host too: nothing to gain alone, and
     * a kernel to compile before the first result; it may still join a chain */
    f->never = X.ops < 2;
    e->fuse = f;
    P->made++;
}


/* ---------------------------------------------------------------- chains of statements */

/* A statement a chain may hold: `name = e` with e fused on its own. */
static bool chain_stmt(const Node *s)
{
    return s->kind == N_ASSIGN && s->op == T_EQ && s->a->kind == N_IDENT && !s->a->type && s->b->fuse;
}

typedef struct Mention {
    const char *name;
    bool found;
} Mention;

/* Any node that carries the name (a variable, a loop variable, a string that eval could
 * read, a field ...): an over-approximation of "uses the variable". */
static LangWalkStep mention(Node *n, void *ctx)
{
    Mention *M = ctx;
    M->found |= n->name && !strcmp(n->name, M->name);
    if (n->kind == N_CALL && n->a->kind == N_IDENT && !strcmp(n->a->name, "eval"))
        M->found = true;    /* eval of a string built at run time */
    return M->found ? LANG_WALK_STOP : LANG_WALK_ON;
}

/* Is the variable of statement k of body (the chain is first..last) needed after the
 * chain? Unless the chain is in a function whose variable it is and nothing else in the
 * function names it, yes. */
static bool needed(const NodeList *body, int first, int last, const Node *fn, const char *name)
{
    if (!fn)
        return true;            /* a global: other functions may read it */
    for (int i = 0; i < fn->args.n; i++)
        if (!strcmp(((Node *)fn->args.items[i])->name, name))
            return true;
    for (int i = 0; i < fn->args2.n; i++) {
        const Node *o = fn->args2.items[i];
        if (o->name && !strcmp(o->name, name))
            return true;
        Mention M = {name, false};
        lang_walk_all((Node *)o, mention, &M);
        if (M.found)
            return true;
    }
    for (int i = 0; i < body->n; i++) {
        if (i >= first && i <= last)
            continue;
        Mention M = {name, false};
        lang_walk_all(body->items[i], mention, &M);
        if (M.found)
            return true;
    }
    return false;
}

static void make_chain(FPass *P, NodeList *body, int first, int last, const Node *fn)
{
    int ns = last - first + 1;
    Node **st = &body->items[first];
    FExpr all = {0};
    Internal in = {0};
    LangFuse *f = alloc(P, sizeof *f);
    Node *kfn = mk(P, N_FUNCTION, st[0]->loc);
    if (!f || !kfn)
        return;
    f->nstmts = ns;
    f->stmts = alloc(P, (size_t)ns * sizeof *f->stmts);
    f->written = alloc(P, (size_t)ns * sizeof *f->written);
    if (!f->stmts || !f->written)
        return;
    /* the external variables: every statement's, less those an earlier one assigned */
    for (int k = 0; k < ns; k++) {
        FExpr X = {0};
        if (check(P, &X, st[k]->b) != K_ARRAY)
            return;
        for (int i = 0; i < X.nleaves; i++) {
            bool internal = false, dup = false;
            for (int j = 0; j < k; j++)
                internal |= !strcmp(st[j]->a->name, X.leaf[i]);
            for (int j = 0; j < all.nleaves; j++)
                dup |= !strcmp(all.leaf[j], X.leaf[i]);
            if (internal || dup)
                continue;
            if (all.nleaves >= FUSE_MAX_LEAVES)
                return;
            all.leaf[all.nleaves] = X.leaf[i];
            all.leaf_node[all.nleaves] = X.leaf_node[i];
            all.scalar[all.nleaves++] = X.scalar[i];
        }
        for (int i = 0; i < X.ncalls && all.ncalls < FUSE_MAX_NODES; i++)
            all.call[all.ncalls++] = X.call[i];
        f->stmts[k] = st[k];
        f->written[k] = k == ns - 1 || needed(body, first, last, fn, st[k]->a->name);
        f->nouts += f->written[k];
    }
    LangLoc loc = st[0]->a->loc;
    kfn->name = fmt(P, "opt__fuse_%s_L%d_C%d", P->stem, loc.line, loc.col);
    kfn->flags = NODE_KERNEL;
    if (!list_push(P, &kfn->args, mk_param(P, "pos", "int", loc)))
        return;
    for (int k = 0; k < ns; k++)
        if (f->written[k] && !list_push(P, &kfn->args, mk_param(P, fmt(P, "fuse_out%d_", k), NULL, loc)))
            return;
    for (int i = 0; i < all.nleaves; i++)
        if (!list_push(P, &kfn->args, mk_param(P, param_name(P, all.leaf[i]), NULL, loc)))
            return;
    for (int k = 0; k < ns; k++) {
        /* fzl_NAME : scalar = e (rounded to the precision, as the host's array element);
         * fuse_out<k>_[pos] = fzl_NAME */
        const char *name = st[k]->a->name;
        Node *value = copy_in(P, &all, &in, st[k]->b);
        Node *typed = mk(P, N_TYPED, st[k]->loc);
        LangType *t = alloc(P, sizeof *t);
        Node *local = mk(P, N_ASSIGN, st[k]->loc);
        if (!value || !typed || !t || !local)
            return;
        t->kind = TY_NAME;
        t->name = "scalar";
        t->loc = st[k]->loc;
        typed->a = mk_ident(P, fmt(P, "fzl_%s", name), st[k]->loc);
        typed->type = t;
        local->op = T_EQ;
        local->a = typed;
        local->b = value;
        if (!typed->a || !list_push(P, &kfn->body, local))
            return;
        in.name[in.n++] = name;
        if (!f->written[k])
            continue;
        Node *out = mk(P, N_INDEX, st[k]->loc);
        Node *w = mk(P, N_ASSIGN, st[k]->loc);
        if (!out || !w)
            return;
        out->a = mk_ident(P, fmt(P, "fuse_out%d_", k), st[k]->loc);
        w->op = T_EQ;
        w->a = out;
        w->b = mk_ident(P, fmt(P, "fzl_%s", name), st[k]->loc);
        if (!out->a || !w->b || !list_push(P, &out->args, mk_ident(P, "pos", st[k]->loc)) || !list_push(P, &kfn->body, w))
            return;
    }
    f->kernel = kfn;
    f->stmt = st[0];
    f->nleaves = all.nleaves;
    f->leaves = alloc(P, (size_t)all.nleaves * sizeof *f->leaves);
    f->scalar = alloc(P, (size_t)all.nleaves * sizeof *f->scalar);
    f->ncalls = all.ncalls;
    f->calls = alloc(P, (size_t)(all.ncalls + 1) * sizeof *f->calls);
    if (!f->leaves || !f->scalar || !f->calls || !add_top(P, kfn))
        return;
    for (int i = 0; i < all.nleaves; i++) {
        f->leaves[i] = all.leaf_node[i];
        f->scalar[i] = all.scalar[i];
    }
    for (int i = 0; i < all.ncalls; i++)
        f->calls[i] = all.call[i];
    st[0]->fuse = f;
    P->made++;
}

/* Is there `{!kernel_fusion strategy=...}` among the statements of body? */
static bool fusion_requested(const NodeList *body)
{
    for (int i = 0; i < body->n; i++) {
        const Node *s = body->items[i];
        if (s->kind != N_ATTRIBUTE || strcmp(s->name, "kernel_fusion"))
            continue;
        for (int k = 0; k < s->args.n; k++)
            if (!strcmp(((Node *)s->args.items[k])->name, "strategy"))
                return true;
    }
    return false;
}

/* Runs of consecutive chain statements (a `{!kernel_fusion barrier}` between two ends a
 * run: it is a statement of its own) with distinct variables become chains. */
static void chains(FPass *P, NodeList *body, const Node *fn)
{
    if (!fusion_requested(body))
        return;
    for (int i = 0; i < body->n;) {
        if (!chain_stmt(body->items[i])) {
            i++;
            continue;
        }
        int j = i + 1;
        for (; j < body->n && j - i < FUSE_MAX_CHAIN && chain_stmt(body->items[j]); j++) {
            bool dup = false;
            for (int k = i; k < j; k++)
                dup |= !strcmp(((Node *)body->items[k])->a->name, ((Node *)body->items[j])->a->name);
            if (dup)
                break;
        }
        if (j - i >= 2)
            make_chain(P, body, i, j - 1, fn);
        i = j;
    }
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
    chains(P, body, fn);
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
