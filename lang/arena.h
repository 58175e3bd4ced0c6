/*
 * arena.h - bump allocation for compiler data.
 *
 * Tokens, tree nodes, names and types of one module live in one arena and are freed in
 * one go with the module (STYLE.md §9). Allocation never fails silently: on exhaustion
 * lang_arena_alloc returns NULL and the parser reports it as an internal error.
 */
#ifndef LANG_ARENA_H
#define LANG_ARENA_H

#include <stddef.h>

typedef struct LangArenaChunk LangArenaChunk;
typedef struct LangArena {
    LangArenaChunk *head;
    size_t used, cap;
} LangArena;

void lang_arena_init(LangArena *a);
void lang_arena_free(LangArena *a);
void *lang_arena_alloc(LangArena *a, size_t size);          /* zeroed, 16-aligned */
char *lang_arena_strndup(LangArena *a, const char *s, size_t n);

#endif
