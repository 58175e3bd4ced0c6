/*
 * types.c - runtime types: the names of values' types, type checks (annotations,
 * parameters, `type(x, "…")`), type values (vec, cube[uint8], classes) and what calling
 * them does (constructors and conversions).
 *
 * Subtyping follows spec 004 §2.2: int ⊂ scalar; vec ⊂ mat ⊂ cube ⊂ cube{:} by rank;
 * `cube` means cube[scalar] (an int cube is cube[int], not cube); `??` matches anything.
 * Type annotations are LangType trees from the front end; the string form of type()
 * is parsed with the front end's type grammar.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct RtTypeCache {
    struct RtTypeCache *next;
    RtType *t;
} RtTypeCache;

/* Type texts of type(x, "…"), parsed once and kept with the Rt (matching may raise an
 * error, which must not leak the parsed tree). */
typedef struct RtTypeText {
    struct RtTypeText *next;
    char *text;
    LangModule *m;
} RtTypeText;


/* ---------------------------------------------------------------- names */

static const char *elem_suffix(RtElem e)
{
    switch (e) {
    case RT_I32: return "int";
    default: return rt_elem_name(e);
    }
}

static void array_type_name(const RtArray *a, StrBuf *sb)
{
    bool cplx = rt_elem_is_complex(a->elem);
    if (cplx)
        sb_putc(sb, 'c');
    if (a->rank == 1)
        sb_puts(sb, "vec");
    else if (a->rank == 2)
        sb_puts(sb, "mat");
    else if (a->rank == 3)
        sb_puts(sb, "cube");
    else
        sb_printf(sb, "cube{%d}", a->rank);
    if (a->elem == RT_F32 || a->elem == RT_F64 || cplx)
        return;
    if (a->elem == RT_VALUE)
        sb_printf(sb, "[%s]", a->cls ? a->cls->name : "??");
    else
        sb_printf(sb, "[%s]", elem_suffix(a->elem));
}

const char *rt_type_name(Rt *rt, Value v, StrBuf *sb)
{
    (void)rt;
    sb->len = 0;
    switch (v.kind) {
    case V_UNDEF: sb_puts(sb, "nothing"); break;
    case V_NULL: sb_puts(sb, "nullptr"); break;
    case V_INT: sb_puts(sb, v.mode ? rt_elem_name((RtElem)(v.mode - 1)) : "int"); break;
    case V_SCALAR: sb_puts(sb, "scalar"); break;
    case V_COMPLEX: sb_puts(sb, "cscalar"); break;
    case V_STRING: sb_puts(sb, "string"); break;
    case V_ARRAY: array_type_name(v.a, sb); break;
    case V_BUILTIN: sb_puts(sb, "function"); break;
    case V_FUNC:
        sb_puts(sb, v.f->node->flags & (NODE_KERNEL | NODE_DEVICE) ? "kernel_function"
                    : v.f->node->kind == N_LAMBDA                    ? "lambda_expr"
                                                                     : "function");
        break;
    case V_OBJECT: sb_puts(sb, v.obj->cls ? v.obj->cls->name : "object"); break;
    case V_TYPE: sb_puts(sb, "type"); break;
    }
    return sb->s ? sb->s : "";
}

/* ---------------------------------------------------------------- builtin type values */

static RtElem scalar_elem_of(const char *name, bool *ok)
{
    static const struct {
        const char *name;
        RtElem e;
    } map[] = {
        {"int8", RT_I8}, {"uint8", RT_U8}, {"int16", RT_I16}, {"uint16", RT_U16}, {"int", RT_I32},
        {"int32", RT_I32}, {"uint32", RT_U32}, {"int64", RT_I64}, {"uint64", RT_U64}, {"single", RT_F32},
        {"double", RT_F64}, {"half", RT_F32},
    };
    *ok = true;
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (!strcmp(map[i].name, name))
            return map[i].e;
    *ok = false;
    return RT_F32;
}

