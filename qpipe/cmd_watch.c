/*
 * cmd_watch.c - `qpipe watch FILTER.q IN OUT [options]` and `qpipe watch --status OUT`:
 * the watch process, its loop and its workers (watch.h; docs/watch.md).
 *
 * The loop polls the signal pipe, inotify and the workers' pipes, every TICK at most:
 * arrivals that settled are offered to the journal (queued, or changed, or touched), idle
 * workers get the next claim, answers end claims (done, failed, retried with backoff),
 * a worker that died ends its claim as a crash (counted: attempts) and is started again.
 *
 * Why worker processes and not threads: the interpreter runs Quasar code on one thread
 * per runtime, and a kernel that crashes (SIGSEGV) takes its whole process with it. In a
 * worker that costs one file's attempt; the watch process, which owns the journal, lives
 * on. With -j N, N workers share the cores (--threads cores/N each, unless given).
 */
#include "qpipe/watch.h"

#include "qpipe/outfile.h"
#include "qpipe/watch_journal.h"
#include "qpipe/watch_log.h"
#include "qpipe/watch_scan.h"
#include "qpipe/watch_workers.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
    EX_USAGE = 64,
    EX_NOINPUT = 66,
    EX_UNAVAILABLE = 69,
    EX_SOFTWARE = 70,
    EX_CANTCREAT = 73,
    EX_IOERR = 74,
    EX_INTERRUPTED = 130,
};

/* The loop wakes at least this often (seconds) to check candidates that settle. */
#define TICK 0.1
/* A retry waits BACKOFF_BASE * 2^(attempt-1) seconds, at most BACKOFF_MAX. */
#define BACKOFF_BASE 1.0
#define BACKOFF_MAX 60.0
#define MAX_JOBS 64

typedef struct WatchArgs {
    const char *filter, *chain, *in, *out;
    const char *journal, *log, *done_dir, *failed_dir, *format, *status;
    bool recursive, once, overwrite, quiet, verbose, follow, help, threads_given, poll;
    double settle, rescan;
    int retries, jobs;
    char **pass;            /* options for the workers' `qpipe run` */
    int npass;
} WatchArgs;

typedef struct Worker {
    WatchWorker p;          /* the process (watch_workers.h) */
    bool busy;
    char *rel, *out;        /* the file it works on */
    double t0;
    int attempts;           /* of its file, this one included */
} Worker;

typedef struct Watch {
    WatchArgs *a;
    const RunEnv *env;
    char *in, *out;         /* without trailing '/' */
    WatchJournal *j;
    WatchScan *scan;
    WatchLog log;
    Worker w[MAX_JOBS];
    int first_failure;
} Watch;

static volatile sig_atomic_t signals_seen;
static int signal_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    (void)sig;
    signals_seen++;
    int e = errno;
    (void)!write(signal_pipe[1], "s", 1);
    errno = e;
}

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- options */

static void usage(FILE *out)
{
    fputs("usage: qpipe watch FILTER.q IN OUT [--set name=value]... [options]\n"
          "       qpipe watch -f CHAIN IN OUT [options]\n"
          "       qpipe watch --status OUT [--journal PATH]\n"
          "\n"
          "Processes every image and video in IN into OUT (same names), first what is there,\n"
          "then each file that arrives, exactly once (a journal in OUT/.qpipe-watch.db).\n"
          "\n"
          "options:\n"
          "  -r                   also IN's subfolders (mirrored in OUT)\n"
          "  --once               process what is there, then exit (cron, CI)\n"
          "  --settle SECONDS     a file is taken when unchanged that long (default 2)\n"
          "  --rescan SECONDS     look at the whole of IN that often (default 30)\n"
          "  --poll               no inotify: arrivals are found by the rescans only (NFS,\n"
          "                       SMB: inotify does not see other machines' writes)\n"
          "  --journal PATH       the journal (default OUT/.qpipe-watch.db)\n"
          "  --retries N          retries of a file after an I/O error or a crash (default 2)\n"
          "  --done DIR           move each input there once processed\n"
          "  --failed DIR         move each input that failed there\n"
          "  -j N                 files at once (default 1, using all cores)\n"
          "  --log FILE           every event as a JSON line\n"
          "  -y                   overwrite outputs that exist before their input was seen\n"
          "  -q / -v              quiet / verbose\n"
          "and the options of qpipe run (--set, -f, --format, --engine, --gpu, --threads, --double,\n"
          "--max-pixels, --follow-symlinks, --codec, --crf, -an …; qpipe run --help).\n",
          out);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("qpipe watch: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(qpipe watch --help for usage)\n", stderr);
    return EX_USAGE;
}

