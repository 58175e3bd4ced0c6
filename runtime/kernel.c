/*
 * kernel.c - parallel_do: launching a __kernel__ function over a grid, in the interpreter.
 *
 * This is the reference path that every engine must agree with, and the fallback when no
 * C compiler is at hand (DESIGN.md "Engines"). The grid is cut into blocks (blkdim
 * divides dims, as spec 004 §2.4.4 promises); each thread gets pos, blkpos, blkidx,
 * blkdim, blkcnt and warpsize by parameter name, the other parameters take the arguments
 * in order. Inside a kernel, arrays default to the 'safe access mode.
 *
 * A kernel without barriers runs thread after thread. A kernel with `syncthreads` runs the
 * threads of a block in lockstep: each statement that contains no barrier is run by every
 * thread in turn, and a statement that contains one (the barrier itself, an if, a loop)
 * is entered by all threads together, so every thread reaches a barrier before any passes
 * it. `syncthreads(grid)` makes the whole grid one lockstep group. Outputs of a kernel
 * (function y : scalar = __kernel__ …) are shared by all threads and returned by
 * parallel_do; the interpreter runs one thread at a time, so compound assignments are
 * atomic by construction.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <stdlib.h>
#include <string.h>

#define KERNEL_MAX_LOCKSTEP (1 << 16)  /* threads kept alive at once for barriers */

typedef enum Special { SP_NONE, SP_POS, SP_BLKPOS, SP_BLKIDX, SP_BLKDIM, SP_BLKCNT, SP_WARPSIZE } Special;

static Special special_of(const char *name)
{
    static const char *const names[] = {"", "pos", "blkpos", "blkidx", "blkdim", "blkcnt", "warpsize"};
    for (int i = 1; i < (int)(sizeof names / sizeof *names); i++)
        if (!strcmp(names[i], name))
            return (Special)i;
    if (!strcmp(name, "warpSize"))
        return SP_WARPSIZE;
    return SP_NONE;
}

/* Does the statement contain a barrier (outside nested functions and lambdas)? */
static bool has_barrier(Node *n, bool *grid)
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return false;
    if (n->kind == N_SYNCTHREADS) {
        if (n->name && !strcmp(n->name, "grid"))
            *grid = true;
        return true;
    }
    bool r = has_barrier(n->a, grid) | has_barrier(n->b, grid) | has_barrier(n->c, grid);
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            r |= has_barrier(lists[k]->items[i], grid);
    return r;
}

static bool list_has_barrier(NodeList *l, bool *grid)
{
    bool r = false;
    for (int i = 0; i < l->n; i++)
        r |= has_barrier(l->items[i], grid);
    return r;
}

/* ---------------------------------------------------------------- launch geometry */

typedef struct Grid {
    int rank;
    int64_t dims[RT_MAX_DIMS], blk[RT_MAX_DIMS], cnt[RT_MAX_DIMS];
    int64_t nthreads;           /* per block */
    int64_t nblocks;
} Grid;

/* The largest divisor of n that is at most cap. */
static int64_t divisor_below(int64_t n, int64_t cap)
{
    for (int64_t d = cap < n ? cap : n; d > 1; d--)
        if (n % d == 0)
            return d;
    return 1;
}

