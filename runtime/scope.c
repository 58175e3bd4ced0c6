/*
 * scope.c - binds every name of a module to a slot before it runs.
 *
 * Scoping is by function (lang/resolve.c has already reported undefined names). Here
 * each FUNCTION and LAMBDA gets a frame layout (FnInfo, stored in Node.rt): generic
 * parameters, parameters, outputs and every name assigned in its body get a slot, and
 * every IDENT node records where its value lives (Node.bind, Node.slot):
 *   - a name of the function itself: a LOCAL slot;
 *   - a variable of an enclosing function, or a top-level variable used inside a lambda
 *     or nested function: a capture, copied into a LOCAL slot when the closure is made
 *     (closures capture values when they are defined, spec 004 §2.1);
 *   - a top-level name used at the top level or in a top-level named function: a GLOBAL
 *     slot, read when used (functions and types are hoisted; a filter's process() sees
 *     the module's settings as they are when it runs);
 *   - otherwise a builtin function, constant or type name.
 * All modules of a program share one table of globals, as an import makes the
 * definitions of the imported file available to the importer.
 * Frame layouts live in the module's arena and die with it.
 */
#include "lang/names.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <stdlib.h>
#include <string.h>

typedef struct Sc Sc;
struct Sc {
    Sc *up;
    FnInfo *fi;                 /* NULL at a module's top level */
    Node *owner;
    const char **names;         /* names with a slot in this frame */
    int *slots;
    int *index;                 /* hash index of names (sc_find) */
    int n, cap;
    bool named_top_fn;          /* a FUNCTION directly at the top level */
    RtModule *mod;
    Rt *rt;
    const char **fixed;         /* functions and types of the top level */
    int nfixed, fixed_cap;
};

static void *aalloc(Sc *s, size_t size)
{
    void *p = lang_arena_alloc(&s->mod->m->arena, size);
    if (!p)
        rt_out_of_memory(s->rt);
    return p;
}

/* The names of a scope are indexed by a hash table (Sc.index, lang/names.h), so binding a
 * file with many names stays linear. */
static int sc_find(const Sc *s, const char *name)
{
    int k = lang_names_find(s->index, s->cap, s->names, name);
    return k < 0 ? -1 : s->slots[k];
}

static void grow(Rt *rt, void **p, int *cap, size_t elem)
{
    int c = *cap ? *cap * 2 : 16;
    void *q = realloc(*p, (size_t)c * elem);
    if (!q)
        rt_out_of_memory(rt);
    *p = q;
    *cap = c;
}

/* Record that `name` lives in `slot` of scope s. */
static void sc_put(Sc *s, const char *name, int slot)
{
    if (s->n == s->cap) {
        int cap = s->cap;
        grow(s->rt, (void **)&s->names, &cap, sizeof *s->names);
        cap = s->cap;
        grow(s->rt, (void **)&s->slots, &cap, sizeof *s->slots);
        s->cap = cap;
        free(s->index);
        s->index = calloc((size_t)cap * 2, sizeof *s->index);
        if (!s->index)
            rt_out_of_memory(s->rt);
        for (int k = 0; k < s->n; k++)
            lang_names_put(s->index, s->cap, s->names, k);
    }
    s->names[s->n] = name;
    s->slots[s->n] = slot;
    lang_names_put(s->index, s->cap, s->names, s->n++);
}

/* Give `name` a slot in scope s (a global slot at the top level). */
static int sc_add(Sc *s, const char *name)
{
    int slot = sc_find(s, name);
    if (slot >= 0)
        return slot;
    slot = s->fi ? s->fi->nslots++ : rt_global_slot(s->rt, name);
    sc_put(s, name, slot);
    return slot;
}

static void sc_fix(Sc *s, const char *name)
{
    if (s->nfixed == s->fixed_cap)
        grow(s->rt, (void **)&s->fixed, &s->fixed_cap, sizeof *s->fixed);
    s->fixed[s->nfixed++] = name;
}

