/*
 * resolve.c - names, imports, closures and loop labels.
 *
 * Quasar scoping is by function, as in MATLAB and Python: a name assigned anywhere in a
 * function (or at the top level of a file) belongs to that scope; functions and types
 * are visible in their whole scope. A name is looked up in the enclosing scopes, then in
 * the file's top level, the imported modules and the prelude (prelude.def). A lambda or
 * inner function that uses a name of an enclosing function captures it; the captures
 * are recorded on the node for the interpreter (closures capture values when defined).
 *
 * Imports are searched in the importing file's folder, then in the module path; each
 * module is parsed once per resolution (a cycle is cut, as the spec says an import is
 * only done once). Imported modules are kept by the root module and freed with it.
 */
#include "lang/ast.h"
#include "lang/limits.h"
#include "lang/names.h"

#include <ctype.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char *const prelude[] = {
#define NAME(n) #n,
#include "lang/prelude.def"
#undef NAME
};

/* A set of names: the items in insertion order, and an open-addressing hash table of
 * their indices so that a lookup does not scan (machine-made files have many names). */
typedef struct Names {
    const char **items;
    int n, cap;
    int *slots;             /* index + 1, 0 = empty; size is twice cap */
} Names;

typedef struct Scope Scope;
struct Scope {
    Scope *parent;
    Node *owner;            /* FUNCTION or LAMBDA; NULL for a file's top level */
    Names names;
    Names fixed;            /* functions and types: bound once, never captured */
    Names captures;
};

typedef struct Resolver {
    LangDiag *d;
    const char *const *path;
    LangModule *m;          /* module being checked */
    Names *globals;         /* names of imported modules */
    Names *loaded;          /* real paths of modules already imported */
    struct ModList *mods;   /* imported modules, to free */
    const char **loops;     /* labels of the enclosing loops of the current function */
    int nloops, loops_cap;
    int import_depth;
    int errors;
} Resolver;

typedef struct ModList {
    LangModule *m;
    struct ModList *next;
} ModList;

/* ---------------------------------------------------------------- name sets */

static int names_has(const Names *s, const char *name)
{
    return lang_names_find(s->slots, s->cap, s->items, name) >= 0;
}

static void names_add(Names *s, const char *name)
{
    if (names_has(s, name))
        return;
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;         /* a power of two: the table masks */
        const char **items = realloc(s->items, (size_t)cap * sizeof *items);
        int *slots = items ? calloc((size_t)cap * 2, sizeof *slots) : NULL;
        if (!slots) {
            if (items)
                s->items = items;
            return;     /* a lost name gives at worst a spurious message */
        }
        s->items = items;
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
        for (int k = 0; k < s->n; k++)
            lang_names_put(s->slots, s->cap, s->items, k);
    }
    s->items[s->n] = name;
    lang_names_put(s->slots, s->cap, s->items, s->n++);
}

static void names_free(Names *s)
{
    free(s->items);
    free(s->slots);
}

static void __attribute__((format(printf, 4, 5)))
rerror(Resolver *r, const LangModule *m, LangLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lang_diag_vreport(r->d, &m->src, loc, LANG_ERROR, fmt, ap);
    va_end(ap);
    r->errors++;
}

/* vec, cvec, ivec3, mat3x3, cube, ccube, icube ... are type names usable as values. */
static int is_type_name(const char *s)
{
    for (int skip = 0; skip < 2; skip++) {
        const char *t = s + skip;
        if (skip && *s != 'c' && *s != 'i')
            break;
        size_t n = !strncmp(t, "vec", 3) || !strncmp(t, "mat", 3) ? 3 : !strncmp(t, "cube", 4) ? 4 : 0;
        if (!n)
            continue;
        for (t += n; *t && (isdigit((unsigned char)*t) || *t == 'x'); t++)
            ;
        if (!*t)
            return 1;
    }
    return 0;
}

static int in_prelude(const char *name)
{
    for (size_t i = 0; i < sizeof prelude / sizeof *prelude; i++)
        if (!strcmp(prelude[i], name))
            return 1;
    return is_type_name(name);
}

bool lang_in_prelude(const char *name) { return in_prelude(name); }

/* ---------------------------------------------------------------- declarations */

