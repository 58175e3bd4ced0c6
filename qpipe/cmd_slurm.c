/*
 * cmd_slurm.c - `qpipe slurm FILTER.q IN OUT [--tasks N] [--wait] [--sbatch-args "…"]
 * [--dry-run] [run options]`: `qpipe run` as Slurm jobs (docs/scale-out.md).
 *
 * A folder (or glob) of images becomes one array job of N tasks, task i running `qpipe run
 * … --shard i/N`. One video becomes an array job of N segments (`qpipe run … --segment i/N`
 * into OUT.qpipe-slurm/part-i.nut, video only, timestamps kept), and an assembly job
 * submitted with --dependency=afterok on it (`qpipe assemble`, which copies the audio and
 * other streams of IN once, then removes the parts). The job scripts, their logs and the
 * parts live in the job folder: OUT/.qpipe-slurm/ for a folder, OUT.qpipe-slurm/ beside a
 * video. Scripts name everything by absolute path, the qpipe binary included (this one),
 * so they run from any working directory of a node that sees the same file system.
 *
 * Submission is `sbatch --parsable [--sbatch-args] SCRIPT`; the job ids go to stdout, one a
 * line. --wait polls `scontrol -o show job` every second (no accounting database needed)
 * until every job has ended, cancels an assembly whose segments failed, and exits with
 * the first failed task's exit code (that of `qpipe run`), 70 for a job that ended without
 * one (cancelled, timed out, node failure). --dry-run prints the scripts and submits
 * nothing. Options this command does not know are passed to every `qpipe run` unchanged.
 */
#include "qpipe/inputs.h"
#include "qpipe/scaleout.h"

#include "io/io.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { EX_USAGE = 64, EX_NOINPUT = 66, EX_UNAVAILABLE = 69, EX_SOFTWARE = 70, EX_CANTCREAT = 73 };

#define DEFAULT_TASKS 4

typedef struct Slurm {
    const char *filter, *chain;         /* FILTER.q (or a preset's name), or -f CHAIN */
    char *in, *out;                     /* absolute */
    char *qpipe;                        /* this binary, absolute */
    char *jobdir;
    const char *sbatch_args;
    const char **pass;                  /* run options passed through */
    int npass;
    bool overwrite, wait, dry_run;
    int tasks;
} Slurm;

static int usage(FILE *f)
{
    fputs("usage: qpipe slurm FILTER.q IN OUT [--tasks N] [--wait] [--sbatch-args \"...\"] [--dry-run]\n"
          "                   [run options]\n"
          "       qpipe slurm -f CHAIN IN OUT [options]\n"
          "\n"
          "IN a folder or glob of images: an array job of N tasks, each `qpipe run --shard i/N`.\n"
          "IN a video: an array job of N segments split at key frames (`qpipe run --segment\n"
          "i/N`), then a job that assembles them into OUT (--dependency=afterok).\n"
          "FILTER.q, IN and OUT come first; other options go to every `qpipe run`.\n"
          "\n"
          "  --tasks N            number of tasks (default 4; at most the files, or the key\n"
          "                       frames of the video)\n"
          "  --wait               block until the jobs end; exit with their status\n"
          "  --sbatch-args \"...\"  more sbatch options (partition, --gres, --time ...)\n"
          "  --dry-run            print the job scripts, submit nothing\n"
          "Job scripts and logs: OUT/.qpipe-slurm/ (folder) or OUT.qpipe-slurm/ (video).\n",
          f);
    return f == stdout ? 0 : EX_USAGE;
}

/* s in single quotes for sh. */
static char *shq(const char *s)
{
    size_t n = 3;
    for (const char *p = s; *p; p++)
        n += *p == '\'' ? 4 : 1;
    char *q = malloc(n), *w = q;
    if (!q)
        return NULL;
    *w++ = '\'';
    for (const char *p = s; *p; p++) {
        if (*p == '\'') {
            memcpy(w, "'\\''", 4);
            w += 4;
        } else
            *w++ = *p;
    }
    *w++ = '\'';
    *w = '\0';
    return q;
}

static void put_q(FILE *f, const char *s)
{
    char *q = shq(s);
    fputs(q ? q : "''", f);
    free(q);
}

