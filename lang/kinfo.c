/*
 * kinfo.c - analyses of a kernel's tree (kinfo.h), over the one walker (walk.h).
 */
#include "lang/kinfo.h"
#include "lang/walk.h"

#include <string.h>

/* ---------------------------------------------------------------- barriers */

bool lang_is_group_name(const char *name)
{
    return !strcmp(name, "coalesced_threads") || !strcmp(name, "this_thread_block") || !strcmp(name, "this_grid") ||
           !strcmp(name, "this_multi_grid");
}

bool lang_is_group_method(Node *n)
{
    if (n->kind != N_CALL || n->a->kind != N_FIELD || n->a->a->kind != N_IDENT || !lang_is_group_name(n->a->a->name))
        return false;
    static const char *const m[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor", "all", "any", "ballot", "sync",
                                    "match_any", "match_all", "partition"};
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        if (!strcmp(n->a->name, m[i]))
            return true;
    return false;
}

bool lang_is_grid_sync(Node *n)
{
    return lang_is_group_method(n) && !strcmp(n->a->name, "sync") &&
           (!strcmp(n->a->a->name, "this_grid") || !strcmp(n->a->a->name, "this_multi_grid"));
}

/* syncthreads waits for its threads: block (the default) and warp within the block;
 * grid, multi_grid (one device is one grid) and host across every block. */
static LangWalkStep barrier_visit(Node *n, void *ctx)
{
    LangBarriers *b = ctx;
    if (n->kind == N_SYNCTHREADS) {
        b->any = true;
        if (n->name && !strcmp(n->name, "warp"))
            b->warp = true;
        else if (n->name && strcmp(n->name, "block"))
            b->grid = true;
    } else if (n->kind == N_CALL && lang_is_group_method(n)) {
        b->any = b->group = true;   /* a shuffle: every thread of the group takes part together */
        if (lang_is_grid_sync(n))
            b->grid = true;         /* this_grid.sync(): every block waits, as syncthreads(grid) */
    }
    return LANG_WALK_ON;
}

bool lang_has_barrier(Node *n, LangBarriers *b)
{
    LangBarriers found = {0};
    lang_walk(n, barrier_visit, &found);
    if (b) {
        b->any |= found.any;
        b->grid |= found.grid;
        b->warp |= found.warp;
        b->group |= found.group;
    }
    return found.any;
}

bool lang_list_has_barrier(NodeList *l, LangBarriers *b)
{
    bool r = false;
    for (int i = 0; i < l->n; i++)
        r |= lang_has_barrier(l->items[i], b);
    return r;
}

typedef struct GroupCalls {
    Node **out;
    int k, cap;
} GroupCalls;

static LangWalkStep group_visit(Node *n, void *ctx)
{
    GroupCalls *c = ctx;
    if (lang_is_group_method(n) && c->k < c->cap)
        c->out[c->k++] = n;
    return LANG_WALK_ON;
}

int lang_group_calls(Node *n, Node **out, int cap)
{
    GroupCalls c = {out, 0, cap};
    lang_walk(n, group_visit, &c);
    return c.k;
}

/* ---------------------------------------------------------------- 'const and 'nocopy */

typedef struct Uses {
    const char *name;
    bool reads, writes;
} Uses;

/* Writes are element assignments, compound assignments and exchanges; reads are any other
 * use (a[i] += v reads too). */
static LangWalkStep use_visit(Node *n, void *ctx)
{
    Uses *u = ctx;
    if (n->kind == N_IDENT && !strcmp(n->name, u->name)) {
        u->reads = true;
        return LANG_WALK_SKIP;
    }
    if ((n->kind == N_ASSIGN || n->kind == N_EXCHANGE) && n->a->kind == N_INDEX) {
        Node *t = n->a->a;
        if (t->kind == N_IDENT && !strcmp(t->name, u->name)) {
            u->writes = true;
            if (n->op != T_EQ || n->kind == N_EXCHANGE)
                u->reads = true;
        } else {
            lang_walk(t, use_visit, u);
        }
        lang_walk_list(&n->a->args, use_visit, u);
        lang_walk(n->b, use_visit, u);
        return LANG_WALK_SKIP;
    }
    return LANG_WALK_ON;
}

static bool has_mod(LangType *t, const char *mod)
{
    for (int i = 0; t && i < t->nmods; i++)
        if (!strcmp(t->mods[i], mod))
            return true;
    return false;
}

LangResidency lang_param_residency(Node *fn, Node *param)
{
    Uses u = {.name = param->name};
    if (fn->kind == N_FUNCTION)
        lang_walk_list(&fn->body, use_visit, &u);
    else
        lang_walk(fn->a, use_visit, &u);
    if (has_mod(param->type, "const") || !u.writes)
        return LANG_RES_CONST;
    if (has_mod(param->type, "nocopy") || !u.reads)
        return LANG_RES_NOCOPY;
    return LANG_RES_COPY;
}
