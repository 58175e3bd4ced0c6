/*
 * test_jit.c - the CPU engine's compiler driver (runtime/cpu/jit.c): a small source is
 * compiled and its symbol called; a second request and a second "run" (after
 * rt_jit_free and rt_jit_new) compile nothing; the cache key follows the headers and the flags; a
 * corrupt cache entry and one that lacks the symbol are rebuilt; compiler errors come
 * back with their line; QPIPE_CC=none, a missing compiler and bad flags make the JIT
 * unavailable; QPIPE_KEEP_KERNELS keeps the source; threads and processes that build the
 * same kernel at once all succeed and leave no temporary file behind; old temporary
 * files (of a run killed while compiling) are swept away. Trust (jit_cache.h): the folders
 * the cache creates are 0700; a planted object that group or others can write, or that
 * another user owns, is not loaded but rebuilt; a shared cache folder (writable by
 * others, or another user's) gets a per-user subfolder qpipe-UID, and when another user
 * owns that too, kernels are built in a private temporary folder removed at the end.
 * (The ownership checks chown to uid 4242, so they need root, as the suite runs; as
 * another user they print `ok NAME # skipped`.)
 *
 * Everything happens in a fresh folder under /tmp (kernel folder with an empty
 * qp_kernel.h, cache, kept sources), removed at the end. Prints `ok NAME` or
 * `not ok NAME: REASON` per check (docs/testing.md "Unit tests"); the exit status is
 * non-zero if any check failed.
 */
#include "runtime/cpu/jit.h"

#include "tests/unit/check.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/* ---------------------------------------------------------------- the sandbox */

static char root[64], kernel_dir[128], cache_dir[160], keep_dir[128];


static int write_text(const char *path, const char *text, const char *mode)
{
    FILE *f = fopen(path, mode);
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* A fresh run of the JIT: as if the program started again. */
/* The JIT under test: a "run" is one RtJit, from rt_jit_new to rt_jit_free. */
static RtJit *jit;

/* End the run (rt_jit_free) and start another with configuration c (NULL: none). */
static void jit_reset(const RtJitConfig *c)
{
    rt_jit_free(jit);
    jit = rt_jit_new(c);
}

static void restart(void)
{
    jit_reset(&(RtJitConfig){.kernel_dir = kernel_dir, .cache_dir = cache_dir});
}

/* Files in `dir` whose names end with `suffix` (all when suffix is ""); `tmp` counts the
 * temporary ones (".tmp." anywhere in the name). */
static int count_files(const char *dir, const char *suffix, int *tmp)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (tmp)
        *tmp = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        if (e->d_name[0] == '.' && (len == 1 || (len == 2 && e->d_name[1] == '.')))
            continue;
        if (tmp && strstr(e->d_name, ".tmp."))
            (*tmp)++;
        if (len >= sl && !strcmp(e->d_name + len - sl, suffix))
            n++;
    }
    closedir(d);
    return n;
}

/* The one file of `dir` ending with `suffix`, into path; false when there is not one. */
static bool only_file(const char *dir, const char *suffix, char *path, size_t size)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return false;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        if (len >= sl && !strcmp(e->d_name + len - sl, suffix)) {
            snprintf(path, size, "%s/%s", dir, e->d_name);
            n++;
        }
    }
    closedir(d);
    return n == 1;
}

static bool setup(void)
{
    snprintf(root, sizeof root, "/tmp/qpipe-test-jit-XXXXXX");
    if (!mkdtemp(root))
        return false;
    snprintf(kernel_dir, sizeof kernel_dir, "%s/kernels", root);
    snprintf(cache_dir, sizeof cache_dir, "%s/cache/deep/qpipe", root);   /* mkdir -p */
    snprintf(keep_dir, sizeof keep_dir, "%s/kept", root);
    char header[192];
    snprintf(header, sizeof header, "%s/qp_kernel.h", kernel_dir);
    if (mkdir(kernel_dir, 0777) != 0 || write_text(header, "", "w") != 0)
        return false;
    unsetenv("QPIPE_CC");
    unsetenv("QPIPE_CFLAGS");
    setenv("QPIPE_KEEP_KERNELS", keep_dir, 1);
    restart();
    return true;
}

static void teardown(void)
{
    rt_jit_free(jit);
    jit = NULL;
    nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}


/* ---------------------------------------------------------------- checks */

