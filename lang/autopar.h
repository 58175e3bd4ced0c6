/*
 * autopar.h - automatic parallelization of host `for` loops (lang/pass_autopar.c).
 *
 * The pass looks at every host `for` nest of a module, proves (or fails to prove) that its
 * iterations are independent, and records its verdict on the outermost FOR node
 * (Node.par). For a parallel nest it synthesizes a `__kernel__` FUNCTION (appended to the
 * module's top level, so the runtime binds and hoists it like any other function) whose
 * grid is the iteration space of the first `rank` loops of the nest; the runtime
 * (runtime/autopar.c) launches it through parallel_do in place of the loop, after the
 * checks that need the values (element types, aliasing, 32-bit ints). A serial nest keeps
 * its reason, which the pass reports as a warning when the loop looks like one meant to be
 * parallel, and which `qpipe exec -v` lists.
 *
 * Kernel parameters, in order: pos; the host values `args` (read through their IDENT
 * nodes, which scope.c binds in the loop's function); then for each grid loop k whose
 * start or step is not a literal, par_s<k>_ / par_t<k>_; then for each reduction r the
 * accumulator's start par_id<r>_ and the array of partials par_part<r>_ (one element per
 * position of the grid).
 */
#ifndef LANG_AUTOPAR_H
#define LANG_AUTOPAR_H

#include "lang/ast.h"

#define LANG_PAR_MAX_RANK 4         /* grid dims the compiled engine runs (codegen.h) */
#define LANG_PAR_MAX_REDS 8         /* reductions of one nest */

/* The operator that combines a reduction's partials. */
enum { LANG_RED_SUM = '+', LANG_RED_PROD = '*', LANG_RED_MAX = 'M', LANG_RED_MIN = 'm', LANG_RED_AND = '&',
       LANG_RED_OR = '|' };

typedef struct LangParRed {
    Node *var;                  /* an IDENT of the accumulator in the loop (bound by scope.c) */
    int op;                     /* LANG_RED_* */
    Node **incs;                /* the increments (`e` of s += e), to tell ints from reals */
    int ninc;
} LangParRed;

typedef struct LangAutopar {
    bool parallel;              /* a kernel was made */
    bool forced;                /* {!parallel for} or #pragma force_parallel */
    bool serial_forced;         /* {!serial for} or #pragma force_serial */
    bool quiet;                 /* serial for a reason not worth a warning */
    const char *reason;         /* serial: why; forced parallel: the dependency ignored */
    Node *kernel;               /* the __kernel__ FUNCTION (module top level) */
    int rank;
    Node *loops[LANG_PAR_MAX_RANK];     /* the grid loops, outermost first */
    bool start_arg[LANG_PAR_MAX_RANK], step_arg[LANG_PAR_MAX_RANK];
    Node **args;                /* IDENT nodes of the host values passed */
    bool *written;              /* per arg: an array the kernel writes */
    int nargs;
    LangParRed reds[LANG_PAR_MAX_REDS];
    int nreds;
    const char **loop_vars;     /* every loop variable of the nest (ints when ranges are) */
    int nloop_vars;
    const char **def_names;     /* assignments of plain variables in the nest: name = rhs */
    Node **def_rhs;             /* NULL for compound or typed assignments */
    int ndefs;
    Node **inner_loops;         /* the nest's FOR nodes below the grid (their ranges) */
    int ninner;
    /* Products of values that may all be ints (`i * i * i`, `n * m`): kernel ints have 32
     * bits, host ints 64, so the runtime bounds each over the ranges before launching. */
    Node **int_products;
    const char **int_texts;
    int nint;
    bool warn;                  /* in the program's own module: value verdicts are warned */
    bool reported;              /* the runtime listed it under -v */
} LangAutopar;

/* Analyse every host `for` nest of m (lang/pass_autopar.c): set Node.par on each outermost
 * FOR it looked at, append the kernels (and device copies of pure host functions they
 * call) to m's top level, and report to `d` a `{!parallel for}` that cannot be honoured
 * (error) or is honoured despite a dependency (warning), and, when `warn` (the program's
 * own module, not a library it imports), serial loops that compute on arrays (warnings).
 * Functions called from loops are looked up in m and in `from` (its imports). Returns
 * the number of nests made parallel. */
int lang_autopar(LangModule *m, LangModule *const *from, int nfrom, bool warn, LangDiag *d);

#endif
