/*
 * build.h - syntax-tree nodes made by passes (build.c): the parts that a rewrite of the tree
 * (pass_autopar.c, pass_fuse.c) puts together, allocated in the module's arena so that they
 * live and die with the module. NULL / false when the arena is out of memory.
 */
#ifndef LANG_BUILD_H
#define LANG_BUILD_H

#include "lang/arena.h"
#include "lang/ast.h"

#include <stdarg.h>
#include <stdbool.h>

Node *lang_node_new(LangArena *a, NodeKind kind, LangLoc loc);     /* zeroed but kind, loc */
Node *lang_node_ident(LangArena *a, const char *name, LangLoc loc);
/* Append x to l (a copy of the item array in the arena); false when x is NULL or no memory. */
bool lang_list_push(LangArena *a, NodeList *l, Node *x);
/* A formatted string in the arena (names of made functions and variables, at most 511 bytes). */
const char *lang_arena_vprintf(LangArena *a, const char *fmt, va_list ap);

#endif