/* An absolute path for p, which need not exist (its folder must, unless `make`). */
static char *absolute(const char *p)
{
    char buf[PATH_MAX];
    if (realpath(p, buf))
        return strdup(buf);
    char *copy = strdup(p);
    if (!copy)
        return NULL;
    size_t len = strlen(copy);
    while (len > 1 && copy[len - 1] == '/')
        copy[--len] = '\0';
    char *slash = strrchr(copy, '/');
    const char *base = slash ? slash + 1 : copy;
    const char *dir = slash ? (slash == copy ? "/" : copy) : ".";
    if (slash)
        *slash = '\0';
    char *r = NULL;
    if (realpath(dir, buf) && (r = malloc(strlen(buf) + strlen(base) + 2)))
        sprintf(r, "%s%s%s", buf, strcmp(buf, "/") ? "/" : "", base);
    else if (!r)
        r = NULL;
    free(copy);
    return r;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int mkdirs(const char *path)
{
    char *p = strdup(path);
    if (!p)
        return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    int rc = mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
    free(p);
    return rc;
}

static int parse(int argc, char **argv, Slurm *s)
{
    s->tasks = DEFAULT_TASKS;
    s->sbatch_args = "";
    s->pass = calloc((size_t)argc + 1, sizeof *s->pass);
    const char *pos[3];
    int npos = 0;
    if (!s->pass)
        return EX_SOFTWARE;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout) ? EX_USAGE : -1;
        if ((!strcmp(a, "--tasks") || !strcmp(a, "--sbatch-args")) && !more) {
            fprintf(stderr, "qpipe slurm: %s needs a value\n", a);
            return EX_USAGE;
        }
        if (!strcmp(a, "--wait"))
            s->wait = true;
        else if (!strcmp(a, "--dry-run"))
            s->dry_run = true;
        else if (!strcmp(a, "--tasks") && more) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (!*argv[i] || *end || n < 1 || n > 100000) {
                fprintf(stderr, "qpipe slurm: --tasks needs a number from 1 to 100000, not '%s'\n", argv[i]);
                return EX_USAGE;
            }
            s->tasks = (int)n;
        } else if (!strcmp(a, "--sbatch-args") && more)
            s->sbatch_args = argv[++i];
        else if (!strcmp(a, "--shard") || !strcmp(a, "--segment")) {
            fprintf(stderr, "qpipe slurm: %s is chosen by qpipe slurm for each task\n", a);
            return EX_USAGE;
        } else if (npos == 0 && !s->filter && !s->chain && !strcmp(a, "-f") && more)
            s->chain = argv[++i];
        else if (npos < 3 - (s->chain != NULL) && (a[0] != '-' || !a[1]) && s->npass == 0)
            pos[npos++] = a;
        else {
            if (!strcmp(a, "-y"))
                s->overwrite = true;
            s->pass[s->npass++] = a;
        }
    }
    int need = s->chain ? 2 : 3;
    if (npos != need) {
        fprintf(stderr, "qpipe slurm: needs %s IN OUT before the options\n", s->chain ? "-f CHAIN" : "FILTER.q");
        usage(stderr);
        return EX_USAGE;
    }
    int k = 0;
    if (!s->chain)
        s->filter = pos[k++];
    if (!(s->in = absolute(pos[k])) || !(s->out = absolute(pos[k + 1]))) {
        fprintf(stderr, "qpipe slurm: %s: %s\n", s->in ? pos[k + 1] : pos[k], strerror(errno));
        return s->in ? EX_CANTCREAT : EX_NOINPUT;
    }
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return EX_SOFTWARE;
    self[n] = '\0';
    s->qpipe = strdup(self);
    return 0;
}

/* "'/abs/qpipe' run 'FILTER' 'IN'" (or -f 'CHAIN') */
static void put_run(FILE *f, const Slurm *s)
{
    put_q(f, s->qpipe);
    fputs(" run ", f);
    if (s->chain) {
        fputs("-f ", f);
        put_q(f, s->chain);
    } else {
        char *abs = access(s->filter, R_OK) == 0 ? absolute(s->filter) : NULL;    /* else a preset's name */
        put_q(f, abs ? abs : s->filter);
        free(abs);
    }
    fputc(' ', f);
    put_q(f, s->in);
}

static void put_pass(FILE *f, const Slurm *s, bool segments)
{
    for (int i = 0; i < s->npass; i++) {
        if (segments && (!strcmp(s->pass[i], "-y") || !strcmp(s->pass[i], "-n")))
            continue;           /* parts are rewritten when a task runs again */
        fputc(' ', f);
        put_q(f, s->pass[i]);
    }
}