static void read_dims(Rt *rt, Value d, Grid *g)
{
    g->rank = 0;
    bool blk = false;
    if (d.kind == V_INT || d.kind == V_SCALAR) {
        g->dims[g->rank++] = rt_to_int(rt, d, "the dimensions");
    } else if (d.kind == V_ARRAY && d.a->rank == 1 && d.a->elem != RT_VALUE) {
        if (d.a->n > RT_MAX_DIMS || !d.a->n)
            rt_error(rt, "parallel_do: the dimensions must be 1 to %d numbers", RT_MAX_DIMS);
        for (int64_t i = 0; i < d.a->n; i++)
            g->dims[g->rank++] = (int64_t)rt_get_real(d.a, i);
    } else if (d.kind == V_ARRAY && d.a->rank == 2 && d.a->dims[0] == 2 && d.a->elem != RT_VALUE) {
        /* [dims, blkdims]: two rows */
        int64_t r = d.a->dims[1];
        if (r > RT_MAX_DIMS || !r)
            rt_error(rt, "parallel_do: the dimensions must be 1 to %d numbers", RT_MAX_DIMS);
        for (int64_t i = 0; i < r; i++) {
            g->dims[i] = (int64_t)rt_get_real(d.a, i);
            g->blk[i] = (int64_t)rt_get_real(d.a, r + i);
        }
        g->rank = (int)r;
        blk = true;
    } else {
        rt_error(rt, "parallel_do: the dimensions must be a number, a vector, or [dims, blockdims]");
    }
    for (int i = 0; i < g->rank; i++) {
        if (g->dims[i] < 0)
            rt_error(rt, "parallel_do: negative dimension %lld", (long long)g->dims[i]);
        if (blk && g->blk[i] < 1)
            rt_error(rt, "parallel_do: block dimensions must be positive");
        if (!blk) {
            /* CPU blocks: up to 256 threads, the last dimension widest; a divisor of dims */
            int64_t cap = i == g->rank - 1 ? (g->rank == 1 ? 256 : 32) : i == g->rank - 2 ? 8 : 1;
            g->blk[i] = g->dims[i] ? divisor_below(g->dims[i], cap) : 1;
        }
    }
    g->nthreads = 1;
    g->nblocks = 1;
    for (int i = 0; i < g->rank; i++) {
        g->cnt[i] = (g->dims[i] + g->blk[i] - 1) / g->blk[i];
        g->nthreads *= g->blk[i];
        g->nblocks *= g->cnt[i];
    }
}

/* ---------------------------------------------------------------- the launch */

typedef struct Launch {
    Rt *rt;
    RtFunc *f;
    FnInfo *fi;
    Node *fn;
    Grid g;
    Value *args;                /* the arguments after dims, without the kernel */
    Special *special;           /* per parameter */
    Value *outputs;             /* shared outputs (fi->noutputs) */
    Value **frames;             /* per thread of the lockstep group */
    int64_t nframes;
    bool *done;                 /* thread returned */
} Launch;

/* A special parameter's value for thread t of block b: an int for 1-D grids or a
 * parameter declared int, else an int vector. */
static Value special_value(Rt *rt, Launch *L, Special s, Node *param, const int64_t *pos, const int64_t *blkpos,
                           const int64_t *blkidx)
{
    if (s == SP_WARPSIZE)
        return rt_int(1);
    const int64_t *src = s == SP_POS ? pos : s == SP_BLKPOS ? blkpos : s == SP_BLKIDX ? blkidx
                       : s == SP_BLKDIM ? L->g.blk : L->g.cnt;
    bool scalar = L->g.rank == 1 || (param->type && param->type->kind == TY_NAME && !strcmp(param->type->name, "int"));
    if (scalar)
        return rt_int(src[0]);
    int64_t n = L->g.rank;
    Value v = rt_array_uninit(RT_I32, 1, &n);
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < L->g.rank; i++)
        ((int32_t *)v.a->data)[i] = (int32_t)src[i];
    return v;
}

/* Fill a fresh frame for one thread: captures, arguments, special parameters. */
static void bind_thread(Rt *rt, Launch *L, Value *frame, const int64_t *pos, const int64_t *blkpos,
                        const int64_t *blkidx)
{
    FnInfo *fi = L->fi;
    for (int i = 0; i < fi->ncaps; i++) {
        Value c = L->f->caps[i];
        rt_retain(c);
        frame[fi->cap_slot[i]] = c;
    }
    int k = 0;
    for (int i = 0; i < L->fn->args.n; i++) {
        Node *p = L->fn->args.items[i];
        Value *slot = &frame[fi->param_slot[fi->ngenerics + i]];
        if (L->special[i]) {
            *slot = special_value(rt, L, L->special[i], p, pos, blkpos, blkidx);
        } else {
            rt_retain(L->args[k]);
            *slot = L->args[k++];
            if (p->type)
                rt_type_coerce(rt, p->type, slot, p->name);
        }
    }
}

