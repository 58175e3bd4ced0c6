/*
 * kernel_compiled.c - the compiled path of parallel_do: a kernel specialised on the types
 * of one launch, written as C by lang/ (lang_kernel_c, QPIPE_DUMP=passes), compiled once per
 * combination of types and run through an engine (engine.h); failures inside the kernel
 * become the interpreter's messages, at the failing statement.
 *
 * Which kernels come here, and which run in the interpreter instead, is decided by
 * kernel.c; a kernel that cannot be compiled (its reason printed with -v) is remembered
 * as such and interpreted every time.
 */
#include "kernels/qp_kernel.h"
#include "lang/codegen.h"
#include "lang/walk.h"
#include "runtime/cuda/ptx.h"
#include "runtime/engine.h"
#include "runtime/interp.h"
#include "runtime/kernel.h"
#include "runtime/lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A kernel specialised for one combination of argument types, compiled (or found not
 * compilable: k NULL, so the question is not asked again). */
typedef struct RtCompiled {
    struct RtCompiled *next;
    Node *fn;
    int rank, nparams;
    int grid_fixed[4], may_alias;
    LangKParam params[RT_MAX_ARGS];
    RtEngineKernel *k;
} RtCompiled;

/* The engine that runs compiled kernels: --engine (cuda/select.c); the CPU's when CUDA
 * was asked for without a device (the command line has refused that before). */