static bool sc_fixed(const Sc *s, const char *name)
{
    for (int i = 0; i < s->nfixed; i++)
        if (!strcmp(s->fixed[i], name))
            return true;
    return false;
}

static void sc_free(Sc *s)
{
    free(s->names);
    free(s->slots);
    free(s->index);
    free(s->fixed);
}

/* ---------------------------------------------------------------- declarations */

static void sc_declare(void *ctx, const char *name, bool fixed)
{
    Sc *s = ctx;
    sc_add(s, name);
    if (fixed)
        sc_fix(s, name);
}

static void declare(Sc *s, Node *n) { lang_declarations(n, sc_declare, s); }

static void declare_list(Sc *s, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        declare(s, l->items[i]);
}

/* ---------------------------------------------------------------- lookups */

typedef struct Binding {
    int bind, slot;
    void *rt;
} Binding;

static void add_capture(Sc *s, const char *name, Binding from, int slot)
{
    FnInfo *fi = s->fi;
    int n = fi->ncaps + 1;
    const char **names = aalloc(s, (size_t)n * sizeof *names);
    int *cs = aalloc(s, (size_t)n * sizeof *cs), *cf = aalloc(s, (size_t)n * sizeof *cf);
    uint8_t *cb = aalloc(s, (size_t)n);
    if (fi->ncaps) {
        memcpy(names, fi->cap_names, (size_t)fi->ncaps * sizeof *names);
        memcpy(cs, fi->cap_slot, (size_t)fi->ncaps * sizeof *cs);
        memcpy(cf, fi->cap_from, (size_t)fi->ncaps * sizeof *cf);
        memcpy(cb, fi->cap_from_bind, (size_t)fi->ncaps);
    }
    names[fi->ncaps] = name;
    cs[fi->ncaps] = slot;
    cf[fi->ncaps] = from.slot;
    cb[fi->ncaps] = (uint8_t)from.bind;
    fi->cap_names = names;
    fi->cap_slot = cs;
    fi->cap_from = cf;
    fi->cap_from_bind = cb;
    fi->ncaps = n;
}

static Binding lookup(Sc *s, const char *name)
{
    int slot = sc_find(s, name);
    if (slot >= 0)
        return (Binding){s->fi ? RT_BIND_LOCAL : RT_BIND_GLOBAL, slot, NULL};
    if (!s->fi) {       /* top level: globals of this or an earlier module, then the prelude */
        int g = rt_global_slot(s->rt, name);
        const RtBuiltin *b = rt_find_builtin(s->rt, name);
        int c = rt_find_constant(name);
        RtType *t = rt_builtin_type(s->rt, name);
        bool known = s->rt->globals[g].kind != V_UNDEF;
        if (!known && b)
            return (Binding){RT_BIND_BUILTIN, 0, (void *)b};
        if (!known && c >= 0)
            return (Binding){RT_BIND_CONST, c, NULL};
        if (!known && t)
            return (Binding){RT_BIND_TYPE, 0, t};
        return (Binding){RT_BIND_GLOBAL, g, NULL};
    }
    Binding outer = lookup(s->up, name);
    bool capture = outer.bind == RT_BIND_LOCAL ||
                   (outer.bind == RT_BIND_GLOBAL && !s->named_top_fn && s->up && !s->up->fi &&
                    !sc_fixed(s->up, name) && sc_find(s->up, name) >= 0);
    if (outer.bind == RT_BIND_GLOBAL && !s->named_top_fn && s->up->fi)
        capture = false;    /* the enclosing function reads it as a global: so do we */
    if (!capture)
        return outer;
    slot = s->fi->nslots++;
    sc_put(s, name, slot);
    add_capture(s, name, outer, slot);
    return (Binding){RT_BIND_LOCAL, slot, NULL};
}