static void enter(Rt *rt, Launch *L, int64_t t)
{
    rt->frame = L->frames[t];
    for (int i = 0; i < L->fi->noutputs; i++) {
        Value *o = &rt->frame[L->fi->output_slot[i]];
        rt_retain(L->outputs[i]);
        rt_store(o, L->outputs[i]);
    }
}

static void leave(Rt *rt, Launch *L)
{
    for (int i = 0; i < L->fi->noutputs; i++) {
        Value *o = &rt->frame[L->fi->output_slot[i]];
        rt_retain(*o);
        rt_store(&L->outputs[i], *o);
    }
}

/* Run `l` for the threads in act[0..n) in lockstep (see the banner). */
static void lockstep(Rt *rt, Launch *L, NodeList *l, int64_t *act, int64_t n);

static void run_each(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        int64_t t = act[i];
        if (L->done[t])
            continue;
        enter(rt, L, t);
        int f = rt_exec_stmt(rt, s);
        leave(rt, L);
        if (f == RT_FLOW_RETURN)
            L->done[t] = true;
    }
}

/* Threads still running: those not done, compacted into `out`. */
static int64_t alive(Launch *L, const int64_t *act, int64_t n, int64_t *out)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (!L->done[act[i]])
            out[k++] = act[i];
    return k;
}

static bool cond_of(Rt *rt, Launch *L, Node *c, int64_t t)
{
    enter(rt, L, t);
    Value *v = rt_push(rt, 1);
    rt_eval(rt, c, v);
    bool r = rt_truth(rt, *v);
    rt_pop_to(rt, v);
    leave(rt, L);
    return r;
}

static void lockstep_if(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    int64_t *rest = malloc((size_t)(n ? n : 1) * sizeof *rest);
    int64_t *take = malloc((size_t)(n ? n : 1) * sizeof *take);
    if (!rest || !take) {
        free(rest), free(take);
        rt_out_of_memory(rt);
    }
    int64_t nrest = alive(L, act, n, rest);
    for (int a = 0; a < s->args.n && nrest; a++) {
        Node *arm = s->args.items[a];
        int64_t nt = 0, nr = 0;
        for (int64_t i = 0; i < nrest; i++) {
            if (!arm->a || cond_of(rt, L, arm->a, rest[i]))
                take[nt++] = rest[i];
            else
                rest[nr++] = rest[i];
        }
        nrest = nr;
        if (nt)
            lockstep(rt, L, &arm->body, take, nt);
    }
    free(rest);
    free(take);
}

static void lockstep_loop(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    int64_t *live = malloc((size_t)(n ? n : 1) * sizeof *live);
    if (!live)
        rt_out_of_memory(rt);
    int64_t nl = alive(L, act, n, live);
    if (s->kind == N_FOR) {
        /* every thread evaluates its own range; they iterate together */
        if (s->a->kind != N_RANGE) {
            free(live);
            rt_error(rt, "a loop around syncthreads must run over a range");
        }
        int64_t iter = 0;
        for (;;) {
            int64_t k = 0;
            for (int64_t i = 0; i < nl; i++) {
                int64_t t = live[i];
                enter(rt, L, t);
                Value *v = rt_push(rt, 3);
                rt_eval(rt, s->a->a, &v[0]);
                if (s->a->b)
                    rt_eval(rt, s->a->b, &v[1]);
                else
                    v[1] = rt_int(1);
                rt_eval(rt, s->a->c, &v[2]);
                double a = rt_to_real(rt, v[0], "the start of a range");
                double st = rt_to_real(rt, v[1], "the step of a range");
                double b = rt_to_real(rt, v[2], "the end of a range");
                bool ints = v[0].kind == V_INT && v[1].kind == V_INT;
                rt_pop_to(rt, v);
                double x = a + (double)iter * st;
                if (st != 0 && (st > 0 ? x <= b + 1e-9 : x >= b - 1e-9)) {
                    Value *var = s->bind == RT_BIND_LOCAL ? &rt->frame[s->slot] : &rt->globals[s->slot];
                    rt_store(var, ints ? rt_int((int64_t)x) : rt_real(rt_round(rt, x)));
                    live[k++] = t;
                }
                leave(rt, L);
            }
            if (!k)
                break;
            lockstep(rt, L, &s->body, live, k);
            nl = alive(L, live, k, live);
            iter++;
        }
    } else {
        for (;;) {
            if (s->kind == N_WHILE) {
                int64_t k = 0;
                for (int64_t i = 0; i < nl; i++)
                    if (cond_of(rt, L, s->a, live[i]))
                        live[k++] = live[i];
                nl = k;
            }
            if (!nl)
                break;
            lockstep(rt, L, &s->body, live, nl);
            nl = alive(L, live, nl, live);
            if (s->kind == N_REPEAT) {
                int64_t k = 0;
                for (int64_t i = 0; i < nl; i++)
                    if (!cond_of(rt, L, s->a, live[i]))
                        live[k++] = live[i];
                nl = k;
                if (!nl)
                    break;
            }
        }
    }
    free(live);
}

