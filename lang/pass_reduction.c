/*
 * pass_reduction.c - apply `reduction` declarations: a rewrite of the syntax tree.
 *
 * A reduction `reduction (x : T, a) -> pattern = replacement where cond` (spec 001 "Matrix
 * Conditional Assignment", 000's `reduction x -> real(ifft3(x)) -> irealfft3(x)`) says that
 * an expression of the form of `pattern` may be computed as `replacement`. The parameters
 * are the pattern's variables: each matches any expression (the same one at each of its
 * occurrences); every other name must be the same name. A match is replaced by a copy of
 * the replacement with the parameters replaced by copies of what they matched.
 *
 * Types and `where` are known only at run time (the interpreter has no static types), so a
 * reduction with typed parameters or a `where` clause rewrites `e` into the guarded form
 *     type(x, "T") && … && cond ? replacement : e
 * and the original stays the fallback. The guard uses the builtin `type(v, "T")` with the
 * type as written in the reduction, so the check is the one a program would write.
 *
 * Reductions apply in the module that declares them, in the modules that import it
 * (directly), and the built-in ones (lang_builtin_reductions) everywhere. The rewrite runs
 * once per module before the runtime binds names (runtime/interp.c, run_module), and never
 * inside the reductions themselves. Its entry is lang_apply_reductions.
 */
#include "lang/lang.h"
#include "lang/ast.h"
#include "lang/walk.h"

#include <stdlib.h>
#include <string.h>

#define RED_MAX_PARAMS 16       /* parameters of one reduction (the spec's have four) */
#define RED_MAX_REWRITES 16     /* rewrites of one node in a row: a replacement matching again */

/* Quasar's own reductions, applied without an import (spec 000 "CuFFT"). */
static const char builtin_src[] =
    "reduction x -> real(ifft1(x)) = irealfft1(x)\n"
    "reduction x -> real(ifft2(x)) = irealfft2(x)\n"
    "reduction x -> real(ifft3(x)) = irealfft3(x)\n";

typedef struct Red {
    Node *decl;                 /* the N_REDUCTION */
    const LangModule *m;        /* where it is written (for the type texts) */
} Red;

typedef struct Pass {
    LangModule *m;              /* the module rewritten: its arena holds the new nodes */
    Red *reds;
    int nreds;
    int rewrites;
    Node *bound[RED_MAX_PARAMS];
} Pass;

LangModule *lang_builtin_reductions(LangDiag *d)
{
    return lang_parse("<builtin reductions>", builtin_src, sizeof builtin_src - 1, d);
}

/* ---------------------------------------------------------------- matching */

static int param_index(const Node *red, const char *name)
{
    for (int i = 0; i < red->args.n && i < RED_MAX_PARAMS; i++)
        if (!strcmp(((Node *)red->args.items[i])->name, name))
            return i;
    return -1;
}