static void bind_ident(Sc *s, Node *id)
{
    Binding b = lookup(s, id->name);
    id->bind = b.bind;
    id->slot = b.slot;
    id->rt = b.rt;
    /* a declared output type applies to every assignment of the output */
    if (b.bind == RT_BIND_LOCAL && s->fi && s->owner && s->owner->kind == N_FUNCTION)
        for (int i = 0; i < s->fi->noutputs; i++)
            if (s->fi->output_slot[i] == b.slot)
                id->type = ((Node *)s->owner->args2.items[i])->type;
}

/* ---------------------------------------------------------------- uses */

static void bind_fn(Sc *outer, Node *fn);
static void bind_node(Sc *s, Node *n);

static void bind_list(Sc *s, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        bind_node(s, l->items[i]);
}

static void bind_name_of(Sc *s, Node *n)
{
    Binding b = lookup(s, n->name);
    n->bind = b.bind;
    n->slot = b.slot;
}

static void bind_node(Sc *s, Node *n)
{
    if (!n)
        return;
    switch (n->kind) {
    case N_IDENT:
        bind_ident(s, n);
        return;
    case N_LAMBDA:
        bind_fn(s, n);
        return;
    case N_FUNCTION:
        bind_name_of(s, n);
        bind_fn(s, n);
        return;
    case N_TYPEDEF:
        bind_name_of(s, n);
        return;
    case N_FOR:
    case N_TRY:
        if (n->name)
            bind_name_of(s, n);
        break;
    case N_ASSIGN:
        /* `f = x -> … f(…)`: the lambda may call itself through its own name */
        if (n->b && n->b->kind == N_LAMBDA) {
            Node *t = n->a->kind == N_TYPED ? n->a->a : n->a;
            if (t->kind == N_IDENT)
                n->b->label = t->name;
        }
        break;
    case N_ATTRIBUTE:
    case N_IMPORT:
    case N_PRAGMA:
    case N_REDUCTION:
    case N_PLACEHOLDER:
        return;
    case N_MATCH:
        bind_node(s, n->a);
        for (int i = 0; i < n->args.n; i++) {
            Node *c = n->args.items[i];
            for (int j = 0; j < c->args.n; j++)
                if (((Node *)c->args.items[j])->kind != N_PLACEHOLDER)
                    bind_node(s, c->args.items[j]);
            bind_list(s, &c->body);
        }
        return;
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            bind_node(s, arm->a);
            bind_list(s, &arm->body);
        }
        return;
    default:
        break;
    }
    bind_node(s, n->a);
    bind_node(s, n->b);
    bind_node(s, n->c);
    bind_list(s, &n->args);
    bind_list(s, &n->args2);
    bind_list(s, &n->body);
}

static int *slots_of(Sc *s, NodeList *l)
{
    int *v = aalloc(s, (size_t)(l->n + 1) * sizeof *v);
    for (int i = 0; i < l->n; i++) {
        Node *p = l->items[i];
        v[i] = sc_add(s, p->name);
        p->slot = v[i];
        p->bind = RT_BIND_LOCAL;
    }
    return v;
}

