/*
 * klockstep.c - the pass "lockstep": barrier lowering (kg_pass_lockstep).
 *
 * A kernel whose body contains block barriers (syncthreads, lang_has_barrier) is written so
 * that one call runs one block's threads in lockstep: each statement without a barrier runs
 * for every thread of the block in turn, and a statement with one (the barrier itself, an
 * if, a loop) is entered by all threads together, its conditions read by the first running
 * thread. A statement holding value exchanges of cooperative groups is written by kwarp.c;
 * syncthreads(warp) is QPK_SYNCWARP(). A kernel with a thread_block parameter runs in
 * lockstep even without barriers. Which statements have barriers is decided by
 * lang_has_barrier (kinfo.c), the rule the interpreter follows too.
 *
 * Grid barriers (syncthreads(grid), (multi_grid), (host), this_grid.sync()) are
 * QPK_GRID_SYNC(k), k = 1, 2 … in text order. Under CUDA a barrier of every block of the
 * grid (qpk_grid_sync, kernels/qp_kernel.h; the engine launches such a kernel
 * cooperatively, the whole grid resident). On the CPU the block cannot wait for blocks
 * that the pool has not started: it saves where it is (qp_th[0].qp_phase = k) and returns;
 * the engine runs every block up to its next grid barrier in one parallel pass over the
 * grid, and the next pass enters each block again, which jumps to the label qp_grid<k>
 * after the barrier (the switch at the function's end). Everything a block needs after
 * the jump lives in its qp_th, which the engine keeps for the whole launch: the threads'
 * locals (kept across grid barriers, as the interpreter keeps them) and the counters of
 * lockstep loops around grid barriers (qpc<id>). The conditions around a grid barrier must
 * be the same in every thread of the grid (spec 000: all blocks reach it). Shared memory
 * does not outlive a return, so a kernel with both is not compiled (the interpreter runs
 * it).
 *
 * The same statements run natively on CUDA (the text's QPK_NATIVE, emit_c.c): there a block
 * has one thread, qp_t is 0, the barrier is QPK_SYNC() (__syncthreads) and a block-level
 * condition is QPK_UNIFORM(c): on the CPU c read in the first running thread, natively
 * __syncthreads_or over the running threads (the threads past the grid's edge and those
 * that returned take no part, as on the CPU), so every thread takes the same branch.
 */
#include "lang/kgen.h"
#include "lang/kinfo.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* qp_t = the first thread still running: block-uniform conditions are read there. */
static void first_thread(Gen *g)
{
    kg_bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt - 1 && qp_th[qp_t].qp_done; qp_t++);\n", IND(g));
}

