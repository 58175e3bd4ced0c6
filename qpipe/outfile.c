/*
 * outfile.c - an output file's temporary name, the sweep of orphaned temporaries, and the
 * final rename that never replaces a file it was not allowed to (outfile.h).
 */
#include "qpipe/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { EX_SOFTWARE = 70, EX_CANTCREAT = 73 };

#define TEMP_PREFIX ".qpipe-"
/* Longest extension kept when a name is shortened (it chooses the format). */
#define TEMP_MAX_EXT 32
/* Temporaries being written at once (an image, a video, a chain's intermediate). */
#define TEMP_SLOTS 8

/* ---------------------------------------------------------------- the signal-safe table */

typedef struct Slot {
    volatile sig_atomic_t used;
    char tmp[PATH_MAX];
    char out[PATH_MAX];
} Slot;

static Slot slots[TEMP_SLOTS];

static int slot_take(const char *tmp, const char *out)
{
    if (strlen(tmp) >= PATH_MAX || strlen(out) >= PATH_MAX)
        return -1;
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (!slots[i].used) {
            memcpy(slots[i].tmp, tmp, strlen(tmp) + 1);
            memcpy(slots[i].out, out, strlen(out) + 1);
            slots[i].used = 1;      /* last: a handler sees a slot only when it is complete */
            return i;
        }
    return -1;
}

static void put(const char *s) { (void)!write(2, s, strlen(s)); }

void outfile_remove_all_now(const char *who)
{
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (slots[i].used) {
            unlink(slots[i].tmp);
            put(who);
            put(slots[i].out);
            put(" not written\n");
        }
}

/* ---------------------------------------------------------------- names */

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* dir/.qpipe-PID-BASE, BASE shortened (stem cut at a UTF-8 boundary, ~hash, extension)
 * when the whole would not fit in NAME_MAX. */
static char *temp_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    char prefix[64];
    int plen = snprintf(prefix, sizeof prefix, TEMP_PREFIX "%ld-", (long)getpid());
    size_t blen = strlen(base);
    char *t = malloc(dirlen + (size_t)plen + blen + 1);
    if (!t)
        return NULL;
    memcpy(t, path, dirlen);
    memcpy(t + dirlen, prefix, (size_t)plen);
    if ((size_t)plen + blen <= NAME_MAX) {
        memcpy(t + dirlen + plen, base, blen + 1);
        return t;
    }
    const char *dot = strrchr(base, '.');
    size_t elen = dot && strlen(dot) <= TEMP_MAX_EXT ? strlen(dot) : 0;
    char hash[24];
    int hlen = snprintf(hash, sizeof hash, "~%016llx", (unsigned long long)fnv1a(base));
    size_t keep = NAME_MAX - (size_t)plen - (size_t)hlen - elen;
    while (keep > 0 && ((unsigned char)base[keep] & 0xC0) == 0x80)
        keep--;     /* not inside a UTF-8 sequence */
    char *p = t + dirlen + plen;
    memcpy(p, base, keep);
    memcpy(p + keep, hash, (size_t)hlen);
    memcpy(p + keep + hlen, base + blen - elen, elen + 1);
    return t;
}

char *outfile_safe_name(const char *name, bool *changed)
{
    size_t n = strlen(name);
    char *s = malloc(n + 2);
    if (!s)
        return NULL;
    *changed = false;
    char *p = s;
    if (!n || !strcmp(name, ".") || !strcmp(name, "..")) {
        *p++ = '_';
        *changed = true;
    }
    for (const char *c = name; *c; c++) {
        unsigned char u = (unsigned char)*c;
        bool bad = u == '/' || u < 0x20 || u == 0x7f;
        *p++ = bad ? '_' : *c;
        *changed |= bad;
    }
    *p = '\0';
    return s;
}

/* ---------------------------------------------------------------- orphans */

