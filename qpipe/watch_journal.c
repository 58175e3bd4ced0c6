/*
 * watch_journal.c - the SQLite journal of `qpipe watch` (watch_journal.h).
 *
 * Every state change is one SQL statement or one BEGIN IMMEDIATE transaction, so it is
 * atomic and durable (WAL, synchronous=FULL: a state that was reported is on disk).
 * Updates that end a claim name the owner in their WHERE clause: a process whose claim was
 * taken over as stale cannot overwrite the new owner's state. Times are Unix seconds.
 */
#include "qpipe/watch_journal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include "qpipe/sqlite_dl.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* How long a writer waits for another watcher's transaction before giving up. */
#define BUSY_TIMEOUT_MS 30000

struct WatchJournal {
    sqlite3 *db;
    long pid;
    char host[256];
    long long start;        /* this process's start time (clock ticks after boot) */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS files ("
    " path TEXT PRIMARY KEY,"               /* relative to IN */
    " state TEXT NOT NULL CHECK (state IN ('queued','running','done','failed')),"
    " size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,"
    " hash TEXT,"                           /* of the content as processed */
    " output TEXT,"                         /* the output written (done) */
    " queued_at REAL, started_at REAL, finished_at REAL, seconds REAL,"
    " error TEXT,"
    " attempts INTEGER NOT NULL DEFAULT 0,"  /* claims since it was last queued as new */
    " owner_pid INTEGER, owner_host TEXT, owner_start INTEGER,"
    " not_before REAL NOT NULL DEFAULT 0,"   /* a retry waits until then */
    " changed INTEGER NOT NULL DEFAULT 0"    /* the input changed while it ran */
    ");";

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Field 22 of /proc/PID/stat: when the process started; -1 when there is no such process. */
static long long proc_start(long pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    if (!p)
        return -1;
    p += 2;     /* field 3: a zombie has stopped working (killed, not yet reaped) */
    if (*p == 'Z')
        return -1;
    for (int field = 3; field < 22 && p; field++) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    return p ? atoll(p) : -1;
}

/* Is the owner of a claim still at work? Another host's claim is assumed alive (its
 * processes cannot be seen from here). */
static bool owner_alive(const WatchJournal *j, long pid, const char *host, long long start)
{
    if (!host || strcmp(host, j->host))
        return true;
    if (pid == j->pid && start == j->start)
        return true;
    if (kill((pid_t)pid, 0) && errno == ESRCH)
        return false;
    return proc_start(pid) == start;
}

static int exec_sql(WatchJournal *j, const char *sql)
{
    return sqlite3_exec(j->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

WatchJournal *wj_open(const char *path, bool create, char *err, size_t errlen)
{
    char why[600];
    if (!rt_dl_load(&qp_sqlite_dl, why, sizeof why)) {    /* SQLite: on first use */
        snprintf(err, errlen, "the journal %s needs SQLite, which cannot be loaded (%s)", path, why);
        return NULL;
    }
    WatchJournal *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    j->pid = (long)getpid();
    j->start = proc_start(j->pid);
    if (gethostname(j->host, sizeof j->host - 1))
        strcpy(j->host, "localhost");
    int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE;
    if (sqlite3_open_v2(path, &j->db, flags | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "cannot open the journal %s: %s", path,
                 j->db ? sqlite3_errmsg(j->db) : "out of memory");
        wj_close(j);
        return NULL;
    }
    sqlite3_busy_timeout(j->db, BUSY_TIMEOUT_MS);
    /* Two watchers that create the journal at once: switching to WAL can fail with
     * SQLITE_BUSY without calling the busy handler, so the setup is retried a while. */
    int tries = 0, bad;
    while ((bad = exec_sql(j, "PRAGMA journal_mode=WAL") || exec_sql(j, "PRAGMA synchronous=FULL") ||
                  exec_sql(j, SCHEMA) ||
                  exec_sql(j, "CREATE INDEX IF NOT EXISTS files_state ON files (state, queued_at)")) &&
           (sqlite3_errcode(j->db) == SQLITE_BUSY || sqlite3_errcode(j->db) == SQLITE_LOCKED) && tries++ < 200)
        usleep(25000);
    if (bad) {
        snprintf(err, errlen, "cannot use the journal %s: %s", path, sqlite3_errmsg(j->db));
        wj_close(j);
        return NULL;
    }
    return j;
}

bool wj_unavailable(void) { return rt_dl_failed(&qp_sqlite_dl); }

void wj_close(WatchJournal *j)
{
    if (!j)
        return;
    sqlite3_close(j->db);
    free(j);
}

/* ---------------------------------------------------------------- statements */

/* Prepare sql and bind its arguments by a format: 't' text, 'i' int64, 'd' double. */
static sqlite3_stmt *prep(WatchJournal *j, const char *sql, const char *fmt, ...)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(j->db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "qpipe watch: journal: %s\n", sqlite3_errmsg(j->db));
        return NULL;
    }
    va_list ap;
    va_start(ap, fmt);
    for (int i = 0; fmt[i]; i++) {
        if (fmt[i] == 't') {
            const char *s = va_arg(ap, const char *);
            if (s)
                sqlite3_bind_text(st, i + 1, s, -1, SQLITE_TRANSIENT);
            else
                sqlite3_bind_null(st, i + 1);
        } else if (fmt[i] == 'i') {
            sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        } else {
            sqlite3_bind_double(st, i + 1, va_arg(ap, double));
        }
    }
    va_end(ap);
    return st;
}

/* Run a statement that returns no rows; the number of rows changed, or -1. */
static int run_stmt(WatchJournal *j, sqlite3_stmt *st)
{
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        fprintf(stderr, "qpipe watch: journal: %s\n", sqlite3_errmsg(j->db));
        return -1;
    }
    return sqlite3_changes(j->db);
}

static char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *s = sqlite3_column_text(st, i);
    return s ? strdup((const char *)s) : NULL;
}

