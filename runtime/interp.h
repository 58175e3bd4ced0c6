/*
 * interp.h - the host interpreter's state and the API that the builtin library uses.
 *
 * Host code is interpreted straight from the syntax tree, as in Quasar itself. Before a
 * module runs, scope.c binds every name to a frame slot, a global slot or a builtin and
 * computes each function's frame layout (FnInfo), so evaluation never looks a name up
 * in a table. Values being computed live on one value stack (Rt.stack): a runtime error
 * longjmps to the nearest `try` or to the top, which releases every value above its
 * saved stack top, so no reference leaks on the error path.
 *
 * Builtins (lib.def) receive their arguments in stack slots and write their results to
 * `out` slots, which are rooted: a builtin that allocates its result stores it in out[0]
 * before doing anything that may fail. C scratch memory must be freed before raising.
 */
#ifndef RT_INTERP_H
#define RT_INTERP_H

#include "lang/ast.h"
#include "runtime/rt.h"
#include "runtime/value.h"

#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>

#define RT_STACK_VALUES (1 << 20)   /* value stack: frames and temporaries */
#define RT_MAX_CALL_DEPTH 4000      /* deeper recursion is an error, not a C stack overflow */
#define RT_MAX_OUTPUTS 32           /* outputs of one call ([a, b, …] = f(…)) */
#define RT_MAX_ARGS 256             /* arguments of one call, after spreading */

/* Binding of an IDENT node (Node.bind), set by scope.c. */
enum {
    RT_BIND_NONE,       /* not bound yet */
    RT_BIND_LOCAL,      /* Node.slot in the current frame */
    RT_BIND_GLOBAL,     /* Node.slot in Rt.globals */
    RT_BIND_BUILTIN,    /* Node.rt is the RtBuiltin; Node.slot unused */
    RT_BIND_CONST,      /* pi, eps …: Node.slot indexes rt_constants */
    RT_BIND_TYPE,       /* a builtin type name: Node.rt is the RtType */
};

/* A module loaded for execution. */
typedef struct RtModule {
    LangModule *m;
    char *path;                 /* real path */
    struct RtModule *next;
    bool ran;
    LangModule **reds_from;     /* the modules whose reductions apply here (imports, built-in) */
} RtModule;

/* Frame layout of a function, lambda or module top level (Node.rt of FUNCTION/LAMBDA). */
typedef struct FnInfo {
    Node *node;                 /* NULL for a module's top level */
    RtModule *mod;
    int nslots;
    int nparams, noutputs, ngenerics;
    int *param_slot;            /* generics first, then parameters */
    int *output_slot;
    int ncaps;
    const char **cap_names;
    int *cap_slot;              /* where each capture lands in this frame */
    int *cap_from;              /* where it is read when the closure is made: slot */
    uint8_t *cap_from_bind;     /* … in the maker's frame (LOCAL) or the globals (GLOBAL) */
    const char *self_name;      /* a capture of this name is the closure itself */
    const char **slot_names;    /* for messages */
    bool simple;                /* positional parameters only, no declared types, at most one
                                   output: calls take the fast path of interp.c */
} FnInfo;

/* One active call, for the call chain of error messages. */
typedef struct RtCall {
    struct RtCall *up;
    const char *name;
    Node *fn;                   /* the callee's FUNCTION or LAMBDA node */
    RtModule *mod;              /* module of the callee's code */
    Node *site;                 /* the call node in the caller */
    RtModule *site_mod;
} RtCall;

typedef struct RtTry {
    struct RtTry *up;
    jmp_buf jb;
    Value *sp;
    RtCall *call;
    int depth;
    struct RtKernelCtx *kernel;
} RtTry;

/* A shared(…) array of the current block, keyed by its call site. */
typedef struct RtShared {
    struct RtShared *next;
    Node *site;
    int64_t block;
    Value value;
} RtShared;

/* The values threads offer at one shuffle call (kernel.c run_shuffled). */
typedef struct RtShuffle {
    struct RtShuffle *next;
    Node *site;
    Value *vals;                /* per thread of the lockstep group, on the value stack */
    int64_t n;
} RtShuffle;

