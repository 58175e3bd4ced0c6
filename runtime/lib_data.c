/*
 * lib_data.c - save and load: Quasar values in qpipe's own binary data file.
 *
 * `save(file, a, b, …)` writes the values in order; `[a, b] = load(file)` reads them
 * back in that order (spec 004 §2.2: "[A, B] = load("myfile.dat")"). The format is
 * documented in docs/data-format.md: a magic and a version, then tagged values, every
 * number little-endian. It round-trips every value a program can hold as data: ints
 * (typed ints keep their type), scalars, complex numbers, strings, arrays of every element
 * type and rank (cells and arrays of class instances element by element), objects and
 * class instances (fields by name) and nullptr. Functions and types are refused.
 *
 * Writing builds the file in memory and hands it to rt_write_atomic (temporary name, then
 * rename). Reading loads the file into a uint8 array rooted on the value stack and decodes
 * it with a bounds-checked cursor into rooted slots, so a truncated or corrupt file raises
 * a clear error (`load: 'f.dat' is truncated or corrupt: …`) and leaks nothing.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/lib_data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "lib_data.c writes host numbers as they are: a little-endian host is assumed"
#endif

#define DATA_MAGIC "QPDATA"
#define DATA_MAGIC_LEN 6
#define DATA_VERSION 1
/* Values nested deeper than this are refused: a cyclic structure (a node whose field is
 * itself) would otherwise recurse without end, and a corrupt file could exhaust the stack. */
#define DATA_MAX_DEPTH 256

/* ORDER TAG: the tags of docs/data-format.md. */
enum {
    TAG_NULL = 0,
    TAG_INT = 1,
    TAG_INT_TYPED = 2,
    TAG_SCALAR = 3,
    TAG_COMPLEX = 4,
    TAG_STRING = 5,
    TAG_ARRAY = 6,
    TAG_OBJECT = 7,
};

/* The element codes of the format are RtElem's values, pinned here: reordering
 * elemtype.def must not change the files qpipe wrote before. */
_Static_assert(RT_I8 == 0 && RT_U8 == 1 && RT_I16 == 2 && RT_U16 == 3 && RT_I32 == 4 &&
               RT_U32 == 5 && RT_I64 == 6 && RT_U64 == 7 && RT_F32 == 8 && RT_F64 == 9 &&
               RT_C32 == 10 && RT_C64 == 11 && RT_VALUE == 12, "data-format.md element codes");

/* ---------------------------------------------------------------- writing files */

int rt_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    size_t tlen = strlen(path) + 32;
    char *tmp = malloc(tlen);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(tmp, tlen, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int rc = -1;
    if (!f) {
        snprintf(err, errlen, "%s", strerror(errno));
    } else {
        bool ok = fwrite(data, 1, len, f) == len;
        int saved = errno;
        if (fclose(f) != 0 && ok) {
            ok = false;
            saved = errno;
        }
        if (ok && rename(tmp, path) == 0)
            rc = 0;
        else
            snprintf(err, errlen, "%s", strerror(ok ? errno : saved));
        if (rc != 0)
            unlink(tmp);
    }
    free(tmp);
    return rc;
}

/* ---------------------------------------------------------------- encoding */

static void put_bytes(StrBuf *sb, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sb_putc(sb, ((const char *)p)[i]);
}

static void put_u8(StrBuf *sb, unsigned v) { sb_putc(sb, (char)(unsigned char)v); }
static void put_u32(StrBuf *sb, uint32_t v) { put_bytes(sb, &v, 4); }
static void put_u64(StrBuf *sb, uint64_t v) { put_bytes(sb, &v, 8); }
static void put_f64(StrBuf *sb, double v) { put_bytes(sb, &v, 8); }

static void put_str(StrBuf *sb, const char *s, size_t n)
{
    put_u64(sb, n);
    put_bytes(sb, s, n);
}

static const char *encode(Rt *rt, StrBuf *sb, Value v, int depth);

