/*
 * kgen.h - the kernel compiler's internals: the per-kernel context that its passes share,
 * and the functions they call across files (private prefix kg_; the public entry is
 * lang_kernel_c in codegen.h).
 *
 * The compiler is a sequence of passes over one context (Gen), listed once, in order, in
 * kpasses.c, which runs them, times them and, with QPIPE_DUMP=passes, prints what each
 * produced (docs/kernels.md "Passes"). The kernel's statements are typed and written as C
 * in the same walk (the type of a local is that of its first assignment in program order,
 * so a statement can be written as soon as the statements before it are typed); the passes
 * are therefore steps over the context rather than rewrites of the tree:
 *
 *   lockstep  klockstep.c  does the kernel have barriers? then its body runs in lockstep
 *   access    kaccess.c    the parameters: the environment struct, access modes of arrays
 *   infer     kinfer.c     types of locals and expressions; the body with bounds tests,
 *                          noting the range of every array access (kstencil.c)
 *   stencil   kstencil.c   when every access has a known range: the interior body without
 *                          bounds tests, and the launch-time conditions for it
 *   emit      emit_c.c     the text: accessors, device functions, bodies, qpk_run, CUDA
 *
 * Device functions are specialised on demand, when the typing walk meets a call
 * (kdevice.c); statements are written by kstmt.c; kctx.c holds the context's memory,
 * text buffers, variables and C type names.
 *
 * Every block the passes allocate is on one list (kg_g_*), so that `kg_unsupported`, which
 * unwinds with longjmp, loses nothing.
 */
#ifndef LANG_KGEN_H
#define LANG_KGEN_H

#include "lang/codegen.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define GEN_MAX_VARS 256
#define GEN_MAX_SPECS 64        /* device function specialisations per kernel */
#define GEN_MAX_VECS 32
#define GEN_MAX_VEC_LEN 64      /* the spec's limit on fixed-length vectors */

/* ---------------------------------------------------------------- text */

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

typedef struct Gen Gen;
/* ---------------------------------------------------------------- state */

typedef enum VarKind { VAR_LOCAL, VAR_ARRAY, VAR_OUTPUT, VAR_FUNC } VarKind;

typedef struct Var {
    const char *name;
    VarKind kind;
    LangKType t;
    bool per_thread;            /* a local of a lockstep kernel: a field of qp_th[qp_t] */
    bool param;                 /* an int argument of the kernel: a symbol for stencils */
    int special;                /* LANG_KSPEC_* of a special parameter */
    bool shared;                /* an array from shared(…): one per block */
    bool dyn;                   /* an array from zeros(n) of a non-constant n: one per position */
    bool typed;                 /* declared with a type (`s : int = 0`): never widened */
    bool byref;                 /* a small-vector parameter of a device function given a
                                 * caller's local: a pointer to it, so writes reach the caller */
    Node *decl;                 /* the statement that declared it */
} Var;

typedef struct Fn {
    Var vars[GEN_MAX_VARS];
    int nvars;
    Buf decl;                   /* declarations of locals */
    Buf body;
    int indent;
    bool kernel;                /* the kernel body (not a device function) */
    bool lockstep;              /* barriers: locals per thread, statements over threads */
    int tloop;                  /* the innermost thread loop, for `return` */
    const char *out_name;       /* a device function's output, or NULL */
    bool multi_out;             /* a device function of several outputs: returns via qp_ret */
    bool dyn;                   /* the kernel makes dynamic arrays: returns go through qp_end */
    Buf dyn_free;               /* … which frees them */
} Fn;

typedef struct Spec {
    Node *fn;
    LangKType args[16];
    bool ref[16];               /* small vectors passed by pointer (Var.byref) */
    int nargs;
    LangKType ret;
    bool has_ret;
    int nouts;                  /* several outputs: written through pointers */
    LangKType outs[8];
    char cname[80];
} Spec;