/* The kernel being run by parallel_do (kernel.c), for errors, shared memory and modes. */
typedef struct RtKernelCtx {
    struct RtKernelCtx *up;
    const char *name;
    int64_t block;              /* counts blocks, to tell shared memory of blocks apart */
    RtShared *shared;
    RtShuffle *shuffles;
    int64_t thread, nthreads;   /* the lockstep thread running, and how many there are */
    int64_t block_threads;      /* threads per block: a group may hold several (grid) */
    void *owned[3];             /* scratch of the launch, freed if an error unwinds it */
} RtKernelCtx;

/* How a statement ends (interp.c). */
enum { RT_FLOW_NORMAL, RT_FLOW_BREAK, RT_FLOW_CONTINUE, RT_FLOW_RETURN };

typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;

/* State that a folder above the runtime keeps per runtime (io/'s open videos): a slot per
 * kind, NULL until its folder sets it, released by rt_free (rt_state). */
typedef struct RtStateKind {
    const char *name;
    void (*release)(void *state);
} RtStateKind;
#define RT_MAX_STATES 4

struct Rt {
    RtOptions opt;
    RtHost *host;               /* the pool, JIT and FFT state this runtime uses (host.c) */
    RtPool *pool;               /* the host's thread pool (rt_host_pool), set by rt_new */
    struct {
        const RtStateKind *kind;
        void *state;
    } states[RT_MAX_STATES];    /* rt_state */
    int nstates;
    FILE *out;                  /* program output (stdout) */
    LangDiag *diag;             /* errors and warnings go through the front end's engine */
    Value *stack, *sp, *stack_end;
    Value *frame;               /* slots of the running function */
    Value *globals;
    int nglobals, globals_cap;
    const char **global_names;
    int *gindex;                /* hash index of global_names (scope.c) */
    RtModule *modules;          /* in load order */
    LangModule *builtin_reds;   /* Quasar's own reductions (lang_builtin_reductions), once */
    RtModule *cur_mod;          /* module of the code being run */
    Node *cur;                  /* node being evaluated, for error locations */
    RtCall *call;
    int depth;
    RtTry *try_top;
    jmp_buf *top;               /* the outermost handler (rt_run_file) */
    StrBuf errmsg;              /* message of the error being raised */
    uint64_t rng[4];            /* xoshiro256** state */
    double tic;
    const char *const *module_path;
    struct RtWarned *warned;    /* sites that already warned */
    const char *jump_label;     /* label of the pending break/continue, or NULL */
    char *stack_base;           /* C stack at the start of the run, for check_depth */
    RtKernelCtx *kernel;        /* the kernel running, or NULL on the host */
    struct RtCompiled *compiled;    /* kernels specialised and compiled in this run (kernel.c) */
    struct RtPending *pending;  /* launches whose status is not read yet (kernel_settle.c) */
    bool jit_warned;            /* the "kernels run in the interpreter" warning was given */
    int shared_elem;            /* shared[T](…): RtElem + 1 of T for the next shared call */
    size_t stack_budget;        /* bytes of C stack the evaluator may use */
    struct RtTypeCache *types;  /* type values of builtin names, made on first use */
    struct RtTypeText *type_texts;  /* parsed type texts of type(x, "…") */
    struct RtFiles *files;      /* files opened by fopen (lib_file.c) */
    bool interrupted;           /* the error unwinding now is an interrupt (RT_EX_INTERRUPTED) */
    bool unavailable;           /* the error unwinding now is a missing library (RT_EX_UNAVAILABLE) */
};

/* ---------------------------------------------------------------- errors */

