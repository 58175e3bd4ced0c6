/*
 * jit_cache.c - the trust rules of the kernel cache (jit_cache.h): which folder holds the
 * objects, and which object may be loaded. Ownership and modes come from lstat/stat of the
 * path; the folder that is finally used is ours and closed to others, so nothing can be
 * swapped in it between the check of an object and its dlopen.
 */
#include "runtime/cpu/jit_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OPEN_TO_OTHERS (S_IWGRP | S_IWOTH)     /* the mode bits that make a path shared */

static char *dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return s;
}

int rt_jit_mkdirs(const char *path, mode_t mode)
{
    char *p = strdup(path);
    if (!p)
        return ENOMEM;
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(p, mode) != 0 && errno != EEXIST) {
            int e = errno;
            free(p);
            return e;
        }
        *q = '/';
    }
    int e = mkdir(p, mode) != 0 && errno != EEXIST ? errno : 0;
    free(p);
    if (e)
        return e;
    struct stat st;
    if (stat(path, &st) != 0)
        return errno;
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

static void warn(bool *warned, const char *fmt, ...)
{
    if (*warned)
        return;
    *warned = true;
    va_list ap;
    va_start(ap, fmt);
    fputs("qpipe: warning: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Make `path` a folder of ours closed to others: created 0700, or an existing real folder
 * of ours (its mode made 0700 when group or others could write it). NULL or why not. */
static const char *own_folder(const char *path, bool *warned, char *why, size_t len)
{
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        snprintf(why, len, "cannot create it: %s", strerror(errno));
        return why;
    }
    struct stat st;
    if (lstat(path, &st) != 0) {
        snprintf(why, len, "%s", strerror(errno));
        return why;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, len, "it is not a folder (%s)", S_ISLNK(st.st_mode) ? "a symbolic link" : "a file");
        return why;
    }
    if (st.st_uid != geteuid()) {
        snprintf(why, len, "it is owned by uid %u", (unsigned)st.st_uid);
        return why;
    }
    if (st.st_mode & OPEN_TO_OTHERS) {
        if (chmod(path, 0700) != 0) {
            snprintf(why, len, "it is writable by others and cannot be closed: %s", strerror(errno));
            return why;
        }
        warn(warned, "the kernel cache %s was writable by group or others; made it private (0700)", path);
    }
    return NULL;
}

char *rt_jit_cache_folder(const char *dir, bool *temporary, bool *warned, char *err, size_t errlen)
{
    *temporary = false;
    int e = rt_jit_mkdirs(dir, 0700);
    struct stat st;
    if (!e && stat(dir, &st) != 0)
        e = errno;
    if (e) {
        snprintf(err, errlen, "cannot create the cache folder %s: %s", dir, strerror(e));
        return NULL;
    }
    if (st.st_uid == geteuid() && !(st.st_mode & OPEN_TO_OTHERS))
        return strdup(dir);
    /* A shared place: this user's own subfolder. */
    char *sub = dup_printf("%s/qpipe-%u", dir, (unsigned)geteuid());
    char why[256];
    if (!sub) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!own_folder(sub, warned, why, sizeof why))
        return sub;
    /* Not even that: a private folder for this run. */
    const char *tmp = getenv("TMPDIR");
    char *priv = dup_printf("%s/qpipe-kernels-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!priv || !mkdtemp(priv)) {
        snprintf(err, errlen, "cannot use the cache folder %s (%s) nor a temporary one: %s", sub, why,
                 priv ? strerror(errno) : "out of memory");
        free(priv);
        free(sub);
        return NULL;
    }
    warn(warned, "not using the kernel cache %s: %s; kernels are built for this run only", sub, why);
    free(sub);
    *temporary = true;
    return priv;
}

const char *rt_jit_cache_distrust(const char *path, char *why, size_t len)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return NULL;        /* gone: nothing to load, it is built */
    if (!S_ISREG(st.st_mode))
        snprintf(why, len, "not a regular file");
    else if (st.st_uid != geteuid())
        snprintf(why, len, "owned by uid %u", (unsigned)st.st_uid);
    else if (st.st_mode & OPEN_TO_OTHERS)
        snprintf(why, len, "writable by group or others (mode %03o)", (unsigned)(st.st_mode & 0777));
    else
        return NULL;
    return why;
}

void rt_jit_cache_remove(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlinkat(dirfd(d), e->d_name, 0);
    if (d)
        closedir(d);
    rmdir(dir);
}
