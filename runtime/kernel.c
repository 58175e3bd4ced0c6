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
#include "kernels/qp_kernel.h"
#include "lang/codegen.h"
#include "runtime/cpu/jit.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <stdlib.h>
#include <string.h>

#define KERNEL_MAX_LOCKSTEP (1 << 16)  /* threads kept alive at once for barriers */

typedef enum Special { SP_NONE, SP_POS, SP_BLKPOS, SP_BLKIDX, SP_BLKDIM, SP_BLKCNT, SP_WARPSIZE, SP_GROUP } Special;

#define KERNEL_WARP 32          /* the warp of cooperative groups, as on NVIDIA GPUs */

static Special special_of(const char *name)
{
    static const char *const names[] = {"", "pos", "blkpos", "blkidx", "blkdim", "blkcnt", "warpsize"};
    for (int i = 1; i < (int)(sizeof names / sizeof *names); i++)
        if (!strcmp(names[i], name))
            return (Special)i;
    if (!strcmp(name, "warpSize"))
        return SP_WARPSIZE;
    if (!strcmp(name, "coalesced_threads") || !strcmp(name, "this_thread_block") || !strcmp(name, "this_grid") ||
        !strcmp(name, "this_multi_grid"))
        return SP_GROUP;        /* cooperative groups (spec 000): thread_block objects */
    return SP_NONE;
}

