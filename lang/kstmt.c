/*
 * kstmt.c - the kernel's statements as C: assignments, if, loops (with labels), return,
 * break, continue; the walk that "infer" and "stencil" run over the body
 * (kg_kernel_statements).
 */
#include "lang/kgen.h"
#include "lang/walk.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kg_line(Gen *g, Node *n)
{
    kg_bprintf(OUT(g), "#line %d \"%s\"\n", n->loc.line, g->ks->file);
}

/* An array named whole as the value given to a local (`d = dir`, `[a, b] = v`): a copy
 * would break the reference semantics, so such a kernel stays in the interpreter. */
static void assign(Gen *g, Node *n)
{
    Node *t = n->a;
    if (kg_shared_alloc(g, n) || kg_dyn_alloc(g, n))
        return;     /* (inside a thread loop: made by the first thread) */
    if (t->kind == N_TYPED && t->a->kind == N_IDENT && n->op == T_EQ) {
        LangKType d;
        LangType *ty = t->type;
        if (ty->kind != TY_NAME)
            kg_unsupported(g, n, "this declaration");
        if (!strcmp(ty->name, "int"))
            d = t_int();
        else if (!strcmp(ty->name, "scalar"))
            d = t_real(g);
        else if (!strncmp(ty->name, "vec", 3) && ty->name[3] >= '1' && ty->name[3] <= '9')
            d = t_vec(g->real, atoi(ty->name + 3));
        else if (!strncmp(ty->name, "ivec", 4) && ty->name[4] >= '1' && ty->name[4] <= '9')
            d = t_vec(LKE_I32, atoi(ty->name + 4));
        else
            kg_unsupported(g, n, "a local declared '%s'", ty->name);
        kg_assign_local(g, n, t->a->name, d, true, n->b);
        return;
    }
    if (t->kind == N_IDENT) {
        if (n->op == T_EQ) {
            kg_assign_local(g, n, t->name, (LangKType){0}, false, n->b);
            return;
        }
        Var *v = kg_find_var(g, t->name);
        if (v && v->kind == VAR_OUTPUT) {
            const char *an = kg_atomic_name(n->op);
            Ex e = kg_expr(g, n->b);
            if (!an || !is_num(e.t) || !strcmp(an, "and") || !strcmp(an, "or") || !strcmp(an, "xor"))
                kg_unsupported(g, n, "this compound assignment on the output '%s'", t->name);
            char cn[80];
            kg_cname(t->name, cn, sizeof cn);
            kg_bprintf(OUT(g), "%*sqp_atomic_%s_f64(%s, (double)(%s));\n", IND(g), an, cn, kg_bdone(&e.c));
            kg_ex_free(&e);
            return;
        }
        int op = kg_base_op(n->op);
        if (!op)
            kg_unsupported(g, n, "this compound assignment on a local");
        /* a local: x op= e is x = x op e (locals are private to the thread) */
        Node bin = {.kind = N_BINARY, .loc = n->loc, .op = op, .a = t, .b = n->b};
        kg_assign_local(g, n, t->name, (LangKType){0}, false, &bin);
        return;
    }
    if (t->kind == N_INDEX && t->a->kind == N_IDENT) {
        Var *v = kg_find_var(g, t->a->name);
        if (v && v->kind == VAR_ARRAY) {
            kg_array_write(g, n, t, v, n->b);
            return;
        }
        int op = n->op == T_EQ ? 0 : kg_base_op(n->op);
        if (v && v->kind == VAR_LOCAL && v->t.kind == LK_VEC && t->args.n == 1 && (n->op == T_EQ || op)) {
            /* v[i] op= e is v[i] = v[i] op e (a local: private to the thread) */
            Node bin = {.kind = N_BINARY, .loc = n->loc, .op = op, .a = t, .b = n->b};
            Ex i = kg_expr(g, t->args.items[0]), e = kg_expr(g, op ? &bin : n->b);
            if (!is_num(i.t) || !is_num(e.t))
                kg_unsupported(g, n, "this element assignment");
            char cn[96], tb[32];
            kg_vref(v, cn, sizeof cn);
            kg_bprintf(OUT(g), "%*s%s_set(&%s, (int64_t)(%s), (%s)(%s));\n", IND(g), kg_ctype(g, v->t, tb, sizeof tb), cn,
                       kg_bdone(&i.c), kg_elem_c(v->t.elem), kg_bdone(&e.c));
            kg_ex_free(&i), kg_ex_free(&e);
            return;
        }
    }
    if (t->kind == N_MATRIX && n->op == T_EQ && t->args.n >= 1) {
        /* [M, N, P] = v: the elements of a vector into locals (`_` skips one) */
        for (int i = 0; i < t->args.n; i++) {
            Node *a = t->args.items[i];
            if (a->kind != N_IDENT && a->kind != N_PLACEHOLDER)
                kg_unsupported(g, n, "this assignment");
        }
        Node *dfn = kg_device_fn(g, n->b);
        if (dfn && dfn->kind == N_FUNCTION && dfn->args2.n > 1) {
            /* [q, r] = f(…): outputs into temporaries, then into the locals */
            if (dfn->args2.n < t->args.n)
                kg_unsupported(g, n, "this assignment");
            Spec *sp = NULL;
            Ex c = kg_device_call(g, n->b, dfn, n->b->a->name, &sp);
            char tb[32];
            int tmp = g->temps;
            g->temps += sp->nouts;
            kg_bprintf(OUT(g), "%*s{\n", IND(g));
            g->fn->indent += 4;
            for (int i = 0; i < sp->nouts; i++)
                kg_bprintf(OUT(g), "%*s%s qpo%d;\n", IND(g), kg_ctype(g, sp->outs[i], tb, sizeof tb), tmp + i);
            kg_bprintf(OUT(g), "%*s%s", IND(g), kg_bdone(&c.c));
            for (int i = 0; i < sp->nouts; i++)
                kg_bprintf(OUT(g), ", &qpo%d", tmp + i);
            kg_bput(OUT(g), ");\n");
            for (int i = 0; i < t->args.n; i++) {
                Node *a = t->args.items[i];
                if (a->kind == N_IDENT)
                    kg_assign_local_ex(g, n, a->name, (LangKType){0}, false, kg_ex_text(sp->outs[i], "qpo%d", tmp + i));
            }
            g->fn->indent -= 4;
            kg_bprintf(OUT(g), "%*s}\n", IND(g));
            kg_ex_free(&c);
            return;
        }
        kg_no_array_copy(g, n, n->b);
        Ex e = kg_expr(g, n->b);
        if (e.t.kind != LK_VEC || e.t.n != t->args.n)
            kg_unsupported(g, n, "this assignment");
        char tb[32];
        int tmp = g->temps++;
        kg_bprintf(OUT(g), "%*s{\n", IND(g));
        g->fn->indent += 4;
        kg_bprintf(OUT(g), "%*s%s qpd%d = %s;\n", IND(g), kg_ctype(g, e.t, tb, sizeof tb), tmp, kg_bdone(&e.c));
        for (int i = 0; i < t->args.n; i++) {
            Node *a = t->args.items[i];
            if (a->kind == N_IDENT)
                kg_assign_local_ex(g, n, a->name, (LangKType){0}, false,
                                   kg_ex_text(kg_elem_type(g, e.t.elem), "qpd%d.v[%d]", tmp, i));
        }
        g->fn->indent -= 4;
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        kg_ex_free(&e);
        return;
    }
    kg_unsupported(g, n, "this assignment");
}

