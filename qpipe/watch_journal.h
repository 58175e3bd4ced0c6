/*
 * watch_journal.h - the journal of `qpipe watch` (watch_journal.c): the state of every
 * input of a watch folder in an SQLite database, OUT/.qpipe-watch.db by default.
 *
 * One row per input, keyed by its path relative to IN. States: queued (settled, waiting for
 * a worker, or waiting for its retry time), running (claimed by one process: its pid, host
 * and start time), done (its output renamed into place), failed (with the error). Every
 * state change is one transaction (BEGIN IMMEDIATE: several watchers on one journal are
 * serialised by SQLite's write lock), the database is in WAL mode (readers such as
 * `--status` never block the writers) with a busy timeout. A claim of a process that is
 * gone (same host, and that pid is dead or belongs to a process started at another time)
 * is stale and taken over; attempts are counted at each claim, so a file that kills its
 * process every time ends failed instead of being retried for ever.
 */
#ifndef QPIPE_WATCH_JOURNAL_H
#define QPIPE_WATCH_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct WatchJournal WatchJournal;

/* Open (create) the journal at path. NULL with err set; wj_unavailable() then says
 * whether SQLite (opened on first use, sqlite_dl.h) could not be loaded (exit 69). */
WatchJournal *wj_open(const char *path, bool create, char *err, size_t errlen);
bool wj_unavailable(void);
void wj_close(WatchJournal *j);

/* What wj_offer did with a settled file. */
typedef enum WjOffer {
    WJ_NOTHING,         /* known with the same size and mtime, or already queued/running */
    WJ_QUEUED,          /* new: queued */
    WJ_CHANGED,         /* done or failed before, its content changed: queued again */
    WJ_TOUCHED,         /* only its mtime changed, the content hash is the same: not redone */
    WJ_ERROR,
} WjOffer;

/* A settled input `rel` (IN/rel is `path`) of size bytes and mtime_ns. */
WjOffer wj_offer(WatchJournal *j, const char *rel, const char *path, int64_t size, int64_t mtime_ns);
/* The journal already knows rel with this size and mtime (rescans skip such files). */
bool wj_known(WatchJournal *j, const char *rel, int64_t size, int64_t mtime_ns);

/* One claimed input. */
typedef struct WjClaim {
    char *rel;
    int attempts;           /* this one included */
    bool had_output;        /* it was done before: its output may be replaced */
} WjClaim;

/* What wj_claim_next found. */
typedef enum WjClaimResult {
    WJ_CLAIMED,         /* *c is ours (running); the caller frees c->rel */
    WJ_NONE,            /* nothing to do now; *wait_s: seconds until a retry is due (-1 none) */
    WJ_TAKEN_DONE,      /* a stale claim whose output had been renamed: marked done (c->rel) */
    WJ_GAVE_UP,         /* a stale claim past max_attempts: marked failed (c->rel) */
} WjClaimResult;

/* Claim the next queued input (or a stale claim) for this process. out_dir/out_of(rel)
 * is how a stale claim's output is found. max_attempts counts claims. */
WjClaimResult wj_claim_next(WatchJournal *j, int max_attempts, char *(*out_of)(const char *rel, void *ctx),
                            void *ctx, WjClaim *c, double *wait_s);
/* After the claim: the input's identity as processed (hash of its content). */
int wj_set_identity(WatchJournal *j, const char *rel, int64_t size, int64_t mtime_ns, const char *hash);
/* The claim ended: done with output and seconds; or failed with the error; or queued again
 * (retry after not_before, the error kept); or released (interrupted: queued, the attempt
 * not counted). A file that changed while it ran is queued again instead of done. */
int wj_done(WatchJournal *j, const char *rel, const char *output, double seconds);
int wj_failed(WatchJournal *j, const char *rel, const char *error, double seconds);
int wj_retry(WatchJournal *j, const char *rel, const char *error, double not_before);
int wj_release(WatchJournal *j, const char *rel);
/* Our claimed input is gone from IN (deleted or moved away before it was processed): its
 * row is removed. */
int wj_forget(WatchJournal *j, const char *rel);
/* Queued inputs that this process may claim now or later (for --once). */
int wj_pending(WatchJournal *j);

/* `qpipe watch --status`: counts by state and the failures with their errors. */
int wj_print_status(WatchJournal *j, FILE *out);

/* The content hash of a file (64-bit, hex): a fast non-cryptographic hash that tells a
 * touched file from a modified one. 0, or -1 when it cannot be read. */
int wj_hash_file(const char *path, char hex[17]);

#endif
