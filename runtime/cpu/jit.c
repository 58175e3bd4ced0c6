/*
 * jit.c - the CPU engine's compiler driver: builds kernel sources with the system C
 * compiler into shared objects cached on disk, and loads them (the contract is in jit.h).
 *
 * A request goes: settings (read once from the configuration and the environment) →
 * key (hash of the settings and the source) → the table of objects loaded by this
 * process → the cache folder (`KEY.so`, dlopened) → the compiler. The compiler runs
 * without a shell (posix_spawn) on a temporary source file, writes `KEY.so.tmp.PID.N`
 * in the cache folder, and that file is renamed to `KEY.so`: rename is atomic within a
 * folder, so a concurrent run sees either no object or a whole one, and two runs that
 * build the same kernel at once both succeed (the last rename wins; the objects are
 * equal). An object that exists but does not load, or lacks the symbol, is rebuilt once
 * and replaced by rename; it is deleted only when the rebuild fails, so a run recovering
 * from a corrupt entry never deletes the good object another run just put there.
 *
 * The compiler reads the source on stdin from a temporary file; its stdout and stderr go
 * to an unlinked temporary file whose first lines become the error message. Temporary
 * files that a killed run left in the cache folder are removed by the next run that
 * compiles, once they are an hour old. One mutex guards all state and is held while
 * compiling.
 */
#include "runtime/cpu/jit.h"
#include "runtime/cpu/jit_cache.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* Default compiler and flags (jit.h). -fno-math-errno lets sqrt and friends inline, and
 * -fno-trapping-math lets the vectorizer if-convert selects after a conversion that could
 * raise an exception flag (nothing reads those flags). Values keep their IEEE semantics (no
 * -ffast-math, no contraction under -std=c11), so kernels compute what the interpreter
 * computes. */
#define JIT_DEFAULT_CC     "cc"
#define JIT_DEFAULT_CFLAGS \
    "-O3 -march=native -fPIC -shared -std=c11 -fno-math-errno -fno-trapping-math -D_GNU_SOURCE"

#define JIT_KEY_FORMAT "qpipe-jit-1"    /* hashed first: change it to orphan old objects */
#define JIT_ERR_LINES 20                /* lines of compiler output kept in a message */
#define JIT_LOG_MAX (64 * 1024)         /* bytes of compiler output read for a message */
#define JIT_NAME_MAX 64                 /* characters of a name in kept file names */
#define JIT_CPUINFO_MAX (256 * 1024)    /* bytes of /proc/cpuinfo read for the key */
#define JIT_STALE_SECONDS 3600          /* a temporary file this old was left by a run that
                                           died while compiling (a test timeout, ^C) */

#define PROBE_SYMBOL "qp_jit_probe"
#define PROBE_SOURCE "int qp_jit_probe(void) { return 42; }\n"


/* ---------------------------------------------------------------- FNV-1a, 128 bits */

typedef struct Hash {
    uint64_t hi, lo;
} Hash;

static Hash hash_init(void)
{
    return (Hash){0x6c62272e07bb0142u, 0x62b821756295c58du};   /* offset basis */
}

/* Per byte: xor it in, then multiply by the prime 2^88 + 0x13b modulo 2^128. */
static void hash_bytes(Hash *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t hi = h->hi, lo = h->lo;
    for (size_t i = 0; i < n; i++) {
        lo ^= p[i];
        uint64_t carry = ((lo >> 32) * 0x13b + ((lo & 0xffffffffu) * 0x13b >> 32)) >> 32;
        hi = hi * 0x13b + carry + (lo << 24);
        lo *= 0x13b;
    }
    h->hi = hi;
    h->lo = lo;
}

/* A field: its length first, so that ("ab", "c") and ("a", "bc") differ. */
static void hash_field(Hash *h, const void *data, size_t n)
{
    uint64_t len = n;
    hash_bytes(h, &len, sizeof len);
    hash_bytes(h, data, n);
}

static void hash_str(Hash *h, const char *s)
{
    hash_field(h, s, strlen(s));
}

#define KEY_HEX 32

static void hash_hex(const Hash *h, char out[KEY_HEX + 1])
{
    snprintf(out, KEY_HEX + 1, "%016llx%016llx", (unsigned long long)h->hi,
             (unsigned long long)h->lo);
}


/* ---------------------------------------------------------------- state */