static void header(FILE *f, const char *name, const char *what, const Slurm *s, int tasks, const char *log)
{
    fprintf(f, "#!/bin/sh\n# %s (written by qpipe slurm)\n#SBATCH --job-name=qpipe-%s\n", what, name);
    if (tasks)
        fprintf(f, "#SBATCH --array=0-%d\n", tasks - 1);
    fprintf(f, "#SBATCH --output=%s/%s\n", s->jobdir, log);
}

static char *part_name(const Slurm *s, const char *index)
{
    char *p = malloc(strlen(s->jobdir) + strlen(index) + 16);
    if (p)
        sprintf(p, "%s/part-%s.nut", s->jobdir, index);
    return p;
}

/* The scripts (text) of a folder (one) or a video (two). */
static char *shard_script(const Slurm *s, int tasks)
{
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    header(f, "shard", "qpipe run over the i-th of N shards of a folder, i = SLURM_ARRAY_TASK_ID", s, tasks,
           "shard-%a.log");
    fputs("exec ", f);
    put_run(f, s);
    fputc(' ', f);
    put_q(f, s->out);
    fprintf(f, " --shard \"$SLURM_ARRAY_TASK_ID/%d\"", tasks);
    put_pass(f, s, false);
    fputc('\n', f);
    fclose(f);
    return text;
}

static char *segment_script(const Slurm *s, int tasks)
{
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    header(f, "segment", "qpipe run over the i-th of N segments of a video, i = SLURM_ARRAY_TASK_ID", s, tasks,
           "segment-%a.log");
    fputs("exec ", f);
    put_run(f, s);
    fputc(' ', f);
    fprintf(f, "'%s/part-'\"$SLURM_ARRAY_TASK_ID\"'.nut'", s->jobdir);     /* jobdir has no quote (checked) */
    fprintf(f, " --segment \"$SLURM_ARRAY_TASK_ID/%d\" -y", tasks);
    put_pass(f, s, true);
    fputc('\n', f);
    fclose(f);
    return text;
}

static char *assemble_script(const Slurm *s, int tasks)
{
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    header(f, "assemble", "the segments joined into OUT, the audio and other streams of IN copied once", s, 0,
           "assemble.log");
    fputs("set -e\n", f);
    put_q(f, s->qpipe);
    fputs(" assemble ", f);
    put_q(f, s->in);
    fputc(' ', f);
    put_q(f, s->out);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < tasks; i++) {
            char idx[16];
            snprintf(idx, sizeof idx, "%d", i);
            char *part = part_name(s, idx);
            fputc(' ', f);
            put_q(f, part ? part : "");
            free(part);
        }
        fputs(pass ? "\n" : s->overwrite ? " -y\nrm -f" : "\nrm -f", f);
    }
    fclose(f);
    return text;
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        fprintf(stderr, "qpipe slurm: cannot write %s: %s\n", path, strerror(errno));
        return EX_CANTCREAT;
    }
    chmod(path, 0755);
    return 0;
}

/* sbatch --parsable [extra] [sbatch-args] SCRIPT: the job id (> 0), or 0 after printing why. */
static long submit(const Slurm *s, const char *script, const char *extra)
{
    char *qs = shq(script);
    size_t n = strlen(s->sbatch_args) + strlen(extra) + (qs ? strlen(qs) : 0) + 64;
    char *cmd = malloc(n);
    if (!qs || !cmd) {
        free(qs);
        free(cmd);
        return 0;
    }
    snprintf(cmd, n, "sbatch --parsable %s %s %s 2>&1", extra, s->sbatch_args, qs);
    free(qs);
    FILE *p = popen(cmd, "r");
    char line[1024] = "", all[4096] = "";
    while (p && fgets(line, sizeof line, p))
        if (strlen(all) + strlen(line) < sizeof all)
            strcat(all, line);
    int st = p ? pclose(p) : -1;
    long id = strtol(all, NULL, 10);
    if (st != 0 || id <= 0) {
        size_t l = strlen(all);
        while (l && all[l - 1] == '\n')
            all[--l] = '\0';
        fprintf(stderr, "qpipe slurm: %s failed%s%s\n", cmd, all[0] ? ": " : "",
                all[0] ? all : WIFEXITED(st) && WEXITSTATUS(st) == 127 ? "sbatch not found" : "");
        id = 0;
    }
    free(cmd);
    return id;
}

