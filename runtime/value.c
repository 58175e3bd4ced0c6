/*
 * value.c - allocation, release and element access of runtime values (value.h).
 */
#include "runtime/value.h"
#include "lang/ast.h"
#include "runtime/mem.h"
#include "runtime/residency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    size_t size;
} elems[] = {
#define ELEM(id, name, ctype, cplx) {#name, sizeof(ctype)},
#include "runtime/elemtype.def"
#undef ELEM
};

/* Element access from the host: a device copy newer than the host's is downloaded first
 * (residency.h; one flag test when there is none). */
#define HOST_READ(a) ((a)->buf && (a)->buf->device ? (void)rt_buf_host((a)->buf, false) : (void)0)
#define HOST_WRITE(a) ((a)->buf && (a)->buf->device ? (void)rt_buf_host((a)->buf, true) : (void)0)

size_t rt_elem_size(RtElem e) { return elems[e].size; }
const char *rt_elem_name(RtElem e) { return elems[e].name; }

/* ---------------------------------------------------------------- release */

static void buffer_release(RtBuffer *b)
{
    if (--b->refs)
        return;
    rt_res_release(b);          /* the device block back to the engine's cache */
    if (b->elem == RT_VALUE) {
        Value *v = b->host;
        for (int64_t i = 0; i < b->n; i++)
            rt_release(v[i]);
    }
    if (b->flags & RT_BUF_PINNED)
        rt_mem_free_frame(b->host, b->bytes, true);
    else
        rt_mem_free(b->host, b->bytes);
    free(b);
}

void rt_free_obj(RtObj *o)
{
    switch (o->kind) {
    case V_STRING:
    case V_COMPLEX:
        break;
    case V_ARRAY: {
        RtArray *a = (RtArray *)o;
        buffer_release(a->buf);
        if (a->cls)
            rt_release((Value){.kind = V_TYPE, .t = a->cls});
        break;
    }
    case V_FUNC: {
        RtFunc *f = (RtFunc *)o;
        for (int i = 0; i < f->ncaps; i++)
            rt_release(f->caps[i]);
        for (int i = 0; i < f->ngen; i++)
            rt_release(f->gen[i]);
        free(f->gen);
        if (f->next)
            rt_release((Value){.kind = V_FUNC, .f = f->next});
        break;
    }
    case V_OBJECT: {
        RtObject *ob = (RtObject *)o;
        for (int i = 0; i < ob->n; i++)
            rt_release(ob->fields[i]);
        if (!ob->cls)
            for (int i = 0; i < ob->n; i++)
                free((char *)ob->names[i]);
        else
            rt_release((Value){.kind = V_TYPE, .t = ob->cls});
        free(ob->names);
        free(ob->fields);
        break;
    }
    case V_TYPE:
        free((char *)((RtType *)o)->name);
        break;
    }
    free(o);
}

Value rt_cplx(double re, double im)
{
    RtComplex *c = malloc(sizeof *c);
    if (!c)
        return rt_undef();
    c->hdr = (RtObj){1, V_COMPLEX};
    c->c = (RtC64){re, im};
    return (Value){.kind = V_COMPLEX, .cx = c};
}

/* ---------------------------------------------------------------- strings */

Value rt_string_new(const char *text, size_t len)
{
    RtString *s = malloc(sizeof *s + len + 1);
    if (!s)
        return rt_undef();
    s->hdr = (RtObj){1, V_STRING};
    s->len = len;
    memcpy(s->text, text, len);
    s->text[len] = 0;
    return (Value){.kind = V_STRING, .s = s};
}

Value rt_string_cstr(const char *text) { return rt_string_new(text, strlen(text)); }

/* ---------------------------------------------------------------- arrays */

/* The element count of dims, or -1 when negative or too large. */
static int64_t dims_count(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0 || (dims[i] && n > INT64_MAX / 64 / dims[i]))
            return -1;
        n *= dims[i];
    }
    return n;
}

/* An array over a host block of `bytes` (taken: its owner from now on); undef, with the
 * block freed, when the headers cannot be allocated. */
static Value array_over(RtElem e, int rank, const int64_t *dims, int64_t n, void *host, size_t bytes,
                        unsigned flags, bool pinned)
{
    RtArray *a = calloc(1, sizeof *a);
    RtBuffer *b = calloc(1, sizeof *b);
    if (!a || !b) {
        free(a), free(b);
        rt_mem_free_frame(host, bytes, pinned);     /* rt_mem_free when not pinned */
        return rt_undef();
    }
    *b = (RtBuffer){.refs = 1, .flags = RT_BUF_HOST_VALID | flags, .elem = e, .n = n, .bytes = bytes, .host = host};
    a->hdr = (RtObj){1, V_ARRAY};
    a->elem = e;
    a->rank = rank;
    a->n = n;
    memcpy(a->dims, dims, (size_t)rank * sizeof *dims);
    a->buf = b;
    a->data = host;
    return (Value){.kind = V_ARRAY, .a = a};
}