static void block(Gen *g, NodeList *body)
{
    g->fn->indent += 4;
    kg_stmts(g, body);
    g->fn->indent -= 4;
}

typedef struct AnyHit {
    bool (*hit)(Node *);
} AnyHit;

static LangWalkStep any_visit(Node *n, void *ctx)
{
    return ((AnyHit *)ctx)->hit(n) ? LANG_WALK_STOP : LANG_WALK_ON;
}

/* Does a node of n, outside nested functions and lambdas, satisfy hit? */
bool kg_tree_any(Node *n, bool (*hit)(Node *))
{
    AnyHit h = {hit};
    return lang_walk(n, any_visit, &h);
}

static bool is_jump(Node *n) { return n->kind == N_BREAK || n->kind == N_CONTINUE || n->kind == N_RETURN; }

/* Does a loop body leave early (break, continue, return)? Then it is not unrolled. */
bool kg_jumps(Node *n) { return kg_tree_any(n, is_jump); }

void kg_range_exprs(Gen *g, Node *n, RangeEx *x)
{
    Node *r = n->a;
    x->a = kg_expr(g, r->a);
    x->c = kg_expr(g, r->c);
    x->s = r->b ? kg_expr(g, r->b) : kg_ex_text(t_int(), "1");
    if (!is_num(x->a.t) || !is_num(x->c.t) || !is_num(x->s.t))
        kg_unsupported(g, n, "a range of vectors");
    x->ints = x->a.t.kind == LK_INT && x->s.t.kind == LK_INT;
    x->v = kg_find_var(g, n->name);
    if (!x->v)
        x->v = kg_declare_local(g, n->name, x->ints ? t_int() : t_real(g));
}

