/*
 * rt.h - the front door of the runtime: run a Quasar program.
 *
 * The command-line tool and the tests use only this header. A run loads the program
 * (parse, resolve, imports), binds names, runs the top level of every module in import
 * order and then the program's `main` with the command-line arguments. Runtime errors
 * are printed as `file:line:col: error: …` with the chain of Quasar calls as notes.
 */
#ifndef RT_H
#define RT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct Rt Rt;

typedef struct RtOptions {
    bool dbl;                       /* --double: scalar is double precision */
    bool seeded;                    /* --seed given */
    uint64_t seed;
    int threads;                    /* --threads; 0 = all cores */
    const char *const *module_path; /* NULL-terminated folders searched by import */
    const char *kernel_dir;         /* folder of qp_kernel.h, for compiled kernels */
    bool verbose;                   /* -v: say which kernels are compiled or interpreted */
    FILE *emit;                     /* qpipe emit: write each generated kernel here */
} RtOptions;

/* Exit codes (sysexits), as DESIGN.md "Errors" lists them. */
enum {
    RT_OK = 0,
    RT_EX_USAGE = 64,
    RT_EX_PROGRAM = 65,             /* error in the Quasar program, compile or run time */
    RT_EX_NOINPUT = 66,
    RT_EX_SOFTWARE = 70,
};

/* Output of the program goes to `out`; diagnostics to `err`. */
Rt *rt_new(const RtOptions *opt, FILE *out, FILE *err);
/* Run the program in `path`; args are passed to its main. Returns an exit code. */
int rt_run_file(Rt *rt, const char *path, int argc, char **argv);
void rt_free(Rt *rt);

#endif
