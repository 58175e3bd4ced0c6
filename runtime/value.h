/*
 * value.h - runtime values: scalars, strings, arrays over reference-counted buffers,
 * functions, objects and types.
 *
 * A Value is a small tagged struct passed by value. Numbers live in it directly; every
 * other kind points to a reference-counted object (RtObj header first). Arrays are
 * references, as in Quasar: `B = A` shares the RtArray; copy() makes a new one. An
 * array is a header (element type, rank, dims) over an RtBuffer, which carries the
 * residency bits the engines use (host copy valid, device copy valid, dirty), so the CPU
 * and CUDA engines plug in without changing callers.
 *
 * Ownership: rt_retain/rt_release on Values; every *_new returns one reference that the
 * caller owns. A Value stored in a frame slot, an array of VALUE elements or an object
 * field is owned by it.
 *
 * The access mode of an array ('checked, 'safe, 'circular …) belongs to the variable,
 * not to the data (spec 001): it travels in Value.mode, so `B = A` copies it and
 * `C : mat'unchecked = A` overrides it while both share one buffer.
 */
#ifndef RT_VALUE_H
#define RT_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_MAX_DIMS 16          /* cube{16}: the spec's largest rank */

typedef struct { float re, im; } RtC32;
typedef struct { double re, im; } RtC64;

typedef struct Value Value;

typedef enum RtElem {
#define ELEM(id, name, ctype, cplx) RT_##id,
#include "runtime/elemtype.def"
#undef ELEM
    RT_ELEM__COUNT
} RtElem;

/* ORDER KIND: the kinds before V_COMPLEX hold no reference. */
typedef enum ValueKind {
    V_UNDEF,        /* a slot never assigned */
    V_NULL,         /* nullptr */
    V_INT,
    V_SCALAR,
    V_BUILTIN,      /* a builtin function: static descriptor, not counted */
    V_COMPLEX,      /* boxed (RtComplex), so that a Value stays 16 bytes */
    V_STRING,
    V_ARRAY,
    V_FUNC,
    V_OBJECT,
    V_TYPE,
} ValueKind;

typedef enum RtMode {           /* access modes of spec 001; 0 is the default */
    RT_MODE_DEFAULT,            /* 'checked on the host */
    RT_MODE_CHECKED,
    RT_MODE_SAFE,
    RT_MODE_MIRROR,
    RT_MODE_CIRCULAR,
    RT_MODE_CLAMPED,
    RT_MODE_UNCHECKED,
    RT_MODE_MASK = 0xff,
    RT_MODE_SAT = 0x100,        /* flag: element writes saturate (mat[uint8'sat]) */
    RT_MODE_TEX_LINEAR = 0x200, /* flag: 'hwtex_linear, reads at real positions interpolate */
    RT_MODE_TEX_NEAREST = 0x400, /* flag: 'hwtex_nearest, reads round to the nearest sample */
    RT_MODE_TEX_COMPS = 0x800,  /* flag: 'hwtex_*(n), the last dimension holds n components */
    RT_MODE_TEX = 0xe00,        /* the three texture flags (runtime/texture.c) */
} RtMode;

typedef struct RtObj {
    int refs;
    uint8_t kind;               /* ValueKind of the owner */
} RtObj;

typedef struct RtBuiltin RtBuiltin;
typedef struct RtComplex RtComplex;
typedef struct RtString RtString;
typedef struct RtArray RtArray;
typedef struct RtFunc RtFunc;
typedef struct RtObject RtObject;
typedef struct RtType RtType;

/* 16 bytes, so that Values travel in two registers (a complex number is boxed:
 * read it with rt_cget(v), make one with rt_cplx(re, im), which returns a new reference). */
struct Value {
    uint32_t kind;              /* ValueKind */
    uint32_t mode;              /* RtMode of an array reference */
    union {
        int64_t i;
        double r;
        RtComplex *cx;
        RtObj *o;
        RtString *s;
        RtArray *a;
        RtFunc *f;
        RtObject *obj;
        RtType *t;
        const RtBuiltin *b;
    };
};

struct RtComplex {
    RtObj hdr;
    RtC64 c;
};

/* ---------------------------------------------------------------- strings */

struct RtString {
    RtObj hdr;
    size_t len;
    char text[];                /* NUL-terminated */
};

/* ---------------------------------------------------------------- arrays */

enum {                          /* RtBuffer.flags: where valid copies live */
    RT_BUF_HOST_VALID = 1 << 0,
    RT_BUF_DEVICE_VALID = 1 << 1,
    RT_BUF_PINNED = 1 << 2,     /* host copy is page-locked (CUDA engine) */
    RT_BUF_CONST = 1 << 3,      /* last kernel use was 'const: no write-back needed */
    RT_BUF_NOCOPY = 1 << 4,     /* last kernel use was 'nocopy: no upload needed */
    RT_BUF_NOCOPY_DECLARED = 1 << 5,    /* ... and 'nocopy was written: every element is
                                         * written, a stale device copy is not uploaded */
};

typedef struct RtBuffer {
    int refs;
    unsigned flags;
    RtElem elem;
    int64_t n;                  /* elements */
    size_t bytes;               /* size of the host block (mem.h) */
    void *host;                 /* 64-byte aligned */
    void *device;               /* engine handle; NULL while only the host exists */
} RtBuffer;

struct RtArray {
    RtObj hdr;
    RtElem elem;
    int rank;                   /* 1..RT_MAX_DIMS */
    int64_t n;                  /* product of dims */
    int64_t dims[RT_MAX_DIMS];
    RtBuffer *buf;
    void *data;                 /* buf->host */
    RtType *cls;                /* element class of vec[point]; NULL otherwise */
};

/* ---------------------------------------------------------------- functions, objects, types */