static Value array_alloc(RtElem e, int rank, const int64_t *dims, bool zero)
{
    int64_t n = dims_count(rank, dims);
    if (n < 0)
        return rt_undef();
    size_t bytes = rt_mem_round((size_t)n * rt_elem_size(e));
    void *host = rt_mem_alloc(bytes);
    if (!host)
        return rt_undef();
    if (zero || e == RT_VALUE)
        memset(host, 0, bytes);     /* V_UNDEF is 0 */
    return array_over(e, rank, dims, n, host, bytes, 0, false);
}

Value rt_array_new(RtElem e, int rank, const int64_t *dims) { return array_alloc(e, rank, dims, true); }

Value rt_array_frame(RtElem e, int rank, const int64_t *dims)
{
    int64_t n = dims_count(rank, dims);
    if (n < 0)
        return rt_undef();
    if (e == RT_VALUE)
        return array_alloc(e, rank, dims, false);
    size_t bytes = rt_mem_round((size_t)n * rt_elem_size(e));
    bool pinned = false;
    void *host = rt_mem_alloc_frame(bytes, &pinned);
    if (!host)
        return rt_undef();
    return array_over(e, rank, dims, n, host, bytes, pinned ? RT_BUF_PINNED : 0u, pinned);
}
Value rt_array_uninit(RtElem e, int rank, const int64_t *dims) { return array_alloc(e, rank, dims, false); }
Value rt_array_vec(RtElem e, int64_t n) { return array_alloc(e, 1, &n, true); }

Value rt_array_reshape(RtArray *src, int rank, const int64_t *dims)
{
    RtArray *a = calloc(1, sizeof *a);
    if (!a)
        return rt_undef();
    *a = *src;
    a->hdr = (RtObj){1, V_ARRAY};
    a->rank = rank;
    memset(a->dims, 0, sizeof a->dims);
    memcpy(a->dims, dims, (size_t)rank * sizeof *dims);
    a->buf->refs++;
    if (a->cls)
        a->cls->hdr.refs++;
    return (Value){.kind = V_ARRAY, .a = a};
}

/* copy() recurses through cells and objects; a value reached through a ^T pointer field
 * is shared (a pointer is a reference), and beyond RT_COPY_DEPTH levels values are shared
 * too, so a cyclic structure cannot recurse without end. */
#define RT_COPY_DEPTH 256

static Value copy_depth(Value v, int depth);

Value rt_copy(Value v) { return copy_depth(v, 0); }

static Value copy_depth(Value v, int depth)
{
    if (depth > RT_COPY_DEPTH) {
        rt_retain(v);
        return v;
    }
    if (v.kind == V_ARRAY) {
        RtArray *a = v.a;
        HOST_READ(a);
        Value c = rt_array_uninit(a->elem, a->rank, a->dims);
        if (c.kind == V_UNDEF)
            return c;
        if (a->elem == RT_VALUE) {
            Value *s = a->data, *d = c.a->data;
            for (int64_t i = 0; i < a->n; i++)
                d[i] = copy_depth(s[i], depth + 1);
        } else {
            memcpy(c.a->data, a->data, (size_t)a->n * rt_elem_size(a->elem));
        }
        c.a->cls = a->cls;
        if (a->cls)
            a->cls->hdr.refs++;
        c.mode = v.mode;
        return c;
    }
    if (v.kind == V_OBJECT) {
        RtObject *o = v.obj;
        Value c = rt_object_new(o->cls, o->n);
        if (c.kind == V_UNDEF)
            return c;
        if (o->cls) {
            /* a class's field names live in the program's syntax tree: share them */
            c.obj->names = malloc((size_t)(o->n ? o->n : 1) * sizeof *c.obj->names);
            if (!c.obj->names) {
                rt_release(c);
                return rt_undef();
            }
            memcpy(c.obj->names, o->names, (size_t)o->n * sizeof *o->names);
        }
        for (int i = 0; i < o->n; i++) {
            if (!o->cls) {
                Value *f = rt_object_add_field(c.obj, o->names[i]);
                if (f)
                    *f = copy_depth(o->fields[i], depth + 1);
            } else if (o->cls->def && i < o->cls->def->args.n &&
                       ((Node *)o->cls->def->args.items[i])->type &&
                       ((Node *)o->cls->def->args.items[i])->type->kind == TY_POINTER) {
                rt_retain(o->fields[i]);
                c.obj->fields[i] = o->fields[i];
            } else {
                c.obj->fields[i] = copy_depth(o->fields[i], depth + 1);
            }
        }
        return c;
    }
    rt_retain(v);
    return v;
}

