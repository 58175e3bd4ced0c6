/*
 * ptx.c - kernel text to PTX through NVRTC (loaded by loader.c), with a disk cache beside
 * the CPU engine's objects (ptx.h).
 *
 * The key follows the CPU cache's scheme (runtime/cpu/jit.c): a 128-bit FNV-1a hash of a
 * format tag, the compiler (NVRTC's version), its options, every *.h of the kernel folder
 * by name and content, and the text; the architecture is part of the options and of the
 * file name, KEY-sm_XX.ptx. Entries are written under a temporary name and renamed into
 * place, so a concurrent run sees a whole file or none.
 *
 * Trust: PTX is code the driver runs, so the cache is used only when the folder is ours
 * and not writable by group or others (created 0700), and an entry only when it is a
 * regular file of ours, not a symlink, not writable by others, and looks like PTX. When a
 * rule fails the PTX is compiled in memory and not stored: slower, never wrong.
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/ptx.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PTX_KEY_FORMAT "qpipe-ptx-1"
#define PTX_MAX (64u << 20)             /* bytes of a cache entry read at most */
#define PTX_ERR_LINES 20

static struct Ptx {
    pthread_mutex_t mu;
    char *kernel_dir, *cache_dir;
    int compiled, cached;
    unsigned counter;
} P = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* ---------------------------------------------------------------- FNV-1a, 128 bits */

typedef struct Hash {
    uint64_t hi, lo;
} Hash;

static void hash_bytes(Hash *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h->lo ^= p[i];
        /* multiply by 2^88 + 0x13b modulo 2^128 */
        uint64_t carry = ((h->lo >> 32) * 0x13b + ((h->lo & 0xffffffffu) * 0x13b >> 32)) >> 32;
        h->hi = h->hi * 0x13b + carry + (h->lo << 24);
        h->lo *= 0x13b;
    }
}

static void hash_field(Hash *h, const void *data, size_t n)
{
    uint64_t len = n;
    hash_bytes(h, &len, sizeof len);
    hash_bytes(h, data, n);
}

/* ---------------------------------------------------------------- files */

static char *read_fd_all(int fd, size_t limit, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *g = cap >= limit ? NULL : realloc(buf, cap * 2);
            if (!g) {
                free(buf);
                return NULL;
            }
            buf = g;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            free(buf);
            return NULL;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

static bool stat_trusted(const struct stat *st)
{
    return st->st_uid == geteuid() && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

bool rt_cuda_dir_trusted(const char *dir)
{
    struct stat st;
    return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && stat_trusted(&st);
}

/* mkdir -p, the last folder 0700. 0 or an errno. */
static int make_dirs(const char *path)
{
    char *p = strdup(path);
    if (!p)
        return ENOMEM;
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(p, 0700) != 0 && errno != EEXIST) {
            int e = errno;
            free(p);
            return e;
        }
        *q = '/';
    }
    int e = mkdir(p, 0700) != 0 && errno != EEXIST ? errno : 0;
    free(p);
    return e;
}

/* A cache entry when it may be trusted and looks like PTX, else NULL. */
static char *read_entry(const char *path)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    char *text = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && stat_trusted(&st) && (size_t)st.st_size < PTX_MAX)
        text = read_fd_all(fd, PTX_MAX, NULL);
    close(fd);
    if (text && !(strstr(text, ".version") && strstr(text, ".target") && strstr(text, ".entry"))) {
        free(text);
        text = NULL;
    }
    return text;
}

/* Store an entry by rename; failures are silent (the PTX is in hand). */
static void write_entry(const char *dir, const char *path, const char *ptx)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s/.ptx.tmp.%d.%u", dir, (int)getpid(), P.counter++);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    size_t len = strlen(ptx);
    bool ok = true;
    for (const char *p = ptx; len && ok;) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        ok = w > 0;
        if (ok) {
            p += w;
            len -= (size_t)w;
        }
    }
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0)
        unlink(tmp);
}