/* Raise a runtime error at rt->cur: unwinds to the nearest try or to the top. */
_Noreturn void rt_error(Rt *rt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void rt_verror(Rt *rt, const char *fmt, va_list ap);
/* rt_error for a library that could not be loaded (dl.h): a `try` catches it as any
 * error; uncaught, the program's exit code is RT_EX_UNAVAILABLE (69), not 65. */
_Noreturn void rt_error_unavailable(Rt *rt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The exit code of the error that unwound to the top (RT_EX_INTERRUPTED, _UNAVAILABLE or
 * _PROGRAM); clears the flags for the next call. */
int rt_unwound_code(Rt *rt);
/* A warning at rt->cur, once per source location. */
void rt_warn(Rt *rt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A top-level {!sched ...} attribute: gpu_index=N picks the CUDA device (sched.c); a
 * value that is not a device number is a program error at the item. */
void rt_sched_attribute(Rt *rt, Node *n);
_Noreturn void rt_out_of_memory(Rt *rt);
/* The interrupt: unwind to the top past every `try`, rt->interrupted set (interp.c). */
_Noreturn void rt_raise_interrupt(Rt *rt);

/* Around a call into generated code: the site a crash handler reports (crash.c). enter
 * returns the previous site, which leave restores. */
const RtKernelSite *rt_kernel_site_enter(const RtKernelSite *site);
void rt_kernel_site_leave(const RtKernelSite *prev);

/* The interrupt request (interrupt.c); polled where a long computation can stop safely. */
extern atomic_int rt_interrupt_flag;
static inline void rt_poll_interrupt(Rt *rt)
{
    if (__builtin_expect(atomic_load_explicit(&rt_interrupt_flag, memory_order_relaxed) != 0, 0))
        rt_raise_interrupt(rt);
}

/* ---------------------------------------------------------------- stack */

static inline Value *rt_push(Rt *rt, int n)
{
    Value *p = rt->sp;
    if (rt->stack_end - p < n)
        rt_error(rt, "value stack exhausted (recursion too deep?)");
    for (int i = 0; i < n; i++)
        p[i] = (Value){.kind = V_UNDEF};
    rt->sp = p + n;
    return p;
}
/* Release and pop every value above `to`. */
void rt_pop_to(Rt *rt, Value *to);
/* Assign v to an assignment's target as the statement stmt would (v stays the caller's). */
void rt_assign_target(Rt *rt, Node *target, Value *v, Node *stmt);

/* ---------------------------------------------------------------- evaluation */

void rt_eval(Rt *rt, Node *n, Value *dst);
/* Call a function value with argc values at argv; results in out[0..nout-1]. */
void rt_call_value(Rt *rt, Value fn, int argc, Value *argv, int nout, Value *out);
/* The same with names[i] (or NULL) naming argument i, as f(b:=2) does; fn a Quasar function. */
void rt_call_named(Rt *rt, Value fn, int argc, Value *argv, const char **names, int nout, Value *out);
/* Run one statement or a list in the current frame; returns RT_FLOW_*. */
int rt_exec_stmt(Rt *rt, Node *stmt);
int rt_exec_list(Rt *rt, NodeList *l);
/* Kernels (kernel.c): a new block drops the previous block's shared memory. */
void rt_kernel_new_block(Rt *rt);
void rt_kernel_free_shared(Rt *rt, RtKernelCtx *k);
void rt_kernels_free(Rt *rt);
struct RtEngine;
struct qp_status;
/* Launches an engine finishes after returning (kernel_settle.c; docs/cuda.md "Status of a launch"):
 * where a compiled launch writes its status (stays in place until read); after the launch,
 * its failure raised now when it is finished, else it is queued (and the earlier launches
 * of the same call are read). */
struct qp_status *rt_kernel_status_slot(Rt *rt);
void rt_kernel_issued(Rt *rt, const struct RtEngine *eng, Node *fn, RtModule *mod, struct qp_status *st);
/* A kernel's failure as the interpreter reports it, at the failing statement. */
void rt_kernel_report(Rt *rt, Node *fn, RtModule *mod, const struct qp_status *st);
/* After a parallel_do: the launches of the same call queued before the last one read. */
void rt_kernels_settle_behind(Rt *rt);
/* Read the queued launches' status (all, or those of the calls before the current one)
 * and raise the first failure. */
void rt_kernels_settle(Rt *rt, bool all);
/* The same, all of them, when one of vals is an array with a device copy: the host is
 * about to read or write its elements. */
void rt_kernels_settle_for(Rt *rt, const Value *vals, int n);
/* A new call of the filter begins (rt_kernels_settle's "calls before"). */
void rt_kernels_new_call(Rt *rt);
/* Read every queued launch without raising anything (the runtime is freed). */
void rt_kernels_drop(Rt *rt);
/* g.shfl(…), g.all(…) … of a cooperative group inside a kernel: false when n is not one. */
bool rt_kernel_method(Rt *rt, Node *n, Value *dst);
/* An error leaves the kernels above `to`: free what their launches hold (before the
 * longjmp, while their frames still exist). */
void rt_kernel_unwind(Rt *rt, RtKernelCtx *to);
/* eval("…"): parse and run text; the value of its last expression goes to dst. */
void rt_eval_text(Rt *rt, const char *text, Value *dst);

/* ---------------------------------------------------------------- numbers */

/* Round to the program's precision (float unless --double). */
static inline double rt_round(const Rt *rt, double x) { return rt->opt.dbl ? x : (double)(float)x; }
static inline RtElem rt_scalar_elem(const Rt *rt) { return rt->opt.dbl ? RT_F64 : RT_F32; }
static inline RtElem rt_complex_elem(const Rt *rt) { return rt->opt.dbl ? RT_C64 : RT_C32; }

/* Conversions that raise a clear error naming `what` (an argument name). */
double rt_to_real(Rt *rt, Value v, const char *what);
int64_t rt_to_int(Rt *rt, Value v, const char *what);
RtC64 rt_to_cplx(Rt *rt, Value v, const char *what);
bool rt_truth(Rt *rt, Value v);
/* A result number in the program's precision: scalar, or complex when `cplx`. */
Value rt_number(Rt *rt, RtC64 z, bool cplx);
const char *rt_to_cstr(Rt *rt, Value v, const char *what);
/* A dims argument: scalars (n, m, …) or one vector; returns the rank. */
int rt_dims_arg(Rt *rt, int argc, const Value *argv, int64_t *dims);
/* Drop leading singleton dimensions when only a vector remains (creation functions,
 * spec 001): [1,1,4] gives [4]; [1,5,6] is kept. */
int rt_canon_dims(int rank, int64_t *dims);

/* ---------------------------------------------------------------- operators (ops.c) */

/* op is a token kind (T_PLUS, T_DOTSTAR …, T_EQEQ …). */
void rt_binary(Rt *rt, int op, Value a, Value b, Value *dst);
void rt_unary(Rt *rt, int op, Value a, Value *dst);
const char *rt_op_name(int op);
/* A tree of elementwise operators over float arrays in one pass (fuse.c); false when n
 * is not such a tree (nothing was evaluated then). */
bool rt_fuse_eval(Rt *rt, Node *n, Value *dst);

/* Elementwise maps for builtins (math): apply fr to reals, fc to complex (NULL: real
 * only), over scalars and arrays. Integer arguments become scalars unless fi is given. */
typedef double (*RtRealFn)(double);
typedef RtC64 (*RtCplxFn)(RtC64);
void rt_map1(Rt *rt, Value x, RtRealFn fr, RtCplxFn fc, Value *dst);
typedef double (*RtReal2Fn)(double, double);
void rt_map2(Rt *rt, Value a, Value b, RtReal2Fn f, const char *name, Value *dst);

/* ---------------------------------------------------------------- indexing (index.c) */

void rt_index_get(Rt *rt, Value base, int nidx, Value *idx, Node *site, Value *dst);
void rt_index_set(Rt *rt, Value *base, int nidx, Value *idx, Value v, Node *site);
/* Textures (texture.c): the RT_MODE_TEX_* flags a declared type's modifiers give
 * ('hwtex_linear, 'hwtex_nearest(4) …), and a read of a texture array at real positions
 * (false when no position is a non-integer real: an ordinary read then follows). */
unsigned rt_texture_mode(const LangType *t);
bool rt_texture_get(Rt *rt, Value base, int nidx, const Value *idx, Node *site, Value *dst);

/* ---------------------------------------------------------------- types (types.c) */

const char *rt_type_name(Rt *rt, Value v, StrBuf *sb);
bool rt_type_matches(Rt *rt, Value v, LangType *t);
bool rt_type_matches_str(Rt *rt, Value v, const char *type_text);
/* The type value of a builtin name (vec, int8, scalar …) or NULL. */
RtType *rt_builtin_type(Rt *rt, const char *name);
/* type[T, …]: a parametrized type value. */
Value rt_type_apply(Rt *rt, RtType *t, int n, Value *params);
/* cube{n}: the array type of rank n (n < 0: cube{:}). */
Value rt_type_dims(Rt *rt, RtType *t, int64_t n);
/* Call a type: vec(n), cube[uint8](…), point(x:=1), point_vec(10). */
void rt_type_construct(Rt *rt, RtType *t, int argc, Value *argv, const char **names, Value *dst);
/* Convert v to the declared type t for an assignment (int ↔ scalar), or raise. */
void rt_type_coerce(Rt *rt, LangType *t, Value *v, const char *what);
/* Whether v is an array of t's family with extra leading singleton dims (a 1 x M x N cube
 * where a mat is declared), which rt_type_coerce drops. */
bool rt_type_leading_ones(const Value *v, LangType *t);
/* Whether v is an array of t's family with extra trailing singleton dims (an M x N x 1 cube
 * where a mat is declared: zeros(M, N, C) with C = 1), which rt_type_coerce drops first,
 * as MATLAB ignores trailing singletons. */
bool rt_type_trailing_ones(const Value *v, LangType *t);
/* The generic values of an instance f[N] (interp.c) into a new frame of f. */
void rt_bind_instance(const RtFunc *f, const FnInfo *fi, Value *frame);
void rt_types_free(Rt *rt);

/* ---------------------------------------------------------------- printing (print.c) */

void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append the whole file at path; -1 with errno set when it cannot be opened or read. */
int sb_read_file(StrBuf *sb, const char *path);
/* The file a program reads under a relative name: path when it exists from the working
 * directory (or is absolute), else the same name beside the running module or the main
 * program when it exists there (written into buf), else path (input_path.c). */
const char *rt_input_path(Rt *rt, const char *path, char *buf, size_t len);
void sb_free(StrBuf *sb);
void rt_format(Rt *rt, Value v, StrBuf *sb);
void rt_format_real(double x, StrBuf *sb);
void rt_format_dims(const RtArray *a, StrBuf *sb);
/* printf-style formatting with Quasar values as arguments. */
void rt_sprintf(Rt *rt, const char *fmt, int argc, const Value *argv, StrBuf *sb);
/* The same, with errors raised in the name of `fn` ("fprintf: …"). */
void rt_sprintf_as(Rt *rt, const char *fn, const char *fmt, int argc, const Value *argv, StrBuf *sb);

/* ---------------------------------------------------------------- scope (scope.c) */

int rt_global_slot(Rt *rt, const char *name);
/* The slot of an existing global, or -1. */
int rt_global_find(const Rt *rt, const char *name);
/* Bind the names of a module; returns the FnInfo of its top level. */
FnInfo *rt_scope_module(Rt *rt, RtModule *mod);
void rt_scope_free(Node *fn_or_lambda);
FnInfo *rt_scope_fn(Rt *rt, RtModule *mod, Node *fn);

/* ---------------------------------------------------------------- thread pool (pool.c) */

/* Run fn(ctx, begin, end) over [0, n) in chunks on the pool (a runtime's is rt->pool, the
 * host's); serial below `grain`, and always with a NULL pool. */
typedef void (*RtRangeFn)(void *ctx, int64_t begin, int64_t end);
void rt_parallel_for(RtPool *pool, int64_t n, int64_t grain, RtRangeFn fn, void *ctx);
int rt_pool_threads(RtPool *pool);       /* 1 for NULL */
/* A pool of nthreads threads, the caller's included (0 = one per core); made and freed by
 * the host (host.c) and by tests. NULL when out of memory. */
RtPool *rt_pool_new(int nthreads);
void rt_pool_free(RtPool *pool);

/* ---------------------------------------------------------------- per-runtime state (interp.c) */

/* The slot of kind's state in rt (NULL until set by its owner), made on first use; NULL when
 * RT_MAX_STATES kinds already have one. rt_free calls kind->release on a non-NULL state
 * before anything else is freed. What a folder above the runtime keeps per program goes
 * here, never in statics: each filter of a chain and each reload has its own. */
void **rt_state(Rt *rt, const RtStateKind *kind);

/* ---------------------------------------------------------------- host (host.c) */

/* A runtime counts itself in (rt_new) and out (rt_free). */
void rt_host_attach(RtHost *h);
void rt_host_detach(RtHost *h);

/* ---------------------------------------------------------------- random (lib_misc.c) */

double rt_rand_uniform(Rt *rt);
double rt_rand_normal(Rt *rt);
void rt_rand_seed(Rt *rt, uint64_t seed);
/* Fill a numeric array with uniform [0,1) (normal: standard normal) numbers. */
void rt_rand_fill(Rt *rt, RtArray *a, bool normal);

#endif