static int parse_seconds(const char *opt, const char *v, double *out)
{
    char *end;
    double d = v ? strtod(v, &end) : -1;
    if (!v || !*v || *end || !(d >= 0) || d > 86400)
        return bad_usage(opt, v ? v : "");
    *out = d;
    return 0;
}

/* Options of `qpipe run` that take a value (passed to the workers with it). */
static bool run_option_with_value(const char *s)
{
    static const char *const with[] = {"--set",  "-f",     "--format", "--progress", "--threads",
                                       "-threads", "--engine", "--gpu", "--max-pixels"};
    for (size_t i = 0; i < sizeof with / sizeof *with; i++)
        if (!strcmp(s, with[i]))
            return true;
    return false;
}

static int parse_args(int argc, char **argv, WatchArgs *a)
{
    const char *pos[3];
    int npos = 0;
    a->settle = 2;
    a->rescan = 30;
    a->retries = 2;
    a->jobs = 1;
    a->pass = calloc((size_t)argc + 8, sizeof *a->pass);
    if (!a->pass)
        return EX_SOFTWARE;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int rc;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            a->help = true;
        } else if (!strcmp(s, "-r")) {
            a->recursive = true;
        } else if (!strcmp(s, "--once")) {
            a->once = true;
        } else if (!strcmp(s, "--poll")) {
            a->poll = true;     /* network file systems: inotify sees no other client's writes */
        } else if (!strcmp(s, "--status")) {
            if (!v)
                return bad_usage("%s", "--status needs OUT");
            a->status = argv[++i];
        } else if (!strcmp(s, "--settle")) {
            if ((rc = parse_seconds("--settle needs seconds, not '%s'", v, &a->settle)))
                return rc;
            i++;
        } else if (!strcmp(s, "--rescan")) {
            if ((rc = parse_seconds("--rescan needs seconds, not '%s'", v, &a->rescan)))
                return rc;
            if (a->rescan < 0.1)
                return bad_usage("--rescan needs at least 0.1 seconds, not '%s'", v);
            i++;
        } else if (!strcmp(s, "--journal") || !strcmp(s, "--log") || !strcmp(s, "--done") ||
                   !strcmp(s, "--failed")) {
            if (!v)
                return bad_usage("option '%s' needs a value", s);
            const char **dst = s[2] == 'j' ? &a->journal : s[2] == 'l' ? &a->log : s[2] == 'd' ? &a->done_dir
                                                                                            : &a->failed_dir;
            *dst = argv[++i];
        } else if (!strcmp(s, "--retries") || !strcmp(s, "-j")) {
            char *end;
            long n = v ? strtol(v, &end, 10) : -1;
            bool j = s[1] == 'j';
            if (!v || !*v || *end || n < (j ? 1 : 0) || n > (j ? MAX_JOBS : 100))
                return bad_usage(j ? "-j needs a number from 1 to 64, not '%s'"
                                   : "--retries needs a number from 0 to 100, not '%s'", v ? v : "");
            *(j ? &a->jobs : &a->retries) = (int)n;
            i++;
        } else if (s[0] == '-' && s[1] && strcmp(s, "--")) {
            /* an option of qpipe run: the workers check it */
            if (!strcmp(s, "-y"))
                a->overwrite = true;
            if (!strcmp(s, "-q"))
                a->quiet = true;
            if (!strcmp(s, "-v") || !strcmp(s, "--verbose"))
                a->verbose = true;
            if (!strcmp(s, "--follow-symlinks"))
                a->follow = true;
            if (!strcmp(s, "-n") || !strcmp(s, "--progress"))
                return bad_usage("'%s' is an option of qpipe run only", s);
            if (!strcmp(s, "-y"))
                continue;       /* the watch process decides about outputs */
            a->pass[a->npass++] = (char *)s;
            int before = i;
            RunMedia m;
            run_media_init(&m);
            int mr = run_media_option(argc, argv, &i, &m);
            if (mr > 1)
                return mr;
            if (mr == 1) {
                for (int k = before + 1; k <= i; k++)
                    a->pass[a->npass++] = argv[k];
                continue;
            }
            if (run_option_with_value(s)) {
                if (!v)
                    return bad_usage("option '%s' needs a value", s);
                a->pass[a->npass++] = argv[++i];
                if (!strcmp(s, "-f"))
                    a->chain = v;
                if (!strcmp(s, "--format"))
                    a->format = v;
                if (!strcmp(s, "--threads") || !strcmp(s, "-threads"))
                    a->threads_given = true;
            }
        } else {
            if (npos == 3)
                return bad_usage("too many arguments at '%s'", s);
            pos[npos++] = s;
        }
    }
    if (a->help || a->status)
        return 0;
    int k = a->chain ? 0 : 1;
    if (!a->chain && npos)
        a->filter = pos[0];
    if (!a->filter && !a->chain)
        return bad_usage("%s", "missing FILTER.q (or -f CHAIN)");
    if (npos - k != 2)
        return bad_usage("%s", "needs IN and OUT after the filter");
    a->in = pos[k];
    a->out = pos[k + 1];
    return 0;
}