struct RtFunc {
    RtObj hdr;
    struct Node *node;          /* N_FUNCTION or N_LAMBDA */
    struct RtModule *mod;
    RtFunc *next;               /* next overload of the same name, or NULL */
    int ngen;                   /* generic parameters given by f[N] (explicit instantiation) */
    Value *gen;
    int ncaps;
    Value caps[];               /* captured values, in the order of the node's capture list */
};

struct RtObject {
    RtObj hdr;
    RtType *cls;                /* NULL for object() */
    int n, cap;
    const char **names;         /* field names (class's, or owned copies for object()) */
    Value *fields;
};

typedef enum RtTypeKind {
    RT_T_NAMED,                 /* a builtin type name (scalar, vec, cube[uint8] …) */
    RT_T_CLASS,                 /* a user class: constructor */
    RT_T_ALIAS,                 /* type x : vec[point] and the like */
} RtTypeKind;

struct RtType {
    RtObj hdr;
    RtTypeKind kind;
    const char *name;
    struct LangType *type;      /* the type expression (NULL for a plain builtin name) */
    struct Node *def;           /* N_TYPEDEF of a class or alias */
    struct RtModule *mod;
    RtElem elem;                /* RT_T_NAMED arrays: element type; -1 when not an array */
    int rank;                   /* RT_T_NAMED: 0 scalar, 1 vec, 2 mat, 3 cube, n cube{n}; -1 any */
};

/* ---------------------------------------------------------------- API */

static inline Value rt_int(int64_t i) { return (Value){.kind = V_INT, .i = i}; }
static inline Value rt_real(double r) { return (Value){.kind = V_SCALAR, .r = r}; }
/* A complex number: a new reference (V_UNDEF when memory runs out). */
Value rt_cplx(double re, double im);
static inline RtC64 rt_cget(Value v) { return v.cx->c; }
static inline Value rt_undef(void) { return (Value){.kind = V_UNDEF}; }
/* An integer read from an int8 … uint64 array remembers its type in `mode`, so that
 * type(uint8(5)) is "uint8"; arithmetic gives plain ints. */
static inline Value rt_int_typed(int64_t i, RtElem e)
{
    return (Value){.kind = V_INT, .mode = e == RT_I32 ? 0 : (uint32_t)e + 1, .i = i};
}

static inline bool rt_counted(const Value *v) { return v->kind >= V_COMPLEX; }
static inline void rt_retain(Value v)
{
    if (rt_counted(&v))
        v.o->refs++;
}
void rt_free_obj(RtObj *o);
static inline void rt_release(Value v)
{
    if (rt_counted(&v) && --v.o->refs == 0)
        rt_free_obj(v.o);
}
/* Copy a Value as two 8-byte words. A Value is usually written as two 8-byte stores;
 * a plain struct copy reads it back with one 16-byte load, which cannot be forwarded from
 * those stores and stalls the pipeline (this was a third of a scalar loop's time). */
static inline void rt_vcopy(Value *dst, const Value *src)
{
    uint64_t w[2];
    __builtin_memcpy(w, src, sizeof w);
    __asm__("" : "+r"(w[0]), "+r"(w[1]));   /* keep the halves in integer registers */
    __builtin_memcpy(dst, w, sizeof w);
}

/* Store `v` (already owned) into *slot, releasing what was there. */
static inline void rt_store(Value *slot, Value v)
{
    Value old = *slot;
    *slot = v;
    rt_release(old);
}

Value rt_string_new(const char *text, size_t len);
Value rt_string_cstr(const char *text);

/* Arrays. rt_array_new zero-fills; dims are copied. Returns V_UNDEF when memory runs out. */
Value rt_array_new(RtElem e, int rank, const int64_t *dims);
Value rt_array_uninit(RtElem e, int rank, const int64_t *dims);
/* rt_array_uninit for a video frame: its elements in page-locked memory (RT_BUF_PINNED)
 * when the run's engine gives some (mem.h rt_mem_alloc_frame), else ordinary memory. */
Value rt_array_frame(RtElem e, int rank, const int64_t *dims);
Value rt_array_vec(RtElem e, int64_t n);
/* A new header over the same buffer with other dims (same element count). */
Value rt_array_reshape(RtArray *a, int rank, const int64_t *dims);
/* Deep copy (cells recursively). */
Value rt_copy(Value v);

size_t rt_elem_size(RtElem e);
const char *rt_elem_name(RtElem e);
static inline bool rt_elem_is_int(RtElem e) { return e <= RT_U64; }
static inline bool rt_elem_is_complex(RtElem e) { return e == RT_C32 || e == RT_C64; }
static inline bool rt_elem_is_numeric(RtElem e) { return e != RT_VALUE; }

/* Element access through conversion (slow paths; hot loops switch on the type). */
double rt_get_real(const RtArray *a, int64_t i);
RtC64 rt_get_cplx(const RtArray *a, int64_t i);
/* Writes convert to the element type: integer types round toward zero and wrap, unless
 * `sat` saturates ('sat). */
void rt_set_real(RtArray *a, int64_t i, double x, bool sat);
void rt_set_int(RtArray *a, int64_t i, int64_t x, bool sat);
void rt_set_cplx(RtArray *a, int64_t i, RtC64 x);
/* Element i as a Value (a new reference for VALUE elements). */
Value rt_get_value(const RtArray *a, int64_t i);
/* Store v into element i, converting; VALUE elements take a new reference. */
void rt_set_value(RtArray *a, int64_t i, Value v, bool sat);

/* Objects. */
Value rt_object_new(RtType *cls, int nfields);
Value *rt_object_field(RtObject *o, const char *name);
/* Adds a field to an object() (names copied). Returns the slot. */
Value *rt_object_add_field(RtObject *o, const char *name);

#endif