/* What the configuration and the environment say, read once (settings_load). */
typedef struct Settings {
    bool ready;
    char *problem;          /* why nothing can be compiled (QPIPE_CC=none, no compiler) */
    char **argv;            /* resolved compiler, flags, -I dir */
    int argc;
    char *cache_dir;        /* as named; the folder in use once cache_ready */
    bool cache_ready;       /* cache_dir checked (jit_cache.h) */
    bool cache_temporary;   /* cache_dir is a private folder of this run */
    char *keep_dir;         /* QPIPE_KEEP_KERNELS, or NULL */
    Hash base;              /* the key of everything but the source */
} Settings;

typedef struct Loaded {
    char key[KEY_HEX + 1];
    void *handle;
} Loaded;

struct RtJit {
    pthread_mutex_t mu;
    char *kernel_dir, *cache_dir;       /* rt_jit_new's copies */
    Settings s;
    Loaded *loaded;
    int nloaded, cap;
    int compiled, cached;               /* rt_jit_stats */
    int available;                      /* 0 not checked yet, 1 yes, -1 no */
    char *why;                          /* why not */
    unsigned counter;                   /* temporary file names */
    bool keep_warned;
    bool trust_warned;                  /* the one warning about the cache's trust */
    bool swept;                         /* stale temporary files removed (once) */
};


/* ---------------------------------------------------------------- small helpers */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* A new string from a format; NULL when out of memory. */
static char *str_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static char *str_dup(const char *s)
{
    return s ? str_printf("%s", s) : NULL;
}

/* Append the blank-separated words of `text` to argv (no quoting: QPIPE_CC and
 * QPIPE_CFLAGS are lists of words). Returns false when out of memory. */
static bool split_words(const char *text, char ***argv, int *argc)
{
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            return true;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n')
            p++;
        char **grown = realloc(*argv, sizeof **argv * (size_t)(*argc + 2));
        if (!grown)
            return false;
        *argv = grown;
        char *word = str_printf("%.*s", (int)(p - start), start);
        if (!word)
            return false;
        grown[(*argc)++] = word;
        grown[*argc] = NULL;
    }
}

static bool push_word(const char *word, char ***argv, int *argc)
{
    char **grown = realloc(*argv, sizeof **argv * (size_t)(*argc + 2));
    if (!grown)
        return false;
    *argv = grown;
    if (!(grown[*argc] = str_dup(word)))
        return false;
    grown[++*argc] = NULL;
    return true;
}

/* The whole of a file, NUL-terminated; NULL on error (errno set). */
static char *read_file(const char *path, size_t limit, size_t *len)
{
    FILE *f = fopen(path, "rbe");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *grown = realloc(buf, cap *= 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        size_t want = cap - n - 1;
        if (limit && n + want > limit)
            want = limit - n;
        size_t got = fread(buf + n, 1, want, f);
        n += got;
        if (got < want || (limit && n >= limit))
            break;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

/* Write `len` bytes to a new file (it must not exist). Returns 0 or an errno. */
static int write_new_file(const char *path, const char *data, size_t len, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return errno;
    while (len) {
        ssize_t w = write(fd, data, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : EIO;
            close(fd);
            unlink(path);
            return e;
        }
        data += w;
        len -= (size_t)w;
    }
    if (close(fd) != 0) {
        int e = errno;
        unlink(path);
        return e;
    }
    return 0;
}

/* The executable that `cmd` names: itself when it has a slash, else searched in PATH. */
static char *find_program(const char *cmd)
{
    if (strchr(cmd, '/'))
        return access(cmd, X_OK) == 0 ? str_dup(cmd) : NULL;
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path;; ) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char *full = n ? str_printf("%.*s/%s", (int)n, p, cmd) : str_printf("./%s", cmd);
        struct stat st;
        if (full && stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0)
            return full;
        free(full);
        if (!end)
            return NULL;
        p = end + 1;
    }
}


/* ---------------------------------------------------------------- settings */

/* The first processor's model and feature lines: objects built with -march=native must
 * not be loaded on another CPU that shares the cache folder (a network home). */
static void hash_cpu(Hash *h)
{
    char *text = read_file("/proc/cpuinfo", JIT_CPUINFO_MAX, NULL);
    if (!text)
        return;
    static const char *const keys[] = {"vendor_id", "model name", "flags", "Features",
                                       "CPU implementer", "CPU part"};
    for (char *line = text; *line && *line != '\n'; ) {   /* up to the first blank line */
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
            if (!strncmp(line, keys[k], strlen(keys[k])))
                hash_field(h, line, n);
        line += n + (end != NULL);
    }
    free(text);
}

