/*
 * walk.h - the one walker of the syntax tree (ast.h) for lang/ and its users.
 *
 * An analysis is a visit function called on each node in pre-order (children in the order
 * a, b, c, args, args2, body, args3); what it returns decides where the walk goes next.
 * lang_walk stays inside one function: it visits a nested FUNCTION or LAMBDA node (the
 * visit may reject it) but never goes below it, since its body runs elsewhere (a device
 * function, a lambda value). lang_walk_all goes everywhere (finding a node by line).
 *
 * A rewrite (lang_rewrite) is the same walk with every node given by the pointer that holds
 * it, so that the visit can put another node there; the walk then goes below the node the
 * slot holds now. It goes everywhere, nested functions included (a rewrite of the tree
 * applies to all of it).
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

typedef LangWalkStep (*LangRewrite)(Node **slot, void *ctx);

/* Rewrite the node in *slot (NULL: nothing) and below; true when a visit stopped it. */
bool lang_rewrite(Node **slot, LangRewrite visit, void *ctx);
/* The same below n only: its children, in walk order (not n itself). */
bool lang_rewrite_children(Node *n, LangRewrite visit, void *ctx);

#endif
