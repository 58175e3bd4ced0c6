/*
 * walk.c - the tree walker (walk.h).
 */
#include "lang/walk.h"

static bool walk(Node *n, LangVisit visit, void *ctx, bool nested)
{
    if (!n)
        return false;
    LangWalkStep s = visit(n, ctx);
    if (s == LANG_WALK_STOP)
        return true;
    if (s == LANG_WALK_SKIP || (!nested && (n->kind == N_FUNCTION || n->kind == N_LAMBDA)))
        return false;
    if (walk(n->a, visit, ctx, nested) || walk(n->b, visit, ctx, nested) || walk(n->c, visit, ctx, nested))
        return true;
    NodeList *lists[] = {&n->args, &n->args2, &n->body, &n->args3};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (walk(lists[k]->items[i], visit, ctx, nested))
                return true;
    return false;
}

bool lang_walk(Node *n, LangVisit visit, void *ctx) { return walk(n, visit, ctx, false); }

bool lang_walk_all(Node *n, LangVisit visit, void *ctx) { return walk(n, visit, ctx, true); }

bool lang_walk_list(NodeList *l, LangVisit visit, void *ctx)
{
    for (int i = 0; i < l->n; i++)
        if (walk(l->items[i], visit, ctx, false))
            return true;
    return false;
}