/* ---------------------------------------------------------------- hashing */

int wj_hash_file(const char *path, char hex[17])
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    uint64_t h = 0x243F6A8885A308D3ull, total = 0;
    static __thread unsigned char buf[1 << 16];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        total += (uint64_t)n;
        ssize_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t w;
            memcpy(&w, buf + i, 8);
            h = (h ^ w) * 0x9E3779B97F4A7C15ull;
            h ^= h >> 31;
        }
        for (; i < n; i++)
            h = (h ^ buf[i]) * 0x100000001B3ull;
    }
    close(fd);
    if (n < 0)
        return -1;
    h ^= total;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    snprintf(hex, 17, "%016llx", (unsigned long long)h);
    return 0;
}

/* ---------------------------------------------------------------- arrivals */

bool wj_known(WatchJournal *j, const char *rel, int64_t size, int64_t mtime_ns)
{
    sqlite3_stmt *st = prep(j, "SELECT 1 FROM files WHERE path=?1 AND size=?2 AND mtime_ns=?3", "tii", rel, size,
                            mtime_ns);
    bool known = st && sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return known;
}

/* Queue rel again as new content, if its row is still what was read (state, size, mtime). */
static WjOffer requeue(WatchJournal *j, const char *rel, const char *state, int64_t osize, int64_t omtime,
                       int64_t size, int64_t mtime_ns)
{
    int n = run_stmt(j, prep(j,
                             "UPDATE files SET state='queued', size=?5, mtime_ns=?6, hash=NULL, attempts=0, "
                             "queued_at=?7, started_at=NULL, finished_at=NULL, seconds=NULL, error=NULL, "
                             "not_before=0, changed=0 WHERE path=?1 AND state=?2 AND size=?3 AND mtime_ns=?4",
                             "ttiiiid", rel, state, osize, omtime, size, mtime_ns, now_s()));
    return n < 0 ? WJ_ERROR : n ? WJ_CHANGED : WJ_NOTHING;
}

WjOffer wj_offer(WatchJournal *j, const char *rel, const char *path, int64_t size, int64_t mtime_ns)
{
    sqlite3_stmt *st = prep(j, "SELECT state, size, mtime_ns, hash FROM files WHERE path=?1", "t", rel);
    if (!st)
        return WJ_ERROR;
    int step = sqlite3_step(st);
    if (step != SQLITE_ROW) {
        sqlite3_finalize(st);
        int n = run_stmt(j, prep(j,
                                 "INSERT OR IGNORE INTO files (path, state, size, mtime_ns, queued_at) "
                                 "VALUES (?1, 'queued', ?2, ?3, ?4)",
                                 "tiid", rel, size, mtime_ns, now_s()));
        return n < 0 ? WJ_ERROR : n ? WJ_QUEUED : WJ_NOTHING;
    }
    char *state = col_text(st, 0), *hash = col_text(st, 3);
    int64_t osize = sqlite3_column_int64(st, 1), omtime = sqlite3_column_int64(st, 2);
    sqlite3_finalize(st);
    WjOffer r = WJ_NOTHING;
    bool same = osize == size && omtime == mtime_ns;
    if (!state) {
        r = WJ_ERROR;
    } else if (!strcmp(state, "queued")) {
        if (!same && run_stmt(j, prep(j, "UPDATE files SET size=?2, mtime_ns=?3 WHERE path=?1 AND state='queued'",
                                      "tii", rel, size, mtime_ns)) < 0)
            r = WJ_ERROR;
    } else if (!strcmp(state, "running")) {
        if (!same && run_stmt(j, prep(j, "UPDATE files SET changed=1 WHERE path=?1 AND state='running'", "t",
                                      rel)) < 0)
            r = WJ_ERROR;
    } else if (!same) {
        char hex[17];
        /* a failed file that is touched is tried again (the user's way to ask for it) */
        if (!strcmp(state, "done") && osize == size && hash && wj_hash_file(path, hex) == 0 &&
            !strcmp(hex, hash)) {
            /* touched: the same content; remember the new mtime, do not redo */
            int n = run_stmt(j, prep(j, "UPDATE files SET mtime_ns=?4 WHERE path=?1 AND state=?2 AND mtime_ns=?3",
                                     "ttii", rel, state, omtime, mtime_ns));
            r = n < 0 ? WJ_ERROR : n ? WJ_TOUCHED : WJ_NOTHING;
        } else {
            r = requeue(j, rel, state, osize, omtime, size, mtime_ns);
        }
    }
    free(state);
    free(hash);
    return r;
}

