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

#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct Rt Rt;
typedef struct RtHost RtHost;

typedef struct RtOptions {
    bool dbl;                       /* --double: scalar is double precision */
    bool seeded;                    /* --seed given */
    uint64_t seed;
    int threads;                    /* --threads; 0 = all cores */
    const char *const *module_path; /* NULL-terminated folders searched by import */
    const char *kernel_dir;         /* folder of qp_kernel.h, for compiled kernels */
    bool verbose;                   /* -v: say which kernels are compiled or interpreted */
    FILE *emit;                     /* qpipe emit: write each generated kernel here */
    bool plain_c;                   /* emit --c: the plain C text, without its CUDA-specific
                                       parts (LangKernelSpec.cuda); otherwise the CUDA text */
    int engine;                     /* --engine: RT_ENGINE_AUTO (0), _CPU or _CUDA */
} RtOptions;

/* Engines that run compiled kernels (DESIGN.md "Engines"). auto: CUDA when a device
 * answers, else the CPU. */
enum { RT_ENGINE_AUTO, RT_ENGINE_CPU, RT_ENGINE_CUDA };

/* The name of the engine a choice gives ("cpu", "cuda"), probing the GPU once per
 * process; NULL for RT_ENGINE_CUDA without a usable device (exit RT_EX_UNAVAILABLE).
 * why: the reason CUDA is not used (library missing, no device, driver too old), or the
 * device when it is. */
const char *rt_engine_choose(int choice, char *why, size_t len);
/* The choice an --engine argument names ("cpu", "cuda", "auto"), or -1: one parser for
 * every command that takes the option (exec, run, preview, watch). */
int rt_engine_parse(const char *text);
/* --gpu N and {!sched gpu_index=N}: the CUDA device kernels run on (default 0).
 * rt_engine_parse_gpu: N from its text (0 .. RT_ENGINE_MAX_GPUS-1), or -1 (exit 64).
 * rt_engine_set_gpu: takes effect only before the engine first probes the GPU (the
 * device is the process's); false when device *current is already in use. A device
 * that does not exist: the CUDA engine is unusable, with the reason (69 under --engine
 * cuda; auto runs on the CPU). */
#define RT_ENGINE_MAX_GPUS 64
int rt_engine_parse_gpu(const char *text);
bool rt_engine_set_gpu(int ordinal, int *current);
/* {!sched gpu_index=N} (runtime/sched.c): 1 when device N is used, 0 when --gpu chose
 * the device already (the command line wins), -1 when the engine already runs on
 * device *current (the program's attribute came too late). */
int rt_engine_program_gpu(int ordinal, int *current);

/* Exit codes (sysexits), as DESIGN.md "Errors" lists them. */
enum {
    RT_OK = 0,
    RT_EX_USAGE = 64,
    RT_EX_PROGRAM = 65,             /* error in the Quasar program, compile or run time */
    RT_EX_NOINPUT = 66,
    RT_EX_UNAVAILABLE = 69,
    RT_EX_SOFTWARE = 70,
    RT_EX_INTERRUPTED = 130,        /* rt_interrupt_request while the program ran */
};

/* ---------------------------------------------------------------- interrupts (interrupt.c)
 *
 * Ctrl-C for every path: the caller's signal handler calls rt_interrupt_request (one
 * atomic store: async-signal-safe); the runtime polls the flag at loop back-edges, calls,
 * kernel slices and pool chunks and unwinds the running program with an error no `try`
 * catches; the call that ran it returns RT_EX_INTERRUPTED. The flag stays set until
 * rt_interrupt_clear. */
void rt_interrupt_request(void);
bool rt_interrupt_pending(void);
void rt_interrupt_clear(void);

/* ---------------------------------------------------------------- crashes (crash.c)
 *
 * The compiled kernel that the calling thread is running, for a SIGSEGV/SIGBUS handler:
 * set around each call into generated code, read from the handler (async-signal-safe: a
 * thread-local pointer to constant data; NULL when the thread runs no kernel). */
typedef struct RtKernelSite {
    const char *name;           /* the kernel function */
    const char *file;           /* its .q file */
    int line;                   /* the line of its definition */
    bool unchecked;             /* some array argument is accessed 'unchecked */
} RtKernelSite;

const RtKernelSite *rt_kernel_site(void);

/* The host (host.c): the resources every runtime of a program shares, owned once (DESIGN.md
 * "Process-wide resources are owned once"): the thread pool (opt->threads), each engine's
 * state (the CPU engine's JIT with its cache folder and loaded kernels, opt->kernel_dir)
 * and the builtin tables registered above the runtime (lib.h rt_host_register_builtins);
 * the pool starts with the first runtime (rt_host_set_threads before that).
 * qpipe/main.c makes one and passes it to every runtime; freeing a runtime never touches
 * them. Several hosts may live at once and share nothing (but FFTW's plans, global to that
 * library). NULL when out of memory. Free it after every runtime made on it. */
RtHost *rt_host_new(const RtOptions *opt);
void rt_host_free(RtHost *h);
/* --threads: the pool's size (0 = all cores). 0, or -1 once a runtime has started the pool. */
int rt_host_set_threads(RtHost *h, int threads);
/* How many runtimes made on h are alive (the tests' check that a runtime counts out). */
int rt_host_runtimes(RtHost *h);
/* The host's thread pool (interp.h rt_parallel_for), made on first use, by the first
 * runtime or by a caller above the runtime that converts frames on it (io/, display/);
 * NULL only when out of memory (everything then runs serially). */
