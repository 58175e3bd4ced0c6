/*
 * pass_output_types.c - warn about output arguments whose type cannot be determined.
 *
 * Spec 001 "Type inference": in `function A = create_data(sz)  A = zeros(sz)` the type of
 * `sz` is unknown, so the type of `A` cannot be inferred (a vector, a matrix or a cube
 * depending on the length of `sz`), and Quasar "generates a warning message 'could not
 * determine the type of output argument A'"; declaring `sz : ivec2` removes it. qpipe has
 * no static types, so this pass recognises that situation by its form: an untyped output
 * whose every assignment is a creation function (zeros, ones, uninit, rand, randn) of one
 * argument that is an untyped parameter of the function. Its entry is
 * lang_check_output_types; it runs once per module before the module runs.
 */
#include "lang/lang.h"
#include "lang/ast.h"
#include "lang/walk.h"

#include <string.h>

static bool is_creation(const char *name)
{
    static const char *const names[] = {"zeros", "ones", "uninit", "rand", "randn"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(names[i], name))
            return true;
    return false;
}

static bool untyped_param(const Node *fn, const char *name)
{
    for (int i = 0; i < fn->args.n; i++) {
        const Node *p = fn->args.items[i];
        if (!strcmp(p->name, name))
            return !p->type && !p->a;
    }
    return false;
}

/* Is e `zeros(p)` for an untyped parameter p of fn? */
static bool unknown_creation(const Node *fn, const Node *e)
{
    if (!e || e->kind != N_CALL || e->a->kind != N_IDENT || !is_creation(e->a->name) || e->args.n != 1)
        return false;
    const Node *arg = e->args.items[0];
    return arg->kind == N_IDENT && untyped_param(fn, arg->name);
}

typedef struct Scan {
    const Node *fn;
    const char *name;
    int unknown, other;
} Scan;

/* Count the assignments to s->name (not inside nested functions or lambdas). */
static LangWalkStep scan_visit(Node *n, void *ctx)
{
    Scan *s = ctx;
    if (n->kind == N_ASSIGN && n->a) {
        const Node *t = n->a->kind == N_TYPED ? n->a->a : n->a;
        if (t->kind == N_IDENT && !strcmp(t->name, s->name)) {
            if (n->op == T_EQ && unknown_creation(s->fn, n->b) && n->a->kind == N_IDENT)
                s->unknown++;
            else
                s->other++;
        } else if (t->kind == N_MATRIX) {
            s->other++;     /* [A, B] = …: leave it alone */
        }
    }
    return LANG_WALK_ON;
}

static void check_function(const LangModule *m, const Node *fn, LangDiag *d)
{
    for (int i = 0; i < fn->args2.n; i++) {
        const Node *out = fn->args2.items[i];
        if (out->type)
            continue;
        Scan s = {.fn = fn, .name = out->name};
        lang_walk_list((NodeList *)&fn->body, scan_visit, &s);
        if (s.unknown && !s.other)
            lang_diag_report(d, &m->src, out->loc, LANG_WARNING,
                             "could not determine the type of output argument %s", out->name);
    }
}

static void walk(const LangModule *m, const NodeList *l, LangDiag *d)
{
    for (int i = 0; i < l->n; i++) {
        const Node *n = l->items[i];
        if (!n || n->kind != N_FUNCTION)
            continue;
        check_function(m, n, d);
        walk(m, &n->body, d);
    }
}

void lang_check_output_types(const LangModule *m, LangDiag *d)
{
    walk(m, &m->body, d);
}