/* ---------------------------------------------------------------- headers */

typedef struct Headers {
    int n;
    char **names, **texts;
} Headers;

static int is_header(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 2 && d->d_name[0] != '.' && !strcmp(d->d_name + n - 2, ".h");
}

static void headers_free(Headers *h)
{
    for (int i = 0; i < h->n; i++) {
        free(h->names[i]);
        free(h->texts[i]);
    }
    free(h->names);
    free(h->texts);
    memset(h, 0, sizeof *h);
}

static bool headers_load(const char *dir, Headers *h)
{
    memset(h, 0, sizeof *h);
    if (!dir)
        return false;
    struct dirent **list;
    int n = scandir(dir, &list, is_header, alphasort);
    if (n < 0)
        return false;
    h->names = calloc((size_t)n + 1, sizeof *h->names);
    h->texts = calloc((size_t)n + 1, sizeof *h->texts);
    bool ok = h->names && h->texts;
    for (int i = 0; i < n; i++) {
        if (ok) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            char *text = fd >= 0 ? read_fd_all(fd, PTX_MAX, NULL) : NULL;
            if (fd >= 0)
                close(fd);
            if (text) {
                h->names[h->n] = strdup(list[i]->d_name);
                h->texts[h->n++] = text;
            }
        }
        free(list[i]);
    }
    free(list);
    if (!ok)
        headers_free(h);
    return ok;
}

/* ---------------------------------------------------------------- NVRTC */

static void first_lines(const char *text, char *err, size_t errlen)
{
    const char *end = text;
    for (int line = 0; *end && line < PTX_ERR_LINES; line++) {
        const char *nl = strchr(end, '\n');
        end = nl ? nl + 1 : end + strlen(end);
    }
    size_t n = (size_t)(end - text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    snprintf(err, errlen, "%.*s", (int)n, text);
}

static char *nvrtc_compile(const RtCudaNvrtc *nv, const char *name, const char *text, const Headers *h,
                           const char *const *opts, int nopts, char *err, size_t errlen)
{
    nvrtcProgram prog = NULL;
    char file[128];
    snprintf(file, sizeof file, "%s.cu", name);
    nvrtcResult r = nv->nvrtcCreateProgram(&prog, text, file, h->n, (const char *const *)h->texts,
                                           (const char *const *)h->names);
    if (r) {
        snprintf(err, errlen, "nvrtcCreateProgram: %s", nv->nvrtcGetErrorString(r));
        return NULL;
    }
    char *ptx = NULL;
    r = nv->nvrtcCompileProgram(prog, nopts, opts);
    if (r) {
        size_t n = 0;
        char *log = NULL;
        if (!nv->nvrtcGetProgramLogSize(prog, &n) && (log = malloc(n + 1)) && !nv->nvrtcGetProgramLog(prog, log))
            first_lines(log, err, errlen);
        else
            snprintf(err, errlen, "NVRTC: %s", nv->nvrtcGetErrorString(r));
        free(log);
    } else {
        size_t n = 0;
        if (!nv->nvrtcGetPTXSize(prog, &n) && (ptx = malloc(n + 1)) && !nv->nvrtcGetPTX(prog, ptx)) {
            ptx[n] = '\0';
        } else {
            free(ptx);
            ptx = NULL;
            snprintf(err, errlen, "NVRTC gave no PTX");
        }
    }
    nv->nvrtcDestroyProgram(&prog);
    return ptx;
}

/* ---------------------------------------------------------------- public */

void rt_cuda_ptx_configure(const char *kernel_dir, const char *cache_dir)
{
    pthread_mutex_lock(&P.mu);
    bool same_k = kernel_dir ? P.kernel_dir && !strcmp(kernel_dir, P.kernel_dir) : !P.kernel_dir;
    bool same_c = cache_dir ? P.cache_dir && !strcmp(cache_dir, P.cache_dir) : !P.cache_dir;
    if (same_k && same_c) {
        pthread_mutex_unlock(&P.mu);
        return;
    }
    free(P.kernel_dir);
    free(P.cache_dir);
    P.kernel_dir = kernel_dir ? strdup(kernel_dir) : NULL;
    P.cache_dir = cache_dir ? strdup(cache_dir) : NULL;
    pthread_mutex_unlock(&P.mu);
}

static char *cache_folder(void)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char buf[1024];
    if (P.cache_dir)
        snprintf(buf, sizeof buf, "%s", P.cache_dir);
    else if (xdg && *xdg)
        snprintf(buf, sizeof buf, "%s/qpipe", xdg);
    else if (home && *home)
        snprintf(buf, sizeof buf, "%s/.cache/qpipe", home);
    else
        return NULL;
    return strdup(buf);
}

