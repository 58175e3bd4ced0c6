/*
 * watch_scan.c - arrivals in a watch folder: inotify, rescans, the settle rule and the
 * names that are ignored (watch_scan.h).
 *
 * Candidates are kept in a small array with the size and mtime last seen and since when
 * they have been unchanged; each call of ws_settled stats them again. A copy in chunks
 * keeps changing its size or mtime, so it is taken once, after its last chunk.
 */
#include "qpipe/watch_scan.h"

#include "io/io.h"
#include "qpipe/inputs.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Candidate {
    char *rel;
    int64_t size, mtime_ns;
    double since;           /* unchanged since then */
} Candidate;

typedef struct Dir {
    int wd;
    char *rel;              /* "" for IN itself */
} Dir;

struct WatchScan {
    char *in;
    bool recursive, follow;
    char *skip;             /* a folder not to enter (OUT inside IN) */
    double settle;
    int fd;
    Dir *dirs;
    size_t ndirs, cap_dirs;
    Candidate *c;
    size_t nc, cap_c;
};

bool ws_ignored_name(const char *name)
{
    size_t n = strlen(name);
    if (!n || name[0] == '.' || name[n - 1] == '~')
        return true;
    for (const char *p = name; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return true;
    static const char *const partial[] = {".part", ".crdownload", ".tmp", ".partial", ".download"};
    for (size_t i = 0; i < sizeof partial / sizeof *partial; i++) {
        size_t k = strlen(partial[i]);
        if (n > k && !strcasecmp(name + n - k, partial[i]))
            return true;
    }
    return !io_is_image(name) && !io_is_video_name(name);
}

static char *join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s%s", a, *a && *b ? "/" : "", b);
    return s;
}

static void add_watch(WatchScan *w, const char *rel)
{
    if (w->fd < 0)
        return;
    char *path = join(w->in, rel);
    int wd = path ? inotify_add_watch(w->fd, path, IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ONLYDIR) : -1;
    free(path);
    if (wd < 0)
        return;
    for (size_t i = 0; i < w->ndirs; i++)
        if (w->dirs[i].wd == wd)
            return;
    if (w->ndirs == w->cap_dirs) {
        size_t cap = w->cap_dirs ? 2 * w->cap_dirs : 16;
        Dir *d = realloc(w->dirs, cap * sizeof *d);
        if (!d)
            return;
        w->dirs = d;
        w->cap_dirs = cap;
    }
    w->dirs[w->ndirs++] = (Dir){wd, strdup(rel)};
}

/* rel becomes (or stays) a candidate. */
static void note(WatchScan *w, const char *rel, double now)
{
    for (size_t i = 0; i < w->nc; i++)
        if (!strcmp(w->c[i].rel, rel))
            return;
    if (w->nc == w->cap_c) {
        size_t cap = w->cap_c ? 2 * w->cap_c : 64;
        Candidate *c = realloc(w->c, cap * sizeof *c);
        if (!c)
            return;
        w->c = c;
        w->cap_c = cap;
    }
    char *r = strdup(rel);
    if (r)
        w->c[w->nc++] = (Candidate){r, -1, -1, now};
}

static bool is_skipped_dir(const WatchScan *w, const char *path)
{
    if (!w->skip)
        return false;
    char *real = realpath(path, NULL);
    bool same = real && !strcmp(real, w->skip);
    free(real);
    return same;
}

/* Walk IN/rel: files to candidates (unless known), folders watched and entered (-r). */
static void walk(WatchScan *w, const char *rel, double now,
                 bool (*skip_known)(const char *, int64_t, int64_t, void *), void *ctx, int depth)
{
    char *dir = join(w->in, rel);
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d) {
        free(dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char *r = join(rel, e->d_name), *path = join(w->in, r);
        struct stat st;
        if (r && path && !stat(path, &st)) {
            if (S_ISDIR(st.st_mode)) {
                if (w->recursive && depth < 64 && !is_skipped_dir(w, path) &&
                    inputs_link_allowed(path, w->in, w->follow)) {
                    add_watch(w, r);
                    walk(w, r, now, skip_known, ctx, depth + 1);
                }
            } else if (S_ISREG(st.st_mode) && !ws_ignored_name(e->d_name)) {
                int64_t mt = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
                if (!(skip_known && skip_known(r, (int64_t)st.st_size, mt, ctx)) &&
                    inputs_link_allowed(path, w->in, w->follow))
                    note(w, r, now);
            }
        }
        free(r);
        free(path);
    }
    closedir(d);
    free(dir);
}

