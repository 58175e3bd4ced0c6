/*
 * lib.h - the builtin function library: one table of descriptors (STYLE.md §11).
 *
 * Every builtin is one line of lib.def: its name, how many arguments and outputs it
 * takes, a signature for messages and `help`, and its host implementation
 * lib_<name>(rt, argc, argv, nout, out). The interpreter checks the argument count
 * against the descriptor before calling, so implementations only check types and values.
 * Implementations live in lib_create.c (creation and shape), lib_math.c (elementwise
 * math), lib_reduce.c (reductions), lib_string.c (strings and console) and lib_misc.c.
 * Kernel-side implementations of the math functions come with the kernel engine and share
 * kernels/qp_math.h.
 */
#ifndef RT_LIB_H
#define RT_LIB_H

#include "runtime/rt.h"
#include "runtime/value.h"

typedef struct Rt Rt;
enum {
    RT_LIB_CELLMAP = 1,         /* elementwise: maps over the elements of cell arguments */
    RT_LIB_METHOD = 2,          /* a method stored in an object's field: obj.f(args) calls it
                                 * with obj as its first argument (min/max_args count it) */
    RT_LIB_HOSTLESS = 4,        /* reads no element of its array arguments on the host (size,
                                 * parallel_do …): their device copies stay (residency.h) */
    RT_LIB_OUTPUT = 8,          /* makes output (print, a file) or raises an error: the status
                                 * of kernels still running is read first (kernel_settle.c) */
    RT_LIB_STATEMENT = 16,      /* called as a statement (its result unused), it is told so
                                 * with nout 0 (others get 1): toc() prints then */
};

typedef void (*RtBuiltinFn)(Rt *rt, int argc, Value *argv, int nout, Value *out);

struct RtBuiltin {
    const char *name;
    int min_args, max_args;     /* max_args -1: variadic */
    int max_out;
    unsigned flags;             /* RT_LIB_* */
    RtBuiltinFn fn;
    const char *sig;            /* "(x, dim)" as printed in messages */
};

#define BUILTIN(name, min, max, nout, flags, sig) \
    void lib_##name(Rt *rt, int argc, Value *argv, int nout_, Value *out);
#include "runtime/lib.def"
#undef BUILTIN

/* A builtin by name: the runtime's own (lib.def), then the tables registered into rt's host. */
const RtBuiltin *rt_find_builtin(const Rt *rt, const char *name);
/* Add a table of builtins defined above the runtime (io/: imread, vidopen …) to a host. The
 * table must outlive the host; register before making runtimes on it. Registering one
 * table twice is harmless. */
void rt_host_register_builtins(RtHost *host, const RtBuiltin *table, int n);
/* A builtin of the host's registered tables, or NULL. */
const RtBuiltin *rt_host_find_builtin(RtHost *host, const char *name);
/* Index of a named constant (pi, eps, inf, nan, true, false, nullptr) or -1. */
int rt_find_constant(const char *name);
Value rt_constant(const Rt *rt, int index);
/* Every builtin, for tests that check the table against lang/prelude.def. */
const RtBuiltin *rt_builtins(int *count);

#endif
