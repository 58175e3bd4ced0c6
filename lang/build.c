/*
 * build.c - syntax-tree nodes made by passes (build.h).
 */
#include "lang/build.h"

#include <stdio.h>
#include <string.h>

Node *lang_node_new(LangArena *a, NodeKind kind, LangLoc loc)
{
    Node *n = lang_arena_alloc(a, sizeof *n);
    if (n) {
        n->kind = kind;
        n->loc = loc;
    }
    return n;
}

Node *lang_node_ident(LangArena *a, const char *name, LangLoc loc)
{
    Node *n = lang_node_new(a, N_IDENT, loc);
    if (n)
        n->name = name;
    return n;
}

bool lang_list_push(LangArena *a, NodeList *l, Node *x)
{
    Node **items = x ? lang_arena_alloc(a, (size_t)(l->n + 1) * sizeof *items) : NULL;
    if (!items)
        return false;
    if (l->n)
        memcpy(items, l->items, (size_t)l->n * sizeof *items);
    items[l->n++] = x;
    l->items = items;
    return true;
}

const char *lang_arena_vprintf(LangArena *a, const char *fmt, va_list ap)
{
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    return lang_arena_strndup(a, buf, strlen(buf));
}