/* ---------------------------------------------------------------- paths */

static char *strip_slash(const char *s)
{
    char *r = strdup(s);
    size_t n = r ? strlen(r) : 0;
    while (n > 1 && r[n - 1] == '/')
        r[--n] = '\0';
    return r;
}

static char *join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s", a, b);
    return s;
}

/* mkdir -p of the folder that holds path. */
static int make_parents(const char *path)
{
    char *p = strdup(path);
    if (!p)
        return -1;
    for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = '\0';
        if (mkdir(p, 0777) && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    free(p);
    return 0;
}

/* OUT/rel, the last name made safe (outfile.h), an image given --format's extension. */
static char *output_of(const char *rel, void *ctx)
{
    const Watch *w = ctx;
    const char *slash = strrchr(rel, '/');
    bool changed;
    char *base = outfile_safe_name(slash ? slash + 1 : rel, &changed);
    if (!base)
        return NULL;
    const char *fmt = w->a->format;
    if (fmt && io_is_image(base)) {
        fmt += fmt[0] == '.';
        char *dot = strrchr(base, '.');
        if (dot)
            *dot = '\0';
        char *b = malloc(strlen(base) + strlen(fmt) + 2);
        if (b)
            sprintf(b, "%s.%s", base, fmt);
        free(base);
        base = b;
        if (!base)
            return NULL;
    }
    size_t n = strlen(w->out) + strlen(rel) + strlen(base) + 3;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%.*s%s", w->out, slash ? (int)(slash - rel + 1) : 0, rel, base);
    free(base);
    return out;
}

/* Sweep the temporaries of dead processes in OUT and its subfolders. */
static void sweep_tree(const char *dir, int depth)
{
    outfile_sweep(dir);
    if (depth > 32)
        return;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char *p = join(dir, e->d_name);
        struct stat st;
        if (p && !lstat(p, &st) && S_ISDIR(st.st_mode))
            sweep_tree(p, depth + 1);
        free(p);
    }
    if (d)
        closedir(d);
}

/* --done/--failed: IN/rel moves to DIR/rel. */
static void move_input(Watch *w, const char *rel, const char *dir)
{
    if (!dir)
        return;
    char *from = join(w->in, rel), *to = join(dir, rel);
    if (from && to && (make_parents(to) || rename(from, to)))
        wlog_event(&w->log, "warning", rel, to, -1, strerror(errno));
    else if (from && to)
        wlog_event(&w->log, "moved", rel, to, -1, NULL);
    free(from);
    free(to);
}

/* ---------------------------------------------------------------- workers */