static const char *encode_array(Rt *rt, StrBuf *sb, const RtArray *a, int depth)
{
    put_u8(sb, TAG_ARRAY);
    put_u8(sb, (unsigned)a->elem);
    put_u8(sb, (unsigned)a->rank);
    for (int d = 0; d < a->rank; d++)
        put_u64(sb, (uint64_t)a->dims[d]);
    const char *cls = a->cls ? a->cls->name : "";
    put_str(sb, cls, strlen(cls));
    if (a->elem != RT_VALUE) {
        put_bytes(sb, a->data, (size_t)a->n * rt_elem_size(a->elem));
        return NULL;
    }
    for (int64_t i = 0; i < a->n; i++) {
        const char *why = encode(rt, sb, ((const Value *)a->data)[i], depth + 1);
        if (why)
            return why;
    }
    return NULL;
}

static const char *encode_object(Rt *rt, StrBuf *sb, const RtObject *o, int depth)
{
    put_u8(sb, TAG_OBJECT);
    const char *cls = o->cls ? o->cls->name : "";
    put_str(sb, cls, strlen(cls));
    put_u32(sb, (uint32_t)o->n);
    for (int i = 0; i < o->n; i++) {
        put_str(sb, o->names[i], strlen(o->names[i]));
        const char *why = encode(rt, sb, o->fields[i], depth + 1);
        if (why)
            return why;
    }
    return NULL;
}

/* Append v; NULL, or the reason it cannot be saved. */
static const char *encode(Rt *rt, StrBuf *sb, Value v, int depth)
{
    if (depth > DATA_MAX_DEPTH)
        return "values nested too deeply (a structure that contains itself?)";
    switch (v.kind) {
    case V_NULL: put_u8(sb, TAG_NULL); return NULL;
    case V_INT:
        if (v.mode) {
            put_u8(sb, TAG_INT_TYPED);
            put_u8(sb, v.mode - 1);
        } else {
            put_u8(sb, TAG_INT);
        }
        put_u64(sb, (uint64_t)v.i);
        return NULL;
    case V_SCALAR: put_u8(sb, TAG_SCALAR); put_f64(sb, v.r); return NULL;
    case V_COMPLEX:
        put_u8(sb, TAG_COMPLEX);
        put_f64(sb, rt_cget(v).re);
        put_f64(sb, rt_cget(v).im);
        return NULL;
    case V_STRING: put_u8(sb, TAG_STRING); put_str(sb, v.s->text, v.s->len); return NULL;
    case V_ARRAY: return encode_array(rt, sb, v.a, depth);
    case V_OBJECT: return encode_object(rt, sb, v.obj, depth);
    case V_UNDEF: return "a value that was never assigned";
    default: return "functions and types are not data";
    }
}

/* save(file, values…): the values, in order, in a data file. */
void lib_save(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    const char *path = rt_to_cstr(rt, argv[0], "save: the file name");
    StrBuf sb = {0};
    put_bytes(&sb, DATA_MAGIC, DATA_MAGIC_LEN);
    uint16_t version = DATA_VERSION;
    put_bytes(&sb, &version, 2);
    put_u32(&sb, (uint32_t)(argc - 1));
    for (int i = 1; i < argc; i++) {
        const char *why = encode(rt, &sb, argv[i], 0);
        if (why) {
            sb_free(&sb);
            rt_error(rt, "save: cannot save value %d: %s", i, why);
        }
    }
    char err[256];
    int rc = rt_write_atomic(path, sb.s, sb.len, err, sizeof err);
    sb_free(&sb);
    if (rc)
        rt_error(rt, "save: cannot write '%s': %s", path, err);
}

/* ---------------------------------------------------------------- decoding */

typedef struct Rd {
    Rt *rt;
    const char *path;
    const unsigned char *p;
    size_t n, at;
} Rd;

_Noreturn static void corrupt(Rd *r, const char *why)
{
    rt_error(r->rt, "load: '%s' is truncated or corrupt: %s (at byte %zu)", r->path, why, r->at);
}

static const unsigned char *take(Rd *r, size_t n)
{
    if (n > r->n - r->at)
        corrupt(r, "the file ends inside a value");
    const unsigned char *p = r->p + r->at;
    r->at += n;
    return p;
}

