/*
 * kstencil.c - the pass "stencil": the interior/border split (kg_pass_stencil).
 *
 * While "infer" writes the body, every array access reports the range of its indices
 * (kg_note_access). When all of them are known (a constant interval, or pos[k] plus a
 * constant or an int argument), this pass writes the body a second time without bounds
 * tests (qpk_fast), and emit_c.c makes qpk_run call it wherever every access stays inside
 * (DESIGN.md "Split interior from border"). In that body short constant loops are written
 * out, and an image's channels may be flattened into the x loop.
 */
#include "lang/kgen.h"
#include "lang/walk.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- stencils */

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

Rng kg_rng(Gen *g, Node *e)
{
    Rng u = {0};
    switch (e->kind) {
    case N_INT: return rng_const(e->ival, e->ival);
    case N_UNARY:
        if (e->op == T_MINUS) {
            Rng a = kg_rng(g, e->a);
            if (a.kind == 1)
                return rng_add(rng_const(0, 0), a, true);
        }
        return u;
    case N_IDENT: {
        for (int i = g->nranges - 1; i >= 0; i--)
            if (!strcmp(g->ranges[i].name, e->name))
                return *g->ranges[i].r;
        Var *v = kg_find_var(g, e->name);
        if (v && v->special == LANG_KSPEC_POS && v->t.kind == LK_INT)
            return (Rng){.kind = 2};
        if (v && v->param && v->t.kind == LK_INT)
            return (Rng){.kind = 1, .sym = v->name, .ls = 1, .hs = 1};
        return u;
    }
    case N_INDEX: {
        Var *v = e->a->kind == N_IDENT ? kg_find_var(g, e->a->name) : NULL;
        int c;
        if (v && v->special == LANG_KSPEC_POS && e->args.n == 1 && kg_const_int(e->args.items[0], &c) && c >= 0 &&
            c < 4)
            return (Rng){.kind = 2, .k = c};
        return u;
    }
    case N_BINARY: {
        if (e->op != T_PLUS && e->op != T_MINUS)
            return u;
        Rng a = kg_rng(g, e->a), b = kg_rng(g, e->b);
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
    kg_cname(sym, cn, sizeof cn);
    snprintf(out, len, "((int64_t)%lld + (int64_t)%lld * (int64_t)e.%s)", (long long)c, (long long)s, cn);
}

/* Remember the bounds of a for loop's variable while its body is generated. */
bool kg_push_range(Gen *g, const char *name, Rng r)
{
    if (g->nranges >= 16)
        return false;
    if (!g->range_store)
        g->range_store = kg_g_calloc(16 * sizeof *g->range_store);
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
        Var *p = pv->kind == N_IDENT ? kg_find_var(g, pv->name) : NULL;
        if (!p || p->special != LANG_KSPEC_POS || p->t.kind != LK_VEC || p->t.n != v->t.rank)
            return 0;
        if (off && off->args.n != p->t.n)
            return 0;
        for (int i = 0; i < p->t.n; i++) {
            Rng c = off ? kg_rng(g, off->args.items[i]) : rng_const(0, 0);
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
        if (e->kind == N_RANGE && !e->b && kg_const_int(e->a, &lo) && kg_const_int(e->c, &hi))
            r[i] = rng_const(lo, hi);
        else if (e->kind == N_COLON_ALL && v->t.fixed[i])
            r[i] = rng_const(0, v->t.fixed[i] - 1);
        else
            r[i] = kg_rng(g, e);
    }
    return ix->args.n;
}

/* Learn from one access what the fast body needs (first pass only). */
void kg_note_access(Gen *g, Node *ix, Var *v)
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
    kg_cname(v->name, cn, sizeof cn);
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
            kg_bprintf(&g->conds, " && %s >= 0 && %s < %s", lo, hi, n);
        } else if (r[i].kind == 2 && r[i].k < g->ks->rank) {
            kg_bprintf(&g->int_lo[r[i].k], ", -%s", lo);
            kg_bprintf(&g->int_hi[r[i].k], ", %s - %s", n, hi);
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
    Var *v = n && n->kind == N_IDENT ? kg_find_var(g, n->name) : NULL;
    return v && v->special == LANG_KSPEC_POS && v->t.kind == LK_VEC ? v : NULL;
}

/* pos[k] */
static bool is_pos_k(Gen *g, Node *n, int k)
{
    int c;
    return n && n->kind == N_INDEX && pos_var(g, n->a) && n->args.n == 1 && kg_const_int(n->args.items[0], &c) &&
           c == k;
}

/* a[i0, pos[1] +/- e, pos[2]] or a[pos] on an array of `flat` channels: *i0 (NULL: pos[0]),
 * *e (NULL: 0) and *neg (e subtracted). */
bool kg_flat_access(Gen *g, Node *n, Node **i0, Node **e, bool *neg)
{
    Var *v = n->kind == N_INDEX && n->a->kind == N_IDENT ? kg_find_var(g, n->a->name) : NULL;
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

/* Stops at the first use the flattened body does not support. */
static LangWalkStep flat_visit(Node *n, void *ctx)
{
    Gen *g = ctx;
    if (n->kind == N_LAMBDA || n->kind == N_FUNCTION || n->kind == N_EXCHANGE)
        return LANG_WALK_STOP;
    if (n->kind == N_ASSIGN && n->op != T_EQ && n->a->kind == N_INDEX)
        return LANG_WALK_STOP;       /* compound and atomic updates keep their accessors */
    if (n->kind == N_CALL && n->a && n->a->kind == N_IDENT && !strncmp(n->a->name, "atomic", 6))
        return LANG_WALK_STOP;
    Node *i0, *e;
    bool neg;
    if (n->kind == N_INDEX && kg_flat_access(g, n, &i0, &e, &neg))
        return lang_walk(i0, flat_visit, g) || lang_walk(e, flat_visit, g) ? LANG_WALK_STOP : LANG_WALK_SKIP;
    if (is_pos_k(g, n, 0))
        return LANG_WALK_SKIP;
    if (pos_var(g, n))
        return LANG_WALK_STOP;
    return LANG_WALK_ON;
}

/* Does n use pos only in the ways the flattened body supports? */
static bool flat_scan(Gen *g, Node *n)
{
    return !lang_walk(n, flat_visit, g);
}

/* The channel count when the kernel's fast body can run flattened, else 0. */
int kg_flat_channels(Gen *g)
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

/* Independent positions along pos[1]: every store is a plain a[pos] or a[..., pos[1], ...]
 * (pos[1] itself as the index of dimension 1), and an array stored to is not read or named
 * anywhere else in the kernel. Then no position of a row reads what another writes, and
 * emit_c.c may tell the C compiler so (ivdep) on the interior's loop over a row. */
typedef struct RowScan {
    Gen *g;
    const char *stored[16];
    int nstored;
    bool check;                  /* second walk: the stored arrays named elsewhere? */
} RowScan;

static bool row_stored(RowScan *rs, const char *name)
{
    for (int i = 0; i < rs->nstored; i++)
        if (!strcmp(rs->stored[i], name))
            return true;
    return false;
}

static LangWalkStep row_visit(Node *n, void *ctx)
{
    RowScan *rs = ctx;
    Gen *g = rs->g;
    if (n->kind == N_LAMBDA || n->kind == N_FUNCTION || n->kind == N_EXCHANGE)
        return LANG_WALK_STOP;
    if (n->kind == N_CALL && n->a && n->a->kind == N_IDENT && !strncmp(n->a->name, "atomic", 6))
        return LANG_WALK_STOP;
    if (n->kind == N_ASSIGN) {
        Node *t = n->a;
        if (t->kind == N_IDENT)
            return LANG_WALK_ON;
        if (t->kind != N_INDEX || n->op != T_EQ || t->a->kind != N_IDENT)
            return LANG_WALK_STOP;
        Var *v = kg_find_var(g, t->a->name);
        if (!v || v->kind != VAR_ARRAY || v->shared)
            return LANG_WALK_STOP;
        bool own = (t->args.n == 1 && pos_var(g, t->args.items[0])) ||
                   (t->args.n >= 2 && is_pos_k(g, t->args.items[1], 1));
        if (!own)
            return LANG_WALK_STOP;
        if (!rs->check) {
            if (!row_stored(rs, v->name)) {
                if (rs->nstored == 16)
                    return LANG_WALK_STOP;
                rs->stored[rs->nstored++] = v->name;
            }
        }
        return lang_walk_list(&t->args, row_visit, rs) || lang_walk(n->b, row_visit, rs) ? LANG_WALK_STOP
                                                                                           : LANG_WALK_SKIP;
    }
    if (rs->check && n->kind == N_IDENT && row_stored(rs, n->name))
        return LANG_WALK_STOP;
    return LANG_WALK_ON;
}

bool kg_rows_independent(Gen *g)
{
    const LangKernelSpec *ks = g->ks;
    if (ks->rank < 2 || ks->may_alias || ks->fn->kind != N_FUNCTION)
        return false;
    RowScan rs = {.g = g};
    NodeList *body = &ks->fn->body;
    if (lang_walk_list(body, row_visit, &rs))
        return false;
    rs.check = true;
    return !lang_walk_list(body, row_visit, &rs);
}

/* Read ('r') or write ('w') accessor of a flattened access: (i0, e, k). */
void kg_flat_accessor(Gen *g, Var *v, char kind, char *out, size_t len)
{
    const char *T = kg_elem_c(v->t.elem);
    snprintf(out, len, "qpa%d_%s", g->accessors++, v->name);
    char n1[24], xp[40] = "";
    if (v->t.fixed[1])
        snprintf(n1, sizeof n1, "%d", v->t.fixed[1]);
    else
        snprintf(n1, sizeof n1, "d[1]");
    if (kind == 'w')
        snprintf(xp, sizeof xp, ", %s x", T);
    kg_bprintf(&g->head, "QP_DEVICE %s %s(%s *QP_RESTRICT p, const int64_t *d, int64_t i0, int64_t e, int64_t k%s)\n{\n"
                      "    (void)d;\n    int64_t off = i0 * %s * %d + k + e * %d;\n",
               kind == 'r' ? T : "void", out, T, xp, n1, g->flat, g->flat);
    if (kind == 'w')
        kg_bput(&g->head, "    p[off] = x;\n}\n");
    else
        kg_read_return(g, &g->head, v);
}

/* The arguments (p, d, i0, e, k) of a flattened access n of array v. */
void kg_flat_args(Gen *g, Node *n, Var *v, Buf *b)
{
    Node *i0, *e;
    bool neg;
    kg_flat_access(g, n, &i0, &e, &neg);
    char cn[80];
    kg_cname(v->name, cn, sizeof cn);
    Node *posn = n->args.n == 1 ? n->args.items[0] : n->args.items[2]->a;
    Ex p = kg_expr(g, posn);
    kg_bprintf(b, "%s, %s_d, ", cn, cn);
    if (i0) {
        Ex x = kg_expr(g, i0);
        kg_bprintf(b, "(int64_t)(%s), ", kg_bdone(&x.c));
        kg_ex_free(&x);
    } else {
        kg_bprintf(b, "(int64_t)(%s).v[0], ", p.c.s);
    }
    if (e) {
        Ex x = kg_expr(g, e);
        kg_bprintf(b, "%s(int64_t)(%s), ", neg ? "-" : "", kg_bdone(&x.c));
        kg_ex_free(&x);
    } else {
        kg_bput(b, "0, ");
    }
    kg_bprintf(b, "(int64_t)(%s).v[1]", kg_bdone(&p.c));
    kg_ex_free(&p);
}

/* In the fast body, a loop with constant bounds and a few iterations is written out
 * (for dy = -2..2 …): the position loop around the body then has no inner loop and the C
 * compiler vectorizes it (GCC itself leaves a 17-tap vertical loop as a loop, and the
 * position loop scalar). At most GEN_UNROLL_TOTAL copies of any statement in a nest. */
#define GEN_UNROLL_TRIP 24
#define GEN_UNROLL_TOTAL 64

bool kg_unroll_loop(Gen *g, Node *n)
{
    Node *r = n->a;
    int lo, hi, step = 1;
    if (!g->fast || n->label || r->kind != N_RANGE || !kg_const_int(r->a, &lo) || !kg_const_int(r->c, &hi) ||
        (r->b && !kg_const_int(r->b, &step)) || step == 0)
        return false;
    int trip = step > 0 ? (hi >= lo ? (hi - lo) / step + 1 : 0) : (lo >= hi ? (lo - hi) / -step + 1 : 0);
    if (trip < 1 || trip > GEN_UNROLL_TRIP || g->unrolled * trip > GEN_UNROLL_TOTAL)
        return false;
    for (int i = 0; i < n->body.n; i++)
        if (kg_jumps(n->body.items[i]))
            return false;
    Var *v = kg_find_var(g, n->name);
    if (!v)
        v = kg_declare_local(g, n->name, t_int());
    if (v->t.kind != LK_INT)
        return false;
    char cn[96];
    kg_vref(v, cn, sizeof cn);
    int saved = g->unrolled;
    g->unrolled = (g->unrolled ? g->unrolled : 1) * trip;
    bool pushed = kg_push_range(g, n->name, rng_const(lo < hi ? lo : hi, lo < hi ? hi : lo));
    for (int k = 0, x = lo; k < trip; k++, x += step) {
        kg_bprintf(OUT(g), "%*s%s = %d;\n", IND(g), cn, x);
        kg_stmts(g, &n->body);
    }
    if (pushed)
        g->nranges--;
    g->unrolled = saved;
    return true;
}

/* The pass: when every access of the body had a known range, the same body again without
 * bounds tests (the interior), over flattened channels where that is possible. */
void kg_pass_stencil(Gen *g)
{
    if (!g->fast_ok)
        return;
    Fn *ff = kg_g_calloc(sizeof *ff);
    g->fn = g->fast_fn = ff;
    ff->kernel = true;
    ff->dyn = g->body_fn->dyn;
    ff->indent = 4;
    g->fast = true;
    kg_kernel_params(g, NULL, NULL, &g->pre2);
    g->flat = kg_flat_channels(g);
    g->rows_free = !g->flat && kg_rows_independent(g);
    kg_kernel_statements(g);
    g->fast = false;
}