/* The interpreter's count of a range, floor((c - a) / s + 1e-9) + 1, and a loop over it
 * that leaves two blocks open. */
void kg_count_loop(Gen *g, int t, RangeEx *x)
{
    kg_bprintf(OUT(g), "%*s{ double qpa%d = (double)(%s), qps%d = (double)(%s);\n", IND(g), t, kg_bdone(&x->a.c), t,
               kg_bdone(&x->s.c));
    kg_bprintf(OUT(g), "%*s  int64_t qpn%d = (int64_t)floor(((double)(%s) - qpa%d) / qps%d + 1e-9) + 1;\n", IND(g), t,
               kg_bdone(&x->c.c), t, t);
    kg_bprintf(OUT(g), "%*sfor (int64_t qpi%d = 0; qpi%d < qpn%d; qpi%d++) {\n", IND(g), t, t, t, t);
}

/* Labelled loops: `break L` jumps to qplN_b after the loop, `continue L` to qplN_c at the
 * end of its body (so a for loop still steps). -1 for a loop without a label. */
static int label_push(Gen *g, Node *n)
{
    if (!n->label)
        return -1;
    if (g->nlabels >= 16)
        kg_unsupported(g, n, "more than 16 nested labelled loops");
    g->labels[g->nlabels].name = n->label;
    g->labels[g->nlabels].id = g->label_ids++;
    return g->labels[g->nlabels++].id;
}

static void label_end_body(Gen *g, int id)
{
    if (id >= 0)
        kg_bprintf(OUT(g), "%*s    qpl%d_c: ;\n", IND(g), id);
}

static void label_pop(Gen *g, int id)
{
    if (id < 0)
        return;
    kg_bprintf(OUT(g), "%*sqpl%d_b: ;\n", IND(g), id);
    g->nlabels--;
}

static void for_loop(Gen *g, Node *n)
{
    if (n->a->kind != N_RANGE)
        kg_unsupported(g, n, "a for loop that is not over a range");
    if (kg_unroll_loop(g, n))
        return;
    Node *r = n->a;
    RangeEx x;
    kg_range_exprs(g, n, &x);
    Ex a = x.a, c = x.c, s = x.s;
    bool ints = x.ints;
    Var *v = x.v;
    char cn[96];
    kg_vref(v, cn, sizeof cn);
    int t = g->temps++;
    /* the loop variable's range, for the stencil analysis: [start, end] for a positive
     * constant step, [end, start] for a negative one */
    bool pushed = false;
    int step0 = 1;
    if (ints && (!r->b || kg_const_int(r->b, &step0)) && step0 != 0) {
        Rng ra = kg_rng(g, r->a), rc = kg_rng(g, r->c);
        if (ra.kind == 1 && rc.kind == 1 &&
            (!ra.sym || !rc.sym || !strcmp(ra.sym, rc.sym) || (!ra.ls && !ra.hs) || (!rc.ls && !rc.hs))) {
            Rng lo = step0 > 0 ? ra : rc, hi = step0 > 0 ? rc : ra;
            Rng v = {.kind = 1, .lo = lo.lo, .ls = lo.ls, .hi = hi.hi, .hs = hi.hs,
                     .sym = lo.ls ? lo.sym : hi.sym};
            pushed = kg_push_range(g, n->name, v);
        }
    }
    if (ints && c.t.kind == LK_INT) {
        int step;
        bool konst = r->b ? kg_const_int(r->b, &step) : (step = 1, true);
        if (konst && step != 0)
            kg_bprintf(OUT(g), "%*sfor (int qpi%d = %s, qpe%d = %s; qpi%d %s qpe%d; qpi%d += %d) {\n", IND(g), t,
                       kg_bdone(&a.c), t, kg_bdone(&c.c), t, step > 0 ? "<=" : ">=", t, t, step);
        else
            kg_bprintf(OUT(g), "%*sfor (int qpi%d = %s, qps%d = %s, qpe%d = %s; qps%d > 0 ? qpi%d <= qpe%d : qpi%d >= qpe%d; qpi%d += qps%d) {\n",
                       IND(g), t, kg_bdone(&a.c), t, kg_bdone(&s.c), t, kg_bdone(&c.c), t, t, t, t, t, t, t);
        kg_bprintf(OUT(g), "%*s    %s = (%s)qpi%d;\n", IND(g), cn, v->t.kind == LK_INT ? "int" : kg_elem_c(g->real), t);
    } else {
        kg_count_loop(g, t, &x);     /* real bounds */
        kg_bprintf(OUT(g), "%*s    %s = (%s)(qpa%d + (double)qpi%d * qps%d);\n", IND(g), cn,
                   v->t.kind == LK_INT ? "int" : kg_elem_c(g->real), t, t, t);
    }
    kg_ex_free(&a), kg_ex_free(&c), kg_ex_free(&s);
    int lid = label_push(g, n);
    block(g, &n->body);
    label_end_body(g, lid);
    if (pushed)
        g->nranges--;
    kg_bprintf(OUT(g), "%*s}\n", IND(g));
    if (!(ints && c.t.kind == LK_INT))
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
    label_pop(g, lid);
}