static void lockstep(Rt *rt, Launch *L, NodeList *l, int64_t *act, int64_t n)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        bool grid = false;
        rt->cur = s;
        if (!has_barrier(s, &grid)) {
            run_each(rt, L, s, act, n);
            continue;
        }
        switch (s->kind) {
        case N_SYNCTHREADS:
            break;      /* every thread has finished the statements before it */
        case N_IF:
            lockstep_if(rt, L, s, act, n);
            break;
        case N_FOR:
        case N_WHILE:
        case N_REPEAT:
            lockstep_loop(rt, L, s, act, n);
            break;
        default:
            rt_error(rt, "syncthreads is only allowed as a statement, in if, for, while and repeat");
        }
    }
}

/* ---------------------------------------------------------------- parallel_do */

static void unpack(const Grid *g, int64_t k, const int64_t *cnt, int64_t *out)
{
    for (int d = g->rank - 1; d >= 0; d--) {
        out[d] = k % cnt[d];
        k /= cnt[d];
    }
}

static bool inside(const Grid *g, const int64_t *pos)
{
    for (int d = 0; d < g->rank; d++)
        if (pos[d] >= g->dims[d])
            return false;
    return true;
}

/* One group of threads in lockstep: a block, or the whole grid for syncthreads(grid). */
static void run_group(Rt *rt, Launch *L, int64_t first_block, int64_t nblocks)
{
    FnInfo *fi = L->fi;
    int64_t total = L->g.nthreads * nblocks;
    Value *base = rt->sp;
    L->frames = malloc((size_t)total * sizeof *L->frames);
    int64_t *act = malloc((size_t)total * sizeof *act);
    L->done = calloc((size_t)total, sizeof *L->done);
    if (!L->frames || !act || !L->done) {
        free(L->frames), free(act), free(L->done);
        L->frames = NULL, L->done = NULL;
        rt_out_of_memory(rt);
    }
    int64_t n = 0;
    int64_t blkidx[RT_MAX_DIMS], blkpos[RT_MAX_DIMS], pos[RT_MAX_DIMS];
    for (int64_t b = 0; b < nblocks; b++) {
        unpack(&L->g, first_block + b, L->g.cnt, blkidx);
        for (int64_t t = 0; t < L->g.nthreads; t++) {
            unpack(&L->g, t, L->g.blk, blkpos);
            for (int d = 0; d < L->g.rank; d++)
                pos[d] = blkidx[d] * L->g.blk[d] + blkpos[d];
            Value *frame = rt_push(rt, fi->nslots);
            bind_thread(rt, L, frame, pos, blkpos, blkidx);
            L->frames[n] = frame;
            L->done[n] = !inside(&L->g, pos);
            act[n] = n;
            n++;
        }
    }
    L->nframes = n;
    rt_kernel_new_block(rt);
    lockstep(rt, L, &L->fn->body, act, n);
    free(act);
    free(L->frames);
    free(L->done);
    L->frames = NULL;
    L->done = NULL;
    rt_pop_to(rt, base);
}