/* Start a worker: `qpipe run --watch-worker [--threads cores/N] [options] [-- FILTER]`. */
static int worker_start(Watch *w, Worker *k)
{
    const WatchArgs *a = w->a;
    char threads[24];
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(threads, sizeof threads, "%ld", cores / a->jobs > 1 ? cores / a->jobs : 1);
    char **argv = calloc((size_t)a->npass + 8, sizeof *argv);
    if (!argv)
        return -1;
    int n = 0;
    argv[n++] = "qpipe";
    argv[n++] = "run";
    argv[n++] = "--watch-worker";
    if (a->jobs > 1 && !a->threads_given) {
        argv[n++] = "--threads";
        argv[n++] = threads;
    }
    for (int i = 0; i < a->npass; i++)
        argv[n++] = a->pass[i];
    if (a->filter) {
        argv[n++] = "--";
        argv[n++] = (char *)a->filter;
    }
    int rc = ww_start(&k->p, argv);
    free(argv);
    return rc;
}

static void claim_clear(Worker *k)
{
    free(k->rel);
    free(k->out);
    k->rel = k->out = NULL;
    k->busy = false;
}

/* Retry an error that may pass (I/O, a crash), or give up: failed. */
static void end_with_error(Watch *w, Worker *k, int rc, const char *error, bool may_pass, int attempts)
{
    double secs = mono() - k->t0;
    if (may_pass && attempts <= w->a->retries) {
        double wait = fmin(BACKOFF_MAX, BACKOFF_BASE * pow(2, attempts - 1));
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        wj_retry(w->j, k->rel, error, (double)ts.tv_sec + ts.tv_nsec * 1e-9 + wait);
        wlog_event(&w->log, "retry", k->rel, NULL, secs, error);
    } else {
        wj_failed(w->j, k->rel, error, secs);
        wlog_event(&w->log, "failed", k->rel, NULL, secs, error);
        if (!w->first_failure)
            w->first_failure = rc;
        move_input(w, k->rel, w->a->failed_dir);
    }
}

/* The worker answered rc for its file. */
static void worker_answered(Watch *w, Worker *k, int rc)
{
    ww_drain_err(&k->p, w->a->verbose);
    if (rc == 0) {
        double secs = mono() - k->t0;
        wj_done(w->j, k->rel, k->out, secs);
        wlog_event(&w->log, "done", k->rel, k->out, secs, NULL);
        move_input(w, k->rel, w->a->done_dir);
    } else if (rc == EX_INTERRUPTED) {
        wj_release(w->j, k->rel);
        wlog_event(&w->log, "released", k->rel, NULL, -1, "interrupted: queued again");
    } else {
        end_with_error(w, k, rc, ww_error(&k->p, "failed"), rc == EX_IOERR || rc == EX_SOFTWARE, k->attempts);
    }
    claim_clear(k);
}

/* The worker is gone (crash, killed, or it ended): its file's claim ends as a crash. */
static void worker_died(Watch *w, Worker *k)
{
    char why[128];
    ww_reap(&k->p, why, sizeof why);
    if (k->busy) {
        char msg[WW_ERRBUF_MAX + 200];
        const char *said = ww_error(&k->p, NULL);
        snprintf(msg, sizeof msg, "%s%s%s", said ? said : "", said ? "\n" : "", why);
        end_with_error(w, k, EX_SOFTWARE, msg, true, k->attempts);
        claim_clear(k);
    }
}

/* Read the worker's answers: one exit code per file. */
static void worker_read(Watch *w, Worker *k)
{
    int rc, r;
    while ((r = ww_next_answer(&k->p, &rc)) > 0)
        if (k->busy)
            worker_answered(w, k, rc);
    if (r < 0)
        worker_died(w, k);
}