/* vec, cmat, icube, vec3, ivec2, mat3x3, cube: family prefix and rank. */
static bool parse_array_name(const char *s, char *prefix, int *rank, int64_t *fixed)
{
    *prefix = 0;
    *fixed = -1;
    if ((s[0] == 'c' || s[0] == 'i') && (s[1] == 'v' || s[1] == 'm' || (s[1] == 'c' && s[2] == 'u')))
        *prefix = *s++;
    if (!strncmp(s, "vec", 3)) {
        *rank = 1;
        s += 3;
    } else if (!strncmp(s, "mat", 3)) {
        *rank = 2;
        s += 3;
    } else if (!strncmp(s, "cube", 4)) {
        *rank = 3;
        s += 4;
    } else {
        return false;
    }
    if (!*s)
        return true;
    int64_t n = 1;
    while (*s) {
        if (!isdigit((unsigned char)*s))
            return false;
        int64_t k = strtoll(s, (char **)&s, 10);
        n *= k;
        if (*s == 'x')
            s++;
    }
    *fixed = n;
    return true;
}

RtType *rt_builtin_type(Rt *rt, const char *name)
{
    for (RtTypeCache *c = rt->types; c; c = c->next)
        if (!strcmp(c->t->name, name))
            return c->t;
    static const char *const plain[] = {"int", "scalar", "cscalar", "string", "int8", "uint8", "int16", "uint16",
                                        "int32", "uint32", "int64", "uint64", "single", "double", "half",
                                        "function", "lambda_expr", "kernel_function", "object", "cell"};
    int rank = -1;
    RtElem elem = (RtElem)-1;
    bool found = false;
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (!strcmp(plain[i], name))
            found = true;
    char prefix;
    int64_t fixed;
    if (!found && parse_array_name(name, &prefix, &rank, &fixed)) {
        found = true;
        elem = prefix == 'c' ? RT_C64 : prefix == 'i' ? RT_I32 : RT_F64;   /* F64/C64: "the scalar type" */
    } else if (found) {
        rank = 0;
        bool ok;
        elem = scalar_elem_of(name, &ok);
        if (!ok)
            elem = !strcmp(name, "cscalar") ? RT_C64 : !strcmp(name, "scalar") ? RT_F64 : (RtElem)-1;
        if (!strcmp(name, "cell")) {
            rank = 1;
            elem = RT_VALUE;
        }
    }
    if (!found)
        return NULL;
    RtType *t = calloc(1, sizeof *t);
    RtTypeCache *c = calloc(1, sizeof *c);
    char *copy = strdup(name);
    if (!t || !c || !copy) {
        free(t), free(c), free(copy);
        rt_out_of_memory(rt);
    }
    t->hdr = (RtObj){1, V_TYPE};
    t->kind = RT_T_NAMED;
    t->name = copy;
    t->elem = elem;
    t->rank = rank;
    c->t = t;
    c->next = rt->types;
    rt->types = c;
    return t;
}

void rt_types_free(Rt *rt)
{
    while (rt->type_texts) {
        RtTypeText *next = rt->type_texts->next;
        lang_module_free(rt->type_texts->m);
        free(rt->type_texts->text);
        free(rt->type_texts);
        rt->type_texts = next;
    }
    while (rt->types) {
        RtTypeCache *next = rt->types->next;
        rt_release((Value){.kind = V_TYPE, .t = rt->types->t});
        free(rt->types);
        rt->types = next;
    }
}

/* ---------------------------------------------------------------- matching */

static Value lookup_global(Rt *rt, const char *name)
{
    int i = rt_global_find(rt, name);
    return i >= 0 ? rt->globals[i] : rt_undef();
}

/* Is `name` a generic parameter ([T]) of the function running now? */
static bool is_generic(Rt *rt, const char *name)
{
    /* the running function's, or an enclosing one's (a kernel nested in a generic function) */
    for (RtCall *c = rt->call; c; c = c->up) {
        Node *fn = c->fn;
        for (int i = 0; fn && i < fn->args3.n; i++)
            if (!strcmp(((Node *)fn->args3.items[i])->name, name))
                return true;
    }
    return false;
}

