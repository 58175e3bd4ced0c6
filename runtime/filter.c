/*
 * filter.c - a .q file as a filter: the contract of DESIGN.md "Filters" (rt.h rt_filter_*).
 *
 * Loading a filter runs its file like a program without main (rt_load_file) in an Rt of its
 * own, then finds `process` in the file's top level and reads its parameters from the syntax
 * tree: name, default as written, and the kind that `--set` converts to (the declared type,
 * else the default's literal). The comment lines right above `function … process` are its
 * documentation, printed by --help; a line there that starts with a parameter's name may
 * declare its range (`%   sigma  noise level, range 0..255`), which --set enforces (the
 * syntax of values and ranges: filter_param.c).
 *
 * State across frames needs nothing special: the module stays loaded between calls, so its
 * variables live as long as the filter. A function cannot rebind a module variable
 * (assignment makes a local, docs/runtime.md "Functions"), but it can change what one holds,
 * fields of an object or elements of an array, because those are references
 * (docs/filters.md, presets/denoise_temporal.q).
 *
 * Each call is protected: a runtime error is printed by the interpreter and unwinds to the
 * handler here, which releases the value stack and returns 65.
 */
#include "lang/lang.h"
#include "runtime/engine.h"
#include "runtime/filter_param.h"
#include "runtime/interp.h"
#include "runtime/rt.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct RtFilter {
    Rt *rt;
    FILE *err;
    char *path;
    char *source;               /* the file's text, for defaults and comments */
    Value process, init;        /* V_FUNC, or V_UNDEF for a missing init */
    int nparams;
    RtFilterParam *params;
    Value *values;              /* converted --set values (V_UNDEF: the default) */
    char *doc;
    char **owned;               /* strings the params point to */
    int nowned;
    int radius;                 /* module-level temporal_radius: process gets frames t-R..t+R */
    bool overlap;               /* a call may return with launches unread (rt_filter_set_overlap) */
};

/* ---------------------------------------------------------------- source text */

static char *read_text(const char *path)
{
    StrBuf sb = {0};
    if (sb_read_file(&sb, path) < 0) {
        sb_free(&sb);
        return NULL;
    }
    sb_putc(&sb, '\0');
    return sb.s;
}