/* Hand a claimed file to an idle worker (or end its claim when it cannot start). */
static void dispatch(Watch *w, Worker *k, WjClaim *c)
{
    k->rel = c->rel;
    k->attempts = c->attempts;
    k->busy = true;
    k->t0 = mono();
    ww_clear_err(&k->p);
    k->out = output_of(c->rel, w);
    char *in = join(w->in, c->rel);
    struct stat st;
    char hash[17];
    if (!in || !k->out) {
        end_with_error(w, k, EX_SOFTWARE, "out of memory", false, c->attempts);
    } else if (stat(in, &st) && errno == ENOENT) {
        wj_forget(w->j, c->rel);
        wlog_event(&w->log, "gone", c->rel, NULL, -1, NULL);
    } else if (stat(in, &st) || wj_hash_file(in, hash)) {
        end_with_error(w, k, EX_NOINPUT, strerror(errno), true, c->attempts);
    } else if (!c->had_output && !w->a->overwrite && !access(k->out, F_OK)) {
        char msg[PATH_MAX + 64];
        snprintf(msg, sizeof msg, "%s exists (use -y to overwrite)", k->out);
        end_with_error(w, k, EX_CANTCREAT, msg, false, c->attempts);
    } else if (make_parents(k->out)) {
        char msg[PATH_MAX + 64];
        snprintf(msg, sizeof msg, "cannot create the folder of %s: %s", k->out, strerror(errno));
        end_with_error(w, k, EX_CANTCREAT, msg, true, c->attempts);
    } else {
        int64_t mt = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        wj_set_identity(w->j, c->rel, (int64_t)st.st_size, mt, hash);
        wlog_event(&w->log, "start", c->rel, k->out, -1, NULL);
        bool sent = !ww_send(&k->p, in, k->out, c->had_output || w->a->overwrite);
        free(in);
        if (!sent)
            worker_died(w, k);      /* ends the claim as a crash */
        return;
    }
    free(in);
    claim_clear(k);
}

/* ---------------------------------------------------------------- the loop */

static bool skip_known(const char *rel, int64_t size, int64_t mtime_ns, void *ctx)
{
    return wj_known(((Watch *)ctx)->j, rel, size, mtime_ns);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(((const WsFile *)x)->rel, ((const WsFile *)y)->rel);
}

/* Offer what settled to the journal, in name order (the order files are then done in). */
static void offer_settled(Watch *w, double now)
{
    size_t n;
    WsFile *f = ws_settled(w->scan, now, &n);
    if (n > 1)
        qsort(f, n, sizeof *f, by_name);
    for (size_t i = 0; i < n; i++) {
        char *path = join(w->in, f[i].rel);
        WjOffer r = path ? wj_offer(w->j, f[i].rel, path, f[i].size, f[i].mtime_ns) : WJ_ERROR;
        static const char *const names[] = {NULL, "queued", "changed", "touched", NULL};
        if (names[r])
            wlog_event(&w->log, names[r], f[i].rel, NULL, -1, NULL);
        free(path);
    }
    ws_files_free(f, n);
}

/* Give every idle worker a file; start workers as needed. */
static void fill_workers(Watch *w)
{
    for (int i = 0; i < w->a->jobs; i++) {
        Worker *k = &w->w[i];
        if (k->busy || (k->p.pid && !k->p.ready))
            continue;
        for (;;) {
            WjClaim c;
            double wait;
            WjClaimResult r = wj_claim_next(w->j, w->a->retries + 1, output_of, w, &c, &wait);
            if (r == WJ_NONE)
                return;
            if (r == WJ_TAKEN_DONE) {
                char *out = output_of(c.rel, w);
                wlog_event(&w->log, "done", c.rel, out, -1, NULL);
                free(out);
                move_input(w, c.rel, w->a->done_dir);
                free(c.rel);
                continue;
            }
            if (r == WJ_GAVE_UP) {
                wlog_event(&w->log, "failed", c.rel, NULL, -1, "the process handling it died too often");
                if (!w->first_failure)
                    w->first_failure = EX_SOFTWARE;
                move_input(w, c.rel, w->a->failed_dir);
                free(c.rel);
                continue;
            }
            if (!k->p.pid && worker_start(w, k)) {
                wj_release(w->j, c.rel);
                free(c.rel);
                fprintf(stderr, "qpipe watch: cannot start a worker: %s\n", strerror(errno));
                return;
            }
            dispatch(w, k, &c);
            break;
        }
    }
}

static int busy_workers(const Watch *w)
{
    int n = 0;
    for (int i = 0; i < w->a->jobs; i++)
        n += w->w[i].busy;
    return n;
}

/* Start the first worker and wait until its chain is loaded: a filter that does not load
 * ends the watch with its exit code. */
