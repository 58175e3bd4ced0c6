/*
 * kinfo.h - what a kernel's syntax tree says about it, for the kernel compiler and for the
 * runtime that launches and interprets kernels: its barriers, the cooperative-group calls
 * that exchange values between threads, and which array parameters it reads and writes
 * ('const / 'nocopy, spec 000). Pure analyses of the tree; results are plain data.
 */
#ifndef LANG_KINFO_H
#define LANG_KINFO_H

#include "lang/ast.h"

#include <stdbool.h>

/* The synchronisation found in a statement, outside nested functions and lambdas. Every
 * engine obeys the same rule: a statement with any of these is entered by the threads of
 * its group together (lockstep); `grid` makes the group the whole grid. */
typedef struct LangBarriers {
    bool any;
    bool grid;      /* syncthreads(grid), (multi_grid) or (host): every block waits */
    bool warp;      /* syncthreads(warp): a block barrier serves (it waits for more) */
    bool group;     /* a value exchange of a cooperative group: g.shfl(…), g.ballot(…), g.sync() … */
} LangBarriers;

/* Whether n has a barrier; the kinds found are added to *b (NULL: not wanted). */
bool lang_has_barrier(Node *n, LangBarriers *b);
bool lang_list_has_barrier(NodeList *l, LangBarriers *b);

/* The special parameters that hold cooperative groups (coalesced_threads,
 * this_thread_block, this_grid, this_multi_grid). */
bool lang_is_group_name(const char *name);
/* A call of a group method through such a parameter (g.shfl_down(v, 1), g.sync()). */
bool lang_is_group_method(Node *n);
/* this_grid.sync() or this_multi_grid.sync(): a grid barrier, as syncthreads(grid). */
bool lang_is_grid_sync(Node *n);
/* The group method calls in a statement, depth-first: at most cap into out; the count. */
int lang_group_calls(Node *n, Node **out, int cap);

/* What a launch must move for an array parameter (spec 000 "Modifiers 'const and
 * 'nocopy"): never written ('const: no copy back), or written before any read ('nocopy:
 * no upload). A declared modifier is taken as written. */
typedef enum LangResidency { LANG_RES_COPY, LANG_RES_CONST, LANG_RES_NOCOPY } LangResidency;

/* For parameter `param` of the kernel `fn` (a FUNCTION or LAMBDA). */
LangResidency lang_param_residency(Node *fn, Node *param);

#endif
