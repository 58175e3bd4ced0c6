/*
 * fuse.h - whole-array expressions lowered to one generated elementwise kernel
 * (lang/pass_fuse.c; the launch is runtime/fuse_kernel.c; docs/fusion.md).
 *
 * The pass looks at the right-hand side of every plain assignment in host code. When it is
 * a tree of elementwise operators (+ - .* ./ .^, * and / with a number on one side,
 * comparisons, unary minus, the real math builtins) over variables and number literals,
 * it synthesizes a `__kernel__` FUNCTION over a linear grid (appended to the module's top
 * level, bound and hoisted like any other function) and records it on the expression's
 * node (Node.fuse). Parameters, in order: pos : int; fuse_out_ (the result); then one per
 * variable of the expression (`leaves`), read as `x[pos]` when the pass takes it for an
 * array, as `x` when for a number (`scalar`). An expression of one operation is recorded
 * (a chain may take it) but not launched alone. The runtime checks the values when the
 * expression runs (arrays of the scalar element type and one shape, numbers where the pass
 * assumed numbers, calls bound to the builtins) and evaluates the host way otherwise.
 */
#ifndef LANG_FUSE_H
#define LANG_FUSE_H

#include "lang/ast.h"

typedef struct LangFuse {
    Node *kernel;               /* the __kernel__ FUNCTION (module top level) */
    Node *stmt;                 /* the assignment, for its location */
    Node **leaves;              /* IDENT nodes of the host expression, one per parameter */
    bool *scalar;               /* per leaf: a number in the kernel, else an array */
    int nleaves;
    Node **calls;               /* CALL nodes of the expression: must be bound to builtins */
    int ncalls;
    /* A chain of consecutive statements `t = e1; u = e2; y = e3` fused into one kernel
     * ({!kernel_fusion} in the scope; recorded on the first ASSIGN's Node.fuse): its
     * statements, and per statement whether its variable is written (the last always; an
     * earlier one unless nothing else in the function names it). Outputs fuse_out<k>_ come
     * first, one per written statement, in order. 0 for a single expression. */
    int nstmts;
    Node **stmts;
    bool *written;
    int nouts;
    bool never;                 /* not alone: one operation (the pass), or a check that does
                                 * not depend on sizes failed once (the runtime) */
    bool reported;              /* listed under -v */
} LangFuse;

/* Annotate the elementwise assignments of m's host code (Node.fuse) and append their
 * kernels to m's top level. Functions defined in m or its imports `from` shadow builtins.
 * Returns the number of expressions annotated. */
int lang_fuse(LangModule *m, LangModule *const *from, int nfrom);

#endif