static void declare_target(Node *t, LangDeclareFn fn, void *ctx)
{
    switch (t->kind) {
    case N_IDENT: fn(ctx, t->name, false); break;
    case N_TYPED: declare_target(t->a, fn, ctx); break;
    case N_MATRIX:
        for (int i = 0; i < t->args.n; i++)
            declare_target(t->args.items[i], fn, ctx);
        break;
    default: break;
    }
}

static void declare_list(NodeList *l, LangDeclareFn fn, void *ctx)
{
    for (int i = 0; i < l->n; i++)
        lang_declarations(l->items[i], fn, ctx);
}

void lang_declarations(Node *n, LangDeclareFn fn, void *ctx)
{
    if (!n)
        return;
    switch (n->kind) {
    case N_LAMBDA:
    case N_REDUCTION:       /* its names belong to the reduction */
        return;
    case N_FUNCTION:
    case N_TYPEDEF:
        fn(ctx, n->name, true);
        return;
    case N_ASSIGN:
        declare_target(n->a, fn, ctx);
        lang_declarations(n->b, fn, ctx);
        return;
    case N_TYPED:
        declare_target(n, fn, ctx);
        return;
    case N_FOR:
        fn(ctx, n->name, false);
        break;
    case N_TRY:
        if (n->name)
            fn(ctx, n->name, false);
        break;
    default:
        break;
    }
    lang_declarations(n->a, fn, ctx);
    lang_declarations(n->b, fn, ctx);
    lang_declarations(n->c, fn, ctx);
    declare_list(&n->args, fn, ctx);
    declare_list(&n->args2, fn, ctx);
    declare_list(&n->body, fn, ctx);
}

static void scope_add(void *ctx, const char *name, bool fixed)
{
    Scope *s = ctx;
    names_add(&s->names, name);
    if (fixed)
        names_add(&s->fixed, name);
}

/* Collect what `n` declares in scope `s`. */
static void declare(Scope *s, Node *n) { lang_declarations(n, scope_add, s); }

static void declare_list_in(Scope *s, NodeList *l) { declare_list(l, scope_add, s); }

/* ---------------------------------------------------------------- uses */

static void check_node(Resolver *r, Scope *s, Node *n);

static void check_list(Resolver *r, Scope *s, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        check_node(r, s, l->items[i]);
}

static void lookup(Resolver *r, Scope *s, Node *id)
{
    const char *name = id->name;
    Scope *found = NULL;
    for (Scope *x = s; x; x = x->parent)
        if (names_has(&x->names, name)) {
            found = x;
            break;
        }
    if (found) {
        /* every function between the use and the definition captures a variable */
        if (!names_has(&found->fixed, name))
            for (Scope *x = s; x != found; x = x->parent)
                if (x->owner)
                    names_add(&x->captures, name);
        return;
    }
    if (names_has(r->globals, name) || in_prelude(name))
        return;
    rerror(r, r->m, id->loc, "'%s' is not defined", name);
}

static void check_params(Resolver *r, Scope *s, NodeList *l, const char *fn)
{
    for (int i = 0; i < l->n; i++) {
        Node *p = l->items[i];
        if (names_has(&s->names, p->name))
            rerror(r, r->m, p->loc, "'%s' is declared twice in '%s'", p->name, fn);
        if (p->a)
            check_node(r, s, p->a);     /* defaults see the earlier parameters */
        names_add(&s->names, p->name);
    }
}

static void finish_scope(Resolver *r, Scope *fs, Node *owner)
{
    if (fs->captures.n) {
        const char **c = lang_arena_alloc(&r->m->arena, (size_t)fs->captures.n * sizeof *c);
        if (c) {
            memcpy(c, fs->captures.items, (size_t)fs->captures.n * sizeof *c);
            owner->captures = c;
            owner->ncaptures = fs->captures.n;
        }
    }
    names_free(&fs->names);
    names_free(&fs->fixed);
    names_free(&fs->captures);
}

