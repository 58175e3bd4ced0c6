/*
 * pass_shared_bound.c - the upper bound of a kernel's shared memory, from its assertions.
 *
 * Spec 004 §2.4.4: "x = shared(M,N,K)" with non-constant sizes after
 * "assert(M<8 && N<20 && K<4)" lets the compiler bound the shared memory of the kernel
 * (8 × 20 × 4 × 4 bytes), and it "then gives the following message: Information:
 * Calculated an upper bound for the amount of shared memory: 2560 bytes". This pass finds,
 * in each __kernel__ function, the `shared`/`shared_zeros` allocations whose sizes are
 * constants or names bounded by an earlier `assert` of the same body (`name < c` or
 * `name <= c`, joined by `&&`; the spec counts c itself), and reports the sum as a note
 * on the function (4 bytes per element, the single-precision scalar the spec counts). A
 * kernel with a size it cannot bound gets no message. The entry is lang_report_shared_bound.
 */
#include "lang/lang.h"
#include "lang/ast.h"

#include <string.h>

#define SB_MAX_BOUNDS 32        /* bounded names per kernel; more are not bounded */

typedef struct Bounds {
    const char *name[SB_MAX_BOUNDS];
    int64_t max[SB_MAX_BOUNDS];
    int n;
} Bounds;

static void add_bounds(Bounds *b, const Node *c)
{
    if (!c || c->kind != N_BINARY)
        return;
    if (c->op == T_ANDAND) {
        add_bounds(b, c->a);
        add_bounds(b, c->b);
        return;
    }
    if ((c->op == T_LT || c->op == T_LE) && c->a->kind == N_IDENT && c->b->kind == N_INT && b->n < SB_MAX_BOUNDS) {
        b->name[b->n] = c->a->name;
        b->max[b->n++] = c->b->ival;
    }
}

/* The largest value of size expression e, or -1 when it is not bounded. */
static int64_t bound_of(const Bounds *b, const Node *e)
{
    if (e->kind == N_INT)
        return e->ival;
    if (e->kind == N_IDENT)
        for (int i = b->n - 1; i >= 0; i--)
            if (!strcmp(b->name[i], e->name))
                return b->max[i];
    return -1;
}

static bool is_call_of(const Node *n, const char *a, const char *b)
{
    if (!n || n->kind != N_CALL)
        return false;
    const Node *f = n->a->kind == N_INDEX ? n->a->a : n->a;
    return f->kind == N_IDENT && (!strcmp(f->name, a) || (b && !strcmp(f->name, b)));
}

/* Bytes of `x = shared(…)` under the bounds, 0 when n is not one, -1 when unbounded. */
static int64_t shared_bytes(const Bounds *b, const Node *n)
{
    if (n->kind != N_ASSIGN || !is_call_of(n->b, "shared", "shared_zeros"))
        return 0;
    int64_t total = 4;
    for (int i = 0; i < n->b->args.n; i++) {
        int64_t m = bound_of(b, n->b->args.items[i]);
        if (m < 0)
            return -1;
        total *= m;
    }
    return total;
}

static void check_kernel(const LangModule *m, const Node *fn, LangDiag *d)
{
    Bounds b = {0};
    int64_t total = 0;
    bool any = false;
    for (int i = 0; i < fn->body.n; i++) {
        const Node *s = fn->body.items[i];
        if (is_call_of(s, "assert", NULL) && s->args.n == 1)
            add_bounds(&b, s->args.items[0]);
        int64_t k = shared_bytes(&b, s);
        if (k < 0)
            return;
        total += k;
        any |= k > 0;
    }
    if (any && b.n)
        lang_diag_report(d, &m->src, fn->loc, LANG_NOTE,
                         "Calculated an upper bound for the amount of shared memory: %lld bytes", (long long)total);
}

void lang_report_shared_bound(const LangModule *m, LangDiag *d)
{
    for (int i = 0; i < m->body.n; i++) {
        const Node *n = m->body.items[i];
        if (n && n->kind == N_FUNCTION && (n->flags & NODE_KERNEL))
            check_kernel(m, n, d);
    }
}