double rt_get_real(const RtArray *a, int64_t i)
{
    HOST_READ(a);
    const void *d = a->data;
    switch (a->elem) {
#define ELEM(id, name, ctype, cplx) case RT_##id: return (double)((const ctype *)d)[i];
    ELEM(I8, int8, int8_t, 0)
    ELEM(U8, uint8, uint8_t, 0)
    ELEM(I16, int16, int16_t, 0)
    ELEM(U16, uint16, uint16_t, 0)
    ELEM(I32, int, int32_t, 0)
    ELEM(U32, uint32, uint32_t, 0)
    ELEM(I64, int64, int64_t, 0)
    ELEM(U64, uint64, uint64_t, 0)
    ELEM(F32, single, float, 0)
    ELEM(F64, double, double, 0)
#undef ELEM
    case RT_C32: return ((const RtC32 *)d)[i].re;
    case RT_C64: return ((const RtC64 *)d)[i].re;
    case RT_VALUE: {
        Value v = ((const Value *)d)[i];
        return v.kind == V_INT ? (double)v.i : v.kind == V_SCALAR ? v.r : v.kind == V_COMPLEX ? rt_cget(v).re : NAN;
    }
    default: return NAN;
    }
}

RtC64 rt_get_cplx(const RtArray *a, int64_t i)
{
    HOST_READ(a);
    if (a->elem == RT_C32)
        return (RtC64){((const RtC32 *)a->data)[i].re, ((const RtC32 *)a->data)[i].im};
    if (a->elem == RT_C64)
        return ((const RtC64 *)a->data)[i];
    if (a->elem == RT_VALUE && ((const Value *)a->data)[i].kind == V_COMPLEX)
        return rt_cget(((const Value *)a->data)[i]);
    return (RtC64){rt_get_real(a, i), 0};
}

static int64_t sat_range(double x, double lo, double hi)
{
    if (x != x)
        return 0;
    return x < lo ? (int64_t)lo : x > hi ? (int64_t)hi : (int64_t)x;
}

void rt_set_int(RtArray *a, int64_t i, int64_t x, bool sat)
{
    HOST_WRITE(a);
    void *d = a->data;
    switch (a->elem) {
    case RT_I8: ((int8_t *)d)[i] = (int8_t)(sat ? (x < -128 ? -128 : x > 127 ? 127 : x) : x); break;
    case RT_U8: ((uint8_t *)d)[i] = (uint8_t)(sat ? (x < 0 ? 0 : x > 255 ? 255 : x) : x); break;
    case RT_I16: ((int16_t *)d)[i] = (int16_t)(sat ? (x < -32768 ? -32768 : x > 32767 ? 32767 : x) : x); break;
    case RT_U16: ((uint16_t *)d)[i] = (uint16_t)(sat ? (x < 0 ? 0 : x > 65535 ? 65535 : x) : x); break;
    case RT_I32: ((int32_t *)d)[i] = (int32_t)(sat ? (x < INT32_MIN ? INT32_MIN : x > INT32_MAX ? INT32_MAX : x) : x); break;
    case RT_U32: ((uint32_t *)d)[i] = (uint32_t)(sat ? (x < 0 ? 0 : x > (int64_t)UINT32_MAX ? (int64_t)UINT32_MAX : x) : x); break;
    case RT_I64: ((int64_t *)d)[i] = x; break;
    case RT_U64: ((uint64_t *)d)[i] = (uint64_t)(sat && x < 0 ? 0 : x); break;
    default: rt_set_real(a, i, (double)x, sat); break;
    }
}