/* PID of a name `.qpipe-PID-…`, or 0. */
static long temp_pid(const char *name)
{
    size_t k = strlen(TEMP_PREFIX);
    if (strncmp(name, TEMP_PREFIX, k))
        return 0;
    char *end;
    errno = 0;
    long pid = strtol(name + k, &end, 10);
    if (end == name + k || *end != '-' || errno || pid <= 0 || name[k] < '0' || name[k] > '9')
        return 0;
    return pid;
}

/* A zombie (killed, not yet reaped: its parent died too and init reaps late) has stopped
 * writing: its temporary is an orphan. */
static bool is_zombie(long pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    return p && p[1] == ' ' && p[2] == 'Z';
}

int outfile_sweep(const char *dir)
{
    DIR *d = opendir(dir && *dir ? dir : ".");
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        long pid = temp_pid(e->d_name);
        if (!pid || pid == (long)getpid() || pid > INT_MAX)
            continue;
        if ((kill((pid_t)pid, 0) == 0 || errno != ESRCH) && !is_zombie(pid))
            continue;       /* alive (or another user's process): not an orphan */
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode) ||
            st.st_uid != geteuid())
            continue;
        removed += unlinkat(dirfd(d), e->d_name, 0) == 0;
    }
    closedir(d);
    return removed;
}

/* ---------------------------------------------------------------- the life of an output */

static char *last_swept;

int outfile_begin(OutFile *o, const char *path, char *err, size_t errlen)
{
    *o = (OutFile){.path = path, .slot = -1};
    o->tmp = temp_name(path);
    if (!o->tmp) {
        snprintf(err, errlen, "out of memory");
        return EX_SOFTWARE;
    }
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) : strdup(".");
    if (dir && (!last_swept || strcmp(last_swept, dir))) {
        outfile_sweep(dir);
        free(last_swept);
        last_swept = dir;
    } else {
        free(dir);
    }
    o->slot = slot_take(o->tmp, path);
    return 0;
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Rename without replacing: renameat2(RENAME_NOREPLACE), else link + unlink, else (a file
 * system without either) a check just before rename. 0, or -1 with errno (EEXIST). */
static int rename_noreplace(const char *from, const char *to)
{
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
    if (link(from, to) == 0) {
        unlink(from);
        return 0;
    }
    if (errno == EEXIST)
        return -1;
    if (exists(to)) {
        errno = EEXIST;
        return -1;
    }
    return rename(from, to);
}

int outfile_commit(OutFile *o, bool overwrite, char *err, size_t errlen)
{
    int rc = overwrite ? rename(o->tmp, o->path) : rename_noreplace(o->tmp, o->path);
    if (rc == 0) {
        o->committed = true;
        return 0;
    }
    if (errno == EEXIST)
        snprintf(err, errlen, "%s appeared while qpipe was working: it is left as it is and the result was "
                 "not written (-y overwrites)", o->path);
    else
        snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(errno));
    return EX_CANTCREAT;
}

void outfile_end(OutFile *o)
{
    if (o->slot >= 0)
        slots[o->slot].used = 0;
    if (o->tmp && !o->committed)
        unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    o->slot = -1;
}

void outfile_fix_message(const OutFile *o, char *msg, size_t len)
{
    if (!o->tmp)
        return;
    const char *names[2] = {o->tmp, strrchr(o->tmp, '/') ? strrchr(o->tmp, '/') + 1 : NULL};
    const char *repl[2] = {o->path, strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 : o->path};
    for (int k = 0; k < 2; k++) {
        if (!names[k])
            continue;
        size_t nl = strlen(names[k]), rl = strlen(repl[k]);
        for (char *at = strstr(msg, names[k]); at; at = strstr(at + rl, names[k])) {
            size_t tail = strlen(at + nl);
            if ((size_t)(at - msg) + rl + tail + 1 > len)
                break;
            memmove(at + rl, at + nl, tail + 1);
            memcpy(at, repl[k], rl);
        }
    }
}
