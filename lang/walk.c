/*
 * walk.c - the tree walker (walk.h).
 */
#include "lang/walk.h"

static bool walk(Node *n, LangVisit visit, void *ctx, bool nested);

static bool walk_list(NodeList *l, LangVisit visit, void *ctx, bool nested)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i] && walk(l->items[i], visit, ctx, nested))
            return true;
    return false;
}

/* n is not NULL: children are tested before the call (launches walk kernels often). */
static bool walk(Node *n, LangVisit visit, void *ctx, bool nested)
{
    LangWalkStep s = visit(n, ctx);
    if (s != LANG_WALK_ON)
        return s == LANG_WALK_STOP;
    if (!nested && (n->kind == N_FUNCTION || n->kind == N_LAMBDA))
        return false;
    return (n->a && walk(n->a, visit, ctx, nested)) || (n->b && walk(n->b, visit, ctx, nested)) ||
           (n->c && walk(n->c, visit, ctx, nested)) || walk_list(&n->args, visit, ctx, nested) ||
           walk_list(&n->args2, visit, ctx, nested) || walk_list(&n->body, visit, ctx, nested) ||
           walk_list(&n->args3, visit, ctx, nested);
}

bool lang_walk(Node *n, LangVisit visit, void *ctx) { return n && walk(n, visit, ctx, false); }

bool lang_walk_all(Node *n, LangVisit visit, void *ctx) { return n && walk(n, visit, ctx, true); }

bool lang_walk_list(NodeList *l, LangVisit visit, void *ctx) { return walk_list(l, visit, ctx, false); }

static bool rewrite_list(NodeList *l, LangRewrite visit, void *ctx)
{
    for (int i = 0; i < l->n; i++)
        if (lang_rewrite(&l->items[i], visit, ctx))
            return true;
    return false;
}

bool lang_rewrite_children(Node *n, LangRewrite visit, void *ctx)
{
    return n && (lang_rewrite(&n->a, visit, ctx) || lang_rewrite(&n->b, visit, ctx) ||
                 lang_rewrite(&n->c, visit, ctx) || rewrite_list(&n->args, visit, ctx) ||
                 rewrite_list(&n->args2, visit, ctx) || rewrite_list(&n->body, visit, ctx) ||
                 rewrite_list(&n->args3, visit, ctx));
}

bool lang_rewrite(Node **slot, LangRewrite visit, void *ctx)
{
    if (!*slot)
        return false;
    LangWalkStep s = visit(slot, ctx);
    if (s != LANG_WALK_ON)
        return s == LANG_WALK_STOP;
    return lang_rewrite_children(*slot, visit, ctx);
}