static bool elem_matches(Rt *rt, const RtArray *a, LangType *et, char prefix)
{
    if (!et) {
        if (prefix == 'c')
            return rt_elem_is_complex(a->elem);
        if (prefix == 'i')
            return a->elem == RT_I32;
        return a->elem == RT_F32 || a->elem == RT_F64;
    }
    if (et->kind == TY_UNKNOWN)
        return true;
    if (et->kind == TY_UNION) {
        for (int i = 0; i < et->nelems; i++)
            if (elem_matches(rt, a, et->elems[i], prefix))
                return true;
        return false;
    }
    if (et->kind != TY_NAME)
        return a->elem == RT_VALUE;
    const char *n = et->name;
    if (!strcmp(n, "scalar"))
        return a->elem == RT_F32 || a->elem == RT_F64;
    if (!strcmp(n, "cscalar"))
        return rt_elem_is_complex(a->elem);
    bool ok;
    RtElem e = scalar_elem_of(n, &ok);
    if (ok)
        return a->elem == e || (e == RT_F32 && a->elem == RT_F64 && !strcmp(n, "single") && !rt->opt.dbl);
    if (a->elem != RT_VALUE) {
        /* a name that is neither a number type nor a class: a generic parameter (T) */
        Value tv = lookup_global(rt, n);
        if (tv.kind == V_TYPE)
            return tv.t->kind == RT_T_ALIAS && elem_matches(rt, a, tv.t->type, prefix);
        if (is_generic(rt, n))
            return true;
        rt_error(rt, "unknown type '%s'", n);
    }
    /* cells and class arrays: every element must match */
    for (int64_t i = 0; i < a->n; i++)
        if (!rt_type_matches(rt, ((Value *)a->data)[i], et))
            return false;
    return true;
}

static bool array_matches(Rt *rt, Value v, LangType *t, char prefix, int rank, int64_t fixed)
{
    if (v.kind != V_ARRAY)
        return false;
    RtArray *a = v.a;
    if (t->has_dim) {
        if (t->dim && t->dim->kind == N_INT)
            rank = (int)t->dim->ival;
        else
            rank = RT_MAX_DIMS;
    }
    if (a->rank > rank)
        return false;
    if (fixed >= 0 && a->n != fixed)
        return false;
    if (t->has_sizes) {
        for (int i = 0; i < t->nsizes; i++) {
            Node *s = t->sizes[i];
            int64_t d = i < a->rank ? a->dims[i] : 1;
            if (s && s->kind == N_INT && s->ival != d)
                return false;
        }
    }
    return elem_matches(rt, a, t->has_elems && t->nelems ? t->elems[0] : NULL, prefix);
}