#define ANSWER_SRC "#include \"qp_kernel.h\"\nint answer(void) { return 42; }\n"
#define OTHER_SRC  "#include \"qp_kernel.h\"\nint other(void) { return 7; }\n"

typedef int (*IntFn)(void);

static char err[4096];

/* rt_jit_symbol's function called; -1 when there is none (err says why). */
static int call(const char *name, const char *src, const char *symbol)
{
    err[0] = '\0';
    IntFn f = (IntFn)rt_jit_symbol(jit, name, src, symbol, err, sizeof err);
    return f ? f() : -1;
}

static const char *stats_are(int compiled, int cached)
{
    int c, k;
    rt_jit_stats(jit, &c, &k);
    if (c != compiled || k != cached)
        return why("stats compiled %d cached %d, expected %d and %d", c, k, compiled, cached);
    return NULL;
}

static const char *check_compile(void)
{
    if (!rt_jit_available(jit)) {
        char reason[512];
        rt_jit_unavailable_reason(jit, reason, sizeof reason);
        return why("rt_jit_available is false: %s", reason);
    }
    int v = call("answer", ANSWER_SRC, "answer");
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    return stats_are(1, 0);     /* the probe is not counted */
}

static const char *check_same_process(void)
{
    void *a = rt_jit_symbol(jit, "answer", ANSWER_SRC, "answer", err, sizeof err);
    void *b = rt_jit_symbol(jit, "answer", ANSWER_SRC, "answer", err, sizeof err);
    if (!a || a != b)
        return "a second request gave another address";
    return stats_are(1, 0);
}

static const char *check_cache_files(void)
{
    int tmp;
    int n = count_files(cache_dir, ".so", &tmp);
    if (n != 2)     /* the probe and answer */
        return why("%d objects in the cache folder, expected 2", n);
    if (tmp)
        return why("%d temporary files left in the cache folder", tmp);
    return NULL;
}

static const char *check_kept(void)
{
    char path[512];
    if (!only_file(keep_dir, ".c", path, sizeof path))
        return why("not exactly one kept source in %s", keep_dir);
    const char *base = strrchr(path, '/') + 1;
    if (strncmp(base, "answer_", 7) || strlen(base) != 7 + 32 + 2)
        return why("kept source named %s, expected answer_KEY.c", base);
    const char *text = read_text(path);
    if (!text || strcmp(text, ANSWER_SRC))
        return "the kept source differs from the source";
    return NULL;
}

static const char *check_second_run(void)
{
    restart();
    int v = call("answer", ANSWER_SRC, "answer");
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    return stats_are(0, 1);
}

/* The cache path of the object of the one kept source (its name carries the key). */
static bool kept_object(char *path, size_t size)
{
    char kept[512];
    if (!only_file(keep_dir, ".c", kept, sizeof kept))
        return false;
    const char *key = strrchr(kept, '_') + 1;
    snprintf(path, size, "%s/%.32s.so", cache_dir, key);
    return access(path, F_OK) == 0;
}

static const char *check_corrupt(void)
{
    char path[512];
    if (!kept_object(path, sizeof path))
        return "cannot find answer's object";
    jit_reset(NULL);
    if (write_text(path, "garbage, not an ELF file\n", "w") != 0)
        return "cannot overwrite the object";
    restart();
    int v = call("answer", ANSWER_SRC, "answer");
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    return stats_are(1, 0);
}