static int first_worker(Watch *w)
{
    Worker *k = &w->w[0];
    if (worker_start(w, k)) {
        fprintf(stderr, "qpipe watch: cannot start a worker: %s\n", strerror(errno));
        return EX_SOFTWARE;
    }
    while (!k->p.ready) {
        struct pollfd p[3] = {{k->p.res, POLLIN, 0}, {k->p.err, POLLIN, 0}, {signal_pipe[0], POLLIN, 0}};
        if (poll(p, 3, -1) < 0 && errno != EINTR)
            return EX_SOFTWARE;
        if (signals_seen) {
            kill(k->p.pid, SIGTERM);
            ww_reap(&k->p, NULL, 0);
            return EX_INTERRUPTED;
        }
        ww_drain_err(&k->p, true);      /* the filter's errors, as qpipe run prints them */
        int rc;
        if (ww_next_answer(&k->p, &rc) < 0) {
            int status = ww_reap(&k->p, NULL, 0);
            rc = WIFEXITED(status) ? WEXITSTATUS(status) : EX_SOFTWARE;
            return rc ? rc : EX_SOFTWARE;
        }
    }
    return 0;
}

/* A second signal: interrupt the workers (their temporaries are removed), queue their
 * files again. */
static void abort_workers(Watch *w)
{
    for (int i = 0; i < w->a->jobs; i++)
        if (w->w[i].p.pid)
            kill(w->w[i].p.pid, SIGTERM);
    for (int i = 0; i < w->a->jobs; i++) {
        Worker *k = &w->w[i];
        if (!k->p.pid)
            continue;
        ww_reap(&k->p, NULL, 0);
        if (k->busy) {
            wj_release(w->j, k->rel);
            wlog_event(&w->log, "released", k->rel, NULL, -1, "interrupted: queued again");
            claim_clear(k);
        }
    }
}

static int loop(Watch *w)
{
    double now = mono(), last_rescan = now;
    ws_rescan(w->scan, now, skip_known, w);
    for (;;) {
        if (signals_seen >= 2) {
            fprintf(stderr, "qpipe watch: interrupted again: stopping the current files\n");
            abort_workers(w);
            return EX_INTERRUPTED;
        }
        bool stopping = signals_seen == 1;
        now = mono();
        if (ws_fd(w->scan) >= 0)
            ws_read_events(w->scan, now);
        if (now - last_rescan >= w->a->rescan) {
            ws_rescan(w->scan, now, skip_known, w);
            last_rescan = now;
        }
        if (!stopping) {
            offer_settled(w, now);
            fill_workers(w);
        }
        int busy = busy_workers(w);
        if (stopping && !busy)
            return 0;
        if (w->a->once && !busy && !ws_waiting(w->scan) && !wj_pending(w->j))
            return w->first_failure;
        struct pollfd p[2 + 2 * MAX_JOBS];
        Worker *who[2 + 2 * MAX_JOBS];
        int np = 0;
        p[np] = (struct pollfd){signal_pipe[0], POLLIN, 0};
        who[np++] = NULL;
        if (ws_fd(w->scan) >= 0) {
            p[np] = (struct pollfd){ws_fd(w->scan), POLLIN, 0};
            who[np++] = NULL;
        }
        for (int i = 0; i < w->a->jobs; i++) {
            Worker *k = &w->w[i];
            if (!k->p.pid)
                continue;
            if (k->p.err >= 0) {
                p[np] = (struct pollfd){k->p.err, POLLIN, 0};
                who[np++] = k;
            }
            p[np] = (struct pollfd){k->p.res, POLLIN, 0};
            who[np++] = k;
        }
        if (poll(p, (nfds_t)np, (int)(TICK * 1000)) < 0 && errno != EINTR)
            return EX_SOFTWARE;
        char drain[64];
        if (p[0].revents)
            (void)!read(signal_pipe[0], drain, sizeof drain);
        if (signals_seen == 1 && !stopping && !w->a->quiet)
            fprintf(stderr, "qpipe watch: stopping after the current files (again to interrupt them)\n");
        for (int i = 1; i < np; i++) {
            Worker *k = who[i];
            if (!k || !p[i].revents || !k->p.pid)
                continue;
            if (p[i].fd == k->p.err)
                ww_drain_err(&k->p, w->a->verbose);
            else
                worker_read(w, k);
        }
    }
}