/* A function body or lambda: a new scope and a fresh set of enclosing loops. */
static void check_function(Resolver *r, Scope *outer, Node *n)
{
    Scope fs = {.parent = outer, .owner = n};
    const char *fn = n->kind == N_FUNCTION ? n->name : "lambda";
    check_params(r, &fs, &n->args3, fn);
    check_params(r, &fs, &n->args, fn);
    Names outs = {0};     /* an output may share a parameter's name (`function x = f(x)`) */
    for (int i = 0; i < n->args2.n; i++) {
        Node *o = n->args2.items[i];
        if (names_has(&outs, o->name))
            rerror(r, r->m, o->loc, "output '%s' is declared twice in '%s'", o->name, fn);
        names_add(&outs, o->name);
        names_add(&fs.names, o->name);
    }
    names_free(&outs);
    if (n->flags & NODE_KERNEL)
        for (int i = 0; i < n->args.n; i++)
            if (((Node *)n->args.items[i])->a)
                rerror(r, r->m, ((Node *)n->args.items[i])->loc,
                       "kernel functions cannot have optional arguments");
    int saved = r->nloops;
    r->nloops = 0;
    const char **saved_loops = r->loops;
    int saved_cap = r->loops_cap;
    r->loops = NULL;
    r->loops_cap = 0;
    if (n->kind == N_FUNCTION) {
        declare_list_in(&fs, &n->body);
        check_list(r, &fs, &n->body);
    } else {
        declare(&fs, n->a);
        check_node(r, &fs, n->a);
    }
    free(r->loops);
    r->loops = saved_loops;
    r->loops_cap = saved_cap;
    r->nloops = saved;
    finish_scope(r, &fs, n);
}

static void check_loop(Resolver *r, Scope *s, Node *n)
{
    if (r->nloops == r->loops_cap) {
        int cap = r->loops_cap ? r->loops_cap * 2 : 8;
        const char **l = realloc(r->loops, (size_t)cap * sizeof *l);
        if (!l)
            return;
        r->loops = l;
        r->loops_cap = cap;
    }
    r->loops[r->nloops++] = n->label;
    check_node(r, s, n->a);
    check_list(r, s, &n->body);
    r->nloops--;
}

static void check_jump(Resolver *r, Node *n)
{
    const char *what = n->kind == N_BREAK ? "break" : "continue";
    if (!r->nloops) {
        rerror(r, r->m, n->loc, "'%s' outside a loop", what);
        return;
    }
    if (!n->label)
        return;
    for (int i = 0; i < r->nloops; i++)
        if (r->loops[i] && !strcmp(r->loops[i], n->label))
            return;
    rerror(r, r->m, n->loc, "'%s %s': no enclosing loop is labelled '%s'", what, n->label, n->label);
}

static void check_node(Resolver *r, Scope *s, Node *n)
{
    if (!n)
        return;
    switch (n->kind) {
    case N_IDENT:
        lookup(r, s, n);
        return;
    case N_PLACEHOLDER:
        rerror(r, r->m, n->loc, "'_' is only a placeholder for an ignored output in '[a, _] = ...'");
        return;
    case N_FIELD:
    case N_NAMED_ARG:
    case N_SPREAD:
    case N_MODIFIED:
    case N_TYPED:
        check_node(r, s, n->a);
        return;
    case N_ASSIGN:
        if (n->a->kind == N_MATRIX) {
            for (int i = 0; i < n->a->args.n; i++) {
                Node *t = n->a->args.items[i];
                if (t->kind != N_PLACEHOLDER)
                    check_node(r, s, t->kind == N_TYPED ? t->a : t);
            }
        } else {
            check_node(r, s, n->a);
        }
        check_node(r, s, n->b);
        return;
    case N_LAMBDA:
    case N_FUNCTION:
        check_function(r, s, n);
        return;
    case N_FOR:
    case N_WHILE:
    case N_REPEAT:
        check_loop(r, s, n);
        return;
    case N_BREAK:
    case N_CONTINUE:
        check_jump(r, n);
        return;
    case N_ATTRIBUTE:       /* settings such as dims=auto are not variables */
    case N_TYPEDEF:
    case N_IMPORT:
    case N_PRAGMA:
        return;
    case N_MATCH:
        check_node(r, s, n->a);
        for (int i = 0; i < n->args.n; i++) {
            Node *c = n->args.items[i];
            for (int j = 0; j < c->args.n; j++)
                if (((Node *)c->args.items[j])->kind != N_PLACEHOLDER)   /* `_` is the default case */
                    check_node(r, s, c->args.items[j]);
            check_list(r, s, &c->body);
        }
        return;
    case N_REDUCTION: {
        Scope rs = {.parent = s};
        for (int i = 0; i < n->args.n; i++)
            names_add(&rs.names, ((Node *)n->args.items[i])->name);
        check_node(r, &rs, n->a);
        check_node(r, &rs, n->b);
        check_node(r, &rs, n->c);
        names_free(&rs.names);
        names_free(&rs.fixed);
        names_free(&rs.captures);
        return;
    }
    default:
        break;
    }
    check_node(r, s, n->a);
    check_node(r, s, n->b);
    check_node(r, s, n->c);
    check_list(r, s, &n->args);
    check_list(r, s, &n->args2);
    check_list(r, s, &n->body);
}

