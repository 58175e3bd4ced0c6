/*
 * arena.c - chunked bump allocator; see arena.h.
 */
#include "lang/arena.h"

#include <stdlib.h>
#include <string.h>

struct LangArenaChunk {
    LangArenaChunk *next;
    size_t cap;
    _Alignas(16) unsigned char data[];
};

enum { CHUNK_MIN = 64 * 1024 };

void lang_arena_init(LangArena *a)
{
    a->head = NULL;
    a->used = a->cap = 0;
}

void lang_arena_free(LangArena *a)
{
    LangArenaChunk *c = a->head;
    while (c) {
        LangArenaChunk *next = c->next;
        free(c);
        c = next;
    }
    lang_arena_init(a);
}

void *lang_arena_alloc(LangArena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (!a->head || a->cap - a->used < size) {
        size_t cap = size > CHUNK_MIN ? size : CHUNK_MIN;
        LangArenaChunk *c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->next = a->head;
        c->cap = cap;
        a->head = c;
        a->used = 0;
        a->cap = cap;
    }
    void *p = a->head->data + a->used;
    a->used += size;
    memset(p, 0, size);
    return p;
}

char *lang_arena_strndup(LangArena *a, const char *s, size_t n)
{
    char *p = lang_arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}