static const char *check_lacks_symbol(void)
{
    char path[512], other[512];
    if (!kept_object(path, sizeof path))
        return "cannot find answer's object";
    /* Build `other` with only its source kept, so that kept_object names its object. */
    nftw(keep_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    restart();
    if (call("other", OTHER_SRC, "other") != 7)
        return why("other() failed: %s", err);
    if (!kept_object(other, sizeof other))
        return "cannot find other's object";
    jit_reset(NULL);
    if (rename(other, path) != 0)       /* a valid object without `answer` */
        return "cannot move other's object over answer's";
    restart();
    int v = call("answer", ANSWER_SRC, "answer");
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    return stats_are(1, 0);
}

static const char *check_header_in_key(void)
{
    char header[192];
    snprintf(header, sizeof header, "%s/qp_kernel.h", kernel_dir);
    if (write_text(header, "/* a new version of the header */\n", "a") != 0)
        return "cannot change the header";
    restart();
    int v = call("answer", ANSWER_SRC, "answer");
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    return stats_are(1, 0);
}

static const char *check_flags(void)
{
    setenv("QPIPE_CFLAGS", "-O0 -fPIC -shared -DANSWER_VALUE=7", 1);
    restart();
    int v = call("flagged", "int answer(void) { return ANSWER_VALUE; }\n", "answer");
    unsetenv("QPIPE_CFLAGS");
    if (v != 7)
        return why("answer() = %d with -DANSWER_VALUE=7: %s", v, err);
    return stats_are(1, 0);
}

static const char *check_syntax_error(void)
{
    restart();
    int v = call("broken", "#include \"qp_kernel.h\"\n\nint broken(void) { return 42 }\n",
                 "broken");
    if (v != -1)
        return "a source with a syntax error compiled";
    if (!strstr(err, ":3:") || !strstr(err, "error"))
        return why("message does not name line 3: \"%s\"", err);
    int tmp;
    count_files(cache_dir, "", &tmp);
    if (tmp)
        return why("%d temporary files left in the cache folder", tmp);
    return stats_are(0, 0);
}

static const char *check_missing_symbol(void)
{
    int v = call("answer", ANSWER_SRC, "no_such_function");
    if (v != -1)
        return "found a symbol that is not there";
    if (!strstr(err, "no_such_function"))
        return why("message does not name the symbol: \"%s\"", err);
    return NULL;
}

/* QPIPE_CC / QPIPE_CFLAGS set to `cc`/`flags` (NULL: unset); is the JIT available, and
 * does the reason contain `reason`? */
static const char *check_unavailable(const char *cc, const char *flags, const char *reason)
{
    if (cc)
        setenv("QPIPE_CC", cc, 1);
    if (flags)
        setenv("QPIPE_CFLAGS", flags, 1);
    restart();
    bool ok = rt_jit_available(jit);
    char text[512];
    rt_jit_unavailable_reason(jit, text, sizeof text);
    int v = call("answer", ANSWER_SRC, "answer");
    unsetenv("QPIPE_CC");
    unsetenv("QPIPE_CFLAGS");
    if (ok)
        return "rt_jit_available is true";
    if (!strstr(text, reason))
        return why("reason \"%s\" lacks \"%s\"", text, reason);
    if (v != -1)
        return "rt_jit_symbol still works";
    restart();
    if (!rt_jit_available(jit))
        return "not available again after the switch is gone";
    return NULL;
}

/* A source no earlier run has built (a fresh cache entry). */
static const char *unique_source(const char *tag)
{
    static char src[256];
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    snprintf(src, sizeof src, "/* %s %d %ld.%09ld */\nint answer(void) { return 42; }\n", tag,
             (int)getpid(), (long)ts.tv_sec, ts.tv_nsec);
    return src;
}

static void *thread_main(void *src)
{
    IntFn f = (IntFn)rt_jit_symbol(jit, "threads", src, "answer", NULL, 0);
    return (void *)(intptr_t)(f ? f() : -1);
}

static const char *check_threads(void)
{
    restart();
    const char *src = unique_source("threads");
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, thread_main, (void *)src);
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad += (intptr_t)r != 42;
    }
    if (bad)
        return why("%d of 4 threads failed", bad);
    return stats_are(1, 0);
}

#define NPROC 4

static const char *check_processes(void)
{
    jit_reset(NULL);
    const char *src = unique_source("processes");
    int go[2];
    if (pipe(go) != 0)
        return "pipe failed";
    fflush(stdout);
    pid_t pid[NPROC];
    for (int i = 0; i < NPROC; i++) {
        pid[i] = fork();
        if (pid[i] == 0) {
            close(go[1]);
            char c;
            while (read(go[0], &c, 1) > 0)      /* start together: at the pipe's end */
                ;
            restart();
            IntFn f = (IntFn)rt_jit_symbol(jit, "processes", src, "answer", NULL, 0);
            _exit(f && f() == 42 ? 0 : 1);
        }
    }
    close(go[0]);
    close(go[1]);
    int bad = 0;
    for (int i = 0; i < NPROC; i++) {
        int status;
        if (pid[i] < 0 || waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0)
            bad++;
    }
    if (bad)
        return why("%d of %d processes failed", bad, NPROC);
    int tmp;
    count_files(cache_dir, "", &tmp);
    if (tmp)
        return why("%d temporary files left in the cache folder", tmp);
    restart();
    if (call("processes", src, "answer") != 42)
        return why("the object they built does not load: %s", err);
    return stats_are(0, 1);
}