bool rt_type_matches(Rt *rt, Value v, LangType *t)
{
    if (!t)
        return true;
    switch (t->kind) {
    case TY_UNKNOWN:
    case TY_TUPLE:
    case TY_MODS:
        return true;
    case TY_UNION:
        for (int i = 0; i < t->nelems; i++)
            if (rt_type_matches(rt, v, t->elems[i]))
                return true;
        return false;
    case TY_POINTER:
        return v.kind == V_NULL || rt_type_matches(rt, v, t->target);
    case TY_FUNC:
        return v.kind == V_FUNC || v.kind == V_BUILTIN;
    case TY_NAME:
        break;
    }
    const char *n = t->name;
    if (!strcmp(n, "scalar") || !strcmp(n, "single") || !strcmp(n, "double") || !strcmp(n, "half"))
        return v.kind == V_INT || v.kind == V_SCALAR;
    if (!strcmp(n, "cscalar"))
        return v.kind == V_COMPLEX;
    if (!strcmp(n, "string"))
        return v.kind == V_STRING;
    if (!strcmp(n, "function") || !strcmp(n, "lambda_expr") || !strcmp(n, "kernel_function"))
        return v.kind == V_FUNC || v.kind == V_BUILTIN;
    if (!strcmp(n, "object"))
        return v.kind == V_OBJECT;
    if (!strcmp(n, "cell"))
        return v.kind == V_ARRAY && v.a->elem == RT_VALUE;
    bool ok;
    RtElem want = scalar_elem_of(n, &ok);
    if (ok) {
        /* "int" takes every integer; "uint8" … an integer of that type (or a plain one) */
        if (v.kind != V_INT)
            return false;
        return !strcmp(n, "int") || !v.mode || (RtElem)(v.mode - 1) == want;
    }
    char prefix;
    int rank;
    int64_t fixed;
    if (parse_array_name(n, &prefix, &rank, &fixed))
        return array_matches(rt, v, t, prefix, rank, fixed);
    /* a class or alias defined by the program */
    Value tv = lookup_global(rt, n);
    if (tv.kind == V_TYPE) {
        RtType *ty = tv.t;
        if (ty->kind == RT_T_ALIAS)
            return rt_type_matches(rt, v, ty->type);
        return v.kind == V_OBJECT && v.obj->cls && (v.obj->cls == ty || !strcmp(v.obj->cls->name, ty->name));
    }
    if (is_generic(rt, n))
        return true;    /* T of a generic function: bound by the arguments, no constraint */
    rt_error(rt, "unknown type '%s'", n);
}

bool rt_type_matches_str(Rt *rt, Value v, const char *text)
{
    RtTypeText *tt = rt->type_texts;
    while (tt && strcmp(tt->text, text))
        tt = tt->next;
    if (!tt) {
        StrBuf src = {0};
        sb_printf(&src, "__t : %s\n", text);
        LangDiag *d = lang_diag_new(NULL);
        LangModule *m = d ? lang_parse("<type>", src.s, src.len, d) : NULL;
        sb_free(&src);
        bool bad = !m || lang_diag_errors(d) || m->body.n != 1 || ((Node *)m->body.items[0])->kind != N_TYPED;
        lang_diag_free(d);
        if (bad) {
            lang_module_free(m);
            rt_error(rt, "'%s' is not a type", text);
        }
        tt = calloc(1, sizeof *tt);
        if (!tt || !(tt->text = strdup(text))) {
            free(tt);
            lang_module_free(m);
            rt_out_of_memory(rt);
        }
        tt->m = m;
        tt->next = rt->type_texts;
        rt->type_texts = tt;
    }
    return rt_type_matches(rt, v, ((Node *)tt->m->body.items[0])->type);
}

/* ---------------------------------------------------------------- type values */

Value rt_type_apply(Rt *rt, RtType *t, int n, Value *params)
{
    RtType *p = NULL;
    if (n == 1 && params[0].kind == V_TYPE)
        p = params[0].t;
    else if (n == 1 && params[0].kind == V_BUILTIN)
        p = rt_builtin_type(rt, params[0].b->name);     /* vec[int]: int is also a function */
    if (t->kind != RT_T_NAMED || t->rank < 1 || !p)
        rt_error(rt, "'%s[…]' is not a type", t->name);
    RtType *r = calloc(1, sizeof *r);
    StrBuf sb = {0};
    sb_printf(&sb, "%s[%s]", t->name, p->name);
    if (!r || !sb.s) {
        free(r);
        sb_free(&sb);
        rt_out_of_memory(rt);
    }
    r->hdr = (RtObj){1, V_TYPE};
    r->kind = RT_T_NAMED;
    r->name = sb.s;
    r->rank = t->rank;
    if (p->kind == RT_T_NAMED && p->rank == 0 && (int)p->elem >= 0) {
        r->elem = p->elem;
    } else {
        r->elem = RT_VALUE;     /* vec[point], vec[??], vec[vec] */
    }
    return (Value){.kind = V_TYPE, .t = r};
}