struct Gen {
    const LangKernelSpec *ks;
    jmp_buf fail;
    char *why;
    size_t whylen;
    Buf head;                   /* vector types, accessors, device functions */
    Fn *fn;
    Spec specs[GEN_MAX_SPECS];
    int nspecs;
    int vecs[GEN_MAX_VECS][2];  /* (n, elem) of the vector types declared */
    int nvecs;
    int accessors;              /* numbering of accessor functions */
    Buf thr;                    /* fields of the per-thread struct of a lockstep kernel */
    /* interior/border split (see "stencils"): what the first pass learnt */
    bool analyze, fast, fast_ok;
    int flat;                   /* the fast body runs over (x, channel) flattened: the channel count */
    bool rows_free;             /* no position of a row reads what another writes (kg_rows_independent) */
    Buf conds;                  /* launch-time conditions for the fast body */
    Buf int_lo[4];              /* pos[k] >= each of these … */
    Buf int_hi[4];              /* … and pos[k] < each of these */
    struct {
        const char *name;
        struct Rng *r;
    } ranges[16];               /* for-loop variables with known bounds, innermost last */
    struct Rng *range_store;    /* GEN_RANGES entries behind ranges[] */
    int nranges;
    int unrolled;               /* copies made by the unrolled loops around this point */
    Buf shared_free;            /* frees of shared arrays at the end of a block */
    int temps;
    LangKElem real;
    struct { const char *name; int id; } labels[16];   /* labelled loops around this point */
    int nlabels, label_ids;
    /* locals first assigned an int and later a real: declared real (see widen_local) */
    Node **widened;
    int nwidened;
    /* what the passes hand on (kpasses.c runs them in order) */
    bool barriers;              /* lockstep: the kernel has block barriers */
    Fn *body_fn;                /* infer: the body with bounds tests */
    Fn *fast_fn;                /* stencil: the body without them, or NULL */
    Buf env, unpack, pre, pre2; /* access: the environment struct, how qpk_run fills it, how
                                   each body reads it (pre2: the fast body's copy) */
    char *text;                 /* emit: the kernel's text */
    int nbound;                 /* access: variables of body_fn that are parameters */
    int pass;                   /* the pass running (kpasses.c) */
    /* the native CUDA block of a lockstep kernel (ks->cuda; klockstep.c, kaccess.c) */
    const char *no_native;      /* why its barriers cannot run natively, or NULL */
    bool shared_top;            /* a shared(…) statement that every thread of the block reaches */
    bool shared_dyn;            /* a shared(…) size known only at run time */
    int64_t shared_bytes;       /* the constant sizes' sum (16-byte aligned) */
    uint64_t hwconst;           /* the qp_arg indices of 'hwconst arrays (bit i: args[i]) */
    Buf texspec;                /* QPK_TEX's entries: texture-object arguments (ktexhw.c) */
    int64_t native;             /* emit: QPK_NATIVE's bytes, 0 when the blocks are not native */
    /* the exchange sites of the statement being written (kwarp.c): a group call's offered
     * value is in qp_th[…].qpx<id> */
    struct { Node *site; int id; LangKType t; } xsites[16];
    int nxsites;
    bool groups;                /* thread_block parameters: kg_group_defs in the text */
    bool matches;               /* … and match_any/match_all */
    int park;                   /* lockstep for-loops around this point (klockstep.c) */
    /* grid barriers (syncthreads(grid), this_grid.sync(); klockstep.c): each one a point
     * where the CPU's block returns to the engine and later resumes (qp_grid<k>) */
    bool grid;
    int grid_syncs;
    bool grid_group;            /* a this_grid (this_multi_grid) parameter: qp_bl, qp_gn */
};

/* The dynamic shared memory a native block launches with when a size is known only at
 * run time: the 48 KiB that every device since sm_20 gives a block without opting in. */
#define GEN_SHARED_BYTES 49152

/* The __constant__ buffer qpk_const of a CUDA text with 'hwconst arrays: half the 64 KiB a
 * module may have, so that NVRTC's own constants fit beside it. Arrays that do not fit
 * (in all, per launch) stay in global memory. */