/* Temporary files left by a run killed while compiling are removed when old, kept while
 * another run may still be writing them. */
static const char *check_stale_sweep(void)
{
    char old[512], fresh[512];
    snprintf(old, sizeof old, "%s/0123.99999.0.tmp.c", cache_dir);
    snprintf(fresh, sizeof fresh, "%s/0123.so.tmp.99999.1", cache_dir);
    if (write_text(old, "left over", "w") != 0 || write_text(fresh, "being written", "w") != 0)
        return "cannot write the temporary files";
    time_t then = time(NULL) - 2 * 3600;
    struct timespec times[2] = {{.tv_sec = then}, {.tv_sec = then}};
    utimensat(AT_FDCWD, old, times, 0);
    restart();
    if (call("sweep", unique_source("sweep"), "answer") != 42)
        return why("answer() failed: %s", err);
    bool old_gone = access(old, F_OK) != 0, fresh_kept = access(fresh, F_OK) == 0;
    remove(fresh);
    if (!old_gone)
        return "a two-hour-old temporary file is still there";
    if (!fresh_kept)
        return "a fresh temporary file was removed";
    return NULL;
}


/* ---------------------------------------------------------------- trust */

static const char *mode_is(const char *path, unsigned want)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return why("%s: %s", path, strerror(errno));
    if ((st.st_mode & 0777) != want)
        return why("%s has mode %03o, expected %03o", path, (unsigned)(st.st_mode & 0777), want);
    return NULL;
}

/* setup() named root/cache/deep/qpipe; the JIT created all three. */
static const char *check_folder_modes(void)
{
    char p[256];
    const char *bad;
    snprintf(p, sizeof p, "%s/cache", root);
    if ((bad = mode_is(p, 0700)))
        return bad;
    snprintf(p, sizeof p, "%s/cache/deep", root);
    if ((bad = mode_is(p, 0700)))
        return bad;
    return mode_is(cache_dir, 0700);
}