static int is_header(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 2 && d->d_name[0] != '.' && !strcmp(d->d_name + n - 2, ".h");
}

/* Every *.h of the kernel folder, by name and content, in name order: qp_kernel.h and
 * the headers it includes (qp_math.h). */
static void hash_headers(Hash *h, const char *dir)
{
    struct dirent **list;
    int n = scandir(dir, &list, is_header, alphasort);
    if (n < 0) {
        hash_str(h, "(no kernel folder)");
        return;
    }
    for (int i = 0; i < n; i++) {
        char *path = str_printf("%s/%s", dir, list[i]->d_name);
        size_t len = 0;
        char *text = path ? read_file(path, 0, &len) : NULL;
        hash_str(h, list[i]->d_name);
        hash_field(h, text ? text : "", text ? len : 0);
        free(text);
        free(path);
        free(list[i]);
    }
    free(list);
}

/* The compiler command (resolved), its flags and its binary's identity, into s->argv and
 * the key. Returns why the JIT cannot work (a new string), or NULL. */
static char *load_compiler(RtJit *jit, Settings *s)
{
    const char *cc = getenv("QPIPE_CC");
    const char *flags = getenv("QPIPE_CFLAGS");
    if (!cc || !cc[strspn(cc, " \t")])
        cc = JIT_DEFAULT_CC;
    if (!flags || !flags[strspn(flags, " \t")])
        flags = JIT_DEFAULT_CFLAGS;
    if (!split_words(cc, &s->argv, &s->argc))
        return str_dup("out of memory");
    if (s->argc == 1 && !strcmp(s->argv[0], "none"))
        return str_dup("QPIPE_CC=none");
    char *exe = find_program(s->argv[0]);
    if (!exe)
        return str_printf("C compiler '%s' not found", s->argv[0]);
    free(s->argv[0]);
    s->argv[0] = exe;
    struct stat st;
    if (stat(exe, &st) == 0) {      /* a new compiler version builds new objects */
        long long id[2] = {(long long)st.st_size, (long long)st.st_mtime};
        hash_field(&s->base, id, sizeof id);
    }
    if (!split_words(flags, &s->argv, &s->argc))
        return str_dup("out of memory");
    for (int i = 0; i < s->argc; i++)
        hash_str(&s->base, s->argv[i]);
    if (jit->kernel_dir) {
        /* The folder's path is not part of the key; its headers' content is. */
        if (!push_word("-I", &s->argv, &s->argc) ||
            !push_word(jit->kernel_dir, &s->argv, &s->argc))
            return str_dup("out of memory");
        hash_headers(&s->base, jit->kernel_dir);
    }
    return NULL;
}

/* Returns why there is no cache folder (a new string), or NULL. */
static char *load_cache_dir(RtJit *jit, Settings *s)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    const char *own = getenv("QPIPE_CACHE");
    if (jit->cache_dir)
        s->cache_dir = str_dup(jit->cache_dir);
    else if (own && *own)
        s->cache_dir = str_dup(own);
    else if (xdg && *xdg)
        s->cache_dir = str_printf("%s/qpipe", xdg);
    else if (home && *home)
        s->cache_dir = str_printf("%s/.cache/qpipe", home);
    else
        return str_dup("no cache folder: neither XDG_CACHE_HOME nor HOME is set");
    return s->cache_dir ? NULL : str_dup("out of memory");
}

/* Fill jit->s from the configuration and the environment, once. Called with mu held. */
static void settings_load(RtJit *jit)
{
    Settings *s = &jit->s;
    if (s->ready)
        return;
    s->ready = true;
    s->base = hash_init();
    hash_str(&s->base, JIT_KEY_FORMAT);
    s->problem = load_compiler(jit, s);
    if (!s->problem)
        s->problem = load_cache_dir(jit, s);
    hash_cpu(&s->base);
    const char *keep = getenv("QPIPE_KEEP_KERNELS");
    if (keep && *keep)
        s->keep_dir = str_dup(keep);
}

static void settings_free(Settings *s)
{
    for (int i = 0; i < s->argc; i++)
        free(s->argv[i]);
    free(s->argv);
    free(s->problem);
    if (s->cache_temporary)
        rt_jit_cache_remove(s->cache_dir);
    free(s->cache_dir);
    free(s->keep_dir);
    memset(s, 0, sizeof *s);
}