static void lock_block(Gen *g, NodeList *body)
{
    g->fn->indent += 4;
    kg_lock_stmts(g, body);
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
        if (n->name && strcmp(n->name, "warp") && strcmp(n->name, "block"))
            kg_grid_sync(g, n->name);
        else if (n->name && !strcmp(n->name, "warp"))
            kg_bprintf(OUT(g), "%*sQPK_SYNCWARP();    /* syncthreads(warp) */\n", IND(g));
        else
            kg_bprintf(OUT(g), "%*sQPK_SYNC();    /* syncthreads: every thread has run the statements above */\n", IND(g));
        return;
    case N_IF:
        first_thread(g);
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            if (arm->a) {
                c.n = 0;
                kg_cond_text(g, arm->a, &c);
                kg_bprintf(OUT(g), "%*s%sif (QPK_UNIFORM(%s)) {\n", IND(g), i ? "} else " : "", kg_bdone(&c));
            } else {
                kg_bprintf(OUT(g), "%*s} else {\n", IND(g));
            }
            lock_block(g, &arm->body);
        }
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_WHILE:
        if (n->label)
            kg_unsupported(g, n, "labelled loops");
        kg_bprintf(OUT(g), "%*sfor (;;) {\n", IND(g));
        g->fn->indent += 4;
        first_thread(g);
        kg_cond_text(g, n->a, &c);
        kg_bprintf(OUT(g), "%*sif (!QPK_UNIFORM(%s)) break;\n", IND(g), kg_bdone(&c));
        kg_lock_stmts(g, &n->body);
        g->fn->indent -= 4;
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_REPEAT:
        if (n->label)
            kg_unsupported(g, n, "labelled loops");
        kg_bprintf(OUT(g), "%*sfor (;;) {\n", IND(g));
        lock_block(g, &n->body);
        g->fn->indent += 4;
        first_thread(g);
        kg_cond_text(g, n->a, &c);
        kg_bprintf(OUT(g), "%*sif (QPK_UNIFORM(%s)) break;\n", IND(g), kg_bdone(&c));
        g->fn->indent -= 4;
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        break;
    case N_FOR: {
        if (n->label || n->a->kind != N_RANGE)
            kg_unsupported(g, n, "a loop around syncthreads that is not over a range");
        first_thread(g);
        RangeEx x;
        kg_range_exprs(g, n, &x);
        Var *v = x.v;
        char cn[96], ctr[48];
        int t = g->temps++;
        LangBarriers inner = {0};
        lang_has_barrier(n, &inner);
        /* a loop around a grid barrier: the CPU's block returns inside it and comes back
         * by a jump into its body, so its counter lives in qp_th[0] and nothing in the
         * loop is declared with an initializer that the jump would pass */
        if (inner.grid) {
            kg_bprintf(&g->thr, "    int64_t qpc%d;\n", t);
            snprintf(ctr, sizeof ctr, "qp_th[0].qpc%d", t);
            kg_bprintf(OUT(g), "%*sfor (%s = 0;; %s++) {\n", IND(g), ctr, ctr);
            kg_bprintf(OUT(g), "%*s    int qpm%d;\n%*s    qpm%d = 0;\n", IND(g), t, IND(g), t);
        } else {
            snprintf(ctr, sizeof ctr, "qpi%d", t);
            kg_bprintf(OUT(g), "%*sfor (int64_t qpi%d = 0;; qpi%d++) {\n", IND(g), t, t);
            kg_bprintf(OUT(g), "%*s    int qpm%d = 0;\n", IND(g), t);
        }
        /* As the interpreter: at each iteration every running thread evaluates its own
         * range (a loop from pos) and takes part while its value is within it; a thread past
         * its end is parked (qp_done = 2 + the loop's depth, so that the statements and the
         * loops inside skip it) until the loop ends, which it does when no thread takes part
         * (a block-level condition). */
        int park = 2 + g->park++;
        kg_bprintf(OUT(g), "%*s    for (qp_t = 0; qp_t < qp_nt; qp_t++) {\n", IND(g));
        kg_bprintf(OUT(g), "%*s        if (qp_th[qp_t].qp_done) continue;\n", IND(g));
        kg_bprintf(OUT(g), "%*s        double qps = (double)(%s), qpx = (double)(%s) + (double)%s * qps, qpc = (double)(%s);\n",
                   IND(g), kg_bdone(&x.s.c), kg_bdone(&x.a.c), ctr, kg_bdone(&x.c.c));
        kg_bprintf(OUT(g), "%*s        if (qps != 0 && (qps > 0 ? qpx <= qpc + 1e-9 : qpx >= qpc - 1e-9)) { %s = (%s)qpx; qpm%d = 1; }\n",
                   IND(g), kg_vref(v, cn, sizeof cn), v->t.kind == LK_INT ? "int" : kg_elem_c(g->real), t);
        kg_bprintf(OUT(g), "%*s        else qp_th[qp_t].qp_done = %d;\n%*s    }\n", IND(g), park, IND(g));
        kg_bprintf(OUT(g), "%*s    if (!QPK_UNIFORM(qpm%d)) break;\n", IND(g), t);
        kg_ex_free(&x.a), kg_ex_free(&x.c), kg_ex_free(&x.s);
        lock_block(g, &n->body);
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        kg_bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt; qp_t++) if (qp_th[qp_t].qp_done == %d) qp_th[qp_t].qp_done = 0;\n",
                   IND(g), park);
        g->park--;
        break;
    }
    default:
        kg_unsupported(g, n, "syncthreads inside %s", lang_node_what(n->kind));
    }
    kg_g_free(c.s);
}

