/*
 * kernel_settle.c - the status of compiled launches an engine finishes after `launch`
 * returned (the CUDA engine: engine.h settle; docs/cuda.md "Status of a launch"), read when the
 * program needs it, and its failure turned into the interpreter's message.
 *
 * A launch whose status is pending is kept in the runtime's queue (its qp_status stays in
 * place for the engine). The status is read, and a failure (assertion, error(), 'checked
 * index out of range, out of memory) raised with the message and location the CPU gives,
 * at the first of:
 *   - the next launch of the same call, once issued (the host runs at most one launch
 *     ahead of the device within a function call): when its parallel_do returns;
 *   - the host reading or writing elements of an array that has a device copy: a builtin
 *     (but size, numel … which read none), an operator, an element read or write, a
 *     whole-array expression, an interpreted kernel (rt_kernels_settle_for);
 *   - output: the print and error statements, builtins marked RT_LIB_OUTPUT (print,
 *     printf, disp, fprintf, save, csvwrite, error), so nothing is printed after a
 *     failing kernel;
 *   - the end of the program (`qpipe exec`), the end of each call of a filter's process
 *     (rt_filter_process), unless the caller asked for the overlap (rt_filter_set_overlap:
 *     the video pipeline settles frame t's launches when it takes frame t's result, after
 *     it has issued frame t+1's);
 *   - the queue full (RT_PENDING_MAX launches): the oldest.
 * In between, the program goes on with what reads no device array (host numbers), and a
 * `try` around the point where it is raised, not around the launch, catches it.
 */
#include "lang/walk.h"
#include "runtime/engine.h"
#include "runtime/interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_PENDING_MAX 8

typedef struct Pending {
    qp_status status;           /* the engine writes it until settled: it does not move */
    Node *fn;
    RtModule *mod;
    const char *name;           /* the launch's kernel context, */
    Node *site;                 /* the parallel_do call */
    RtModule *site_mod;
    const RtEngine *eng;
    uint64_t call;              /* the call it was issued in (rt_kernels_new_call) */
    bool used;
} Pending;

struct RtPending {
    Pending q[RT_PENDING_MAX];
    uint64_t seq[RT_PENDING_MAX];   /* issue order */
    uint64_t next, call;
    int n;
};

typedef struct AtLine {
    int line;
    Node *found;
} AtLine;

static LangWalkStep at_line_visit(Node *n, void *ctx)
{
    AtLine *a = ctx;
    if (n->loc.line != a->line || n->kind == N_FUNCTION || n->kind == N_LAMBDA)
        return LANG_WALK_ON;
    a->found = n;
    return LANG_WALK_STOP;
}

/* The first statement or expression of n's body on `line`, for error locations. */
static Node *node_at_line(Node *n, int line)
{
    AtLine a = {line, NULL};
    lang_walk_all(n, at_line_visit, &a);
    return a.found;
}

void rt_kernel_report(Rt *rt, Node *fn, RtModule *mod, const qp_status *st)
{
    if (!st->failed)
        return;
    Node *at = node_at_line(fn, st->line);
    for (RtModule *m = rt->modules; !at && m; m = m->next)
        if (m == mod)
            for (int i = 0; i < m->m->body.n && !at; i++)
                at = node_at_line(m->m->body.items[i], st->line);   /* a device function */
    if (at)
        rt->cur = at;       /* the failing statement, as the interpreter reports it */
    rt->cur_mod = mod;
    if (st->failed == 3)
        rt_out_of_memory(rt);
    if (st->failed == 4)     /* qpk_grid_sync gave up (kernels/qp_kernel.h) */
        rt_error(rt, "syncthreads(grid): not every block of the grid reached the barrier (its conditions must be "
                     "the same in every thread)");
    if (st->failed == RT_STATUS_DEVICE)
        rt_error(rt, "the kernel failed on the GPU");
    if (st->failed == 1)
        rt_error(rt, "assertion failed: %s:%d", mod->m->src.name, st->line);
    /* the interpreter's message: index out of range: x[3] with size(x) = [3] */
    StrBuf sb = {0};
    sb_printf(&sb, "index out of range: %s[", st->name ? st->name : "array");
    for (int i = 0; i < st->nidx && i < 4; i++)
        sb_printf(&sb, i ? ",%lld" : "%lld", (long long)st->idx[i]);
    sb_printf(&sb, "] with size(%s) = [", st->name ? st->name : "array");
    for (int i = 0; i < st->rank && i < 4; i++)
        sb_printf(&sb, i ? ",%lld" : "%lld", (long long)st->dims[i]);
    sb_putc(&sb, ']');
    char msg[512];
    snprintf(msg, sizeof msg, "%s", sb.s);
    sb_free(&sb);
    rt_error(rt, "%s", msg);
}