/* Threads one after the other (no barriers): one frame reused per thread. */
static void run_serial(Rt *rt, Launch *L)
{
    FnInfo *fi = L->fi;
    int64_t blkidx[RT_MAX_DIMS], blkpos[RT_MAX_DIMS], pos[RT_MAX_DIMS];
    Value *base = rt->sp;
    Value *one[1];
    bool done = false;
    L->frames = one;        /* one slot, pointed at each frame in turn */
    L->done = &done;
    for (int64_t b = 0; b < L->g.nblocks; b++) {
        unpack(&L->g, b, L->g.cnt, blkidx);
        rt_kernel_new_block(rt);
        for (int64_t t = 0; t < L->g.nthreads; t++) {
            unpack(&L->g, t, L->g.blk, blkpos);
            for (int d = 0; d < L->g.rank; d++)
                pos[d] = blkidx[d] * L->g.blk[d] + blkpos[d];
            if (!inside(&L->g, pos))
                continue;
            Value *frame = rt_push(rt, fi->nslots);
            bind_thread(rt, L, frame, pos, blkpos, blkidx);
            L->frames[0] = frame;
            enter(rt, L, 0);
            if (L->fn->kind == N_LAMBDA) {
                Value *v = rt_push(rt, 1);
                rt_eval(rt, L->fn->a, v);
            } else {
                rt_exec_list(rt, &L->fn->body);
            }
            leave(rt, L);
            rt_pop_to(rt, base);
        }
    }
    L->frames = NULL;
    L->done = NULL;
}

/* A zero of an output's declared type: the start of an accumulation. */
static Value output_zero(Rt *rt, Node *o)
{
    LangType *t = o->type;
    if (t && t->kind == TY_NAME && !strcmp(t->name, "int"))
        return rt_int(0);
    if (t && t->kind == TY_NAME && !strcmp(t->name, "cscalar"))
        return rt_number(rt, (RtC64){0, 0}, true);
    return rt_real(0);
}

void lib_parallel_do(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    Value kv = argv[argc - 1];
    if (kv.kind != V_FUNC || !(kv.f->node->flags & NODE_KERNEL))
        rt_error(rt, "parallel_do: the last argument must be a __kernel__ function");
    Launch L = {.rt = rt, .f = kv.f, .fn = kv.f->node, .fi = kv.f->node->rt, .args = argv + 1};
    read_dims(rt, argv[0], &L.g);
    Node *fn = L.fn;
    Special special[RT_MAX_ARGS];
    int nspecial = 0;
    for (int i = 0; i < fn->args.n && i < RT_MAX_ARGS; i++) {
        special[i] = special_of(((Node *)fn->args.items[i])->name);
        nspecial += special[i] != SP_NONE;
    }
    L.special = special;
    int want = fn->args.n - nspecial, given = argc - 2;
    if (want != given)
        rt_error(rt, "parallel_do: '%s' takes %d argument%s besides its special parameters, %d given",
                 fn->kind == N_FUNCTION ? fn->name : "the kernel", want, want == 1 ? "" : "s", given);
    int nouts = fn->kind == N_FUNCTION ? fn->args2.n : 0;
    if (nout > 1 && nout > nouts)
        rt_error(rt, "parallel_do: the kernel returns %d value%s, %d requested", nouts, nouts == 1 ? "" : "s", nout);
    Value *outputs = rt_push(rt, nouts + 1);
    for (int i = 0; i < nouts; i++)
        outputs[i] = output_zero(rt, fn->args2.items[i]);
    L.outputs = outputs;

    RtKernelCtx ctx = {.name = fn->kind == N_FUNCTION ? fn->name : "kernel", .up = rt->kernel};
    Value *saved_frame = rt->frame;
    RtModule *saved_mod = rt->cur_mod;
    RtCall call = {.up = rt->call, .name = ctx.name, .fn = fn, .mod = kv.f->mod, .site = rt->cur,
                   .site_mod = rt->cur_mod};
    rt->call = &call;
    rt->kernel = &ctx;
    rt->cur_mod = kv.f->mod;
    bool grid = false;
    bool barriers = fn->kind == N_FUNCTION && list_has_barrier(&fn->body, &grid);
    if (!barriers) {
        run_serial(rt, &L);
    } else if (grid) {
        if (L.g.nthreads * L.g.nblocks > KERNEL_MAX_LOCKSTEP)
            rt_error(rt, "syncthreads(grid) over more than %d threads is not supported by the interpreter",
                     KERNEL_MAX_LOCKSTEP);
        run_group(rt, &L, 0, L.g.nblocks);
    } else {
        for (int64_t b = 0; b < L.g.nblocks; b++)
            run_group(rt, &L, b, 1);
    }
    rt_kernel_free_shared(rt, &ctx);
    rt->kernel = ctx.up;
    rt->call = call.up;
    rt->frame = saved_frame;
    rt->cur_mod = saved_mod;
    for (int i = 0; i < nouts && i < (nout ? nout : 1); i++) {
        out[i] = outputs[i];
        outputs[i] = rt_undef();
    }
    rt_pop_to(rt, outputs);
}