WatchScan *ws_new(const char *in, bool recursive, bool follow_symlinks, bool poll, const char *skip, double settle, char *err,
                  size_t errlen)
{
    WatchScan *w = calloc(1, sizeof *w);
    if (!w || !(w->in = strdup(in)) || (skip && !(w->skip = strdup(skip)))) {
        snprintf(err, errlen, "out of memory");
        ws_free(w);
        return NULL;
    }
    w->recursive = recursive;
    w->follow = follow_symlinks;
    w->settle = settle;
    w->fd = poll ? -1 : inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0 && !poll)
        fprintf(stderr, "qpipe watch: inotify is not available (%s); arrivals are found by rescans only\n",
                strerror(errno));
    add_watch(w, "");
    if (w->fd >= 0 && !w->ndirs) {
        snprintf(err, errlen, "cannot watch %s: %s", in, strerror(errno));
        ws_free(w);
        return NULL;
    }
    return w;
}

void ws_free(WatchScan *w)
{
    if (!w)
        return;
    if (w->fd >= 0)
        close(w->fd);
    for (size_t i = 0; i < w->ndirs; i++)
        free(w->dirs[i].rel);
    for (size_t i = 0; i < w->nc; i++)
        free(w->c[i].rel);
    free(w->dirs);
    free(w->c);
    free(w->in);
    free(w->skip);
    free(w);
}

int ws_fd(const WatchScan *w) { return w->fd; }

size_t ws_waiting(const WatchScan *w) { return w->nc; }

void ws_read_events(WatchScan *w, double now)
{
    if (w->fd < 0)
        return;
    char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
    ssize_t n;
    while ((n = read(w->fd, buf, sizeof buf)) > 0) {
        for (char *p = buf; p < buf + n;) {
            struct inotify_event *e = (struct inotify_event *)p;
            p += sizeof *e + e->len;
            if (e->mask & IN_Q_OVERFLOW) {
                walk(w, "", now, NULL, NULL, 0);     /* events were lost: look at everything */
                continue;
            }
            const char *base = NULL;
            for (size_t i = 0; i < w->ndirs; i++)
                if (w->dirs[i].wd == e->wd)
                    base = w->dirs[i].rel;
            if (!base || !e->len || e->name[0] == '.')
                continue;
            char *rel = join(base, e->name);
            if (!rel)
                continue;
            if (e->mask & IN_ISDIR) {
                char *path = join(w->in, rel);
                if (w->recursive && path && !is_skipped_dir(w, path) && inputs_link_allowed(path, w->in, w->follow)) {
                    add_watch(w, rel);
                    walk(w, rel, now, NULL, NULL, 1);   /* what arrived before the watch */
                }
                free(path);
            } else if ((e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) && !ws_ignored_name(e->name)) {
                note(w, rel, now);
            }
            free(rel);
        }
    }
}

void ws_rescan(WatchScan *w, double now, bool (*skip_known)(const char *, int64_t, int64_t, void *), void *ctx)
{
    walk(w, "", now, skip_known, ctx, 0);
}

WsFile *ws_settled(WatchScan *w, double now, size_t *n)
{
    *n = 0;
    WsFile *out = NULL;
    size_t keep = 0;
    for (size_t i = 0; i < w->nc; i++) {
        Candidate *c = &w->c[i];
        char *path = join(w->in, c->rel);
        struct stat st;
        bool gone = !path || stat(path, &st) || !S_ISREG(st.st_mode);
        free(path);
        if (gone) {
            free(c->rel);
            continue;
        }
        int64_t mt = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        if (st.st_size != c->size || mt != c->mtime_ns) {
            c->size = st.st_size;
            c->mtime_ns = mt;
            c->since = now;
        } else if (now - c->since >= w->settle) {
            if (c->size > 0) {
                WsFile *o = realloc(out, (*n + 1) * sizeof *o);
                if (o) {
                    out = o;
                    out[(*n)++] = (WsFile){c->rel, c->size, c->mtime_ns};
                    continue;
                }
            }
            free(c->rel);       /* empty: dropped until it is written again */
            continue;
        }
        w->c[keep++] = *c;
    }
    w->nc = keep;
    return out;
}

void ws_files_free(WsFile *f, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(f[i].rel);
    free(f);
}