/* Start of 1-based line `line` in text, or NULL. */
static const char *line_start(const char *text, int line)
{
    const char *p = text;
    for (int l = 1; l < line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return p;
}

static char *own(RtFilter *f, char *s)
{
    char **grown = s ? realloc(f->owned, (size_t)(f->nowned + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(s);
        return NULL;
    }
    f->owned = grown;
    f->owned[f->nowned++] = s;
    return s;
}

/* The default expression as written: from its first character to the `,` or `)` that ends
 * it at nesting depth 0. */
static char *default_text(const char *text, LangLoc loc)
{
    const char *p;
    size_t n = lang_source_item(text, loc, &p);
    return p ? strndup(p, n) : strdup("?");
}

/* The comment lines (`%`) directly above line `line`, without `%` and one blank. */
static char *doc_above(const char *text, int line)
{
    int first = line;
    for (int l = line - 1; l >= 1; l--) {
        const char *p = line_start(text, l);
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '%')
            break;
        first = l;
    }
    StrBuf sb = {0};
    sb_puts(&sb, "");
    for (int l = first; l < line; l++) {
        const char *p = line_start(text, l);
        while (*p == ' ' || *p == '\t')
            p++;
        p++;
        if (*p == ' ')
            p++;
        size_t n = strcspn(p, "\r\n");
        for (size_t i = 0; i < n; i++)
            sb_putc(&sb, p[i]);
        if (l + 1 < line)
            sb_putc(&sb, '\n');
    }
    return sb.s;
}

/* ---------------------------------------------------------------- parameters */

static RtParamKind kind_of(const Node *p)
{
    if (p->type && p->type->kind == TY_NAME && p->type->name) {
        const char *t = p->type->name;
        if (!strcmp(t, "int") || !strcmp(t, "bool") || !strncmp(t, "int", 3) || !strncmp(t, "uint", 4))
            return RT_PARAM_INT;
        if (!strcmp(t, "scalar") || !strcmp(t, "float") || !strcmp(t, "double"))
            return RT_PARAM_SCALAR;
        if (!strcmp(t, "string"))
            return RT_PARAM_STRING;
    }
    const Node *d = p->a;
    if (d && d->kind == N_UNARY && d->a)
        d = d->a;
    if (!d)
        return RT_PARAM_ANY;
    switch (d->kind) {
    case N_INT: return RT_PARAM_INT;
    case N_REAL: return RT_PARAM_SCALAR;
    case N_STRING: return RT_PARAM_STRING;
    case N_IDENT:
        if (!strcmp(d->name, "true") || !strcmp(d->name, "false"))
            return RT_PARAM_INT;
        if (!strcmp(d->name, "pi") || !strcmp(d->name, "inf") || !strcmp(d->name, "eps"))
            return RT_PARAM_SCALAR;
        return RT_PARAM_ANY;
    default: return RT_PARAM_ANY;
    }
}

static const char *kind_name(RtParamKind k)
{
    switch (k) {
    case RT_PARAM_INT: return "int";
    case RT_PARAM_SCALAR: return "scalar";
    case RT_PARAM_STRING: return "string";
    default: return "value";
    }
}

static int find_params(RtFilter *f, const Node *fn)
{
    int np = fn->args.n - 1;
    f->nparams = np > 0 ? np : 0;
    f->params = calloc((size_t)f->nparams + 1, sizeof *f->params);
    f->values = calloc((size_t)f->nparams + 1, sizeof *f->values);
    if (!f->params || !f->values)
        return -1;
    for (int i = 0; i < f->nparams; i++) {
        const Node *p = fn->args.items[i + 1];
        RtFilterParam *q = &f->params[i];
        q->name = p->name;
        q->kind = kind_of(p);
        q->default_text = p->a ? own(f, default_text(f->source, p->a->loc)) : NULL;
        if (p->a && !q->default_text)
            return -1;
        if (q->kind == RT_PARAM_INT || q->kind == RT_PARAM_SCALAR || q->kind == RT_PARAM_ANY)
            rt_param_find_range(f->doc, q);
    }
    return 0;
}

/* ---------------------------------------------------------------- loading */

static const Node *find_function(RtModule *mod, const char *name)
{
    for (int i = 0; i < mod->m->body.n; i++) {
        const Node *n = mod->m->body.items[i];
        if (n->kind == N_FUNCTION && !strcmp(n->name, name))
            return n;
    }
    return NULL;
}

/* Does the file define process at its top level? Asked before running anything, so that a
 * program given by mistake is not run. A file that does not parse says yes: loading it
 * then reports the syntax errors (rt_filter_defines_process says no). */
static bool defines_process(const char *path)
{
    FILE *sink = fopen("/dev/null", "w");
    LangDiag *d = sink ? lang_diag_new(sink) : NULL;
    LangModule *m = d ? lang_parse_file(path, d) : NULL;
    bool yes = !m || lang_diag_errors(d);
    for (int i = 0; m && !yes && i < m->body.n; i++) {
        const Node *n = m->body.items[i];
        yes = n->kind == N_FUNCTION && !strcmp(n->name, "process");
    }
    lang_module_free(m);
    lang_diag_free(d);
    if (sink)
        fclose(sink);
    return yes;
}

bool rt_filter_defines_process(const char *path)
{
    FILE *sink = fopen("/dev/null", "w");
    LangDiag *d = sink ? lang_diag_new(sink) : NULL;
    LangModule *m = d ? lang_parse_file(path, d) : NULL;
    bool yes = false;
    for (int i = 0; m && !lang_diag_errors(d) && !yes && i < m->body.n; i++) {
        const Node *n = m->body.items[i];
        yes = n->kind == N_FUNCTION && !strcmp(n->name, "process");
    }
    lang_module_free(m);
    lang_diag_free(d);
    if (sink)
        fclose(sink);
    return yes;
}

/* The module-level `temporal_radius` (docs/filters.md "A window of frames"): absent is 0;
 * else an integer 0..RT_FILTER_MAX_RADIUS, read once after the module code ran. */
static int read_radius(RtFilter *f)
{
    int slot = rt_global_slot(f->rt, "temporal_radius");
    Value v = f->rt->globals[slot];
    if (v.kind == V_UNDEF)
        return 0;
    double r = v.kind == V_INT ? (double)v.i : v.kind == V_SCALAR ? v.r : -1;
    if (r != floor(r) || r < 0 || r > RT_FILTER_MAX_RADIUS) {
        fprintf(f->err, "%s: error: temporal_radius must be an integer in 0..%d (the frames before and after "
                        "the one process makes)\n", f->path, RT_FILTER_MAX_RADIUS);
        return RT_EX_PROGRAM;
    }
    f->radius = (int)r;
    return 0;
}

RtFilter *rt_filter_load(RtHost *host, const RtOptions *opt, const char *path, FILE *out, FILE *err, int *rc)
{
    RtFilter *f = calloc(1, sizeof *f);
    if (f)
        f->err = err;
    if (!f || !(f->path = strdup(path)) || !(f->rt = rt_new(host, opt, out, err))) {
        *rc = RT_EX_SOFTWARE;
        fprintf(err, "qpipe: out of memory\n");
        rt_filter_free(f);
        return NULL;
    }
    f->source = read_text(path);
    if (!f->source) {
        fprintf(err, "%s: error: cannot read the filter: %s\n", path, strerror(errno));
        *rc = RT_EX_NOINPUT;
        rt_filter_free(f);
        return NULL;
    }
    if (!defines_process(path)) {
        fprintf(err, "%s: error: not a filter: it defines no function process(x, ...) "
                     "(a program runs with `qpipe exec`)\n", path);
        *rc = RT_EX_PROGRAM;
        rt_filter_free(f);
        return NULL;
    }
    *rc = rt_load_file(f->rt, path);
    if (*rc) {
        rt_filter_free(f);
        return NULL;
    }
    RtModule *root = f->rt->modules;
    const Node *proc = root ? find_function(root, "process") : NULL;
    if (!proc || f->rt->globals[proc->slot].kind != V_FUNC) {
        fprintf(err, "%s: error: not a filter: it defines no function process(x, ...) "
                     "(a program runs with `qpipe exec`)\n", path);
        *rc = RT_EX_PROGRAM;
        rt_filter_free(f);
        return NULL;
    }
    if (proc->args.n < 1 || proc->args2.n < 1) {
        fprintf(err, "%s:%d:%d: error: process must take the frame and return the result: "
                     "function y = process(x, ...)\n", path, proc->loc.line, proc->loc.col);
        *rc = RT_EX_PROGRAM;
        rt_filter_free(f);
        return NULL;
    }
    f->process = f->rt->globals[proc->slot];
    rt_retain(f->process);
    const Node *init = find_function(root, "init");
    if (init && f->rt->globals[init->slot].kind == V_FUNC) {
        f->init = f->rt->globals[init->slot];
        rt_retain(f->init);
    }
    if ((*rc = read_radius(f))) {
        rt_filter_free(f);
        return NULL;
    }
    f->doc = doc_above(f->source, proc->loc.line);
    if (!f->doc || find_params(f, proc)) {
        *rc = RT_EX_SOFTWARE;
        fprintf(err, "qpipe: out of memory\n");
        rt_filter_free(f);
        return NULL;
    }
    *rc = 0;
    return f;
}

const char *rt_filter_path(const RtFilter *f) { return f->path; }

const char *rt_filter_file(const RtFilter *f, int i)
{
    const RtModule *m = f->rt->modules;
    while (m && i-- > 0)
        m = m->next;
    return m ? m->path : NULL;
}
int rt_filter_nparams(const RtFilter *f) { return f->nparams; }
const RtFilterParam *rt_filter_param(const RtFilter *f, int i) { return &f->params[i]; }
const char *rt_filter_doc(const RtFilter *f) { return f->doc; }

void rt_filter_help(const RtFilter *f, FILE *out)
{
    fprintf(out, "%s\n", f->path);
    if (*f->doc)
        fprintf(out, "\n%s\n", f->doc);
    fprintf(out, "\nparameters (--set name=value):\n");
    if (!f->nparams)
        fprintf(out, "  (none)\n");
    for (int i = 0; i < f->nparams; i++) {
        const RtFilterParam *p = &f->params[i];
        char range[80];
        fprintf(out, "  %-16s %-7s default %s", p->name, kind_name(p->kind),
                p->default_text ? p->default_text : "(none: must be set)");
        if (p->has_min || p->has_max)
            fprintf(out, ", range %s", rt_param_range_text(p, range, sizeof range));
        fputc('\n', out);
    }
}

int rt_filter_set(RtFilter *f, const char *name, const char *value, char *err, size_t errlen)
{
    int k = -1;
    for (int i = 0; i < f->nparams; i++)
        if (!strcmp(f->params[i].name, name))
            k = i;
    if (k < 0) {
        snprintf(err, errlen, "%s has no parameter '%s'", f->path, name);
        return -1;
    }
    RtFilterParam *p = &f->params[k];
    Value v = rt_undef();
    int64_t i;
    double r;
    switch (p->kind) {
    case RT_PARAM_INT:
        if (rt_param_int(value, &i))
            v = rt_int(i);
        break;
    case RT_PARAM_SCALAR:
        if (rt_param_real(value, &r))
            v = rt_real(rt_round(f->rt, r));
        break;
    case RT_PARAM_STRING:
        v = rt_string_cstr(value);
        break;
    case RT_PARAM_ANY:
        if (rt_param_int(value, &i))
            v = rt_int(i);
        else if (rt_param_real(value, &r))
            v = rt_real(rt_round(f->rt, r));
        else
            v = rt_string_cstr(value);
        break;
    }
    if (v.kind == V_UNDEF) {
        snprintf(err, errlen, "%s: bad value for '%s' (%s): '%s'; expected %s", f->path, name,
                 kind_name(p->kind), value, rt_param_expected(p->kind));
        return -1;
    }
    if ((v.kind == V_INT || v.kind == V_SCALAR) && (p->has_min || p->has_max)) {
        double x = v.kind == V_INT ? (double)v.i : v.r;
        if ((p->has_min && x < p->min) || (p->has_max && x > p->max)) {
            char range[80];
            snprintf(err, errlen, "%s: '%s' must be in the range %s, not %s", f->path, name,
                     rt_param_range_text(p, range, sizeof range), value);
            rt_release(v);
            return -1;
        }
    }
    rt_store(&f->values[k], v);
    p->value = own(f, strdup(value));
    return 0;
}

/* ---------------------------------------------------------------- calls */

/* After a longjmp out of a call: the call's context (which was on the unwound stack)
 * forgotten, the output flushed; rt_unwound_code. */
static int unwound(Rt *rt)
{
    rt->frame = NULL;
    rt->call = NULL;
    rt->depth = 0;
    rt->top = NULL;
    fflush(rt->out);
    return rt_unwound_code(rt);
}

/* fn(argv…) with names, under a handler: 0 and *out (a new reference, when out), or 65
 * after the interpreter printed the error. The arguments are borrowed. */
static int protected_call(RtFilter *f, Value fn, int argc, const Value *argv, const char **names, Value *out)
{
    Rt *rt = f->rt;
    jmp_buf jb;
    char mark;
    Value *base = rt->sp;
    rt->top = &jb;
    rt->stack_base = &mark;
    if (setjmp(jb)) {
        rt_pop_to(rt, base);
        return unwound(rt);
    }
    Value *slots = rt_push(rt, argc + 2);
    for (int i = 0; i < argc; i++) {
        rt_retain(argv[i]);
        slots[i] = argv[i];
    }
    slots[argc + 1] = fn;
    rt_retain(fn);
    rt_kernels_new_call(rt);
    rt_call_named(rt, fn, argc, slots, names, out ? 1 : 0, slots + argc);
    if (!f->overlap)
        rt_kernels_settle(rt, true);    /* the call's launches finished (kernel_settle.c) */
    if (out) {
        *out = slots[argc];
        slots[argc] = rt_undef();
    }
    rt_pop_to(rt, base);
    rt->top = NULL;
    fflush(rt->out);
    return 0;
}

bool rt_filter_set_overlap(RtFilter *f, bool on)
{
    int choice = f->rt->opt.engine;
    const RtEngine *e = on && choice != RT_ENGINE_CPU ? rt_engine_known(choice) : NULL;
    f->overlap = e && e->settle;
    return f->overlap;
}

int rt_filter_settle(RtFilter *f, bool all)
{
    Rt *rt = f->rt;
    jmp_buf jb;
    char mark;
    rt->top = &jb;
    rt->stack_base = &mark;
    if (setjmp(jb))
        return unwound(rt);
    rt_kernels_settle(rt, all);
    rt->top = NULL;
    return 0;
}

int rt_filter_init(RtFilter *f, const RtFilterInfo *info)
{
    if (f->init.kind != V_FUNC)
        return 0;
    Value o = rt_object_new(NULL, 4);
    if (o.kind == V_UNDEF)
        return RT_EX_SOFTWARE;
    struct { const char *name; Value v; } fields[] = {
        {"width", rt_int(info->width)},
        {"height", rt_int(info->height)},
        {"fps", rt_real(rt_round(f->rt, info->fps))},
        {"frame_count", rt_int(info->frame_count)},
    };
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        Value *slot = rt_object_add_field(o.obj, fields[i].name);
        if (!slot) {
            rt_release(o);
            return RT_EX_SOFTWARE;
        }
        *slot = fields[i].v;
    }
    int rc = protected_call(f, f->init, 1, &o, NULL, NULL);
    rt_release(o);
    return rc;
}