/* ---------------------------------------------------------------- imports */

/* The file name of a module path, after the last '/' or '\\'. */
static const char *module_basename(const char *name)
{
    const char *base = name;
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    return base;
}

/* Quasar's own .NET libraries (Quasar.Runtime.dll, Quasar.Video.dll, Quasar.UI.dll,
 * Quasar.DNN.dll, …): their functions are qpipe's builtins, so importing one is a no-op.
 * Matched by name, case-insensitively, wherever the path points. */
bool lang_is_builtin_library(const char *name)
{
    const char *base = module_basename(name);
    size_t n = strlen(base);
    return n > 11 && !strncasecmp(base, "Quasar.", 7) && !strcasecmp(base + n - 4, ".dll");
}

/* The part of a Quasar library that qpipe writes in Quasar: importing the library imports
 * this module from the module path (Quasar.UI.dll's forms are presets/quasar_ui.q).
 * NULL for a library whose functions are all builtins. */
const char *lang_library_module(const char *name)
{
    return lang_is_builtin_library(name) && !strcasecmp(module_basename(name), "Quasar.UI.dll") ? "quasar_ui.q"
                                                                                                : NULL;
}

static bool is_library(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && !strcasecmp(name + n - 4, ".dll");
}

/* An absolute path, Unix or Windows (C:\…, \\server\…): programs written on another
 * machine name their modules so. */
static bool is_absolute(const char *name)
{
    return name[0] == '/' || name[0] == '\\' ||
           (((name[0] | 32) >= 'a' && (name[0] | 32) <= 'z') && name[1] == ':' && (name[2] == '\\' || name[2] == '/'));
}

static char *find_on_path(const LangModule *m, const char *name, const char *const *path)
{
    char buf[PATH_MAX];
    char *dir = strdup(m->src.name);
    if (!dir)
        return NULL;
    snprintf(buf, sizeof buf, "%s/%s", dirname(dir), name);
    free(dir);
    if (name[0] == '/')
        snprintf(buf, sizeof buf, "%s", name);
    if (access(buf, R_OK) == 0)
        return strdup(buf);
    for (int i = 0; path && path[i]; i++) {
        snprintf(buf, sizeof buf, "%s/%s", path[i], name);
        if (access(buf, R_OK) == 0)
            return strdup(buf);
    }
    return NULL;
}

/* The module's folder and the path; an absolute name that does not exist falls back to
 * its file name searched the same way (lang_module_fallback says whether it did). */
char *lang_find_module(const LangModule *m, const char *name, const char *const *path)
{
    char *found = find_on_path(m, name, path);
    if (!found && lang_module_fallback(name))
        found = find_on_path(m, module_basename(name), path);
    return found;
}

bool lang_module_fallback(const char *name)
{
    return is_absolute(name) && access(name, R_OK) != 0 && *module_basename(name);
}

static void resolve_module(Resolver *r, LangModule *m);

/* Top-level definitions of an imported module become globals of the importer. Its
 * `main` is not imported (the spec: main functions are skipped). */
static void export_names(Resolver *r, LangModule *m)
{
    Scope s = {0};
    declare_list_in(&s, &m->body);
    for (int i = 0; i < s.names.n; i++)
        if (strcmp(s.names.items[i], "main"))
            names_add(r->globals, s.names.items[i]);
    names_free(&s.names);
    names_free(&s.fixed);
}