/* Statements of a kernel with barriers: each statement without a barrier runs for every
 * thread of the block in turn, so all threads finish it before the next one starts. */
void kg_lock_stmts(Gen *g, NodeList *l)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        LangBarriers sync = {0};
        if (lang_has_barrier(s, &sync)) {
            kg_line(g, s);
            Node *gc[1];
            if (lang_group_calls(s, gc, 1) && s->kind != N_IF && s->kind != N_FOR && s->kind != N_WHILE &&
                s->kind != N_REPEAT)
                kg_group_stmt(g, s);    /* kwarp.c: the exchange, then the statement */
            else
                lock_control(g, s);
            continue;
        }
        if (s->kind == N_ASSIGN && kg_is_shared_alloc(s)) {
            first_thread(g);        /* its sizes are read in the first running thread */
            g->shared_top = true;   /* natively: every thread of the block runs it */
            kg_shared_alloc_stmt(g, s);
            g->shared_top = false;
            continue;
        }
        kg_each_thread(g, s);
    }
}

void kg_each_thread(Gen *g, Node *s)
{
    int id = g->temps++;
    int saved = g->fn->tloop;
    g->fn->tloop = id;
    kg_bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt; qp_t++) {\n", IND(g));
    kg_bprintf(OUT(g), "%*s    if (qp_th[qp_t].qp_done) continue;\n", IND(g));
    g->fn->indent += 4;
    kg_stmt(g, s);
    g->fn->indent -= 4;
    kg_bprintf(OUT(g), "%*s    qp_next%d:;\n%*s}\n", IND(g), id, IND(g));
    g->fn->tloop = saved;
}

/* shared(…) / shared_zeros(…) anywhere (a statement of its own or not). */
static bool is_shared_call(Node *n)
{
    if (n->kind != N_CALL || !n->a)
        return false;
    Node *callee = n->a->kind == N_INDEX ? n->a->a : n->a;
    return callee && callee->kind == N_IDENT && (!strcmp(callee->name, "shared") || !strcmp(callee->name, "shared_zeros"));
}

/* The pass: does the kernel have barriers? Then its statements run in lockstep. */
void kg_pass_lockstep(Gen *g)
{
    Node *fn = g->ks->fn;
    LangBarriers sync = {0};
    g->barriers = fn->kind == N_FUNCTION && lang_list_has_barrier(&fn->body, &sync);
    g->grid = sync.grid;
    for (int i = 0; g->grid && i < fn->body.n; i++)     /* a block's arrays would not outlive its return */
        if (kg_tree_any(fn->body.items[i], is_shared_call))
            kg_unsupported(g, fn->body.items[i], "shared memory in a kernel with syncthreads(grid)");
    for (int i = 0; i < g->ks->nparams; i++)
        g->grid_group |= g->ks->params[i].special == LANG_KSPEC_GROUP_GRID;
    if (kg_has_group_param(g)) {
        if (fn->kind != N_FUNCTION)
            kg_unsupported(g, NULL, "a thread_block parameter of a lambda");
        g->barriers = g->groups = true;     /* the group's threads: a block in lockstep (kwarp.c) */
    }
}

/* A grid barrier (see the banner): its number k names the label the CPU's block resumes
 * at. */
void kg_grid_sync(Gen *g, const char *what)
{
    int k = ++g->grid_syncs;
    kg_bprintf(OUT(g), "%*sQPK_GRID_SYNC(%d);    /* %s: every block of the grid has run the statements above */\n",
               IND(g), k, what);
}