/* A method of a cooperative group that exchanges values between its threads. */
static bool is_group_method(Node *n)
{
    if (n->kind != N_CALL || n->a->kind != N_FIELD || n->a->a->kind != N_IDENT ||
        special_of(n->a->a->name) != SP_GROUP)
        return false;
    static const char *const m[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor", "all", "any", "ballot", "sync",
                                    "match_any", "match_all", "partition"};
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        if (!strcmp(n->a->name, m[i]))
            return true;
    return false;
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
    if (is_group_method(n))
        return true;        /* a shuffle: every thread of the group takes part together */
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

/* The length of a fixed-length vector type (vec3, ivec2 …), or 0. */
static int fixed_vec_len(const LangType *t)
{
    if (!t || t->kind != TY_NAME)
        return 0;
    const char *s = t->name[0] == 'i' ? t->name + 1 : t->name;
    if (strncmp(s, "vec", 3) || s[3] < '1' || s[3] > '4' || s[4])
        return 0;
    return s[3] - '0';
}

/* A kernel whose pos is declared longer than the dims it is launched over (pos : vec3
 * over size(img) of a matrix) sees the missing trailing dimensions as size 1, the way a
 * matrix is a cube of one channel: pos[2] is 0. Real programs launch 3-D kernels over
 * matrices this way. */
static void pad_grid(Grid *g, Node *fn, const Special *special)
{
    for (int i = 0; i < fn->args.n && i < RT_MAX_ARGS; i++) {
        int len = special[i] == SP_POS ? fixed_vec_len(((Node *)fn->args.items[i])->type) : 0;
        for (; g->rank < len; g->rank++) {
            g->dims[g->rank] = g->blk[g->rank] = g->cnt[g->rank] = 1;
        }
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

/* A thread_block object (spec 000 "Cooperative groups"): thread_idx, size and active_mask
 * (every thread of a group is active: the kernels run them in lockstep). */
static Value group_object(Rt *rt, int64_t idx, int64_t size)
{
    Value o = rt_object_new(NULL, 0);
    if (o.kind == V_UNDEF)
        rt_out_of_memory(rt);
    Value *f = rt_object_add_field(o.obj, "thread_idx");
    Value *g2 = f ? rt_object_add_field(o.obj, "size") : NULL;
    Value *g3 = g2 ? rt_object_add_field(o.obj, "active_mask") : NULL;
    if (!g3) {
        rt_release(o);
        rt_out_of_memory(rt);
    }
    *f = rt_int(idx);
    *g2 = rt_int(size);
    *g3 = rt_int(size < 63 ? ((int64_t)1 << size) - 1 : -1);
    return o;
}

/* A special parameter's value for thread t of block b: an int for 1-D grids or a
 * parameter declared int, else an int vector. */
static Value special_value(Rt *rt, Launch *L, Special s, Node *param, const int64_t *pos, const int64_t *blkpos,
                           const int64_t *blkidx)
{
    if (s == SP_WARPSIZE)
        return rt_int(1);
    if (s == SP_GROUP) {
        /* thread_idx and size of the group: a warp of 32, the block, or the grid */
        int64_t t = 0, nb = 1;
        for (int d = 0; d < L->g.rank; d++)
            t = t * L->g.blk[d] + blkpos[d];
        int64_t idx = t, size = L->g.nthreads;
        if (!strcmp(param->name, "coalesced_threads")) {
            idx = t % KERNEL_WARP;
            size = L->g.nthreads - (t - idx) < KERNEL_WARP ? L->g.nthreads - (t - idx) : KERNEL_WARP;
        } else if (strcmp(param->name, "this_thread_block")) {
            for (int d = 0; d < L->g.rank; d++)
                nb *= L->g.cnt[d];
            int64_t b = 0;
            for (int d = 0; d < L->g.rank; d++)
                b = b * L->g.cnt[d] + blkidx[d];
            idx = b * L->g.nthreads + t;
            size = nb * L->g.nthreads;
        }
        return group_object(rt, idx, size);
    }
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

/* The access mode written on a parameter's type (x : cube'mirror), or -1. */
static int declared_mode(LangType *t)
{
    static const char *const names[] = {"", "checked", "safe", "mirror", "circular", "clamped", "unchecked"};
    for (int i = 0; t && i < t->nmods; i++)
        for (int m = 1; m < (int)(sizeof names / sizeof *names); m++)
            if (!strcmp(t->mods[i], names[m]))
                return m;
    return -1;
}

/* Does the type's element saturate (mat[uint8'sat])? */
static bool saturating(LangType *t)
{
    if (!t || !t->has_elems || !t->nelems || !t->elems[0])
        return false;
    for (int i = 0; i < t->elems[0]->nmods; i++)
        if (!strcmp(t->elems[0]->mods[i], "sat"))
            return true;
    return false;
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
    rt_bind_instance(L->f, fi, frame);
    int k = 0;
    for (int i = 0; i < L->fn->args.n; i++) {
        Node *p = L->fn->args.items[i];
        Value *slot = &frame[fi->param_slot[fi->ngenerics + i]];
        if (L->special[i]) {
            *slot = special_value(rt, L, L->special[i], p, pos, blkpos, blkidx);
        } else {
            rt_retain(L->args[k]);
            *slot = L->args[k++];
            if (p->type) {
                rt_type_coerce(rt, p->type, slot, p->name);
                int m = declared_mode(p->type);
                if (m >= 0 && slot->kind == V_ARRAY)
                    slot->mode = (uint32_t)m | (slot->mode & RT_MODE_SAT);
                if (saturating(p->type) && slot->kind == V_ARRAY)
                    slot->mode |= RT_MODE_SAT;
            }
        }
    }
}

static void enter(Rt *rt, Launch *L, int64_t t)
{
    rt->frame = L->frames[t];
    rt->kernel->thread = t;
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

/* Calls of group methods in a statement, depth-first. */
static void group_calls(Node *n, Node **out, int *k, int cap)
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return;
    if (is_group_method(n) && *k < cap)
        out[(*k)++] = n;
    group_calls(n->a, out, k, cap);
    group_calls(n->b, out, k, cap);
    group_calls(n->c, out, k, cap);
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < lists[j]->n; i++)
            group_calls(lists[j]->items[i], out, k, cap);
}

/* A statement with shuffles (v += g.shfl_down(v, 16)): every thread first evaluates the
 * value it offers at each call, then each runs the statement reading the offered value of
 * its source lane, as the threads of a warp do in one instruction. */
static void run_shuffled(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    Node *calls[16];
    int nc = 0;
    group_calls(s, calls, &nc, 16);
    RtKernelCtx *k = rt->kernel;
    Value *base = rt->sp;
    for (int c = 0; c < nc; c++) {
        RtShuffle *sh = calloc(1, sizeof *sh);
        if (!sh)
            rt_out_of_memory(rt);
        sh->site = calls[c];
        sh->n = L->nframes;
        sh->next = k->shuffles;
        k->shuffles = sh;
        sh->vals = rt_push(rt, (int)L->nframes);
        if (!calls[c]->args.n)
            continue;
        for (int64_t i = 0; i < n; i++) {
            int64_t t = act[i];
            if (L->done[t])
                continue;
            enter(rt, L, t);
            rt_eval(rt, calls[c]->args.items[0], &sh->vals[t]);
            leave(rt, L);
        }
    }
    k->nthreads = L->nframes;
    run_each(rt, L, s, act, n);
    while (k->shuffles) {
        RtShuffle *next = k->shuffles->next;
        free(k->shuffles);
        k->shuffles = next;
    }
    rt_pop_to(rt, base);
}

/* g.partition(n): the tile of n threads holding this thread (thread_idx within it). */
static Value partition(Rt *rt, Node *n)
{
    if (n->args.n != 1)
        rt_error(rt, "'partition(size)' takes one argument");
    Value *v = rt_push(rt, 2);
    rt_eval(rt, n->a->a, &v[0]);
    rt_eval(rt, n->args.items[0], &v[1]);
    int64_t size = rt_to_int(rt, v[1], "the partition size");
    Value *idx = v[0].kind == V_OBJECT ? rt_object_field(v[0].obj, "thread_idx") : NULL;
    if (size < 1 || !idx || idx->kind != V_INT)
        rt_error(rt, "partition needs a thread block and a positive size");
    Value r = group_object(rt, idx->i % size, size);
    rt_pop_to(rt, v);
    return r;
}

/* match_any: the mask of the group's threads whose value equals this thread's; match_all:
 * the mask of all of them when every value is equal, else 0. */
static int64_t match_mask(Rt *rt, const RtShuffle *sh, int64_t first, int64_t last, int64_t t, bool all)
{
    double mine = rt_to_real(rt, sh->vals[t], "the value");
    int64_t mask = 0, every = 0;
    bool same = true;
    for (int64_t u = first; u < last; u++) {
        if (sh->vals[u].kind == V_UNDEF)
            continue;
        bool eq = rt_to_real(rt, sh->vals[u], "the value") == mine;
        same &= eq;
        if (u - first < 63) {
            every |= (int64_t)1 << (u - first);
            if (eq)
                mask |= (int64_t)1 << (u - first);
        }
    }
    return all ? (same ? every : 0) : mask;
}

/* Evaluate a group method for the current thread (interp.c calls it for g.name(…) inside
 * kernels); false when n is not one. */
bool rt_kernel_method(Rt *rt, Node *n, Value *dst)
{
    RtKernelCtx *k = rt->kernel;
    if (!k || !is_group_method(n))
        return false;
    const char *m = n->a->name;
    if (!strcmp(m, "sync")) {
        *dst = rt_undef();
        return true;
    }
    if (!strcmp(m, "partition")) {
        *dst = partition(rt, n);
        return true;
    }
    RtShuffle *sh = k->shuffles;
    while (sh && sh->site != n)
        sh = sh->next;
    if (!sh)
        rt_error(rt, "'%s' must be a statement's own expression in a kernel", m);
    int64_t t = k->thread;
    const char *g = n->a->a->name;
    int64_t width = !strcmp(g, "coalesced_threads") ? KERNEL_WARP : k->nthreads;
    int64_t first = t - t % width, lane = t - first;
    int64_t last = first + width < sh->n ? first + width : sh->n;   /* one past the group */
    if (!strcmp(m, "all") || !strcmp(m, "any") || !strcmp(m, "ballot")) {
        int64_t all = 1, any = 0, mask = 0;
        for (int64_t u = first; u < last; u++) {
            if (sh->vals[u].kind == V_UNDEF)
                continue;
            bool b = rt_truth(rt, sh->vals[u]);
            all &= b;
            any |= b;
            if (b && u - first < 63)
                mask |= (int64_t)1 << (u - first);
        }
        *dst = rt_int(m[1] == 'l' ? all : m[1] == 'n' ? any : mask);
        return true;
    }
    if (!strcmp(m, "match_any") || !strcmp(m, "match_all")) {
        *dst = rt_int(match_mask(rt, sh, first, last, t, !strcmp(m, "match_all")));
        return true;
    }
    if (n->args.n != 2)
        rt_error(rt, "'%s(value, lane)' takes two arguments", m);
    Value *d = rt_push(rt, 1);
    rt_eval(rt, n->args.items[1], d);
    int64_t x = rt_to_int(rt, *d, "the lane");
    rt_pop_to(rt, d);
    int64_t src = !strcmp(m, "shfl") ? ((x % width) + width) % width
                : !strcmp(m, "shfl_up") ? lane - x
                : !strcmp(m, "shfl_down") ? lane + x
                : lane ^ x;
    if (src < 0 || first + src >= last || sh->vals[first + src].kind == V_UNDEF)
        src = lane;     /* outside the group: the thread keeps its own value (CUDA) */
    Value v = sh->vals[first + src];
    rt_retain(v);
    *dst = v;
    return true;
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
        Node *gc[1];
        int ngc = 0;
        group_calls(s, gc, &ngc, 1);
        if (ngc && s->kind != N_IF && s->kind != N_FOR && s->kind != N_WHILE && s->kind != N_REPEAT) {
            run_shuffled(rt, L, s, act, n);
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

/* ---------------------------------------------------------------- compiled kernels */

typedef void (*RtKernelEntry)(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo,
                              int64_t hi, qp_status *status);

/* A kernel specialised for one combination of argument types, compiled (or found not
 * compilable: entry NULL, so the question is not asked again). */
typedef struct RtCompiled {
    struct RtCompiled *next;
    Node *fn;
    int rank, nparams;
    int grid_fixed[4], may_alias;
    LangKParam params[RT_MAX_ARGS];
    RtKernelEntry entry;
} RtCompiled;

static const char *mode_name(int m)
{
    static const char *const names[] = {"safe", "checked", "mirror", "circular", "clamped", "unchecked"};
    return names[m];
}

static int lang_mode(int rtmode)
{
    switch (rtmode) {
    case RT_MODE_CHECKED: return LANG_KMODE_CHECKED;
    case RT_MODE_MIRROR: return LANG_KMODE_MIRROR;
    case RT_MODE_CIRCULAR: return LANG_KMODE_CIRCULAR;
    case RT_MODE_CLAMPED: return LANG_KMODE_CLAMPED;
    case RT_MODE_UNCHECKED: return LANG_KMODE_UNCHECKED;
    default: return LANG_KMODE_SAFE;
    }
}

/* vec3, ivec2 …: a declared fixed length, or 0. */
static int fixed_len(LangType *t, bool *ints)
{
    if (!t || t->kind != TY_NAME)
        return 0;
    const char *n = t->name;
    *ints = n[0] == 'i';
    if (*ints)
        n++;
    if (strncmp(n, "vec", 3) || n[3] < '1' || n[3] > '9')
        return 0;
    return atoi(n + 3);
}

/* The codegen type of one argument, or false when it cannot be compiled. */
static bool arg_type(Rt *rt, Node *p, Value v, LangKType *t)
{
    memset(t, 0, sizeof *t);
    bool ints = false;
    int n = fixed_len(p ? p->type : NULL, &ints);
    switch (v.kind) {
    case V_INT: t->kind = LK_INT; return true;
    case V_SCALAR: t->kind = LK_REAL; return true;
    case V_COMPLEX: t->kind = LK_CPLX; return true;
    case V_FUNC: t->kind = LK_FUNC; t->fn = v.f->node; return v.f->ncaps == 0;
    case V_ARRAY: {
        RtArray *a = v.a;
        bool sat = (v.mode & RT_MODE_SAT) || (p && saturating(p->type));
        if (a->elem == RT_VALUE || a->rank > 4 || (sat && (a->elem == RT_I64 || a->elem == RT_U64)))
            return false;   /* 64-bit saturating writes run in the interpreter */
        if (rt_elem_is_complex(a->elem) && (a->elem != rt_complex_elem(rt) || n > 0))
            return false;   /* complex arrays of the other precision are interpreted */
        t->sat = sat && rt_elem_is_int(a->elem);
        if (n > 0 && a->rank == 1 && a->n == n && n <= 64) {
            t->kind = LK_VEC;
            t->n = n;
            t->elem = ints ? LKE_I32 : rt->opt.dbl ? LKE_F64 : LKE_F32;
            return true;
        }
        t->kind = LK_ARRAY;
        t->elem = (LangKElem)a->elem;      /* ORDER ELEM: the same order */
        t->rank = a->rank;
        if (a->rank > 1 && a->dims[a->rank - 1] <= 4)
            t->fixed[a->rank - 1] = (int)a->dims[a->rank - 1];     /* channels: baked, loops unroll */
        if (a->rank == 1 && a->n >= 1 && a->n <= 4)
            t->fixed[0] = (int)a->n;        /* a short vector (the spec's `dir`): also a value */
        int m = p ? declared_mode(p->type) : -1;
        t->mode = lang_mode(m >= 0 ? m : (int)(v.mode & RT_MODE_MASK));
        return true;
    }
    default: return false;
    }
}

/* Device functions a kernel calls by name: the global holding them. */
static Node *lookup_fn(void *ctx, const char *name)
{
    Rt *rt = ctx;
    int i = rt_global_find(rt, name);
    if (i < 0 || rt->globals[i].kind != V_FUNC)
        return NULL;
    /* captures must be functions: those are found by name again when it is generated */
    RtFunc *f = rt->globals[i].f;
    for (int k = 0; k < f->ncaps; k++)
        if (f->caps[k].kind != V_FUNC && f->caps[k].kind != V_UNDEF)
            return NULL;
    return f->node;
}

typedef struct RowJob {
    RtKernelEntry entry;
    const qp_arg *args;
    const int64_t *dims, *blk;
    qp_status status;
} RowJob;

static void run_rows(void *ctx, int64_t lo, int64_t hi)
{
    RowJob *j = ctx;
    j->entry(j->args, j->dims, j->blk, lo, hi, &j->status);
}

/* The first statement or expression of n's body on `line`, for error locations. */
static Node *node_at_line(Node *n, int line)
{
    if (!n)
        return NULL;
    if (n->loc.line == line && n->kind != N_FUNCTION && n->kind != N_LAMBDA)
        return n;
    Node *kids[] = {n->a, n->b, n->c};
    for (int i = 0; i < 3; i++) {
        Node *r = node_at_line(kids[i], line);
        if (r)
            return r;
    }
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++) {
            Node *r = node_at_line(lists[k]->items[i], line);
            if (r)
                return r;
        }
    return NULL;
}

/* Compile the kernel for these arguments (once per type combination) and run it on the
 * thread pool. False when it must run in the interpreter. */
static bool run_compiled(Rt *rt, Launch *L, RtFunc *f, bool barriers)
{
    FnInfo *fi = L->fi;
    Node *fn = L->fn;
    if (!rt_jit_available()) {
        if (!rt->jit_warned) {
            char why[256];
            rt_jit_unavailable_reason(why, sizeof why);
            rt->jit_warned = true;
            rt_warn(rt, "no usable C compiler (%s): kernels run in the interpreter", why);
        }
        return false;
    }
    if (L->g.rank > 4 || fi->ncaps + fn->args.n + L->f->ngen > RT_MAX_ARGS)
        return false;
    LangKParam params[RT_MAX_ARGS];
    Value vals[RT_MAX_ARGS];
    int np = 0, k = 0;
    for (int i = 0; i < fn->args.n; i++) {
        Node *p = fn->args.items[i];
        LangKParam *q = &params[np];
        memset(q, 0, sizeof *q);
        q->name = p->name;
        if (L->special[i]) {
            if (L->special[i] == SP_GROUP)
                return false;
            static const int map[] = {0, LANG_KSPEC_POS, LANG_KSPEC_BLKPOS, LANG_KSPEC_BLKIDX, LANG_KSPEC_BLKDIM,
                                      LANG_KSPEC_BLKCNT, LANG_KSPEC_WARPSIZE, 0};
            q->special = map[L->special[i]];
            bool scalar = L->g.rank == 1 || (p->type && p->type->kind == TY_NAME && !strcmp(p->type->name, "int"));
            q->type.kind = scalar ? LK_INT : LK_VEC;
            q->type.elem = LKE_I32;
            q->type.n = L->g.rank;
        } else {
            vals[np] = L->args[k++];
            if (!arg_type(rt, p, vals[np], &q->type))
                return false;
        }
        np++;
    }
    for (int i = 0; i < fi->ncaps; i++) {
        LangKParam *q = &params[np];
        memset(q, 0, sizeof *q);
        q->name = fi->cap_names[i];
        vals[np] = L->f->caps[i];
        if (!arg_type(rt, NULL, vals[np], &q->type))
            return false;
        np++;
    }
    /* generic values of an instance k[N]: arguments of the kernel like its captures */
    for (int i = 0; i < L->f->ngen && i < fn->args3.n; i++) {
        LangKParam *q = &params[np];
        memset(q, 0, sizeof *q);
        q->name = ((Node *)fn->args3.items[i])->name;
        vals[np] = L->f->gen[i];
        if (!arg_type(rt, NULL, vals[np], &q->type))
            return false;
        np++;
    }
    /* small inner grid dims are baked into the code; aliasing arrays lose restrict */
    int grid_fixed[4] = {0};
    for (int d = 1; d < L->g.rank; d++)
        if (L->g.dims[d] <= 4)
            grid_fixed[d] = (int)L->g.dims[d];
    int may_alias = 0;
    for (int i = 0; i < np; i++)
        for (int j = i + 1; j < np; j++)
            if (params[i].type.kind == LK_ARRAY && params[j].type.kind == LK_ARRAY &&
                vals[i].a->buf == vals[j].a->buf)
                may_alias = 1;
    /* the specialisation: found, or generated and compiled now */
    RtCompiled *c = rt->compiled;
    for (; c; c = c->next)
        if (c->fn == fn && c->rank == L->g.rank && c->nparams == np && c->may_alias == may_alias &&
            !memcmp(c->grid_fixed, grid_fixed, sizeof grid_fixed) &&
            !memcmp(c->params, params, (size_t)np * sizeof *params))
            break;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c)
            rt_out_of_memory(rt);
        c->fn = fn;
        c->rank = L->g.rank;
        c->nparams = np;
        c->may_alias = may_alias;
        memcpy(c->grid_fixed, grid_fixed, sizeof grid_fixed);
        memcpy(c->params, params, (size_t)np * sizeof *params);
        c->next = rt->compiled;
        rt->compiled = c;
        LangKernelSpec spec = {.fn = fn, .file = f->mod->m->src.name, .rank = L->g.rank, .dbl = rt->opt.dbl,
                               .params = params, .nparams = np, .lookup = lookup_fn, .ctx = rt,
                               .may_alias = may_alias};
        memcpy(spec.grid_fixed, grid_fixed, sizeof grid_fixed);
        char why[512];
        char *text = lang_kernel_c(&spec, why, sizeof why);
        const char *name = fn->kind == N_FUNCTION ? fn->name : "lambda";
        if (!text) {
            if (rt->opt.verbose)
                fprintf(stderr, "qpipe: kernel '%s' runs in the interpreter: %s\n", name, why);
            return false;
        }
        if (rt->opt.emit)
            fprintf(rt->opt.emit, "%s\n", text);
        char err[1024];
        int compiled_before, cached_before, compiled_after, cached_after;
        rt_jit_stats(&compiled_before, &cached_before);
        c->entry = (RtKernelEntry)rt_jit_symbol(name, text, barriers ? "qpk_blocks" : "qpk_run", err, sizeof err);
        free(text);
        if (!c->entry) {
            /* generated code that does not compile is a bug of qpipe, not of the program */
            fprintf(stderr, "qpipe: internal error: kernel '%s' did not compile:\n%s\n", name, err);
            return false;
        }
        rt_jit_stats(&compiled_after, &cached_after);
        if (rt->opt.verbose)
            fprintf(stderr, "qpipe: kernel '%s' %s\n", name,
                    compiled_after > compiled_before ? "compiled" : "loaded from the kernel cache");
    }
    if (!c->entry)
        return false;
    /* the arguments, in the generator's order, then one accumulator per output */
    int nouts = fn->kind == N_FUNCTION ? fn->args2.n : 0;
    qp_arg args[RT_MAX_ARGS + 32];
    double acc[32] = {0};
    double vecs[RT_MAX_ARGS][64];
    int na = 0;
    for (int i = 0; i < np; i++) {
        if (params[i].special || params[i].type.kind == LK_FUNC)
            continue;
        qp_arg *a = &args[na++];
        memset(a, 0, sizeof *a);
        Value v = vals[i];
        switch (params[i].type.kind) {
        case LK_INT: a->i = v.i; break;
        case LK_REAL: a->r = v.r; break;
        case LK_CPLX: a->r = rt_cget(v).re; a->im = rt_cget(v).im; break;
        case LK_VEC:
            for (int64_t j = 0; j < v.a->n; j++)
                vecs[i][j] = rt_get_real(v.a, j);
            a->p = vecs[i];
            break;
        case LK_ARRAY:
            a->p = v.a->data;
            for (int d = 0; d < 4; d++)
                a->d[d] = d < v.a->rank ? v.a->dims[d] : 1;
            break;
        default: break;
        }
    }
    if (nouts > 32)
        return false;
    for (int i = 0; i < nouts; i++) {
        qp_arg *a = &args[na++];
        memset(a, 0, sizeof *a);
        a->p = &acc[i];
    }
    RowJob job = {.entry = c->entry, .args = args, .dims = L->g.dims, .blk = L->g.blk};
    int64_t rows = L->g.dims[0];
    int64_t per_row = 1;
    for (int d = 1; d < L->g.rank; d++)
        per_row *= L->g.dims[d];
    int64_t grain = per_row >= 4096 ? 1 : 4096 / (per_row ? per_row : 1);
    if (barriers)
        rt_parallel_for(L->g.nblocks, 1, run_rows, &job);     /* blocks, each in lockstep */
    else
        rt_parallel_for(rows, grain, run_rows, &job);
    if (job.status.failed) {
        Node *at = node_at_line(fn, job.status.line);
        for (RtModule *m = rt->modules; !at && m; m = m->next)
            if (m == f->mod)
                for (int i = 0; i < m->m->body.n && !at; i++)
                    at = node_at_line(m->m->body.items[i], job.status.line);   /* a device function */
        if (at)
            rt->cur = at;       /* the failing statement, as the interpreter reports it */
        if (job.status.failed == 3)
            rt_out_of_memory(rt);
        if (job.status.failed == 1)
            rt_error(rt, "assertion failed: %s:%d", f->mod->m->src.name, job.status.line);
        /* the interpreter's message: index out of range: x[3] with size(x) = [3] */
        qp_status *st = &job.status;
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
    for (int i = 0; i < nouts; i++) {
        LangType *ot = ((Node *)fn->args2.items[i])->type;
        bool is_int = ot && ot->kind == TY_NAME && !strcmp(ot->name, "int");
        rt_store(&L->outputs[i], is_int ? rt_int((int64_t)acc[i]) : rt_real(rt_round(rt, acc[i])));
    }
    (void)mode_name;
    return true;
}

void rt_kernels_free(Rt *rt)
{
    while (rt->compiled) {
        RtCompiled *next = rt->compiled->next;
        free(rt->compiled);
        rt->compiled = next;
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
    RtKernelCtx *k = rt->kernel;
    k->owned[0] = L->frames = malloc((size_t)total * sizeof *L->frames);
    int64_t *act = k->owned[1] = malloc((size_t)total * sizeof *act);
    k->owned[2] = L->done = calloc((size_t)total, sizeof *L->done);
    if (!L->frames || !act || !L->done)
        rt_out_of_memory(rt);
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
    for (int i = 0; i < 3; i++) {
        free(k->owned[i]);
        k->owned[i] = NULL;
    }
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

/* ---------------------------------------------------------------- 'const and 'nocopy */

/* Does the kernel read or write array parameter `name`? Writes are element assignments,
 * compound assignments and exchanges; reads are any other use. */
static void array_uses(Node *n, const char *name, bool *reads, bool *writes, bool target)
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return;
    if (n->kind == N_IDENT && !strcmp(n->name, name)) {
        *(target ? writes : reads) = true;
        return;
    }
    if ((n->kind == N_ASSIGN || n->kind == N_EXCHANGE) && n->a->kind == N_INDEX) {
        array_uses(n->a->a, name, reads, writes, true);
        if (n->op != T_EQ || n->kind == N_EXCHANGE)
            array_uses(n->a->a, name, reads, writes, false);   /* a[i] += v reads too */
        for (int i = 0; i < n->a->args.n; i++)
            array_uses(n->a->args.items[i], name, reads, writes, false);
        array_uses(n->b, name, reads, writes, false);
        return;
    }
    array_uses(n->a, name, reads, writes, false);
    array_uses(n->b, name, reads, writes, false);
    array_uses(n->c, name, reads, writes, false);
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            array_uses(lists[k]->items[i], name, reads, writes, false);
}

static bool has_mod(LangType *t, const char *mod)
{
    for (int i = 0; t && i < t->nmods; i++)
        if (!strcmp(t->mods[i], mod))
            return true;
    return false;
}

/* Record on each array argument's buffer what the CUDA engine needs to know (spec 000
 * "Modifiers 'const and 'nocopy"): never written ('const: no copy back), or written
 * before any read ('nocopy: no upload). Declared modifiers are taken as written. */
static void record_residency(Launch *L)
{
    Node *fn = L->fn;
    int k = 0;
    for (int i = 0; i < fn->args.n; i++) {
        if (L->special[i])
            continue;
        Node *p = fn->args.items[i];
        Value v = L->args[k++];
        if (v.kind != V_ARRAY)
            continue;
        bool reads = false, writes = false;
        if (fn->kind == N_FUNCTION)
            for (int j = 0; j < fn->body.n; j++)
                array_uses(fn->body.items[j], p->name, &reads, &writes, false);
        else
            array_uses(fn->a, p->name, &reads, &writes, false);
        RtBuffer *b = v.a->buf;
        b->flags &= ~(unsigned)(RT_BUF_CONST | RT_BUF_NOCOPY);
        if (has_mod(p->type, "const") || !writes)
            b->flags |= RT_BUF_CONST;
        else if (has_mod(p->type, "nocopy") || !reads)
            b->flags |= RT_BUF_NOCOPY;
    }
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
    pad_grid(&L.g, fn, special);
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
    if (!grid && run_compiled(rt, &L, kv.f, barriers)) {
        /* done natively */
    } else if (!barriers) {
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
    record_residency(&L);
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

void rt_kernel_unwind(Rt *rt, RtKernelCtx *to)
{
    while (rt->kernel && rt->kernel != to) {
        RtKernelCtx *k = rt->kernel;
        rt_kernel_free_shared(rt, k);
        while (k->shuffles) {
            RtShuffle *next = k->shuffles->next;
            free(k->shuffles);
            k->shuffles = next;
        }
        for (int i = 0; i < 3; i++) {
            free(k->owned[i]);
            k->owned[i] = NULL;
        }
        rt->kernel = k->up;
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
    if (argc < 2 && argv[0].kind == V_ARRAY && argv[0].a->rank == 1 && argv[0].a->elem != RT_VALUE) {
        /* max_block_size(dims), as real code calls it (blsgsm.q: `max_block_size([16,32,1])`
         * then `shared(d, blkdim[0], blkdim[1])`): the block dims itself, each at least 1,
         * halving its largest side until it has at most 1024 threads (CUDA's limit) */
        read_dims(rt, argv[0], &g);
        int64_t r = g.rank;
        for (;;) {
            int64_t n = 1;
            int big = 0;
            for (int i = 0; i < g.rank; i++) {
                if (g.dims[i] < 1)
                    g.dims[i] = 1;
                n *= g.dims[i];
                if (g.dims[i] > g.dims[big])
                    big = i;
            }
            if (n <= 1024)
                break;
            g.dims[big] = (g.dims[big] + 1) / 2;
        }
        out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
        if (out[0].kind == V_UNDEF)
            rt_out_of_memory(rt);
        for (int i = 0; i < g.rank; i++)
            rt_set_real(out[0].a, i, (double)g.dims[i], false);
        return;
    }
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
    /* opt_block_cnt(kernel, [blocksize,] dims): blocks to cover dims (spec 000); every
     * block of a CPU grid is active at once, so grid barriers always hold */
    Grid g;
    memset(&g, 0, sizeof g);
    read_dims(rt, argv[argc - 1], &g);
    if (argc == 3) {
        Grid b;
        memset(&b, 0, sizeof b);
        read_dims(rt, argv[1], &b);
        if (b.rank != g.rank)
            rt_error(rt, "opt_block_cnt: the block size has %d dimensions, the data %d", b.rank, g.rank);
        for (int i = 0; i < g.rank; i++) {
            if (b.dims[i] < 1)
                rt_error(rt, "opt_block_cnt: block dimensions must be positive");
            g.cnt[i] = (g.dims[i] + b.dims[i] - 1) / b.dims[i];
        }
    }
    int64_t r = g.rank;
    out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < g.rank; i++)
        rt_set_real(out[0].a, i, (double)g.cnt[i], false);
}

void lib_memfence(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    /* One thread runs at a time in the interpreter: every write is already visible. The
     * parser turns memfence(grid) into memfence("grid"); a call written otherwise is
     * checked here. */
    (void)nout, (void)out;
    if (argc == 1) {
        const char *s = rt_to_cstr(rt, argv[0], "memfence's scope");
        if (strcmp(s, "grid") && strcmp(s, "block") && strcmp(s, "system"))
            rt_error(rt, "memfence: the scope is grid, block or system");
    }
}

void lib_serial_do(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    lib_parallel_do(rt, argc, argv, nout, out);
}