/* Build `src` alone (kept sources cleared first) and find its object. */
static bool build_alone(const char *name, const char *src, int want, char *obj, size_t size)
{
    nftw(keep_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    restart();
    return call(name, src, "answer") == want && kept_object(obj, size);
}

/* An object that returns 13 put in place of the one of a source that returns 42, with
 * mode 0666, or owned by uid 4242 (mode 0644): the next run must build and call 42. */
static const char *check_planted(bool other_owner)
{
    if (other_owner && geteuid() != 0)
        return NULL;
    char src[256], good[512], evil[512];
    snprintf(src, sizeof src, "%s", unique_source(other_owner ? "trust-owner" : "trust-mode"));
    if (!build_alone("trusted", src, 42, good, sizeof good))
        return why("cannot build the trusted object: %s", err);
    if (!build_alone("planted", "/* planted */\nint answer(void) { return 13; }\n", 13, evil, sizeof evil))
        return why("cannot build the planted object: %s", err);
    jit_reset(NULL);
    if (rename(evil, good) != 0 || chmod(good, other_owner ? 0644 : 0666) != 0 ||
        (other_owner && chown(good, 4242, 4242) != 0))
        return why("cannot plant the object: %s", strerror(errno));
    restart();
    int v = call("trusted", src, "answer");
    if (v == 13)
        return "the planted object was loaded";
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    struct stat st;
    if (stat(good, &st) != 0 || st.st_uid != geteuid() || (st.st_mode & 022))
        return why("the rebuilt object is not ours and private (uid %u, mode %03o)",
                   (unsigned)st.st_uid, (unsigned)(st.st_mode & 0777));
    return stats_are(1, 0);
}

static void restart_in(const char *dir)
{
    jit_reset(&(RtJitConfig){.kernel_dir = kernel_dir, .cache_dir = dir});
}

/* A cache folder open to all (mode 0777), or owned by uid 4242: the objects go to its
 * subfolder qpipe-UID (0700), none into the folder itself. */
static const char *check_shared_folder(bool other_owner)
{
    if (other_owner && geteuid() != 0)
        return NULL;
    char shared[192], sub[256];
    snprintf(shared, sizeof shared, "%s/shared-%s", root, other_owner ? "owner" : "mode");
    snprintf(sub, sizeof sub, "%s/qpipe-%u", shared, (unsigned)geteuid());
    if (mkdir(shared, 0755) != 0 || chmod(shared, other_owner ? 0755 : 0777) != 0 ||
        (other_owner && chown(shared, 4242, 4242) != 0))
        return why("cannot make %s: %s", shared, strerror(errno));
    restart_in(shared);
    int v = call("shared", unique_source("shared"), "answer");
    restart();
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    const char *bad = mode_is(sub, 0700);
    if (bad)
        return bad;
    int in_sub = count_files(sub, ".so", NULL), in_shared = count_files(shared, ".so", NULL);
    if (in_sub < 1 || in_shared != 0)
        return why("%d objects in %s and %d in the shared folder, expected some and none", in_sub, sub,
                   in_shared);
    return NULL;
}

/* A shared folder where uid 4242 made our qpipe-UID first: nothing is written into it;
 * kernels are built in a private folder under TMPDIR, removed at the end. */
static const char *check_planted_subfolder(void)
{
    if (geteuid() != 0)
        return NULL;
    char shared[192], sub[256], tmp[192];
    snprintf(shared, sizeof shared, "%s/shared-planted", root);
    snprintf(sub, sizeof sub, "%s/qpipe-%u", shared, (unsigned)geteuid());
    snprintf(tmp, sizeof tmp, "%s/tmp", root);
    if (mkdir(shared, 0777) != 0 || chmod(shared, 01777) != 0 || mkdir(sub, 0777) != 0 ||
        chmod(sub, 0777) != 0 || chown(sub, 4242, 4242) != 0 || mkdir(tmp, 0700) != 0)
        return why("cannot make %s: %s", sub, strerror(errno));
    const char *old_tmp = getenv("TMPDIR");
    char *saved = old_tmp ? strdup(old_tmp) : NULL;
    setenv("TMPDIR", tmp, 1);
    restart_in(shared);
    int v = call("planted-folder", unique_source("planted-folder"), "answer");
    int temporaries = count_files(tmp, "", NULL);
    restart();
    if (saved) {
        setenv("TMPDIR", saved, 1);
        free(saved);
    } else {
        unsetenv("TMPDIR");
    }
    if (v != 42)
        return why("answer() = %d: %s", v, err);
    if (count_files(sub, "", NULL) != 0)
        return "a file was written into the other user's folder";
    if (temporaries != 1)
        return why("%d folders in TMPDIR while running, expected 1", temporaries);
    if (count_files(tmp, "", NULL) != 0)
        return "the private folder is still there after the run";
    return NULL;
}


/* ---------------------------------------------------------------- main */

/* The name of a check that needs root, marked skipped for another user. */
#define ROOT_ONLY(name) (geteuid() ? name " # skipped (needs root)" : name)

int main(void)
{
    if (!setup()) {
        report("setup", "cannot create the folders under /tmp");
        return 1;
    }
    report("jit compile", check_compile());
    report("jit same kernel again in one process", check_same_process());
    report("jit cache folder holds the objects only", check_cache_files());
    report("jit QPIPE_KEEP_KERNELS keeps the source", check_kept());
    report("jit second run loads from the cache", check_second_run());
    report("jit corrupt cache entry rebuilt", check_corrupt());
    report("jit cache entry without the symbol rebuilt", check_lacks_symbol());
    report("jit header content in the key", check_header_in_key());
    report("jit QPIPE_CFLAGS used and in the key", check_flags());
    report("jit syntax error reported with its line", check_syntax_error());
    report("jit missing symbol reported", check_missing_symbol());
    report("jit QPIPE_CC=none unavailable",
           check_unavailable("none", NULL, "QPIPE_CC=none"));
    report("jit missing compiler unavailable",
           check_unavailable("/nonexistent/cc", NULL, "not found"));
    report("jit bad flags unavailable",
           check_unavailable(NULL, "-fPIC -shared --no-such-flag-qpipe",
                             "no-such-flag-qpipe"));
    report("jit threads build one kernel once", check_threads());
    report("jit concurrent processes", check_processes());
    report("jit stale temporary files removed", check_stale_sweep());
    report("jit cache folders created 0700", check_folder_modes());
    report("jit planted object writable by others not loaded", check_planted(false));
    report(ROOT_ONLY("jit planted object of another user not loaded"), check_planted(true));
    report("jit shared cache folder gets qpipe-UID", check_shared_folder(false));
    report(ROOT_ONLY("jit cache folder of another user gets qpipe-UID"), check_shared_folder(true));
    report(ROOT_ONLY("jit planted qpipe-UID of another user not used"), check_planted_subfolder());
    teardown();
    return failures != 0;
}