/* ---------------------------------------------------------------- claims */

/* A stale claim whose output exists and was written after the claim started: the dead
 * process had renamed it into place and died before it could say so. */
static bool output_of_claim(const char *out, double started_at)
{
    struct stat st;
    if (!out || stat(out, &st))
        return false;
    double mt = (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9;
    return mt >= started_at - 1.0;
}

WjClaimResult wj_claim_next(WatchJournal *j, int max_attempts, char *(*out_of)(const char *rel, void *ctx),
                            void *ctx, WjClaim *c, double *wait_s)
{
    *wait_s = -1;
    memset(c, 0, sizeof *c);
    if (exec_sql(j, "BEGIN IMMEDIATE"))
        return WJ_NONE;
    double now = now_s();
    WjClaimResult r = WJ_NONE;
    sqlite3_stmt *st = prep(j,
                            "SELECT path, state, attempts, owner_pid, owner_host, owner_start, started_at, "
                            "output IS NOT NULL, not_before FROM files WHERE state IN ('queued','running') "
                            "ORDER BY queued_at, path",
                            "");
    char *rel = NULL;
    int attempts = 0;
    bool had_output = false, stale = false;
    double started = 0;
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        const char *state = (const char *)sqlite3_column_text(st, 1);
        double not_before = sqlite3_column_double(st, 8);
        if (!strcmp(state, "queued")) {
            if (not_before > now) {
                if (*wait_s < 0 || not_before - now < *wait_s)
                    *wait_s = not_before - now;
                continue;
            }
        } else if (owner_alive(j, (long)sqlite3_column_int64(st, 3), (const char *)sqlite3_column_text(st, 4),
                               sqlite3_column_int64(st, 5))) {
            continue;
        } else {
            stale = true;
        }
        rel = col_text(st, 0);
        attempts = sqlite3_column_int(st, 2);
        started = sqlite3_column_double(st, 6);
        had_output = sqlite3_column_int(st, 7);
        break;
    }
    sqlite3_finalize(st);
    if (rel) {
        char *out = stale ? out_of(rel, ctx) : NULL;
        int n;
        if (stale && output_of_claim(out, started)) {
            n = run_stmt(j, prep(j,
                                 "UPDATE files SET state='done', output=?2, finished_at=?3, error=NULL, "
                                 "owner_pid=NULL, owner_host=NULL, owner_start=NULL WHERE path=?1",
                                 "ttd", rel, out, now));
            r = WJ_TAKEN_DONE;
        } else if (stale && attempts >= max_attempts) {
            char msg[256];
            snprintf(msg, sizeof msg, "the process handling it died %d times (a crash, or killed)", attempts);
            n = run_stmt(j, prep(j,
                                 "UPDATE files SET state='failed', finished_at=?3, error=?2, owner_pid=NULL, "
                                 "owner_host=NULL, owner_start=NULL WHERE path=?1",
                                 "ttd", rel, msg, now));
            r = WJ_GAVE_UP;
        } else {
            n = run_stmt(j, prep(j,
                                 "UPDATE files SET state='running', attempts=attempts+1, started_at=?2, "
                                 "owner_pid=?3, owner_host=?4, owner_start=?5, changed=0 WHERE path=?1",
                                 "tditi", rel, now, (int64_t)j->pid, j->host, (int64_t)j->start));
            r = WJ_CLAIMED;
            attempts++;
        }
        free(out);
        if (n != 1)
            r = WJ_NONE;
    }
    if (exec_sql(j, "COMMIT")) {
        exec_sql(j, "ROLLBACK");
        r = WJ_NONE;
    }
    if (r == WJ_NONE)
        free(rel);
    else
        *c = (WjClaim){rel, attempts, had_output};
    return r;
}