/* ---------------------------------------------------------------- the compiler */

/* The first JIT_ERR_LINES lines of the compiler's output, without the last newline. */
static void first_lines(const char *text, char *err, size_t errlen)
{
    const char *end = text;
    for (int line = 0; *end && line < JIT_ERR_LINES; line++) {
        const char *nl = strchr(end, '\n');
        end = nl ? nl + 1 : end + strlen(end);
    }
    size_t n = (size_t)(end - text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    set_err(err, errlen, "%.*s", (int)n, text);
}

static char *read_fd(int fd)
{
    char *buf = malloc(JIT_LOG_MAX + 1);
    size_t n = 0;
    if (!buf || lseek(fd, 0, SEEK_SET) < 0) {
        free(buf);
        return NULL;
    }
    while (n < JIT_LOG_MAX) {
        ssize_t r = read(fd, buf + n, JIT_LOG_MAX - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    return buf;
}

/* Run `compiler flags -o out -x c -` with the source file `src` on stdin, so that
 * messages name `<stdin>` rather than a temporary path (generated code names its .q file
 * by #line), and with stdout and stderr into `log_fd`; wait for it. Returns 0, or -1 with
 * the reason in err. */
static int spawn_compiler(RtJit *jit, const char *src, const char *out, int log_fd,
                          char *err, size_t errlen)
{
    Settings *s = &jit->s;
    const char **argv = malloc(sizeof *argv * (size_t)(s->argc + 6));
    if (!argv) {
        set_err(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < s->argc; i++)
        argv[i] = s->argv[i];
    const char *tail[] = {"-o", out, "-x", "c", "-", NULL};
    memcpy(argv + s->argc, tail, sizeof tail);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, src, O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, log_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, log_fd, 2);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    free(argv);
    if (rc != 0) {
        set_err(err, errlen, "cannot run %s: %s", s->argv[0], strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            set_err(err, errlen, "waiting for %s: %s", s->argv[0], strerror(errno));
            return -1;
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    char *log = read_fd(log_fd);
    if (log && log[strspn(log, " \t\r\n")])
        first_lines(log, err, errlen);
    else if (WIFEXITED(status))
        set_err(err, errlen, "%s: exit status %d", s->argv[0], WEXITSTATUS(status));
    else
        set_err(err, errlen, "%s: killed by signal %d", s->argv[0],
                WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    free(log);
    return -1;
}

/* Remove temporary files (`.tmp.` in the name) older than JIT_STALE_SECONDS from the cache
 * folder: what runs killed while compiling left behind. Once per process, on its first
 * compilation, so that a run served from the cache never reads the folder. */
static void sweep_stale(RtJit *jit, const char *dir)
{
    if (jit->swept)
        return;
    jit->swept = true;
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".tmp."))
            continue;
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(st.st_mode) && now - st.st_mtime > JIT_STALE_SECONDS)
            unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* Build `source` into `so_path` through a temporary object renamed into place.
 * Returns 0, or -1 with the reason in err. */
static int compile(RtJit *jit, const char *key, const char *source, const char *so_path,
                   char *err, size_t errlen)
{
    const char *dir = jit->s.cache_dir;
    sweep_stale(jit, dir);
    unsigned n = jit->counter++;
    int pid = (int)getpid();
    char *src = str_printf("%s/%s.%d.%u.tmp.c", dir, key, pid, n);
    char *obj = str_printf("%s/%s.so.tmp.%d.%u", dir, key, pid, n);
    char *log = str_printf("%s/%s.log.tmp.%d.%u", dir, key, pid, n);
    int rc = -1, log_fd = -1, e;
    if (!src || !obj || !log) {
        set_err(err, errlen, "out of memory");
        goto done;
    }
    if ((e = write_new_file(src, source, strlen(source), 0600)) != 0) {
        set_err(err, errlen, "cannot write %s: %s", src, strerror(e));
        goto done;
    }
    log_fd = open(log, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (log_fd < 0) {
        set_err(err, errlen, "cannot create %s: %s", log, strerror(errno));
        goto done;
    }
    unlink(log);        /* anonymous from now on: nothing to clean up */
    if (spawn_compiler(jit, src, obj, log_fd, err, errlen) != 0)
        goto done;
    /* the compiler made it 0777 less the umask: closed to others, or it would not load */
    if (chmod(obj, 0700) != 0) {
        set_err(err, errlen, "cannot chmod %s: %s", obj, strerror(errno));
        goto done;
    }
    if (rename(obj, so_path) != 0) {
        set_err(err, errlen, "cannot rename %s to %s: %s", obj, so_path, strerror(errno));
        goto done;
    }
    rc = 0;
done:
    if (log_fd >= 0)
        close(log_fd);
    if (src)
        unlink(src);
    if (obj && rc != 0)
        unlink(obj);
    free(src);
    free(obj);
    free(log);
    return rc;
}


/* ---------------------------------------------------------------- kept sources */

/* QPIPE_KEEP_KERNELS: write the source as DIR/NAME_KEY.c (by rename, so a reader never
 * sees half a file). A failure does not fail the kernel; it is said once on stderr. */
static void keep_source(RtJit *jit, const char *name, const char *key, const char *source)
{
    const char *dir = jit->s.keep_dir;
    char clean[JIT_NAME_MAX + 1];
    size_t n = 0;
    for (const char *p = name ? name : "kernel"; *p && n < JIT_NAME_MAX; p++) {
        char c = *p;
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                     (c >= '0' && c <= '9') || c == '_' || c == '-';
        clean[n++] = plain ? c : '_';
    }
    clean[n] = '\0';
    char *final = str_printf("%s/%s_%s.c", dir, n ? clean : "kernel", key);
    char *tmp = str_printf("%s/.%s.tmp.%d.%u", dir, key, (int)getpid(), jit->counter++);
    int e = final && tmp ? rt_jit_mkdirs(dir, 0777) : ENOMEM;
    if (!e)
        e = write_new_file(tmp, source, strlen(source), 0644);
    if (!e && rename(tmp, final) != 0) {
        e = errno;
        unlink(tmp);
    }
    if (e && !jit->keep_warned) {
        jit->keep_warned = true;
        fprintf(stderr, "qpipe: warning: cannot keep kernel sources in %s "
                "(QPIPE_KEEP_KERNELS): %s\n", dir, strerror(e));
    }
    free(final);
    free(tmp);
}


/* ---------------------------------------------------------------- the cache */

static Loaded *find_loaded(RtJit *jit, const char *key)
{
    for (int i = 0; i < jit->nloaded; i++)
        if (!strcmp(jit->loaded[i].key, key))
            return &jit->loaded[i];
    return NULL;
}

static bool add_loaded(RtJit *jit, const char *key, void *handle)
{
    if (jit->nloaded == jit->cap) {
        int cap = jit->cap ? jit->cap * 2 : 16;
        Loaded *grown = realloc(jit->loaded, sizeof *grown * (size_t)cap);
        if (!grown)
            return false;
        jit->loaded = grown;
        jit->cap = cap;
    }
    Loaded *l = &jit->loaded[jit->nloaded++];
    memcpy(l->key, key, sizeof l->key);
    l->handle = handle;
    return true;
}

/* dlopen `path` and find `symbol`; on failure the reason is in err and nothing stays
 * loaded. */
static void *load_object(const char *path, const char *symbol, void **handle,
                         char *err, size_t errlen)
{
    *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!*handle) {
        const char *why = dlerror();
        set_err(err, errlen, "%s", why ? why : "dlopen failed");
        return NULL;
    }
    void *sym = dlsym(*handle, symbol);
    if (!sym) {
        set_err(err, errlen, "%s has no symbol %s", path, symbol);
        dlclose(*handle);
        *handle = NULL;
    }
    return sym;
}

/* rt_jit_symbol with mu held. `count` says whether the statistics see it (not for the
 * probe), `keep` whether QPIPE_KEEP_KERNELS applies. */
static void *get_symbol(RtJit *jit, const char *name, const char *source, const char *symbol,
                        bool count, bool keep, char *err, size_t errlen)
{
    settings_load(jit);
    Settings *s = &jit->s;
    if (s->problem) {
        set_err(err, errlen, "no C compiler for kernels: %s", s->problem);
        return NULL;
    }
    Hash h = s->base;
    hash_str(&h, source);
    char key[KEY_HEX + 1];
    hash_hex(&h, key);
    if (keep && s->keep_dir)
        keep_source(jit, name, key, source);

    Loaded *l = find_loaded(jit, key);
    if (l) {
        void *sym = dlsym(l->handle, symbol);
        if (!sym)
            set_err(err, errlen, "kernel %s has no symbol %s", name, symbol);
        return sym;
    }
    if (!s->cache_ready) {
        char *dir = rt_jit_cache_folder(s->cache_dir, &s->cache_temporary, &jit->trust_warned,
                                        err, errlen);
        if (!dir)
            return NULL;
        free(s->cache_dir);
        s->cache_dir = dir;
        s->cache_ready = true;
    }
    char *so_path = str_printf("%s/%s.so", s->cache_dir, key);
    if (!so_path) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    void *handle = NULL, *sym = NULL;
    bool present = access(so_path, F_OK) == 0;
    char why[128];
    if (present && rt_jit_cache_distrust(so_path, why, sizeof why)) {
        if (!jit->trust_warned)
            fprintf(stderr, "qpipe: warning: not loading the cached kernel %s (%s); building it again\n",
                    so_path, why);
        jit->trust_warned = true;
        present = false;        /* the build replaces it by rename */
    }
    if (present && (sym = load_object(so_path, symbol, &handle, err, errlen))) {
        if (count)
            jit->cached++;
    } else if (compile(jit, key, source, so_path, err, errlen) == 0) {
        sym = load_object(so_path, symbol, &handle, err, errlen);
        if (count && sym)
            jit->compiled++;
    } else if (present) {
        unlink(so_path);        /* a broken entry that cannot be rebuilt now */
    }
    free(so_path);
    if (sym && !add_loaded(jit, key, handle)) {
        dlclose(handle);
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    return sym;
}


/* ---------------------------------------------------------------- public API */

RtJit *rt_jit_new(const RtJitConfig *c)
{
    RtJit *jit = calloc(1, sizeof *jit);
    if (!jit)
        return NULL;
    pthread_mutex_init(&jit->mu, NULL);
    if (c && ((c->kernel_dir && !(jit->kernel_dir = str_dup(c->kernel_dir))) ||
              (c->cache_dir && !(jit->cache_dir = str_dup(c->cache_dir))))) {
        rt_jit_free(jit);
        return NULL;
    }
    return jit;
}

bool rt_jit_available(RtJit *jit)
{
    pthread_mutex_lock(&jit->mu);
    if (jit->available == 0) {
        char err[512] = "";
        void *sym = get_symbol(jit, "probe", PROBE_SOURCE, PROBE_SYMBOL, false, false,
                               err, sizeof err);
        if (sym && ((int (*)(void))sym)() == 42) {
            jit->available = 1;
        } else {
            jit->available = -1;
            err[strcspn(err, "\n")] = '\0';
            if (jit->s.problem)
                jit->why = str_dup(jit->s.problem);
            else
                jit->why = str_printf("the C compiler %s fails on a test file: %s",
                                      jit->s.argv ? jit->s.argv[0] : "?", err);
        }
    }
    bool ok = jit->available > 0;
    pthread_mutex_unlock(&jit->mu);
    return ok;
}

void rt_jit_unavailable_reason(RtJit *jit, char *buf, size_t len)
{
    pthread_mutex_lock(&jit->mu);
    set_err(buf, len, "%s", jit->available < 0 && jit->why ? jit->why : "");
    pthread_mutex_unlock(&jit->mu);
}

void *rt_jit_symbol(RtJit *jit, const char *name, const char *source, const char *symbol,
                    char *err, size_t errlen)
{
    pthread_mutex_lock(&jit->mu);
    void *sym = get_symbol(jit, name, source, symbol, true, true, err, errlen);
    pthread_mutex_unlock(&jit->mu);
    return sym;
}

void rt_jit_stats(RtJit *jit, int *compiled, int *cached)
{
    pthread_mutex_lock(&jit->mu);
    if (compiled)
        *compiled = jit->compiled;
    if (cached)
        *cached = jit->cached;
    pthread_mutex_unlock(&jit->mu);
}

void rt_jit_free(RtJit *jit)
{
    if (!jit)
        return;
    for (int i = 0; i < jit->nloaded; i++)
        dlclose(jit->loaded[i].handle);
    free(jit->loaded);
    settings_free(&jit->s);
    free(jit->kernel_dir);
    free(jit->cache_dir);
    free(jit->why);
    pthread_mutex_destroy(&jit->mu);
    free(jit);
}
