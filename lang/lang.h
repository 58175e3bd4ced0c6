/*
 * lang.h - the front door of the Quasar front end.
 *
 * lang/ turns Quasar source into a checked syntax tree: lexer.c makes tokens, parser.c
 * builds the tree (ast.h) in an arena owned by the module, resolve.c binds names, imports
 * and loop labels, dump.c prints the tree for tests. Every diagnostic goes through one
 * engine (diag.c) that prints `file:line:col: error: message`, the source line and a caret.
 * Nothing here knows about the runtime or the command line; nothing here calls exit().
 */
#ifndef LANG_H
#define LANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct LangDiag LangDiag;       /* collects and prints diagnostics */
typedef struct LangModule LangModule;   /* one parsed source file and its arena */

/* Diagnostics. `out` receives the messages as they are reported; NULL keeps them silent
 * (the fuzzer). Counts survive until lang_diag_free. */
LangDiag *lang_diag_new(FILE *out);
void lang_diag_free(LangDiag *d);
int lang_diag_errors(const LangDiag *d);
int lang_diag_warnings(const LangDiag *d);

/* Parse `len` bytes of `src` (need not be NUL-terminated) under the file name `name`.
 * The source is copied. Errors are reported to `d`; the parser recovers at statement
 * boundaries, so the module is returned even when there were errors. Returns NULL only
 * when memory runs out. */
LangModule *lang_parse(const char *name, const char *src, size_t len, LangDiag *d);

/* Read and parse a file. A missing or unreadable file is reported to `d` (no location)
 * and NULL is returned. */
LangModule *lang_parse_file(const char *path, LangDiag *d);

void lang_module_free(LangModule *m);

/* Resolve names, imports (searched in the module's folder, then in each folder of
 * `module_path`, a NULL-terminated list), loop labels and scopes. Reports to `d`.
 * Returns the number of errors found. */
int lang_resolve(LangModule *m, const char *const *module_path, LangDiag *d);

/* The path of the module `name` imported by `m`: the module's folder first, then each
 * folder of `path`; an absolute name that does not exist is looked for by its file name
 * the same way. NULL when not found; the caller frees the result. */
char *lang_find_module(const LangModule *m, const char *name, const char *const *path);
/* Whether an absolute module name does not exist, so that lang_find_module looks for its
 * file name instead (the resolver warns then). */
bool lang_module_fallback(const char *name);
/* Whether `name` is one of Quasar's own libraries (Quasar.*.dll), whose functions are
 * builtins: importing it does nothing. */
bool lang_is_builtin_library(const char *name);
/* The Quasar module standing for the part of such a library written in Quasar, found on
 * the module path (Quasar.UI.dll: "quasar_ui.q"), or NULL when all of it is builtins. */
const char *lang_library_module(const char *name);
/* Whether `name` is a global name of the language (prelude.def): the runtime then knows
 * that a program reading it without a value uses a builtin qpipe does not provide. */
bool lang_in_prelude(const char *name);

/* Apply the `reduction`s declared in `m` and in the modules `from` (its imports, the
 * built-in ones) to the expressions of `m` (lang/pass_reduction.c). Returns the number of
 * rewrites. New nodes live in m's arena and may point to names of the `from` modules,
 * which must outlive m's use. */
int lang_apply_reductions(LangModule *m, LangModule *const *from, int nfrom);

/* Quasar's own reductions (real(ifft3(x)) → irealfft3(x) …) as a module, parsed from text
 * held by pass_reduction.c; the caller frees it with lang_module_free. */
LangModule *lang_builtin_reductions(LangDiag *d);

/* Warn (spec 001 "Type inference") about output arguments whose type cannot be
 * determined: `function A = f(sz)  A = zeros(sz)` (lang/pass_output_types.c). */
void lang_check_output_types(const LangModule *m, LangDiag *d);

/* Spec 004 §2.4.4's information message: the upper bound of a kernel's shared memory
 * from the assertions that bound the sizes of its shared(…) (lang/pass_shared_bound.c). */
void lang_report_shared_bound(const LangModule *m, LangDiag *d);

/* Print the tree in the format of docs/ast-dump.md. */
void lang_dump(const LangModule *m, FILE *out);

#endif
