/*
 * kpasses.c - the kernel compiler's passes, in order: the one place that lists them, runs
 * them over a kernel's context (kgen.h), times them and, when the spec asks for it
 * (LangKernelSpec.dump, set by QPIPE_DUMP=passes), prints after each pass what it
 * produced and how long it took (docs/kernels.md "Passes").
 *
 * A pass that meets something not handled yet unwinds with kg_unsupported; the dump then
 * names that pass and the reason. A local that turns out to need widening (an int that
 * later receives a real) makes the whole pipeline run again with it declared real.
 */
#include "lang/kgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void dump_lockstep(Gen *g, FILE *o);
static void dump_access(Gen *g, FILE *o);
static void dump_infer(Gen *g, FILE *o);
static void dump_stencil(Gen *g, FILE *o);
static void dump_emit(Gen *g, FILE *o);

/* ORDER PASS: each pass reads what the ones above it left in the context. */
static const struct {
    const char *name;
    KgPass run;
    void (*dump)(Gen *g, FILE *o);
} passes[] = {
    {"lockstep", kg_pass_lockstep, dump_lockstep},  /* klockstep.c: barriers */
    {"access", kg_pass_access, dump_access},        /* kaccess.c: parameters, access modes */
    {"infer", kg_pass_infer, dump_infer},           /* kinfer.c: types; the body with tests */
    {"stencil", kg_pass_stencil, dump_stencil},     /* kstencil.c: the interior body */
    {"emit", kg_pass_emit, dump_emit},              /* emit_c.c: the text */
};

enum { NPASSES = (int)(sizeof passes / sizeof *passes) };

/* ---------------------------------------------------------------- dumps */

static const char *const elem_names[] = {"int8", "uint8", "int16", "uint16", "int32", "uint32",
                                         "int64", "uint64", "float32", "float64", "cfloat32", "cfloat64"};
static const char *const mode_names[] = {"safe", "checked", "mirror", "circular", "clamped", "unchecked"};

/* A type as a reader writes it (not its C name: naming a vector type declares it). */
static void type_text(LangKType t, char *out, size_t len)
{
    switch (t.kind) {
    case LK_INT: snprintf(out, len, "int"); break;
    case LK_REAL: snprintf(out, len, "scalar (%s)", elem_names[t.elem]); break;
    case LK_CPLX: snprintf(out, len, "cscalar (%s)", elem_names[t.elem]); break;
    case LK_VEC: snprintf(out, len, "vec%d of %s", t.n, elem_names[t.elem]); break;
    case LK_ARRAY:
        snprintf(out, len, "array rank %d of %s, '%s%s", t.rank, elem_names[t.elem],
                 t.mode >= 0 && t.mode <= LANG_KMODE_UNCHECKED ? mode_names[t.mode] : "?", t.sat ? ", 'sat" : "");
        break;
    case LK_FUNC: snprintf(out, len, "function %s", t.fn && t.fn->name ? t.fn->name : "(lambda)"); break;
    default: snprintf(out, len, "?");
    }
}

static void dump_vars(const Fn *f, int from, FILE *o)
{
    static const char *const kinds[] = {"local", "array", "output", "function"};
    for (int i = from; i < f->nvars; i++) {
        char tb[96];
        type_text(f->vars[i].t, tb, sizeof tb);
        fprintf(o, "  %s %s : %s%s%s\n", kinds[f->vars[i].kind], f->vars[i].name, tb,
                f->vars[i].special ? " (special)" : "", f->vars[i].per_thread ? " (per thread)" : "");
    }
}

static void dump_text(const char *title, const char *s, FILE *o)
{
    if (s && *s)
        fprintf(o, "  %s:\n%s", title, s);
}

static void dump_lockstep(Gen *g, FILE *o)
{
    fprintf(o, "  barriers: %s\n", g->barriers ? "yes (each block's threads run in lockstep)" : "no");
}

static void dump_access(Gen *g, FILE *o)
{
    dump_vars(g->body_fn, 0, o);
    dump_text("environment", g->env.s, o);
}