#define GEN_CONST_BYTES 32768

#define GEN_MAX_WIDENED 32      /* int accumulators widened to real per kernel: one retry each */

/* ---------------------------------------------------------------- small helpers */

static inline bool is_real_elem(LangKElem e) { return e == LKE_F32 || e == LKE_F64; }
static inline bool is_cplx_elem(LangKElem e) { return e == LKE_C32 || e == LKE_C64; }

static inline LangKType t_int(void) { return (LangKType){.kind = LK_INT}; }
static inline LangKType t_real(Gen *g) { return (LangKType){.kind = LK_REAL, .elem = g->real}; }
static inline LangKType t_vec(LangKElem e, int n) { return (LangKType){.kind = LK_VEC, .elem = e, .n = n}; }
static inline bool is_num(LangKType t) { return t.kind == LK_INT || t.kind == LK_REAL; }
/* cscalar: the complex struct of the precision (qp_kernel.h "complex numbers"). */
static inline LangKType t_cplx(Gen *g) { return (LangKType){.kind = LK_CPLX, .elem = g->real}; }
static inline const char *cplx_c(const Gen *g) { return g->real == LKE_F32 ? "qp_cf" : "qp_cd"; }

/* ---------------------------------------------------------------- expressions */

/* An expression written as C, and its type. */
typedef struct Ex {
    Buf c;
    LangKType t;
} Ex;

/* The range an index expression takes: a constant interval, or pos[k] plus one. Reads
 * like x[pos[0] + dy, pos[1] + dx, pos[2]] with dy, dx loop variables of constant bounds
 * are all of that form; for them the kernel is written twice, and the launch runs the copy
 * without bounds tests wherever every access stays inside (DESIGN.md "Split interior from
 * border"). */
typedef struct Rng {
    int kind;                   /* 0 unknown, 1 a value, 2 pos[k] plus one */
    int k;
    int64_t lo, hi;             /* bounds: lo + ls * sym … hi + hs * sym */
    const char *sym;            /* an int argument of the kernel, or NULL */
    int64_t ls, hs;
} Rng;

/* The start, end and step of `for x = a..s..c`, and the loop variable (declared an int
 * for int bounds, else a scalar). */
typedef struct RangeEx {
    Ex a, c, s;
    bool ints;
    Var *v;
} RangeEx;

/* The statement text of the function being written, and its indentation (for "%*s"). */
#define OUT(g) (&(g)->fn->body)
#define IND(g) (g)->fn->indent, ""

/* ---------------------------------------------------------------- the passes */

typedef void (*KgPass)(Gen *g);

void kg_pass_lockstep(Gen *g);
/* Statement s of a lockstep body, run by each thread not yet done (klockstep.c). */
void kg_each_thread(Gen *g, Node *s);
void kg_pass_access(Gen *g);
void kg_pass_infer(Gen *g);
void kg_pass_stencil(Gen *g);
void kg_pass_emit(Gen *g);

/* ---------------------------------------------------------------- across files */