/* Read entry i's status and take it out of the queue; its failure raised when `report`,
 * as it is raised inside the launch: in the kernel's context ("(parallel_do) k - "), the
 * parallel_do call as the first note, then the calls above where it is raised now. */
static void settle_one(Rt *rt, int i, bool report)
{
    struct RtPending *P = rt->pending;
    Pending *e = &P->q[i];
    if (e->eng->settle)
        e->eng->settle(&e->status);
    Pending done = *e;
    e->used = false;
    P->n--;
    if (!report || !done.status.failed || done.status.failed == RT_STATUS_PENDING)
        return;
    RtKernelCtx ctx = {.name = done.name, .up = rt->kernel};
    RtCall call = {.up = rt->call, .name = done.name, .fn = done.fn, .mod = done.mod, .site = done.site,
                   .site_mod = done.site_mod};
    rt->kernel = &ctx;
    rt->call = &call;
    rt_kernel_report(rt, done.fn, done.mod, &done.status);
}

/* The oldest entry (all, or of a call before `call`), or -1. */
static int oldest(const struct RtPending *P, uint64_t call, bool all)
{
    int best = -1;
    for (int i = 0; i < RT_PENDING_MAX; i++)
        if (P->q[i].used && (all || P->q[i].call < call) && (best < 0 || P->seq[i] < P->seq[best]))
            best = i;
    return best;
}

qp_status *rt_kernel_status_slot(Rt *rt)
{
    struct RtPending *P = rt->pending;
    if (!P) {
        P = rt->pending = calloc(1, sizeof *P);
        if (!P)
            rt_out_of_memory(rt);
    }
    if (P->n == RT_PENDING_MAX)
        settle_one(rt, oldest(P, 0, true), true);
    for (int i = 0; i < RT_PENDING_MAX; i++)
        if (!P->q[i].used) {
            memset(&P->q[i].status, 0, sizeof P->q[i].status);
            return &P->q[i].status;
        }
    rt_out_of_memory(rt);   /* not reached: one was freed above */
}

void rt_kernel_issued(Rt *rt, const RtEngine *eng, Node *fn, RtModule *mod, qp_status *st)
{
    struct RtPending *P = rt->pending;
    if (st->failed != RT_STATUS_PENDING) {      /* finished inside launch */
        qp_status done = *st;
        rt_kernel_report(rt, fn, mod, &done);
        return;
    }
    int i = (int)((Pending *)(void *)st - P->q);     /* status is the first member */
    Pending *e = &P->q[i];      /* its status is the engine's until settled: not touched */
    e->fn = fn;
    e->mod = mod;
    e->name = rt->kernel ? rt->kernel->name : "kernel";
    e->site = rt->call ? rt->call->site : NULL;
    e->site_mod = rt->call ? rt->call->site_mod : NULL;
    e->eng = eng;
    e->call = P->call;
    e->used = true;
    P->seq[i] = ++P->next;
    P->n++;
}

void rt_kernels_settle_behind(Rt *rt)
{
    struct RtPending *P = rt->pending;
    if (!P || P->n < 2)
        return;
    int newest = -1;
    for (int k = 0; k < RT_PENDING_MAX; k++)
        if (P->q[k].used && (newest < 0 || P->seq[k] > P->seq[newest]))
            newest = k;
    if (P->q[newest].call != P->call)
        return;
    for (;;) {
        int j = -1;
        for (int k = 0; k < RT_PENDING_MAX; k++)
            if (k != newest && P->q[k].used && P->q[k].call == P->call && (j < 0 || P->seq[k] < P->seq[j]))
                j = k;
        if (j < 0)
            break;
        settle_one(rt, j, true);
    }
}

void rt_kernels_settle(Rt *rt, bool all)
{
    struct RtPending *P = rt->pending;
    for (int i; P && P->n && (i = oldest(P, P->call, all)) >= 0;)
        settle_one(rt, i, true);
}

/* Does any array among vals (cells' elements included) have a device copy? */
static bool any_on_device(const Value *vals, int n)
{
    for (int i = 0; i < n; i++) {
        if (vals[i].kind != V_ARRAY)
            continue;
        const RtArray *a = vals[i].a;
        if (a->buf && a->buf->device)
            return true;
        if (a->elem == RT_VALUE && a->data && any_on_device(a->data, (int)a->n))
            return true;
    }
    return false;
}

void rt_kernels_settle_for(Rt *rt, const Value *vals, int n)
{
    if (rt->pending && rt->pending->n && any_on_device(vals, n))
        rt_kernels_settle(rt, true);
}

void rt_kernels_new_call(Rt *rt)
{
    if (rt->pending)
        rt->pending->call++;
}

void rt_kernels_drop(Rt *rt)
{
    struct RtPending *P = rt->pending;
    for (int i = 0; P && i < RT_PENDING_MAX; i++)
        if (P->q[i].used)
            settle_one(rt, i, false);
    free(P);
    rt->pending = NULL;
}