static void dump_infer(Gen *g, FILE *o)
{
    dump_vars(g->body_fn, g->nbound, o);
    for (int i = 0; i < g->nspecs; i++)
        fprintf(o, "  device function %s\n", g->specs[i].cname);
    fprintf(o, "  accesses of known range: %s\n", g->barriers ? "not analysed (lockstep)" : g->fast_ok ? "all" : "not all");
    dump_text("declarations", g->body_fn->decl.s, o);
    dump_text("body", g->body_fn->body.s, o);
}

static void dump_stencil(Gen *g, FILE *o)
{
    if (!g->fast_fn) {
        fprintf(o, "  interior body: none\n");
        return;
    }
    fprintf(o, "  interior body: yes\n");
    if (g->flat)
        fprintf(o, "  channels flattened into dim 1: %d\n", g->flat);
    if (g->conds.s)
        fprintf(o, "  launch conditions: 1%s\n", g->conds.s);
    for (int k = 0; k < g->ks->rank; k++)
        if (g->int_lo[k].s || g->int_hi[k].s)
            fprintf(o, "  dim %d: pos >= max(0%s), pos < min(D%s)\n", k, g->int_lo[k].s ? g->int_lo[k].s : "",
                    g->int_hi[k].s ? g->int_hi[k].s : "");
    dump_text("body", g->fast_fn->body.s, o);
}

static void dump_emit(Gen *g, FILE *o)
{
    fprintf(o, "  %zu bytes of C\n", g->text ? strlen(g->text) : 0);
    if (g->barriers && g->native)
        fprintf(o, "  CUDA blocks: native, %lld bytes of shared memory\n", (long long)g->native);
    else if (g->barriers)
        fprintf(o, "  CUDA blocks: one GPU thread per block (%s)\n",
                g->no_native ? g->no_native : !g->ks->cuda ? "the plain C text" : "?");
    dump_text("text", g->text, o);
}

/* ---------------------------------------------------------------- running them */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *generate(Gen *g)
{
    FILE *o = g->ks->dump;
    for (g->pass = 0; g->pass < NPASSES; g->pass++) {
        double t0 = o ? now_ms() : 0;
        passes[g->pass].run(g);
        if (o) {
            fprintf(o, "pass %s: %.3f ms\n", passes[g->pass].name, now_ms() - t0);
            passes[g->pass].dump(g, o);
        }
    }
    return g->text;
}

static char *kernel_c_once(const LangKernelSpec *spec, char *why, size_t whylen, Node **widened, int *nwidened);

char *lang_kernel_c(const LangKernelSpec *spec, char *why, size_t whylen)
{
    Node *widened[GEN_MAX_WIDENED];
    int n = 0, before;
    char *text;
    do {
        before = n;
        text = kernel_c_once(spec, why, whylen, widened, &n);
    } while (!text && n > before);
    return text;
}

/* One attempt; a widened local makes it fail with *nwidened grown, and the caller retries. */
static char *kernel_c_once(const LangKernelSpec *spec, char *why, size_t whylen, Node **widened, int *nwidened)
{
    Gen *volatile g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->widened = widened;
    g->nwidened = *nwidened;
    g->ks = spec;
    g->why = why;
    g->whylen = whylen;
    g->real = spec->dbl ? LKE_F64 : LKE_F32;
    if (why && whylen)
        why[0] = 0;
    char *volatile text = NULL;
    if (spec->dump)
        fprintf(spec->dump, "kernel %s (%s, grid rank %d)%s\n",
                spec->fn->kind == N_FUNCTION ? spec->fn->name : "(lambda)", spec->file, spec->rank,
                *nwidened ? ", again with widened locals" : "");
    if (spec->rank < 1 || spec->rank > 4)
        snprintf(why, whylen, "grids of %d dimensions", spec->rank);
    else if (!setjmp(g->fail))
        text = strdup(generate(g));
    else if (spec->dump)
        fprintf(spec->dump, "pass %s: stopped: %s\n", passes[g->pass].name,
                g->nwidened > *nwidened ? "a local widened to real" : why);
    *nwidened = g->nwidened;
    kg_g_free_all();
    free(g);
    return text;
}