static const RtEngine *engine(Rt *rt)
{
    const RtEngine *e = rt->opt.engine == RT_ENGINE_CPU ? &rt_cpu_engine : rt_engine_for(rt->opt.engine, NULL, 0);
    return e ? e : &rt_cpu_engine;
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
        bool sat = (v.mode & RT_MODE_SAT) || (p && rt_kernel_saturating(p->type));
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
        int m = p ? rt_kernel_declared_mode(p->type) : -1;
        t->mode = lang_mode(m >= 0 ? m : (int)(v.mode & RT_MODE_MASK));
        unsigned tex = p && rt_texture_mode(p->type) ? rt_texture_mode(p->type) : v.mode & RT_MODE_TEX;
        t->tex = (tex & RT_MODE_TEX_LINEAR ? LANG_KTEX_LINEAR : 0) | (tex & RT_MODE_TEX_NEAREST ? LANG_KTEX_NEAREST : 0) |
                 (tex & RT_MODE_TEX_COMPS ? LANG_KTEX_COMPS : 0);     /* textures: texture.c */
        for (int i = 0; p && p->type && i < p->type->nmods; i++) {  /* read through a cache on CUDA */
            if (!strcmp(p->type->mods[i], "hwtex_const"))
                t->tex |= LANG_KTEX_LDG;
            else if (!strcmp(p->type->mods[i], "hwconst"))
                t->tex |= LANG_KTEX_HWCONST;
        }
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

/* QPIPE_DUMP=passes (a comma-separated list that names it): the kernel compiler prints
 * each pass's result and time on stderr (docs/kernels.md "Passes"). */
static FILE *pass_dump(void)
{
    const char *d = getenv("QPIPE_DUMP");
    for (const char *p = d; p && *p;) {
        size_t n = strcspn(p, ",");
        if (n == 6 && !strncmp(p, "passes", 6))
            return stderr;
        p += n + (p[n] == ',');
    }
    return NULL;
}

/* Compile the kernel for these arguments (once per type combination) and run it on the
 * thread pool. False when it must run in the interpreter. */
bool rt_kernel_run_compiled(Rt *rt, Launch *L, RtFunc *f, bool barriers)
{
    FnInfo *fi = L->fi;
    Node *fn = L->fn;
    const RtEngine *eng = engine(rt);
    char why[256];
    if (!eng->available(rt->host, why, sizeof why)) {
        if (!rt->jit_warned) {
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
            static const int map[] = {0, LANG_KSPEC_POS, LANG_KSPEC_BLKPOS, LANG_KSPEC_BLKIDX, LANG_KSPEC_BLKDIM,
                                      LANG_KSPEC_BLKCNT, LANG_KSPEC_WARPSIZE, 0};
            q->special = map[L->special[i]];
            if (L->special[i] == SP_GROUP) {
                /* cooperative groups: a warp, the block or the grid (lang/kwarp.c); they
                 * make the kernel run in lockstep */
                if (!strcmp(p->name, "coalesced_threads"))
                    q->special = LANG_KSPEC_GROUP_WARP;
                else if (!strcmp(p->name, "this_thread_block"))
                    q->special = LANG_KSPEC_GROUP_BLOCK;
                else
                    q->special = LANG_KSPEC_GROUP_GRID;
                barriers = true;
            }
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
                               .may_alias = may_alias, .dump = pass_dump(), .cuda = !rt->opt.plain_c};
        memcpy(spec.grid_fixed, grid_fixed, sizeof grid_fixed);
        char reason[512];
        char *text = lang_kernel_c(&spec, reason, sizeof reason);
        const char *name = fn->kind == N_FUNCTION ? fn->name : "lambda";
        if (!text) {
            if (rt->opt.verbose)
                fprintf(stderr, "qpipe: kernel '%s' runs in the interpreter: %s\n", name, reason);
            return false;
        }
        /* the CUDA engine's launchable entry (cuda/entry.c), under QP_CUDA so C compilers skip
         * it: every engine gets the same text, and kept copies and emit show what NVRTC
         * compiles */
        char *full = rt_cuda_entry_text(text, reason, sizeof reason);
        if (full) {
            free(text);
            text = full;
        }
        if (rt->opt.emit)
            fprintf(rt->opt.emit, "%s\n", text);
        char err[1024];
        bool cached = false;
        c->k = eng->compile(rt->host, name, text, barriers, &cached, err, sizeof err);
        free(text);
        if (!c->k && rt_interrupt_pending()) {
            rt->compiled = c->next;     /* a compiler stopped by Ctrl-C says nothing of the code */
            free(c);
            rt_raise_interrupt(rt);
        }
        if (!c->k) {
            /* generated code that does not compile is a bug of qpipe, not of the program */
            fprintf(stderr, "qpipe: internal error: kernel '%s' did not compile:\n%s\n", name, err);
            return false;
        }
        if (rt->opt.verbose)
            fprintf(stderr, "qpipe: kernel '%s' %s\n", name, cached ? "loaded from the kernel cache" : "compiled");
    }
    if (!c->k)
        return false;
    /* the arguments, in the generator's order, then one accumulator per output */
    int nouts = fn->kind == N_FUNCTION ? fn->args2.n : 0;
    qp_arg args[RT_MAX_ARGS + 32];
    RtBuffer *bufs[RT_MAX_ARGS + 32];
    double acc[32] = {0};
    double vecs[RT_MAX_ARGS][64];
    int na = 0;
    for (int i = 0; i < np; i++) {
        if (params[i].special || params[i].type.kind == LK_FUNC)
            continue;
        bufs[na] = NULL;
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
            a->d[0] = v.a->n;       /* doubles behind p: what a device copy holds */
            break;
        case LK_ARRAY:
            a->p = v.a->data;
            bufs[na - 1] = v.a->buf;
            for (int d = 0; d < 4; d++)
                a->d[d] = d < v.a->rank ? v.a->dims[d] : 1;
            break;
        default: break;
        }
    }
    if (nouts > 32)
        return false;
    for (int i = 0; i < nouts; i++) {
        bufs[na] = NULL;
        qp_arg *a = &args[na++];
        memset(a, 0, sizeof *a);
        a->p = &acc[i];
        a->d[0] = 1;
    }
    const char *kname = fn->kind == N_FUNCTION ? fn->name : "lambda";
    RtKernelSite site = {.name = kname, .file = f->mod->m->src.name, .line = fn->loc.line};
    for (int i = 0; i < np; i++)
        site.unchecked |= params[i].type.kind == LK_ARRAY && params[i].type.mode == LANG_KMODE_UNCHECKED;
    RtEngineGrid grid = {.rank = L->g.rank, .dims = L->g.dims, .blk = L->g.blk, .nblocks = L->g.nblocks,
                         .site = &site};
    /* a launch the engine finishes later (CUDA) is read when the program needs it
     * (kernel_settle.c); else its failure is raised here */
    qp_status *status = rt_kernel_status_slot(rt);
    grid.nacc = nouts;
    eng->launch(c->k, args, bufs, na, &grid, status);
    rt_kernel_issued(rt, eng, fn, f->mod, status);
    rt_poll_interrupt(rt);
    for (int i = 0; i < nouts; i++) {
        LangType *ot = ((Node *)fn->args2.items[i])->type;
        bool is_int = ot && ot->kind == TY_NAME && !strcmp(ot->name, "int");
        rt_store(&L->outputs[i], is_int ? rt_int((int64_t)acc[i]) : rt_real(rt_round(rt, acc[i])));
    }
    return true;
}

void rt_kernels_free(Rt *rt)
{
    rt_kernels_drop(rt);        /* nothing of ours still running */
    const RtEngine *eng = rt->compiled ? engine(rt) : NULL;    /* none compiled: no engine asked */
    while (rt->compiled) {
        RtCompiled *next = rt->compiled->next;
        if (rt->compiled->k)
            eng->free(rt->compiled->k);
        free(rt->compiled);
        rt->compiled = next;
    }
    /* the engine's loaded code is the host's (host.c shuts the engines down) */
}