/* ---------------------------------------------------------------- entry */

static int status(const WatchArgs *a)
{
    char *out = strip_slash(a->status);
    char *path = a->journal ? strdup(a->journal) : out ? join(out, ".qpipe-watch.db") : NULL;
    free(out);
    if (!path)
        return EX_SOFTWARE;
    if (access(path, F_OK)) {
        fprintf(stderr, "qpipe watch: no journal at %s\n", path);
        free(path);
        return EX_NOINPUT;
    }
    char err[512];
    WatchJournal *j = wj_open(path, false, err, sizeof err);
    free(path);
    if (!j) {
        fprintf(stderr, "qpipe watch: %s\n", err);
        return wj_unavailable() ? EX_UNAVAILABLE : EX_NOINPUT;
    }
    int rc = wj_print_status(j, stdout) ? EX_SOFTWARE : 0;
    wj_close(j);
    return rc;
}

static int setup(Watch *w, char *err, size_t errlen)
{
    const WatchArgs *a = w->a;
    struct stat st;
    w->in = strip_slash(a->in);
    w->out = strip_slash(a->out);
    char *probe = w->out ? join(w->out, "x") : NULL;
    if (!w->in || !probe || make_parents(probe) || stat(w->out, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot create the folder %s: %s", a->out, strerror(errno));
        free(probe);
        return EX_CANTCREAT;
    }
    free(probe);
    char *rin = realpath(w->in, NULL), *rout = realpath(w->out, NULL);
    bool same = rin && rout && !strcmp(rin, rout);
    free(rin);
    if (same) {
        free(rout);
        snprintf(err, errlen, "IN and OUT are the same folder");
        return EX_USAGE;
    }
    char *jpath = a->journal ? strdup(a->journal) : join(w->out, ".qpipe-watch.db");
    w->j = jpath ? wj_open(jpath, true, err, errlen) : NULL;
    free(jpath);
    if (!w->j) {
        free(rout);
        return wj_unavailable() ? EX_UNAVAILABLE : EX_CANTCREAT;
    }
    w->scan = ws_new(w->in, a->recursive, a->follow, a->poll, rout, a->settle, err, errlen);
    free(rout);
    if (!w->scan)
        return EX_NOINPUT;
    if (a->log && !(w->log.json = fopen(a->log, "a"))) {
        snprintf(err, errlen, "cannot write --log %s: %s", a->log, strerror(errno));
        return EX_CANTCREAT;
    }
    sweep_tree(w->out, 0);
    return 0;
}

int cmd_watch(int argc, char **argv, const RunEnv *env)
{
    WatchArgs a = {0};
    int rc = parse_args(argc, argv, &a);
    if (rc || a.help) {
        if (a.help)
            usage(stdout);
        free(a.pass);
        return rc;
    }
    if (a.status) {
        rc = status(&a);
        free(a.pass);
        return rc;
    }
    Watch w = {.a = &a, .env = env, .log = {.tty = isatty(2), .quiet = a.quiet, .verbose = a.verbose}};
    if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) == 0) {
        struct sigaction sa = {.sa_handler = on_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        signal(SIGPIPE, SIG_IGN);
    }
    char err[1024] = "";
    /* the filter loads (its errors end the watch) before OUT and the journal are made */
    struct stat st;
    if (stat(a.in, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, sizeof err, "%s: not a folder", a.in);
        rc = EX_NOINPUT;
    } else if (!(rc = first_worker(&w))) {
        rc = setup(&w, err, sizeof err);
    }
    if (rc && err[0])
        fprintf(stderr, "qpipe watch: %s\n", err);
    else if (!rc)
        rc = loop(&w);
    if (rc == EX_INTERRUPTED)
        fprintf(stderr, "qpipe watch: interrupted\n");
    for (int i = 0; i < MAX_JOBS; i++)
        if (w.w[i].p.pid)
            ww_reap(&w.w[i].p, NULL, 0);       /* its stdin ends: the worker exits */
    if (w.log.json)
        fclose(w.log.json);
    ws_free(w.scan);
    wj_close(w.j);
    free(w.in);
    free(w.out);
    free(a.pass);
    return rc;
}