/* kctx.c */
void *kg_g_calloc(size_t n);
void kg_g_free(void *p);
void kg_g_free_all(void);
void kg_buf_grow(Buf *b, size_t more);
void kg_bput(Buf *b, const char *s);
void kg_bprintf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *kg_bdone(Buf *b);
_Noreturn void kg_unsupported(Gen *g, Node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *kg_elem_c(LangKElem e);
const char *kg_ctype(Gen *g, LangKType t, char *buf, size_t len);
Var *kg_find_var(Gen *g, const char *name);
void kg_cname(const char *name, char *out, size_t len);
const char *kg_vref(const Var *v, char *out, size_t len);
Var *kg_add_var(Gen *g, const char *name, VarKind kind, LangKType t);
Var *kg_declare_local(Gen *g, const char *name, LangKType t);

/* kinfer.c */
void kg_ex_free(Ex *e);
Ex kg_ex_text(LangKType t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
Ex kg_convert(Gen *g, Ex e, LangKType t, Node *at);
bool kg_shared_alloc_stmt(Gen *g, Node *n);
bool kg_is_shared_alloc(Node *n);
Ex kg_call(Gen *g, Node *n);
void kg_no_array_copy(Gen *g, Node *stmt, Node *e);
void kg_assign_local(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Node *rhs);
void kg_assign_local_ex(Gen *g, Node *stmt, const char *name, LangKType declared, bool has_decl, Ex e);
Ex kg_expr(Gen *g, Node *n);

/* kaccess.c */
bool kg_const_int(Node *n, int *out);
LangKType kg_elem_type(Gen *g, LangKElem e);
Ex kg_array_read(Gen *g, Node *n, Var *v);
void kg_read_return(Gen *g, Buf *h, const Var *v);
const char *kg_atomic_name(int op);
int kg_base_op(int op);
Ex kg_atomic_expr(Gen *g, Node *n);
void kg_array_write(Gen *g, Node *stmt, Node *target, Var *v, Node *rhs);
bool kg_shared_alloc(Gen *g, Node *n);
bool kg_is_dyn_alloc(Node *n);
bool kg_dyn_alloc(Gen *g, Node *n);
void kg_kernel_params(Gen *g, Buf *env, Buf *unpack, Buf *pre);

/* ktexhw.c: 'hwtex_* arrays through CUDA texture objects in the CUDA text. */
char kg_tex_hw_mode(const Gen *g, const LangKType *t);
void kg_tex_hw_param(Gen *g, const LangKType *t, int arg, const char *cn, Buf *env, Buf *unpack);
void kg_tex_hw_pre(Gen *g, const LangKType *t, const char *cn, Buf *pre);
void kg_tex_hw_fetch(Gen *g, Buf *h, const LangKType *t, int k, bool linear, const char *R);

/* kstencil.c */
Rng kg_rng(Gen *g, Node *e);
bool kg_push_range(Gen *g, const char *name, Rng r);
void kg_note_access(Gen *g, Node *ix, Var *v);
bool kg_flat_access(Gen *g, Node *n, Node **i0, Node **e, bool *neg);
int kg_flat_channels(Gen *g);
bool kg_rows_independent(Gen *g);
void kg_flat_accessor(Gen *g, Var *v, char kind, char *out, size_t len);
void kg_flat_args(Gen *g, Node *n, Var *v, Buf *b);
bool kg_unroll_loop(Gen *g, Node *n);

/* kstmt.c */
void kg_line(Gen *g, Node *n);
bool kg_tree_any(Node *n, bool (*hit)(Node *));
bool kg_jumps(Node *n);
void kg_range_exprs(Gen *g, Node *n, RangeEx *x);
void kg_count_loop(Gen *g, int t, RangeEx *x);
void kg_cond_text(Gen *g, Node *c, Buf *out);
void kg_stmt(Gen *g, Node *n);
void kg_stmts(Gen *g, NodeList *l);
void kg_kernel_statements(Gen *g);

/* klockstep.c */
void kg_lock_stmts(Gen *g, NodeList *l);
void kg_grid_sync(Gen *g, const char *what);

/* kwarp.c: cooperative groups (thread_block parameters) in lockstep kernels */
bool kg_has_group_param(const Gen *g);
void kg_group_stmt(Gen *g, Node *s);
Ex kg_group_call(Gen *g, Node *n);
Ex kg_group_field(Gen *g, Node *n);
void kg_group_defs(Gen *g, Buf *t);

/* kdevice.c */
Ex kg_device_call(Gen *g, Node *n, Node *fn, const char *name, Spec **outs);
Node *kg_device_fn(Gen *g, Node *call);

/* emit_c.c */
bool kg_takes_blkcnt(const Gen *g);
void kg_body_function(Gen *g, Buf *t, const char *name, const Buf *pre, Fn *f);
void kg_run_function(Gen *g, Buf *t, const Buf *unpack, bool fast);
void kg_block_function(Gen *g, Buf *t, const Buf *pre, Fn *f, const Buf *unpack);

#endif