void kg_cond_text(Gen *g, Node *c, Buf *out)
{
    Ex e = kg_expr(g, c);
    if (!is_num(e.t))
        kg_unsupported(g, c, "a vector as a condition");
    kg_bprintf(out, "(%s) != 0", kg_bdone(&e.c));
    kg_ex_free(&e);
}

void kg_stmt(Gen *g, Node *n)
{
    kg_line(g, n);
    switch (n->kind) {
    case N_ASSIGN: assign(g, n); return;
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            if (arm->a) {
                Buf c = {0};
                kg_cond_text(g, arm->a, &c);
                kg_bprintf(OUT(g), "%*s%sif (%s) {\n", IND(g), i ? "} else " : "", kg_bdone(&c));
                kg_g_free(c.s);
            } else {
                kg_bprintf(OUT(g), "%*s} else {\n", IND(g));
            }
            block(g, &arm->body);
        }
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        return;
    case N_FOR: for_loop(g, n); return;
    case N_WHILE: {
        Buf c = {0};
        kg_cond_text(g, n->a, &c);
        kg_bprintf(OUT(g), "%*swhile (%s) {\n", IND(g), kg_bdone(&c));
        kg_g_free(c.s);
        int lid = label_push(g, n);
        block(g, &n->body);
        label_end_body(g, lid);
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        label_pop(g, lid);
        return;
    }
    case N_REPEAT: {
        kg_bprintf(OUT(g), "%*sdo {\n", IND(g));
        int lid = label_push(g, n);
        block(g, &n->body);
        label_end_body(g, lid);
        Buf c = {0};
        kg_cond_text(g, n->a, &c);
        kg_bprintf(OUT(g), "%*s} while (!(%s));\n", IND(g), kg_bdone(&c));
        kg_g_free(c.s);
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
                kg_unsupported(g, n, "a jump to the loop '%s' outside this function", n->label);
            kg_bprintf(OUT(g), "%*sgoto qpl%d_%c;\n", IND(g), g->labels[i].id, n->kind == N_BREAK ? 'b' : 'c');
            return;
        }
        kg_bprintf(OUT(g), "%*s%s;\n", IND(g), n->kind == N_BREAK ? "break" : "continue");
        return;
    case N_RETURN:
        if (g->fn->lockstep)
            kg_bprintf(OUT(g), "%*s{ qp_th[qp_t].qp_done = 1; goto qp_next%d; }\n", IND(g), g->fn->tloop);
        else if (g->fn->multi_out)
            kg_bprintf(OUT(g), "%*sgoto qp_ret;\n", IND(g));
        else if (g->fn->dyn)
            kg_bprintf(OUT(g), "%*sgoto qp_end;\n", IND(g));
        else if (g->fn->kernel || !g->fn->out_name)
            kg_bprintf(OUT(g), "%*sreturn;\n", IND(g));
        else {
            char cn[80];
            kg_cname(g->fn->out_name, cn, sizeof cn);
            kg_bprintf(OUT(g), "%*sreturn %s;\n", IND(g), cn);
        }
        return;
    case N_MATCH: {
        Ex v = kg_expr(g, n->a);
        if (!is_num(v.t))
            kg_unsupported(g, n, "match on a vector");
        int t = g->temps++;
        kg_bprintf(OUT(g), "%*s{ double qpm%d = (double)(%s);\n", IND(g), t, kg_bdone(&v.c));
        kg_ex_free(&v);
        for (int i = 0; i < n->args.n; i++) {
            Node *c = n->args.items[i];
            Buf cond = {0};
            for (int j = 0; j < c->args.n; j++) {
                Node *p = c->args.items[j];
                if (p->kind == N_PLACEHOLDER) {
                    kg_bprintf(&cond, "%s1", j ? " || " : "");
                    continue;
                }
                Ex pe = kg_expr(g, p);
                if (!is_num(pe.t))
                    kg_unsupported(g, p, "a match pattern that is not a number");
                kg_bprintf(&cond, "%sqpm%d == (double)(%s)", j ? " || " : "", t, kg_bdone(&pe.c));
                kg_ex_free(&pe);
            }
            kg_bprintf(OUT(g), "%*s%sif (%s) {\n", IND(g), i ? "} else " : "", kg_bdone(&cond));
            kg_g_free(cond.s);
            block(g, &c->body);
        }
        if (n->args.n)
            kg_bprintf(OUT(g), "%*s}\n", IND(g));
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        return;
    }
    case N_CALL:
        if (n->a->kind == N_IDENT && !strcmp(n->a->name, "assert") && n->args.n >= 1) {
            Buf c = {0};
            kg_cond_text(g, n->args.items[0], &c);
            if (g->fn->lockstep || g->fn->dyn)
                kg_bprintf(OUT(g), "%*sif (!(%s)) { qp_fail(qp_st, 1, %d); goto qp_end; }\n", IND(g), kg_bdone(&c),
                           n->loc.line);
            else
                kg_bprintf(OUT(g), "%*sif (!(%s)) { qp_fail(qp_st, 1, %d); return%s; }\n", IND(g), kg_bdone(&c),
                           n->loc.line, g->fn->kernel || !g->fn->out_name ? "" : " 0");
            kg_g_free(c.s);
            return;
        }
        if (n->a->kind == N_IDENT && !strcmp(n->a->name, "memfence") && n->args.n == 1 &&
            n->args.items[0]->kind == N_STRING) {       /* the parser checked the scope */
            kg_bprintf(OUT(g), "%*sqp_memfence_%s();\n", IND(g), n->args.items[0]->name);
            return;
        }
        {
            Ex e = kg_call(g, n);
            kg_bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), kg_bdone(&e.c));
            kg_ex_free(&e);
        }
        return;
    case N_EXCHANGE: {
        Ex e = kg_atomic_expr(g, n);
        kg_bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), kg_bdone(&e.c));
        kg_ex_free(&e);
        return;
    }
    case N_PRAGMA:
    case N_ATTRIBUTE:
        return;
    case N_SYNCTHREADS: kg_unsupported(g, n, "syncthreads (barriers run in the interpreter for now)");
    default: kg_unsupported(g, n, "%s in a compiled kernel", lang_node_what(n->kind));
    }
}

void kg_stmts(Gen *g, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        kg_stmt(g, l->items[i]);
}

void kg_kernel_statements(Gen *g)
{
    Node *fn = g->ks->fn;
    if (g->fn->lockstep) {
        kg_lock_stmts(g, &fn->body);
    } else if (fn->kind == N_LAMBDA) {
        if (fn->a->kind == N_SEQ)
            for (int i = 0; i < fn->a->args.n; i++)
                kg_stmt(g, fn->a->args.items[i]);
        else
            kg_stmt(g, fn->a);
    } else {
        kg_stmts(g, &fn->body);
    }
}

/* Does the kernel take blkcnt? Its value (blocks per dim) travels in the environment. */