char *rt_cuda_ptx(const char *name, const char *text, int arch, bool *cached, char *err, size_t errlen)
{
    *cached = false;
    const RtCudaNvrtc *nv = rt_cuda_nvrtc(err, errlen);
    if (!nv)
        return NULL;
    pthread_mutex_lock(&P.mu);
    int major = 0, minor = 0;
    nv->nvrtcVersion(&major, &minor);
    char archopt[64];
    snprintf(archopt, sizeof archopt, "--gpu-architecture=compute_%d", arch);
    const char *opts[] = {archopt, "-default-device", "--std=c++17"};
    int nopts = (int)(sizeof opts / sizeof *opts);
    Headers h;
    headers_load(P.kernel_dir, &h);
    Hash key = {0x6c62272e07bb0142u, 0x62b821756295c58du};
    hash_field(&key, PTX_KEY_FORMAT, strlen(PTX_KEY_FORMAT));
    int ver[2] = {major, minor};
    hash_field(&key, ver, sizeof ver);
    for (int i = 0; i < nopts; i++)
        hash_field(&key, opts[i], strlen(opts[i]));
    for (int i = 0; i < h.n; i++) {
        hash_field(&key, h.names[i], strlen(h.names[i]));
        hash_field(&key, h.texts[i], strlen(h.texts[i]));
    }
    hash_field(&key, text, strlen(text));
    char *dir = cache_folder(), path[1200] = "";
    bool trusted = dir && make_dirs(dir) == 0 && rt_cuda_dir_trusted(dir);
    if (trusted)
        snprintf(path, sizeof path, "%s/%016llx%016llx-sm_%d.ptx", dir, (unsigned long long)key.hi,
                 (unsigned long long)key.lo, arch);
    char *ptx = trusted ? read_entry(path) : NULL;
    if (ptx) {
        *cached = true;
        P.cached++;
    } else {
        char clean[64];
        size_t n = 0;
        for (const char *p = name ? name : "kernel"; *p && n < sizeof clean - 1; p++)
            clean[n++] = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? *p : '_';
        clean[n] = '\0';
        ptx = nvrtc_compile(nv, n ? clean : "kernel", text, &h, opts, nopts, err, errlen);
        if (ptx) {
            P.compiled++;
            if (trusted)
                write_entry(dir, path, ptx);
        }
    }
    free(dir);
    headers_free(&h);
    pthread_mutex_unlock(&P.mu);
    return ptx;
}

void rt_cuda_ptx_stats(int *compiled, int *cached)
{
    pthread_mutex_lock(&P.mu);
    if (compiled)
        *compiled = P.compiled;
    if (cached)
        *cached = P.cached;
    pthread_mutex_unlock(&P.mu);
}

void rt_cuda_ptx_shutdown(void)
{
    pthread_mutex_lock(&P.mu);
    free(P.kernel_dir);
    free(P.cache_dir);
    P.kernel_dir = P.cache_dir = NULL;
    P.compiled = P.cached = 0;
    pthread_mutex_unlock(&P.mu);
}