static void do_import(Resolver *r, LangModule *m, Node *imp)
{
    const char *name = imp->name;
    if (lang_is_builtin_library(name) && !(name = lang_library_module(name)))
        return;
    if (is_library(name)) {
        rerror(r, m, imp->loc, "cannot import the library '%s': qpipe runs Quasar modules (.q); of the "
               ".NET libraries it has only Quasar's own (Quasar.*.dll) built in", module_basename(name));
        return;
    }
    char *file = lang_find_module(m, name, r->path);
    if (file && lang_module_fallback(name))
        lang_diag_report(r->d, &m->src, imp->loc, LANG_WARNING,
                         "module '%s' does not exist; using '%s' found on the module path", name, file);
    if (!file) {
        rerror(r, m, imp->loc, "cannot find module '%s' (searched the program's folder%s)", name,
               r->path && r->path[0] ? " and the module path" : "");
        return;
    }
    char real[PATH_MAX];
    if (!realpath(file, real))
        snprintf(real, sizeof real, "%s", file);
    if (names_has(r->loaded, real)) {
        free(file);
        return;         /* imported once */
    }
    if (r->import_depth >= LANG_MAX_IMPORT_DEPTH) {
        rerror(r, m, imp->loc, "imports nested too deeply (more than %d)", LANG_MAX_IMPORT_DEPTH);
        free(file);
        return;
    }
    LangModule *sub = lang_parse_file(file, r->d);
    free(file);
    if (!sub)
        return;
    ModList *node = malloc(sizeof *node);
    if (!node) {
        lang_module_free(sub);
        return;
    }
    node->m = sub;
    node->next = r->mods;
    r->mods = node;
    names_add(r->loaded, lang_arena_strndup(&sub->arena, real, strlen(real)));
    r->import_depth++;
    LangModule *saved = r->m;
    resolve_module(r, sub);
    r->m = saved;
    r->import_depth--;
    export_names(r, sub);
}

static void resolve_module(Resolver *r, LangModule *m)
{
    r->m = m;
    int others = 0;
    for (int i = 0; i < m->body.n; i++) {
        Node *n = m->body.items[i];
        if (n->kind == N_IMPORT) {
            if (others)
                rerror(r, m, n->loc, "import must come before the other statements of the file");
            do_import(r, m, n);
            r->m = m;
        } else if (n->kind != N_PRAGMA && n->kind != N_ATTRIBUTE) {
            others++;
        }
    }
    Scope top = {0};
    declare_list_in(&top, &m->body);
    check_list(r, &top, &m->body);
    names_free(&top.names);
    names_free(&top.fixed);
    names_free(&top.captures);
}

/* Imports anywhere but the top level are errors; find them (the parser allows them as
 * statements so that the message can say why). */
static void check_nested_imports(Resolver *r, LangModule *m, NodeList *l, int top)
{
    for (int i = 0; i < l->n; i++) {
        Node *n = l->items[i];
        if (!n)
            continue;
        if (n->kind == N_IMPORT && !top)
            rerror(r, m, n->loc, "import is only allowed at the top level of a file");
        check_nested_imports(r, m, &n->body, 0);
        check_nested_imports(r, m, &n->args2, 0);
        if (n->kind == N_IF || n->kind == N_MATCH)
            for (int j = 0; j < n->args.n; j++)
                check_nested_imports(r, m, &((Node *)n->args.items[j])->body, 0);
    }
}

int lang_resolve(LangModule *m, const char *const *module_path, LangDiag *d)
{
    Names globals = {0}, loaded = {0};
    Resolver r = {.d = d, .path = module_path, .globals = &globals, .loaded = &loaded};
    int before = lang_diag_errors(d);
    char real[PATH_MAX];
    if (realpath(m->src.name, real))
        names_add(&loaded, real);       /* a module importing itself is a no-op */
    check_nested_imports(&r, m, &m->body, 1);
    resolve_module(&r, m);
    while (r.mods) {
        ModList *next = r.mods->next;
        lang_module_free(r.mods->m);
        free(r.mods);
        r.mods = next;
    }
    names_free(&globals);
    names_free(&loaded);
    free(r.loops);
    return lang_diag_errors(d) - before;
}
