/*
 * walk.h - the one walker of the syntax tree (ast.h) for lang/ and its users.
 *
 * An analysis is a visit function called on each node in pre-order (children in the order
 * a, b, c, args, args2, body, args3); what it returns decides where the walk goes next.
 * lang_walk stays inside one function: it visits a nested FUNCTION or LAMBDA node (the
 * visit may reject it) but never goes below it, since its body runs elsewhere (a device
 * function, a lambda value). lang_walk_all goes everywhere (finding a node by line).
 */
#ifndef LANG_WALK_H
#define LANG_WALK_H

#include "lang/ast.h"

#include <stdbool.h>

typedef enum LangWalkStep {
    LANG_WALK_ON,       /* go on below this node */
    LANG_WALK_SKIP,     /* not below this node (the visit has looked there itself) */
    LANG_WALK_STOP,     /* stop the whole walk */
} LangWalkStep;

typedef LangWalkStep (*LangVisit)(Node *n, void *ctx);

/* Walk n (NULL: nothing); true when a visit stopped the walk. */
bool lang_walk(Node *n, LangVisit visit, void *ctx);
/* The same over each node of a list, in order. */
bool lang_walk_list(NodeList *l, LangVisit visit, void *ctx);
/* Also below nested functions and lambdas. */
bool lang_walk_all(Node *n, LangVisit visit, void *ctx);

#endif
