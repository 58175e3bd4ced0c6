/*
 * names.h - an open-addressing hash index over an array of names.
 *
 * The resolver's name sets, the scope pass's frames and the runtime's globals keep their
 * names in an array and find them through an index of 2 * cap ints (cap a power of two),
 * each 0 (free) or a position + 1, probed linearly, so binding a file of many names stays
 * linear. The caller owns both arrays and rebuilds the index (lang_names_put for every
 * position) when it grows them.
 */
#ifndef LANG_NAMES_H
#define LANG_NAMES_H

/* The position of name in names[], or -1. index may be NULL (nothing indexed yet). */
int lang_names_find(const int *index, int cap, const char **names, const char *name);

/* Index names[k]. */
void lang_names_put(int *index, int cap, const char **names, int k);

#endif