static bool same_str(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static bool match(Pass *p, const Node *red, const Node *pat, const Node *e);

static bool match_list(Pass *p, const Node *red, const NodeList *pat, const NodeList *e)
{
    if (pat->n != e->n)
        return false;
    for (int i = 0; i < pat->n; i++)
        if (!match(p, red, pat->items[i], e->items[i]))
            return false;
    return true;
}

/* Does e have the form of pat? red NULL: plain structural equality. */
static bool match(Pass *p, const Node *red, const Node *pat, const Node *e)
{
    if (!pat || !e)
        return pat == e;
    if (red && pat->kind == N_IDENT) {
        int k = param_index(red, pat->name);
        if (k >= 0) {
            if (p->bound[k])
                return match(p, NULL, p->bound[k], e);
            p->bound[k] = (Node *)e;
            return true;
        }
    }
    if (pat->kind != e->kind || pat->op != e->op || !same_str(pat->name, e->name))
        return false;
    switch (pat->kind) {
    case N_INT: return pat->ival == e->ival;
    case N_REAL: case N_IMAG: return pat->rval == e->rval;
    case N_LAMBDA: case N_TYPED: case N_FUNCTION: return false;    /* never part of a pattern */
    default: break;
    }
    return match(p, red, pat->a, e->a) && match(p, red, pat->b, e->b) && match(p, red, pat->c, e->c) &&
           match_list(p, red, &pat->args, &e->args) && match_list(p, red, &pat->args2, &e->args2) &&
           match_list(p, red, &pat->body, &e->body);
}

/* ---------------------------------------------------------------- building */

static Node *new_node(Pass *p, NodeKind kind, LangLoc loc)
{
    Node *n = lang_arena_alloc(&p->m->arena, sizeof *n);
    if (n) {
        n->kind = kind;
        n->loc = loc;
    }
    return n;
}

static Node *clone(Pass *p, const Node *red, const Node *n, LangLoc at);

static bool clone_list(Pass *p, const Node *red, NodeList *l, LangLoc at)
{
    if (!l->n)
        return true;
    Node **items = lang_arena_alloc(&p->m->arena, (size_t)l->n * sizeof *items);
    if (!items)
        return false;
    for (int i = 0; i < l->n; i++)
        if (!(items[i] = clone(p, red, l->items[i], at)))
            return false;
    l->items = items;
    return true;
}

/* A copy of n with red's parameters replaced by copies of what they matched; red NULL
 * copies as is. The copy carries the location of the rewritten expression. */
static Node *clone(Pass *p, const Node *red, const Node *n, LangLoc at)
{
    if (!n)
        return NULL;
    if (red && n->kind == N_IDENT) {
        int k = param_index(red, n->name);
        if (k >= 0 && p->bound[k])
            return clone(p, NULL, p->bound[k], p->bound[k]->loc);
    }
    Node *c = new_node(p, n->kind, at);
    if (!c)
        return NULL;
    *c = *n;
    if (red)
        c->loc = at;
    if ((n->a && !(c->a = clone(p, red, n->a, at))) || (n->b && !(c->b = clone(p, red, n->b, at))) ||
        (n->c && !(c->c = clone(p, red, n->c, at))))
        return NULL;
    if (!clone_list(p, red, &c->args, at) || !clone_list(p, red, &c->args2, at) || !clone_list(p, red, &c->body, at))
        return NULL;
    return c;
}

/* The type of parameter i as written in the reduction's source: it runs to the `,` or `)`
 * that closes it. */
static const char *type_text(Pass *p, const Red *r, const Node *param)
{
    const char *s;
    size_t n = lang_source_item(r->m->src.text, param->type->loc, &s);
    return lang_arena_strndup(&p->m->arena, s ? s : "", n);
}

static Node *and_of(Pass *p, Node *a, Node *b, LangLoc at)
{
    if (!a)
        return b;
    Node *n = new_node(p, N_BINARY, at);
    if (n) {
        n->op = T_ANDAND;
        n->a = a;
        n->b = b;
    }
    return n;
}

/* type(bound, "T") */
static Node *type_test(Pass *p, const Red *r, const Node *param, int k, LangLoc at)
{
    Node *call = new_node(p, N_CALL, at), *fn = new_node(p, N_IDENT, at), *str = new_node(p, N_STRING, at);
    Node **args = lang_arena_alloc(&p->m->arena, 2 * sizeof *args);
    Node *v = clone(p, NULL, p->bound[k], at);
    if (!call || !fn || !str || !args || !v || !(str->name = type_text(p, r, param)))
        return NULL;
    fn->name = "type";
    args[0] = v;
    args[1] = str;
    call->a = fn;
    call->args = (NodeList){args, 2};
    return call;
}

/* The guard of a reduction (NULL when it has none: the rewrite is unconditional). */
static Node *guard(Pass *p, const Red *r, LangLoc at, bool *fail)
{
    const Node *red = r->decl;
    Node *g = NULL;
    for (int k = 0; k < red->args.n && k < RED_MAX_PARAMS; k++) {
        const Node *param = red->args.items[k];
        if (!param->type || !p->bound[k])
            continue;
        Node *t = type_test(p, r, param, k, at);
        if (!t || !(g = and_of(p, g, t, at)))
            return *fail = true, NULL;
    }
    if (red->c) {
        Node *w = clone(p, red, red->c, at);
        if (!w || !(g = and_of(p, g, w, at)))
            return *fail = true, NULL;
    }
    return g;
}

/* The rewrite of e by reduction r, or NULL. *guarded: the result is `guard ? new : e`. */
static Node *rewrite_one(Pass *p, const Red *r, Node *e, bool *guarded)
{
    memset(p->bound, 0, sizeof p->bound);
    if (!match(p, r->decl, r->decl->a, e))
        return NULL;
    bool fail = false;
    Node *g = guard(p, r, e->loc, &fail);
    Node *repl = fail ? NULL : clone(p, r->decl, r->decl->b, e->loc);
    if (!repl)
        return NULL;
    *guarded = g != NULL;
    if (!g)
        return repl;
    Node *t = new_node(p, N_TERNARY, e->loc);
    if (!t)
        return NULL;
    t->a = g;
    t->b = repl;
    t->c = e;
    return t;
}

/* ---------------------------------------------------------------- the walk */

/* A pattern that is a bare parameter would match everything: such a reduction is inert. */
static bool usable(const Node *red) { return red->a && !(red->a->kind == N_IDENT && param_index(red, red->a->name) >= 0); }

/* The rewrite of one node (lang_rewrite, walk.h): every usable reduction tried, again on
 * the result, up to RED_MAX_REWRITES times; then the walk goes below what the slot holds. */
static LangWalkStep rewrite_visit(Node **slot, void *ctx)
{
    Pass *p = ctx;
    Node *n = *slot;
    if (n->kind == N_REDUCTION || n->kind == N_TYPEDEF || n->kind == N_IMPORT)
        return LANG_WALK_SKIP;
    for (int round = 0; round < RED_MAX_REWRITES; round++) {
        Node *r = NULL;
        bool guarded = false;
        for (int i = 0; i < p->nreds && !r; i++)
            if (usable(p->reds[i].decl))
                r = rewrite_one(p, &p->reds[i], n, &guarded);
        if (!r)
            break;
        p->rewrites++;
        *slot = n = r;
        if (guarded) {
            /* the fallback keeps its form: only its parts are rewritten */
            lang_rewrite(&n->a, rewrite_visit, p);
            lang_rewrite(&n->b, rewrite_visit, p);
            lang_rewrite_children(n->c, rewrite_visit, p);
            return LANG_WALK_SKIP;
        }
    }
    return LANG_WALK_ON;
}

static void collect(Pass *p, const LangModule *m)
{
    for (int i = 0; m && i < m->body.n; i++) {
        Node *n = m->body.items[i];
        if (n->kind != N_REDUCTION)
            continue;
        Red *reds = realloc(p->reds, (size_t)(p->nreds + 1) * sizeof *reds);
        if (!reds)
            return;
        p->reds = reds;
        p->reds[p->nreds++] = (Red){n, m};
    }
}

int lang_apply_reductions(LangModule *m, LangModule *const *from, int nfrom)
{
    Pass p = {.m = m};
    collect(&p, m);
    for (int i = 0; i < nfrom; i++)
        if (from[i] != m)
            collect(&p, from[i]);
    if (p.nreds)
        for (int i = 0; i < m->body.n; i++)
            lang_rewrite(&m->body.items[i], rewrite_visit, &p);
    free(p.reds);
    return p.rewrites;
}