typedef struct RtPool RtPool;
RtPool *rt_host_pool(RtHost *h);

/* Output of the program goes to `out`; diagnostics to `err`. opt->threads and
 * opt->kernel_dir are the host's (rt_host_new); the rest is this runtime's. */
Rt *rt_new(RtHost *host, const RtOptions *opt, FILE *out, FILE *err);
/* Run the program in `path`; args are passed to its main. Returns an exit code. */
int rt_run_file(Rt *rt, const char *path, int argc, char **argv);
/* Load the program in `path` and run its top level, without calling main. An exit code. */
int rt_load_file(Rt *rt, const char *path);
void rt_free(Rt *rt);

/* ---------------------------------------------------------------- filters (filter.c)
 *
 * A filter is a .q file that defines `function y = process(x, ...params)` (DESIGN.md
 * "Filters", docs/filters.md). rt_filter_load gives it an Rt of its own (so the filters of a
 * chain never share globals), runs its module-level code once and finds process, optional
 * init(info) and the parameters with their defaults. Module-level variables live as long
 * as the filter: that is the mechanism for state across frames. Every call runs on the
 * thread that calls it; one filter must only ever be called from one thread at a time.
 */
typedef struct RtFilter RtFilter;

typedef enum RtParamKind {
    RT_PARAM_ANY,               /* no declared type, default not a literal: number if it parses */
    RT_PARAM_INT,
    RT_PARAM_SCALAR,
    RT_PARAM_STRING,
} RtParamKind;

typedef struct RtFilterParam {
    const char *name;
    const char *default_text;   /* the default as written in the source */
    RtParamKind kind;           /* from the declared type, else from the default's literal */
    const char *value;          /* the --set text, or NULL */
    bool has_min, has_max;      /* a range declared in the doc comment ("range 0..100", */
    double min, max;            /* docs/filters.md "Parameters"), enforced by rt_filter_set */
} RtFilterParam;

typedef struct RtFilterInfo {
    int width, height;
    double fps;                 /* 0 for images */
    int64_t frame_count;        /* 1 for an image; -1 when unknown */
} RtFilterInfo;

/* Whether the file parses and defines process at its top level (parsed only, nothing
 * runs): what makes a .q file of the presets folder a preset. */
bool rt_filter_defines_process(const char *path);
/* NULL with *rc set (66 missing file, 65 error in the program or no process) after
 * printing the reason to err. */
RtFilter *rt_filter_load(RtHost *host, const RtOptions *opt, const char *path, FILE *out, FILE *err, int *rc);
const char *rt_filter_path(const RtFilter *f);
/* The files the filter was loaded from: 0 is the filter itself (its real path), then the
 * modules it imports; NULL past the last (what `qpipe preview` watches for changes). */
const char *rt_filter_file(const RtFilter *f, int i);
int rt_filter_nparams(const RtFilter *f);
const RtFilterParam *rt_filter_param(const RtFilter *f, int i);
/* The comment lines above process, without their `%`, joined by newlines ("" when none). */
const char *rt_filter_doc(const RtFilter *f);
/* What `qpipe run F.q --help` prints: doc, then one line per parameter. */
void rt_filter_help(const RtFilter *f, FILE *out);
/* --set name=value: converted to the parameter's kind and checked against its range. The
 * text is taken as it is: an int is decimal digits with an optional sign (or true/false),
 * a scalar a finite decimal number (no inf, nan, hex or blanks). 0, or -1 with err set
 * (unknown name, bad value, out of range; the caller lists the parameters and exits 64). */
int rt_filter_set(RtFilter *f, const char *name, const char *value, char *err, size_t errlen);
/* init(info) when the filter has one (else nothing). An exit code (65 on an error). */
int rt_filter_init(RtFilter *f, const RtFilterInfo *info);
/* y = process(frame, params…): frame is borrowed; *out a new reference to a numeric
 * array of rank 2 or 3 of the program's scalar type. An exit code (65 on an error). */
int rt_filter_process(RtFilter *f, Value frame, Value *out);
/* The filter's temporal radius R (module-level `temporal_radius`, 0 when absent;
 * docs/filters.md "A window of frames"): process wants frames t-R..t+R. */
#define RT_FILTER_MAX_RADIUS 16
int rt_filter_radius(const RtFilter *f);
/* process on a window: frames[0..2R] are t-R..t+R (borrowed), passed as a cell vector
 * (frames[0] alone when R is 0). As rt_filter_process. */
int rt_filter_process_window(RtFilter *f, const Value *frames, Value *out);
/* Overlap with the device (the CUDA engine, docs/cuda.md "Streams"): when on, a call of
 * process may return while its last kernel still runs and its status is unread; the
 * caller then calls rt_filter_settle before it reads the result's elements. Off (the
 * default): every call returns with its kernels' status read. Whether it is on: only an
 * engine that finishes launches after returning (RtEngine settle) overlaps, and under
 * --engine auto only once the engine is known (a kernel has launched: engine.h
 * rt_engine_known), so the caller asks again after a call while the answer is false. */
bool rt_filter_set_overlap(RtFilter *f, bool on);
/* Read the status of the kernels the calls before the last one launched (all: every
 * call's): 0, or an exit code (65) after the error of a kernel that failed was printed
 * (its file:line:col, as when it is raised inside the call). */
int rt_filter_settle(RtFilter *f, bool all);
void rt_filter_free(RtFilter *f);

#endif
