/*
 * preview_watch.c - the filter's files, watched with inotify (preview.h pv_watch_*).
 *
 * Editors save in different ways: writing in place (IN_CLOSE_WRITE), or writing a new file
 * and renaming it over the old one (IN_MOVED_TO, IN_CREATE). Watching the folder and
 * matching the name sees all of them, and keeps working after the file was replaced.
 */
#include "qpipe/preview.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#define WATCH_MAX 32
#define SETTLE_MS 30            /* one save can be several events: wait for the last */

typedef struct Watched {
    int wd;
    char *name;                 /* the file's name in its folder */
} Watched;

struct PvWatch {
    int fd;
    Watched w[WATCH_MAX];
    int n;
};

PvWatch *pv_watch_new(void)
{
    PvWatch *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0) {
        free(w);
        return NULL;
    }
    return w;
}

int pv_watch_add(PvWatch *w, const char *path)
{
    if (!w || w->n == WATCH_MAX)
        return -1;
    const char *slash = strrchr(path, '/');
    char dir[PATH_MAX];
    if (slash) {
        size_t n = (size_t)(slash - path);
        if (n >= sizeof dir)
            return -1;
        memcpy(dir, path, n);
        dir[n ? n : 1] = '\0';
        if (!n)
            dir[0] = '/';
    } else {
        strcpy(dir, ".");
    }
    int wd = inotify_add_watch(w->fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE);
    if (wd < 0)
        return -1;
    char *name = strdup(slash ? slash + 1 : path);
    if (!name)
        return -1;
    w->w[w->n++] = (Watched){wd, name};
    return 0;
}

void pv_watch_clear(PvWatch *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->n; i++) {
        bool shared = false;            /* a folder watched for another file too */
        for (int j = i + 1; j < w->n; j++)
            shared |= w->w[j].wd == w->w[i].wd;
        if (!shared)
            inotify_rm_watch(w->fd, w->w[i].wd);
        free(w->w[i].name);
    }
    w->n = 0;
}

/* Read what is pending; whether a watched name was among it. */
static bool drain(PvWatch *w)
{
    bool hit = false;
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    ssize_t len;
    while ((len = read(w->fd, buf, sizeof buf)) > 0) {
        for (char *p = buf; p < buf + len;) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            for (int i = 0; e->len && i < w->n; i++)
                if (w->w[i].wd == e->wd && !strcmp(w->w[i].name, e->name))
                    hit = true;
            p += sizeof *e + e->len;
        }
    }
    return hit;
}

bool pv_watch_changed(PvWatch *w)
{
    if (!w || !drain(w))
        return false;
    struct pollfd pfd = {w->fd, POLLIN, 0};
    while (poll(&pfd, 1, SETTLE_MS) > 0)
        drain(w);
    return true;
}

void pv_watch_free(PvWatch *w)
{
    if (!w)
        return;
    pv_watch_clear(w);
    close(w->fd);
    free(w);
}