static unsigned get_u8(Rd *r) { return *take(r, 1); }

static uint32_t get_u32(Rd *r)
{
    uint32_t v;
    memcpy(&v, take(r, 4), 4);
    return v;
}

static uint64_t get_u64(Rd *r)
{
    uint64_t v;
    memcpy(&v, take(r, 8), 8);
    return v;
}

static double get_f64(Rd *r)
{
    double v;
    memcpy(&v, take(r, 8), 8);
    return v;
}

/* A length-prefixed text as a string Value into the rooted slot dst. */
static void get_str(Rd *r, Value *dst)
{
    uint64_t len = get_u64(r);
    if (len > r->n - r->at)
        corrupt(r, "a text runs past the end of the file");
    const char *s = (const char *)take(r, (size_t)len);
    rt_store(dst, rt_string_new(s, (size_t)len));
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(r->rt);
}

static void decode(Rd *r, Value *dst, int depth);

/* The class named `name` of the running program, or NULL. */
static RtType *find_class(Rt *rt, const char *name)
{
    int g = *name ? rt_global_find(rt, name) : -1;
    Value v = g >= 0 ? rt->globals[g] : rt_undef();
    return v.kind == V_TYPE && v.t->kind == RT_T_CLASS ? v.t : NULL;
}

static void decode_array(Rd *r, Value *dst, int depth)
{
    unsigned elem = get_u8(r), rank = get_u8(r);
    if (elem >= RT_ELEM__COUNT)
        corrupt(r, "unknown element type");
    if (rank < 1 || rank > RT_MAX_DIMS)
        corrupt(r, "array rank out of range");
    int64_t dims[RT_MAX_DIMS];
    uint64_t count = 1;
    for (unsigned d = 0; d < rank; d++) {
        uint64_t n = get_u64(r);
        if (n > r->n || (n && count > r->n / n))
            corrupt(r, "array larger than the file");
        dims[d] = (int64_t)n;
        count *= n;
    }
    Value *cls = rt_push(r->rt, 1);
    get_str(r, cls);
    size_t size = rt_elem_size((RtElem)elem);
    if (elem != RT_VALUE && count * size > r->n - r->at)
        corrupt(r, "the file ends inside an array");
    rt_store(dst, rt_array_new((RtElem)elem, (int)rank, dims));
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(r->rt);
    RtArray *a = dst->a;
    if (elem != RT_VALUE) {
        memcpy(a->data, take(r, (size_t)count * size), (size_t)count * size);
    } else {
        for (uint64_t i = 0; i < count; i++)
            decode(r, &((Value *)a->data)[i], depth + 1);
        RtType *t = find_class(r->rt, cls->s->text);
        if (t) {
            t->hdr.refs++;
            a->cls = t;
        }
    }
    rt_pop_to(r->rt, cls);
}

/* An object: fields into an object(), then the class's constructor by field name when
 * the program defines a class of that name (which checks the fields' types). */
static void decode_object(Rd *r, Value *dst, int depth)
{
    Value *tmp = rt_push(r->rt, 1);
    get_str(r, tmp);
    RtType *t = find_class(r->rt, tmp->s->text);
    uint32_t n = get_u32(r);
    if (n > r->n - r->at)
        corrupt(r, "more fields than the file holds");
    Value *names = rt_push(r->rt, (int)n), *vals = rt_push(r->rt, (int)n);
    for (uint32_t i = 0; i < n; i++) {
        get_str(r, &names[i]);
        decode(r, &vals[i], depth + 1);
    }
    if (t) {
        /* the names as a C array, held by a rooted array so that a failing constructor
         * (a field of the wrong type) leaks nothing */
        int64_t len = n ? n : 1;
        Value *hold = rt_push(r->rt, 1);
        *hold = rt_array_uninit(RT_U64, 1, &len);
        if (hold->kind == V_UNDEF)
            rt_out_of_memory(r->rt);
        const char **cnames = hold->a->data;
        for (uint32_t i = 0; i < n; i++)
            cnames[i] = names[i].s->text;
        rt_store(tmp, rt_undef());
        rt_type_construct(r->rt, t, (int)n, vals, cnames, tmp);   /* tmp is rooted */
        Value made = *tmp;
        *tmp = rt_undef();
        rt_store(dst, made);
    } else {
        rt_store(dst, rt_object_new(NULL, (int)n));
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(r->rt);
        for (uint32_t i = 0; i < n; i++) {
            Value *f = rt_object_add_field(dst->obj, names[i].s->text);
            if (!f)
                rt_out_of_memory(r->rt);
            rt_retain(vals[i]);
            rt_store(f, vals[i]);
        }
    }
    rt_pop_to(r->rt, tmp);
}