int wj_set_identity(WatchJournal *j, const char *rel, int64_t size, int64_t mtime_ns, const char *hash)
{
    return run_stmt(j, prep(j, "UPDATE files SET size=?2, mtime_ns=?3, hash=?4 WHERE path=?1 AND owner_pid=?5",
                            "tiiti", rel, size, mtime_ns, hash, (int64_t)j->pid)) < 0 ? -1 : 0;
}

/* The end of our claim: the state (or queued again when the input changed meanwhile). */
static int end_claim(WatchJournal *j, const char *rel, const char *state, const char *output, const char *error,
                     double seconds, double not_before, int attempts_delta)
{
    return run_stmt(j, prep(j,
                            "UPDATE files SET state=CASE WHEN changed THEN 'queued' ELSE ?2 END, "
                            "output=COALESCE(?3, output), error=?4, seconds=?5, finished_at=?6, not_before=?7, "
                            "attempts=CASE WHEN changed THEN 0 ELSE attempts+?8 END, "
                            "queued_at=CASE WHEN changed THEN ?6 ELSE queued_at END, changed=0, "
                            "owner_pid=NULL, owner_host=NULL, owner_start=NULL "
                            "WHERE path=?1 AND state='running' AND owner_pid=?9 AND owner_host=?10",
                            "ttttdddiit", rel, state, output, error, seconds, now_s(), not_before,
                            (int64_t)attempts_delta, (int64_t)j->pid, j->host)) < 0 ? -1 : 0;
}

int wj_done(WatchJournal *j, const char *rel, const char *output, double seconds)
{
    return end_claim(j, rel, "done", output, NULL, seconds, 0.0, 0);
}

int wj_failed(WatchJournal *j, const char *rel, const char *error, double seconds)
{
    return end_claim(j, rel, "failed", NULL, error, seconds, 0.0, 0);
}

int wj_retry(WatchJournal *j, const char *rel, const char *error, double not_before)
{
    return end_claim(j, rel, "queued", NULL, error, 0.0, not_before, 0);
}

int wj_release(WatchJournal *j, const char *rel)
{
    return end_claim(j, rel, "queued", NULL, NULL, 0.0, 0.0, -1);
}

int wj_forget(WatchJournal *j, const char *rel)
{
    return run_stmt(j, prep(j, "DELETE FROM files WHERE path=?1 AND owner_pid=?2 AND owner_host=?3", "tit", rel,
                            (int64_t)j->pid, j->host)) < 0 ? -1 : 0;
}

int wj_pending(WatchJournal *j)
{
    sqlite3_stmt *st = prep(j,
                            "SELECT state, owner_pid, owner_host, owner_start FROM files "
                            "WHERE state IN ('queued','running')",
                            "");
    int n = 0;
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        const char *state = (const char *)sqlite3_column_text(st, 0);
        if (!strcmp(state, "queued") ||
            !owner_alive(j, (long)sqlite3_column_int64(st, 1), (const char *)sqlite3_column_text(st, 2),
                         sqlite3_column_int64(st, 3)))
            n++;
    }
    sqlite3_finalize(st);
    return n;
}

/* ---------------------------------------------------------------- status */

int wj_print_status(WatchJournal *j, FILE *out)
{
    static const char *const states[] = {"queued", "running", "done", "failed"};
    for (int i = 0; i < 4; i++) {
        sqlite3_stmt *st = prep(j, "SELECT COUNT(*) FROM files WHERE state=?1", "t", states[i]);
        if (!st || sqlite3_step(st) != SQLITE_ROW) {
            sqlite3_finalize(st);
            return -1;
        }
        fprintf(out, "%-8s %lld\n", states[i], (long long)sqlite3_column_int64(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_stmt *st = prep(j,
                            "SELECT path, owner_pid, owner_host FROM files WHERE state='running' ORDER BY path", "");
    while (st && sqlite3_step(st) == SQLITE_ROW)
        fprintf(out, "running: %s (pid %lld on %s)\n", sqlite3_column_text(st, 0),
                (long long)sqlite3_column_int64(st, 1), sqlite3_column_text(st, 2));
    sqlite3_finalize(st);
    st = prep(j, "SELECT path, error, attempts FROM files WHERE state='failed' ORDER BY path", "");
    while (st && sqlite3_step(st) == SQLITE_ROW)
        fprintf(out, "failed: %s: %s (attempts %d)\n", sqlite3_column_text(st, 0),
                sqlite3_column_text(st, 1) ? (const char *)sqlite3_column_text(st, 1) : "unknown error",
                sqlite3_column_int(st, 2));
    sqlite3_finalize(st);
    return 0;
}