/* cube{n}, icube{n}, ccube{n} (spec 004 §2.2.5): the array type of rank n (n from 1 to 16;
 * n < 0 for cube{:}, whose constructor takes its rank from its arguments). */
Value rt_type_dims(Rt *rt, RtType *t, int64_t n)
{
    if (t->kind != RT_T_NAMED || t->rank != 3)
        rt_error(rt, "'%s{…}' is not a type: a dimension parameter follows cube, icube or ccube", t->name);
    if (n == 0 || n > RT_MAX_DIMS)
        rt_error(rt, "'%s{%lld}': the dimension must be 1 to %d", t->name, (long long)n, RT_MAX_DIMS);
    RtType *r = calloc(1, sizeof *r);
    StrBuf sb = {0};
    if (n < 0)
        sb_printf(&sb, "%s{:}", t->name);
    else
        sb_printf(&sb, "%s{%lld}", t->name, (long long)n);
    if (!r || !sb.s) {
        free(r);
        sb_free(&sb);
        rt_out_of_memory(rt);
    }
    r->hdr = (RtObj){1, V_TYPE};
    r->kind = RT_T_NAMED;
    r->name = sb.s;
    r->elem = t->elem;
    r->rank = n < 0 ? RT_MAX_DIMS : (int)n;
    return (Value){.kind = V_TYPE, .t = r};
}

static bool has_mod(LangType *t, const char *mod)
{
    for (int i = 0; t && i < t->nmods; i++)
        if (!strcmp(t->mods[i], mod))
            return true;
    return false;
}

/* int8(x), uint8(x) …: convert a number or array to an integer type (wrapping; 'sat
 * saturates). */
static void convert_to(Rt *rt, RtElem e, Value x, bool sat, Value *dst)
{
    if (x.kind == V_ARRAY) {
        if (x.a->elem == RT_VALUE)
            rt_error(rt, "cannot convert a cell to a number type");
        *dst = rt_array_uninit(e, x.a->rank, x.a->dims);
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(rt);
        for (int64_t i = 0; i < x.a->n; i++) {
            if (rt_elem_is_complex(e))
                rt_set_cplx(dst->a, i, rt_get_cplx(x.a, i));
            else if (rt_elem_is_int(x.a->elem) && rt_elem_is_int(e)) {
                Value v = rt_get_value(x.a, i);
                rt_set_value(dst->a, i, v, sat);
            } else
                rt_set_real(dst->a, i, rt_get_real(x.a, i), sat);
        }
        return;
    }
    if (rt_elem_is_int(e)) {
        int64_t dims = 1;
        Value tmp = rt_array_uninit(e, 1, &dims);
        if (tmp.kind == V_UNDEF)
            rt_out_of_memory(rt);
        if (x.kind == V_INT)
            rt_set_int(tmp.a, 0, x.i, sat);
        else
            rt_set_real(tmp.a, 0, rt_to_real(rt, x, "the value"), sat);
        *dst = rt_get_value(tmp.a, 0);
        rt_release(tmp);
        return;
    }
    if (rt_elem_is_complex(e)) {
        RtC64 c = rt_to_cplx(rt, x, "the value");
        *dst = rt_cplx(rt_round(rt, c.re), rt_round(rt, c.im));
        return;
    }
    double r = rt_to_real(rt, x, "the value");
    *dst = rt_real(e == RT_F32 ? (double)(float)r : r);
}

static void construct_class(Rt *rt, RtType *t, int argc, Value *argv, const char **names, Value *dst);