/* One value into the rooted slot dst. */
static void decode(Rd *r, Value *dst, int depth)
{
    if (depth > DATA_MAX_DEPTH)
        corrupt(r, "values nested too deeply");
    unsigned tag = get_u8(r);
    switch (tag) {
    case TAG_NULL: rt_store(dst, (Value){.kind = V_NULL}); return;
    case TAG_INT: rt_store(dst, rt_int((int64_t)get_u64(r))); return;
    case TAG_INT_TYPED: {
        unsigned e = get_u8(r);
        if (e > RT_U64)
            corrupt(r, "unknown integer type");
        rt_store(dst, rt_int_typed((int64_t)get_u64(r), (RtElem)e));
        return;
    }
    case TAG_SCALAR: rt_store(dst, rt_real(get_f64(r))); return;
    case TAG_COMPLEX: {
        double re = get_f64(r), im = get_f64(r);
        rt_store(dst, rt_cplx(re, im));
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(r->rt);
        return;
    }
    case TAG_STRING: get_str(r, dst); return;
    case TAG_ARRAY: decode_array(r, dst, depth); return;
    case TAG_OBJECT: decode_object(r, dst, depth); return;
    default: corrupt(r, "unknown value tag");
    }
}

/* The whole file as a uint8 array in the rooted slot dst. */
static void read_whole(Rt *rt, const char *path, Value *dst)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        rt_error(rt, "load: cannot open '%s': %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode)) {
        fclose(f);
        rt_error(rt, "load: cannot read '%s': not a regular file", path);
    }
    int64_t n = (int64_t)sb.st_size;
    int64_t len = n ? n : 1;
    *dst = rt_array_uninit(RT_U8, 1, &len);
    if (dst->kind == V_UNDEF) {
        fclose(f);
        rt_out_of_memory(rt);
    }
    size_t got = fread(dst->a->data, 1, (size_t)n, f);
    fclose(f);
    if (got != (size_t)n)
        rt_error(rt, "load: cannot read '%s': %s", path, strerror(errno ? errno : EIO));
    dst->a->dims[0] = dst->a->n = n;
}

/* [a, b, …] = load(file): the values save wrote, in order. */
void lib_load(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "load: the file name"), found, sizeof found);
    Value *raw = rt_push(rt, 1);
    read_whole(rt, path, raw);
    Rd r = {rt, path, raw->a->data, (size_t)raw->a->n, 0};
    if (r.n < DATA_MAGIC_LEN + 6 || memcmp(r.p, DATA_MAGIC, DATA_MAGIC_LEN))
        rt_error(rt, "load: '%s' is not a qpipe data file (see docs/data-format.md)", path);
    r.at = DATA_MAGIC_LEN;
    unsigned version = get_u8(&r) | get_u8(&r) << 8;
    if (version != DATA_VERSION)
        rt_error(rt, "load: '%s' has format version %u; this qpipe reads version %d", path, version,
                 DATA_VERSION);
    uint32_t count = get_u32(&r);
    if ((int64_t)nout > (int64_t)count)
        rt_error(rt, "load: '%s' holds %u value%s, %d requested", path, count, count == 1 ? "" : "s", nout);
    Value *tmp = rt_push(rt, 1);
    for (uint32_t i = 0; i < count; i++) {
        decode(&r, i < (uint32_t)nout ? &out[i] : tmp, 0);
        rt_store(tmp, rt_undef());
    }
    if (r.at != r.n)
        corrupt(&r, "bytes after the last value");
    rt_pop_to(rt, raw);
}