void rt_set_real(RtArray *a, int64_t i, double x, bool sat)
{
    HOST_WRITE(a);
    void *d = a->data;
    switch (a->elem) {
    case RT_F32: ((float *)d)[i] = (float)x; return;
    case RT_F64: ((double *)d)[i] = x; return;
    case RT_C32: ((RtC32 *)d)[i] = (RtC32){(float)x, 0}; return;
    case RT_C64: ((RtC64 *)d)[i] = (RtC64){x, 0}; return;
    case RT_VALUE: rt_store(&((Value *)d)[i], rt_real(x)); return;
    default: break;
    }
    if (sat) {
        static const double lo[] = {-128, 0, -32768, 0, -2147483648.0, 0, -9.2233720368547758e18, 0};
        static const double hi[] = {127, 255, 32767, 65535, 2147483647.0, 4294967295.0,
                                    9.2233720368547748e18, 1.8446744073709550e19};
        if (a->elem == RT_U64) {
            ((uint64_t *)d)[i] = x != x || x <= 0 ? 0 : x >= hi[7] ? UINT64_MAX : (uint64_t)x;
            return;
        }
        rt_set_int(a, i, sat_range(x, lo[a->elem], hi[a->elem]), false);
        return;
    }
    /* wrap like a conversion through int64 (NaN and out-of-range give 0) */
    int64_t v = x == x && fabs(x) < 9.2e18 ? (int64_t)x : 0;
    if (a->elem == RT_U64 && x >= 9.2e18 && x < 1.8446744073709552e19)
        ((uint64_t *)d)[i] = (uint64_t)x;
    else
        rt_set_int(a, i, v, false);
}

void rt_set_cplx(RtArray *a, int64_t i, RtC64 x)
{
    HOST_WRITE(a);
    switch (a->elem) {
    case RT_C32: ((RtC32 *)a->data)[i] = (RtC32){(float)x.re, (float)x.im}; break;
    case RT_C64: ((RtC64 *)a->data)[i] = x; break;
    case RT_VALUE: rt_store(&((Value *)a->data)[i], rt_cplx(x.re, x.im)); break;
    default: rt_set_real(a, i, x.re, false); break;
    }
}

Value rt_get_value(const RtArray *a, int64_t i)
{
    HOST_READ(a);
    switch (a->elem) {
    case RT_VALUE: {
        Value v = ((const Value *)a->data)[i];
        rt_retain(v);
        return v;
    }
    case RT_F32:
    case RT_F64:
        return rt_real(rt_get_real(a, i));
    case RT_C32:
    case RT_C64: {
        RtC64 c = rt_get_cplx(a, i);
        return rt_cplx(c.re, c.im);
    }
    case RT_U64:
        return rt_int_typed((int64_t)((const uint64_t *)a->data)[i], RT_U64);
    case RT_I64:
        return rt_int_typed(((const int64_t *)a->data)[i], RT_I64);
    default:
        return rt_int_typed((int64_t)rt_get_real(a, i), a->elem);
    }
}

void rt_set_value(RtArray *a, int64_t i, Value v, bool sat)
{
    HOST_WRITE(a);
    if (a->elem == RT_VALUE) {
        rt_retain(v);
        rt_store(&((Value *)a->data)[i], v);
        return;
    }
    switch (v.kind) {
    case V_INT:
        if (rt_elem_is_int(a->elem))
            rt_set_int(a, i, v.i, sat);
        else
            rt_set_real(a, i, (double)v.i, sat);
        break;
    case V_SCALAR: rt_set_real(a, i, v.r, sat); break;
    case V_COMPLEX: rt_set_cplx(a, i, rt_cget(v)); break;
    default: break;
    }
}

/* ---------------------------------------------------------------- objects */

Value rt_object_new(RtType *cls, int nfields)
{
    RtObject *o = calloc(1, sizeof *o);
    if (!o)
        return rt_undef();
    o->hdr = (RtObj){1, V_OBJECT};
    o->cls = cls;
    if (cls) {
        cls->hdr.refs++;
        o->fields = calloc((size_t)(nfields ? nfields : 1), sizeof *o->fields);
        if (!o->fields) {
            rt_free_obj(&o->hdr);
            return rt_undef();
        }
        o->n = o->cap = nfields;
    }
    return (Value){.kind = V_OBJECT, .obj = o};
}

Value *rt_object_field(RtObject *o, const char *name)
{
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->names[i], name))
            return &o->fields[i];
    return NULL;
}

Value *rt_object_add_field(RtObject *o, const char *name)
{
    Value *f = rt_object_field(o, name);
    if (f || o->cls)
        return f;
    if (o->n == o->cap) {
        int cap = o->cap ? o->cap * 2 : 4;
        Value *fields = realloc(o->fields, (size_t)cap * sizeof *fields);
        if (!fields)
            return NULL;
        o->fields = fields;
        const char **names = realloc(o->names, (size_t)cap * sizeof *names);
        if (!names)
            return NULL;
        o->names = names;
        o->cap = cap;
    }
    char *copy = strdup(name);
    if (!copy)
        return NULL;
    o->names[o->n] = copy;
    o->fields[o->n] = rt_undef();
    return &o->fields[o->n++];
}