void rt_type_construct(Rt *rt, RtType *t, int argc, Value *argv, const char **names, Value *dst)
{
    if (t->kind == RT_T_CLASS) {
        construct_class(rt, t, argc, argv, names, dst);
        return;
    }
    if (names)
        rt_error(rt, "'%s' takes no named arguments", t->name);
    RtType *alias_elem_cls = NULL;
    int rank = t->rank;
    RtElem elem = t->elem;
    if (t->kind == RT_T_ALIAS) {
        /* type point_vec : vec[point] … */
        LangType *lt = t->type;
        char prefix;
        int64_t fixed;
        if (lt->kind != TY_NAME || !parse_array_name(lt->name, &prefix, &rank, &fixed))
            rt_error(rt, "'%s' cannot be called", t->name);
        elem = prefix == 'c' ? rt_complex_elem(rt) : prefix == 'i' ? RT_I32 : rt_scalar_elem(rt);
        if (lt->has_elems && lt->nelems) {
            LangType *et = lt->elems[0];
            bool ok;
            RtElem e = et->kind == TY_NAME ? scalar_elem_of(et->name, &ok) : RT_VALUE;
            if (et->kind == TY_NAME && ok)
                elem = e;
            else if (et->kind == TY_NAME && !strcmp(et->name, "scalar"))
                elem = rt_scalar_elem(rt);
            else if (et->kind == TY_NAME && !strcmp(et->name, "cscalar"))
                elem = rt_complex_elem(rt);
            else {
                elem = RT_VALUE;
                Value cv = et->kind == TY_NAME ? lookup_global(rt, et->name) : rt_undef();
                if (cv.kind == V_TYPE && cv.t->kind == RT_T_CLASS)
                    alias_elem_cls = cv.t;
            }
        }
    }
    if (rank == 0) {
        /* a number type: conversion */
        if (argc != 1)
            rt_error(rt, "'%s(x)' takes one argument", t->name);
        if (!strcmp(t->name, "scalar"))
            elem = rt_scalar_elem(rt);
        else if (!strcmp(t->name, "cscalar"))
            elem = rt_complex_elem(rt);
        else if ((int)elem < 0)
            rt_error(rt, "'%s' cannot be called", t->name);
        convert_to(rt, elem, argv[0], false, dst);
        return;
    }
    if (rank < 0)
        rt_error(rt, "'%s' cannot be called", t->name);
    int64_t dims[RT_MAX_DIMS];
    int r = rt_dims_arg(rt, argc, argv, dims);
    if (argc > 1 && r > rank && rank < 3)
        rt_error(rt, "'%s' takes at most %d dimension%s", t->name, rank, rank == 1 ? "" : "s");
    /* vec, cmat, cube: F64/C64 stand for "the scalar type" of the program's precision */
    if (elem == RT_F64 && t->kind == RT_T_NAMED && !strchr(t->name, '['))
        elem = rt_scalar_elem(rt);
    else if (elem == RT_C64 && t->kind == RT_T_NAMED && !strchr(t->name, '['))
        elem = rt_complex_elem(rt);
    *dst = rt_array_new(elem, r, dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    if (alias_elem_cls) {
        dst->a->cls = alias_elem_cls;
        alias_elem_cls->hdr.refs++;
        for (int64_t i = 0; i < dst->a->n; i++) {
            Value *o = rt_push(rt, 1);
            construct_class(rt, alias_elem_cls, 0, NULL, NULL, o);
            ((Value *)dst->a->data)[i] = *o;
            *o = rt_undef();
            rt_pop_to(rt, o);
        }
    } else if (elem == RT_VALUE) {
        for (int64_t i = 0; i < dst->a->n; i++)
            ((Value *)dst->a->data)[i] = rt_array_vec(rt_scalar_elem(rt), 0);
    }
}

/* A default value for a field without one: zero of its type, nullptr for pointers. */
static bool field_default(Rt *rt, LangType *t, Value *out)
{
    if (!t || t->kind == TY_UNKNOWN)
        return false;
    if (t->kind == TY_POINTER) {
        *out = (Value){.kind = V_NULL};
        return true;
    }
    if (t->kind != TY_NAME)
        return false;
    if (!strcmp(t->name, "scalar") || !strcmp(t->name, "single") || !strcmp(t->name, "double")) {
        *out = rt_real(0);
        return true;
    }
    if (!strcmp(t->name, "cscalar")) {
        *out = rt_cplx(0, 0);
        return true;
    }
    bool ok;
    scalar_elem_of(t->name, &ok);
    if (ok) {
        *out = rt_int(0);
        return true;
    }
    Value cv = lookup_global(rt, t->name);
    if (cv.kind == V_TYPE && cv.t->kind == RT_T_CLASS) {
        construct_class(rt, cv.t, 0, NULL, NULL, out);
        return true;
    }
    return false;
}

static void construct_class(Rt *rt, RtType *t, int argc, Value *argv, const char **names, Value *dst)
{
    Node *def = t->def;
    int nf = def->args.n;
    *dst = rt_object_new(t, nf);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    RtObject *o = dst->obj;
    o->names = calloc((size_t)(nf ? nf : 1), sizeof *o->names);
    if (!o->names)
        rt_out_of_memory(rt);
    for (int i = 0; i < nf; i++)
        o->names[i] = ((Node *)def->args.items[i])->name;
    if (argc > nf)
        rt_error(rt, "'%s' has %d field%s, %d values given", t->name, nf, nf == 1 ? "" : "s", argc);
    int pos = 0;
    for (int i = 0; i < argc; i++) {
        int k = -1;
        if (names && names[i]) {
            for (int j = 0; j < nf; j++)
                if (!strcmp(o->names[j], names[i]))
                    k = j;
            if (k < 0)
                rt_error(rt, "class '%s' has no field '%s'", t->name, names[i]);
        } else {
            k = pos++;
        }
        if (o->fields[k].kind != V_UNDEF)
            rt_error(rt, "field '%s' of '%s' is given twice", o->names[k], t->name);
        rt_retain(argv[i]);
        o->fields[k] = argv[i];
    }
    RtModule *saved = rt->cur_mod;
    for (int i = 0; i < nf; i++) {
        Node *f = def->args.items[i];
        if (o->fields[i].kind == V_UNDEF) {
            if (f->a) {
                rt->cur_mod = t->mod;
                Value *v = rt_push(rt, 1);
                Value *saved_frame = rt->frame;
                rt->frame = NULL;       /* defaults are top-level expressions */
                rt_eval(rt, f->a, v);
                rt->frame = saved_frame;
                o->fields[i] = *v;
                *v = rt_undef();
                rt_pop_to(rt, v);
                rt->cur_mod = saved;
            } else if (!field_default(rt, f->type, &o->fields[i])) {
                rt_error(rt, "'%s' needs a value for field '%s' (it has no default)", t->name, f->name);
            }
        }
        if (f->type && !rt_type_matches(rt, o->fields[i], f->type)) {
            StrBuf sb = {0};
            char have[128];
            snprintf(have, sizeof have, "%s", rt_type_name(rt, o->fields[i], &sb));
            sb_free(&sb);
            rt_error(rt, "type check failed: field '%s' of '%s' is '%s', not '%s'", f->name, t->name, have,
                     f->type->name ? f->type->name : "the declared type");
        }
        if (f->type)
            rt_type_coerce(rt, f->type, &o->fields[i], f->name);
    }
}

/* ---------------------------------------------------------------- coercion */

bool rt_type_leading_ones(const Value *v, LangType *t)
{
    char prefix;
    int rank;
    int64_t fixed;
    if (!t || t->kind != TY_NAME || v->kind != V_ARRAY || t->has_dim ||
        !parse_array_name(t->name, &prefix, &rank, &fixed) || v->a->rank <= rank)
        return false;
    for (int i = 0; i < v->a->rank - rank; i++)
        if (v->a->dims[i] != 1)
            return false;
    return true;
}

bool rt_type_trailing_ones(const Value *v, LangType *t)
{
    char prefix;
    int rank;
    int64_t fixed;
    if (!t || t->kind != TY_NAME || v->kind != V_ARRAY || t->has_dim ||
        !parse_array_name(t->name, &prefix, &rank, &fixed) || v->a->rank <= rank)
        return false;
    for (int i = rank; i < v->a->rank; i++)
        if (v->a->dims[i] != 1)
            return false;
    return true;
}

void rt_type_coerce(Rt *rt, LangType *t, Value *v, const char *what)
{
    if (!t || t->kind != TY_NAME)
        return;
    const char *n = t->name;
    if ((!strcmp(n, "scalar") || !strcmp(n, "single") || !strcmp(n, "double")) && v->kind == V_INT) {
        *v = rt_real(rt_round(rt, (double)v->i));
        return;
    }
    if (!strcmp(n, "cscalar") && (v->kind == V_INT || v->kind == V_SCALAR)) {
        *v = rt_cplx(v->kind == V_INT ? (double)v->i : v->r, 0);
        return;
    }
    bool ok;
    RtElem e = scalar_elem_of(n, &ok);
    if (ok && rt_elem_is_int(e) && v->kind == V_SCALAR) {
        rt_warn(rt, "conversion from 'scalar' to '%s' for '%s'", n, what);
        Value r;
        convert_to(rt, e, *v, has_mod(t, "sat"), &r);
        *v = r;
        return;
    }
    char prefix;
    int rank;
    int64_t fixed;
    if ((v->kind == V_INT || v->kind == V_SCALAR || (v->kind == V_COMPLEX && n[0] == 'c')) &&
        parse_array_name(n, &prefix, &rank, &fixed) && fixed < 0 && !t->has_sizes && !t->has_elems)
        return;     /* a number where vec/mat/cube is declared: a 1x1 array (004 §2.1, my_func(2)) */
    if (rt_type_trailing_ones(v, t) || rt_type_leading_ones(v, t)) {
        /* an M x N x 1 cube where a mat is declared (zeros(M, N, C) with C = 1): the
         * trailing singletons go; else a 1 x M x N cube (research code builds planes as
         * reshape(x, [1, M, N])): the leading ones; the data is shared */
        parse_array_name(n, &prefix, &rank, &fixed);
        int lead = rt_type_trailing_ones(v, t) ? 0 : v->a->rank - rank;
        {
            Value r = rt_array_reshape(v->a, rank, v->a->dims + lead);
            if (r.kind == V_UNDEF)
                rt_out_of_memory(rt);
            r.mode = v->mode;
            rt_release(*v);
            *v = r;
        }
    }
    if (!rt_type_matches(rt, *v, t)) {
        /* arrays of another element type convert to the declared one: y : mat[uint8'sat] */
        if (v->kind == V_ARRAY && v->a->elem != RT_VALUE && parse_array_name(n, &prefix, &rank, &fixed) &&
            v->a->rank <= (t->has_dim ? RT_MAX_DIMS : rank)) {
            LangType *et = t->has_elems && t->nelems ? t->elems[0] : NULL;
            RtElem target = prefix == 'c' ? rt_complex_elem(rt) : prefix == 'i' ? RT_I32 : rt_scalar_elem(rt);
            bool sat = false;
            if (et && et->kind == TY_NAME) {
                bool k;
                RtElem x = scalar_elem_of(et->name, &k);
                if (k)
                    target = x;
                else if (!strcmp(et->name, "cscalar"))
                    target = rt_complex_elem(rt);
                sat = has_mod(et, "sat");
            }
            if (!rt_elem_is_complex(v->a->elem) || rt_elem_is_complex(target)) {
                Value r;
                convert_to(rt, target, *v, sat, &r);
                uint8_t mode = v->mode;
                rt_release(*v);
                *v = r;
                v->mode = mode;
                return;
            }
        }
        StrBuf sb = {0};
        char have[128];
        snprintf(have, sizeof have, "%s", rt_type_name(rt, *v, &sb));
        sb_free(&sb);
        rt_error(rt, "type check failed: '%s' is '%s', not '%s'", what, have, n);
    }
}