/* A result with the dims of the frame it came from, less the frame's leading singleton
 * dims, is that frame's shape: Quasar's creation functions drop them (zeros(size(x)) of a
 * 1 x 1 x 3 frame is a vec of 3; spec 001), and no filter means a 1 x 1 colour frame to
 * become a gray 1 x 3 one. frame is the process argument (a window's middle frame). */
static void restore_singletons(Value frame, Value *y)
{
    if (frame.kind == V_ARRAY && frame.a->elem == RT_VALUE && frame.a->n % 2)
        frame = ((Value *)frame.a->data)[frame.a->n / 2];
    if (frame.kind != V_ARRAY || y->kind != V_ARRAY || y->a->rank >= frame.a->rank || y->a->n != frame.a->n)
        return;
    int lead = frame.a->rank - y->a->rank;
    for (int i = 0; i < frame.a->rank; i++)
        if (i < lead ? frame.a->dims[i] != 1 : frame.a->dims[i] != y->a->dims[i - lead])
            return;
    Value r = rt_array_reshape(y->a, frame.a->rank, frame.a->dims);
    if (r.kind != V_UNDEF)
        rt_store(y, r);
}

/* A result that is not a numeric array of rank 2 or 3 is an error in the filter. */
static int check_result(RtFilter *f, Value frame, Value *y)
{
    Rt *rt = f->rt;
    restore_singletons(frame, y);
    if (y->kind != V_ARRAY || !rt_elem_is_numeric(y->a->elem) || rt_elem_is_complex(y->a->elem) ||
        y->a->rank < 2 || y->a->rank > 3 || (y->a->rank == 3 && y->a->dims[2] != 1 && y->a->dims[2] != 3 && y->a->dims[2] != 4)) {
        StrBuf sb = {0};
        const char *t = rt_type_name(rt, *y, &sb);
        fprintf(f->err, "%s: error: process returned %s; a frame is an H x W x 3 (or H x W) array of numbers\n",
                f->path, t ? t : "nothing");
        sb_free(&sb);
        return RT_EX_PROGRAM;
    }
    RtElem want = rt_scalar_elem(rt);
    if (y->a->elem == want)
        return 0;
    Value c = rt_array_uninit(want, y->a->rank, y->a->dims);
    if (c.kind == V_UNDEF)
        return RT_EX_SOFTWARE;
    for (int64_t i = 0; i < c.a->n; i++)
        rt_set_real(c.a, i, rt_get_real(y->a, i), false);
    rt_store(y, c);
    return 0;
}