/* ---------------------------------------------------------------- shared memory */

/* shared(dims…) / shared_zeros(dims…): one array per block and call site. */
static void shared_alloc(Rt *rt, int argc, Value *argv, Value *out, bool zero)
{
    int64_t dims[RT_MAX_DIMS];
    int rank = rt_dims_arg(rt, argc, argv, dims);
    RtElem e = rt->shared_elem ? (RtElem)(rt->shared_elem - 1) : rt_scalar_elem(rt);
    rt->shared_elem = 0;
    RtKernelCtx *k = rt->kernel;
    if (k) {
        for (RtShared *s = k->shared; s; s = s->next)
            if (s->site == rt->cur && s->block == k->block) {
                rt_retain(s->value);
                out[0] = s->value;
                return;
            }
    }
    out[0] = zero || !k ? rt_array_new(e, rank, dims) : rt_array_uninit(e, rank, dims);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    if (k) {
        RtShared *s = calloc(1, sizeof *s);
        if (!s)
            rt_out_of_memory(rt);
        s->site = rt->cur;
        s->block = k->block;
        rt_retain(out[0]);
        s->value = out[0];
        s->next = k->shared;
        k->shared = s;
    }
}

void lib_shared(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    shared_alloc(rt, argc, argv, out, false);
}

void lib_shared_zeros(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    shared_alloc(rt, argc, argv, out, true);
}

void rt_kernel_new_block(Rt *rt)
{
    if (rt->kernel) {
        rt_kernel_free_shared(rt, rt->kernel);
        rt->kernel->block++;
    }
}

void rt_kernel_free_shared(Rt *rt, RtKernelCtx *k)
{
    (void)rt;
    while (k->shared) {
        RtShared *next = k->shared->next;
        rt_release(k->shared->value);
        free(k->shared);
        k->shared = next;
    }
}

/* ---------------------------------------------------------------- block sizes */

static void block_of(Rt *rt, int argc, Value *argv, Value *out, bool opt)
{
    /* max_block_size(kernel, dims) / opt_block_size(kernel, dims): on the CPU any block
     * fits; the answer is the block parallel_do would choose, as a vector */
    Grid g;
    memset(&g, 0, sizeof g);
    if (argc < 2) {
        out[0] = rt_int(opt ? 256 : 1024);
        return;
    }
    read_dims(rt, argv[1], &g);
    int64_t r = g.rank;
    out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < g.rank; i++)
        rt_set_real(out[0].a, i, (double)(opt ? g.blk[i] : g.dims[i] < g.blk[i] ? g.blk[i] : g.blk[i]), false);
}

void lib_max_block_size(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    block_of(rt, argc, argv, out, false);
}

void lib_opt_block_size(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    block_of(rt, argc, argv, out, true);
}

void lib_opt_block_cnt(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    Grid g;
    memset(&g, 0, sizeof g);
    read_dims(rt, argv[argc - 1], &g);
    int64_t r = g.rank;
    out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < g.rank; i++)
        rt_set_real(out[0].a, i, (double)g.cnt[i], false);
}

void lib_memfence(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    /* one thread runs at a time in the interpreter: every write is already visible */
    (void)rt, (void)argc, (void)argv, (void)nout, (void)out;
}

void lib_serial_do(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    lib_parallel_do(rt, argc, argv, nout, out);
}