/* Lay out the frame of a FUNCTION or LAMBDA and bind its body. */
static void bind_fn(Sc *outer, Node *fn)
{
    Sc s = {.up = outer, .owner = fn, .mod = outer->mod, .rt = outer->rt};
    FnInfo *fi = aalloc(&s, sizeof *fi);
    s.fi = fi;
    s.named_top_fn = fn->kind == N_FUNCTION && !outer->fi;
    fi->node = fn;
    fi->mod = outer->mod;
    fi->self_name = fn->kind == N_FUNCTION ? fn->name : fn->label;
    fn->rt = fi;
    /* generics and parameters: defaults see the parameters before them */
    NodeList all = {0};
    int np = fn->args3.n + fn->args.n;
    all.items = aalloc(&s, (size_t)(np + 1) * sizeof *all.items);
    for (int i = 0; i < fn->args3.n; i++)
        all.items[all.n++] = fn->args3.items[i];
    for (int i = 0; i < fn->args.n; i++)
        all.items[all.n++] = fn->args.items[i];
    fi->ngenerics = fn->args3.n;
    fi->nparams = fn->args.n;
    fi->param_slot = slots_of(&s, &all);
    fi->noutputs = fn->args2.n;
    fi->output_slot = slots_of(&s, &fn->args2);
    if (fn->kind == N_FUNCTION)
        declare_list(&s, &fn->body);
    else
        declare(&s, fn->a);
    for (int i = 0; i < all.n; i++)
        bind_node(&s, ((Node *)all.items[i])->a);
    if (fn->kind == N_FUNCTION)
        bind_list(&s, &fn->body);
    else
        bind_node(&s, fn->a);
    fi->slot_names = aalloc(&s, (size_t)(fi->nslots + 1) * sizeof *fi->slot_names);
    for (int i = 0; i < s.n; i++)
        fi->slot_names[s.slots[i]] = s.names[i];
    fi->simple = !fn->args3.n && fn->args2.n <= 1 && !(fn->flags & (NODE_KERNEL | NODE_DEVICE));
    for (int i = 0; i < fn->args.n; i++) {
        Node *p = fn->args.items[i];
        if (p->type || p->a || (p->flags & NODE_VARIADIC))
            fi->simple = false;
    }
    for (int i = 0; i < fn->args2.n; i++)
        if (((Node *)fn->args2.items[i])->type)
            fi->simple = false;
    sc_free(&s);
}

FnInfo *rt_scope_module(Rt *rt, RtModule *mod)
{
    Sc top = {.mod = mod, .rt = rt};
    FnInfo *fi = aalloc(&top, sizeof *fi);
    fi->mod = mod;
    declare_list(&top, &mod->m->body);
    bind_list(&top, &mod->m->body);
    sc_free(&top);
    return fi;
}

/* eval("…"): a lambda or expression evaluated on its own, as a module of one statement. */
FnInfo *rt_scope_fn(Rt *rt, RtModule *mod, Node *fn)
{
    Sc top = {.mod = mod, .rt = rt};
    bind_node(&top, fn);
    sc_free(&top);
    return fn->rt;
}

/* Globals are found through a hash index of slot positions (Rt.gindex, lang/names.h), so
 * binding a machine-made file of 10^5 names stays linear. */
int rt_global_find(const Rt *rt, const char *name)
{
    return lang_names_find(rt->gindex, rt->globals_cap, rt->global_names, name);
}

int rt_global_slot(Rt *rt, const char *name)
{
    int found = rt_global_find(rt, name);
    if (found >= 0)
        return found;
    if (rt->nglobals == rt->globals_cap) {
        int cap = rt->globals_cap ? rt->globals_cap * 2 : 64;      /* a power of two */
        Value *g = realloc(rt->globals, (size_t)cap * sizeof *g);
        if (!g)
            rt_out_of_memory(rt);
        rt->globals = g;
        const char **names = realloc(rt->global_names, (size_t)cap * sizeof *names);
        if (!names)
            rt_out_of_memory(rt);
        rt->global_names = names;
        int *index = calloc((size_t)cap * 2, sizeof *index);
        if (!index)
            rt_out_of_memory(rt);
        free(rt->gindex);
        rt->gindex = index;
        rt->globals_cap = cap;
        for (int i = 0; i < rt->nglobals; i++)
            lang_names_put(rt->gindex, rt->globals_cap, rt->global_names, i);
    }
    char *copy = strdup(name);
    if (!copy)
        rt_out_of_memory(rt);
    rt->global_names[rt->nglobals] = copy;
    rt->globals[rt->nglobals] = rt_undef();
    lang_names_put(rt->gindex, rt->globals_cap, rt->global_names, rt->nglobals);
    return rt->nglobals++;
}
