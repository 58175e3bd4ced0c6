/*
 * names.c - the hash index of names.h: FNV-1a, linear probing.
 */
#include "lang/names.h"

#include <string.h>

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

int lang_names_find(const int *index, int cap, const char **names, const char *name)
{
    if (!index)
        return -1;
    unsigned mask = (unsigned)cap * 2 - 1;
    for (unsigned i = name_hash(name) & mask;; i = (i + 1) & mask) {
        int k = index[i];
        if (!k)
            return -1;
        if (!strcmp(names[k - 1], name))
            return k - 1;
    }
}

void lang_names_put(int *index, int cap, const char **names, int k)
{
    unsigned mask = (unsigned)cap * 2 - 1;
    unsigned i = name_hash(names[k]) & mask;
    while (index[i])
        i = (i + 1) & mask;
    index[i] = k + 1;
}