int rt_filter_radius(const RtFilter *f) { return f->radius; }

int rt_filter_process_window(RtFilter *f, const Value *frames, Value *out)
{
    int n = 2 * f->radius + 1;
    if (!f->radius)
        return rt_filter_process(f, frames[0], out);
    Value w = rt_array_vec(RT_VALUE, n);
    if (w.kind == V_UNDEF)
        return RT_EX_SOFTWARE;
    for (int i = 0; i < n; i++) {
        rt_retain(frames[i]);
        ((Value *)w.a->data)[i] = frames[i];
    }
    int rc = rt_filter_process(f, w, out);
    rt_release(w);
    return rc;
}

int rt_filter_process(RtFilter *f, Value frame, Value *out)
{
    int n = 1;
    Value argv[1 + f->nparams];
    const char *names[1 + f->nparams];
    argv[0] = frame;
    names[0] = NULL;
    for (int i = 0; i < f->nparams; i++)
        if (f->values[i].kind != V_UNDEF) {
            argv[n] = f->values[i];
            names[n++] = f->params[i].name;
        }
    *out = rt_undef();
    int rc = protected_call(f, f->process, n, argv, names, out);
    if (rc)
        return rc;
    rc = check_result(f, frame, out);
    if (rc) {
        rt_release(*out);
        *out = rt_undef();
    }
    return rc;
}

void rt_filter_free(RtFilter *f)
{
    if (!f)
        return;
    rt_release(f->process);
    rt_release(f->init);
    for (int i = 0; f->values && i < f->nparams; i++)
        rt_release(f->values[i]);
    rt_free(f->rt);
    for (int i = 0; i < f->nowned; i++)
        free(f->owned[i]);
    free(f->owned);
    free(f->params);
    free(f->values);
    free(f->doc);
    free(f->source);
    free(f->path);
    free(f);
}
