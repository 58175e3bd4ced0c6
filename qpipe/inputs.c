/*
 * inputs.c - the images of a folder or a glob, as `qpipe run` (and the watch folder) take
 * them: sorted, hidden files and folders skipped, and a symbolic link that leads out of
 * its folder not followed unless asked (inputs.h).
 */
#include "qpipe/inputs.h"

#include "io/io.h"

#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool inputs_has_glob(const char *s) { return strpbrk(s, "*?[") != NULL; }

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

bool inputs_link_allowed(const char *path, const char *folder, bool follow_symlinks)
{
    struct stat st;
    if (follow_symlinks || lstat(path, &st) || !S_ISLNK(st.st_mode))
        return true;
    char *target = realpath(path, NULL), *top = realpath(folder && *folder ? folder : ".", NULL);
    size_t n = top ? strlen(top) : 0;
    bool inside = target && top && !strncmp(target, top, n) && (target[n] == '/' || !strcmp(top, "/"));
    if (!inside)
        fprintf(stderr, "qpipe: %s: %s; not followed (--follow-symlinks follows it)\n", path,
                target ? "a symbolic link out of its folder" : "a broken symbolic link");
    free(target);
    free(top);
    return inside;
}

static char **add_image(char **list, size_t *n, size_t *cap, char *path)
{
    if (*n == *cap) {
        char **more = realloc(list, (*cap = *cap * 2 + 16) * sizeof *list);
        if (!more) {
            free(path);
            return list;
        }
        list = more;
    }
    list[(*n)++] = path;
    return list;
}

char **inputs_list_images(const char *in, bool follow_symlinks, size_t *n)
{
    *n = 0;
    char **list = NULL;
    size_t cap = 0;
    if (inputs_has_glob(in) && !is_dir(in)) {
        glob_t g;
        if (glob(in, 0, NULL, &g) == 0) {
            for (size_t i = 0; i < g.gl_pathc; i++) {
                const char *p = g.gl_pathv[i];
                const char *slash = strrchr(p, '/');
                char *folder = slash ? strndup(p, (size_t)(slash - p) + 1) : strdup(".");
                bool ok = folder && !is_dir(p) && io_is_image(p) && inputs_link_allowed(p, folder, follow_symlinks);
                free(folder);
                if (ok)
                    list = add_image(list, n, &cap, strdup(p));
            }
            globfree(&g);
        }
    } else {
        DIR *d = opendir(in);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            size_t len = strlen(in) + strlen(e->d_name) + 2;
            char *p = malloc(len);
            if (!p)
                break;
            snprintf(p, len, "%s/%s", in, e->d_name);
            if (is_dir(p) || !io_is_image(p) || !inputs_link_allowed(p, in, follow_symlinks)) {
                free(p);
                continue;
            }
            list = add_image(list, n, &cap, p);
        }
        if (d)
            closedir(d);
    }
    for (size_t i = 0; list && i < *n; i++)
        if (!list[i]) {     /* a strdup that failed */
            list[i] = list[--*n];
            i--;
        }
    if (list)
        qsort(list, *n, sizeof *list, cmp_str);
    return list;
}