/* The value of KEY= in a line of `scontrol -o show job` into buf. */
static const char *field(const char *line, const char *key, char *buf, size_t len)
{
    size_t kl = strlen(key);
    buf[0] = '\0';
    for (const char *p = line; (p = strstr(p, key)); p += kl) {
        if ((p == line || p[-1] == ' ') && p[kl] == '=') {
            size_t i = 0;
            for (p += kl + 1; *p && *p != ' ' && *p != '\n' && i + 1 < len; p++)
                buf[i++] = *p;
            buf[i] = '\0';
            break;
        }
    }
    return buf;
}

/* One poll of job id: 1 while it runs, 0 when it has ended (*code its status). */
static int poll_job(long id, int *code, bool *seen)
{
    char cmd[64], line[8192], state[64], reason[128], exitc[32];
    snprintf(cmd, sizeof cmd, "scontrol -o show job %ld 2>&1", id);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 1;
    int running = 0, worst = 0, records = 0;
    while (fgets(line, sizeof line, p)) {
        if (!strstr(line, "JobState="))
            continue;
        records++;
        field(line, "JobState", state, sizeof state);
        field(line, "Reason", reason, sizeof reason);
        field(line, "ExitCode", exitc, sizeof exitc);
        int ec = atoi(exitc);
        if (!strcmp(state, "PENDING") && !strcmp(reason, "DependencyNeverSatisfied")) {
            char kill[64];
            snprintf(kill, sizeof kill, "scancel %ld >/dev/null 2>&1", id);
            if (system(kill) != 0)
                fprintf(stderr, "qpipe slurm: cannot cancel job %ld\n", id);
            if (!worst)
                worst = EX_SOFTWARE;
            continue;
        }
        if (!strcmp(state, "COMPLETED"))
            continue;
        if (!strcmp(state, "FAILED") || !strcmp(state, "CANCELLED") || !strcmp(state, "TIMEOUT") ||
            !strcmp(state, "NODE_FAIL") || !strcmp(state, "OUT_OF_MEMORY") || !strcmp(state, "PREEMPTED") ||
            !strcmp(state, "BOOT_FAIL") || !strcmp(state, "DEADLINE")) {
            if (!worst)
                worst = ec > 0 && !strcmp(state, "FAILED") ? ec : EX_SOFTWARE;
            continue;
        }
        running = 1;            /* PENDING, RUNNING, CONFIGURING, COMPLETING, SUSPENDED … */
    }
    pclose(p);
    if (records)
        *seen = true;
    else if (!*seen)
        return 1;               /* not listed yet */
    if (!running && worst)
        *code = worst;
    return running;
}

static int wait_jobs(const long *ids, int n)
{
    int codes[2] = {0, 0};
    bool seen[2] = {false, false}, done[2] = {false, false};
    for (;;) {
        int left = 0;
        for (int i = 0; i < n; i++) {
            if (!done[i] && !poll_job(ids[i], &codes[i], &seen[i])) {
                done[i] = true;
                fprintf(stderr, "qpipe slurm: job %ld ended: %s\n", ids[i], codes[i] ? "failed" : "completed");
            }
            left += !done[i];
        }
        if (!left)
            break;
        sleep(1);
    }
    for (int i = 0; i < n; i++)
        if (codes[i])
            return codes[i];
    return 0;
}

static int run(Slurm *s)
{
    bool folder = is_dir(s->in) || (inputs_has_glob(s->in) && access(s->in, F_OK) != 0);
    if (!folder && access(s->in, R_OK) != 0) {
        fprintf(stderr, "qpipe slurm: %s: %s\n", s->in, strerror(errno));
        return EX_NOINPUT;
    }
    if (!folder && io_is_image(s->in)) {
        fprintf(stderr, "qpipe slurm: %s is one image: give a folder of images or a video\n", s->in);
        return EX_USAGE;
    }
    int tasks = s->tasks;
    if (folder) {
        size_t n;
        char **list = inputs_list_images(s->in, false, &n);
        for (size_t i = 0; i < n; i++)
            free(list[i]);
        free(list);
        if (!n) {
            fprintf(stderr, "qpipe slurm: no images in %s\n", s->in);
            return EX_NOINPUT;
        }
        if ((size_t)tasks > n)
            tasks = (int)n;
    } else {
        IoVideoIndex ix;
        char err[1024];
        if (io_video_index(s->in, &ix, err, sizeof err)) {
            fprintf(stderr, "qpipe slurm: %s\n", err);
            return io_video_unavailable() ? EX_UNAVAILABLE : EX_NOINPUT;
        }
        int64_t keys = 1;
        for (int64_t i = 1; i < ix.n; i++)
            keys += ix.key[i];
        io_video_index_free(&ix);
        if (keys < tasks) {
            fprintf(stderr, "qpipe slurm: %s has %lld key frames: %lld segments\n", s->in, (long long)keys,
                    (long long)keys);
            tasks = (int)keys;
        }
    }
    if (!folder && !s->overwrite && access(s->out, F_OK) == 0) {
        fprintf(stderr, "qpipe slurm: %s exists (use -y to overwrite)\n", s->out);
        return EX_CANTCREAT;        /* before the work, not at its assembly */
    }
    size_t jl = strlen(s->out) + 32;
    if (!(s->jobdir = malloc(jl)))
        return EX_SOFTWARE;
    snprintf(s->jobdir, jl, folder ? "%s/.qpipe-slurm" : "%s.qpipe-slurm", s->out);
    if (strpbrk(s->jobdir, " \t\n'\"%\\")) {
        fprintf(stderr, "qpipe slurm: the job folder %s has a blank, quote, %% or \\ in its name, which Slurm's "
                "--output cannot hold\n", s->jobdir);
        return EX_USAGE;
    }
    char *scripts[2] = {folder ? shard_script(s, tasks) : segment_script(s, tasks),
                        folder ? NULL : assemble_script(s, tasks)};
    const char *names[2] = {folder ? "shard.sh" : "segment.sh", "assemble.sh"};
    int nscripts = folder ? 1 : 2, rc = 0;
    char *paths[2] = {NULL, NULL};
    for (int i = 0; i < nscripts; i++) {
        if (!scripts[i] || !(paths[i] = malloc(strlen(s->jobdir) + 16)))
            rc = EX_SOFTWARE;
        else
            sprintf(paths[i], "%s/%s", s->jobdir, names[i]);
    }
    if (!rc && s->dry_run) {
        for (int i = 0; i < nscripts; i++)
            printf("### %s: sbatch --parsable%s%s%s %s\n%s\n", paths[i], i ? " --dependency=afterok:JOBID" : "",
                   s->sbatch_args[0] ? " " : "", s->sbatch_args, paths[i], scripts[i]);
    } else if (!rc) {
        if ((folder && mkdirs(s->out)) || mkdirs(s->jobdir)) {
            fprintf(stderr, "qpipe slurm: cannot create %s: %s\n", s->jobdir, strerror(errno));
            rc = EX_CANTCREAT;
        }
        for (int i = 0; i < nscripts && !rc; i++)
            rc = write_file(paths[i], scripts[i]);
        long ids[2] = {0, 0};
        for (int i = 0; i < nscripts && !rc; i++) {
            char extra[64] = "";
            if (i)
                snprintf(extra, sizeof extra, "--dependency=afterok:%ld", ids[0]);
            if (!(ids[i] = submit(s, paths[i], extra)))
                rc = EX_UNAVAILABLE;
            else
                printf("%ld\n", ids[i]);
        }
        fflush(stdout);
        if (!rc)
            fprintf(stderr, "qpipe slurm: submitted %s%d tasks; scripts and logs in %s\n",
                    folder ? "" : "an assembly after ", tasks, s->jobdir);
        if (!rc && s->wait) {
            rc = wait_jobs(ids, nscripts);
            if (rc)
                fprintf(stderr, "qpipe slurm: the jobs failed (exit %d); their logs are in %s\n", rc, s->jobdir);
        }
    }
    for (int i = 0; i < 2; i++) {
        free(scripts[i]);
        free(paths[i]);
    }
    return rc;
}

int cmd_slurm(int argc, char **argv)
{
    Slurm s = {0};
    int rc = parse(argc, argv, &s);
    if (rc < 0)
        rc = 0;                 /* --help */
    else if (!rc)
        rc = run(&s);
    free(s.in);
    free(s.out);
    free(s.qpipe);
    free(s.jobdir);
    free(s.pass);
    return rc;
}
