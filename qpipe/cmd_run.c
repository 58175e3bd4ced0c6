/*
 * cmd_run.c - `qpipe run`: a filter (or a chain of them) over an image, a folder or glob
 * of images, or a video (run.h; DESIGN.md "Filters", "Errors").
 *
 *   qpipe run FILTER.q IN OUT [--set name=value]… [options]
 *   qpipe run -f "denoise(sigma=10), sharpen(amount=0.6)" IN OUT [options]
 *   qpipe run FILTER.q --help
 *
 * Every output is written under a temporary name in its target folder (.qpipe-PID-NAME,
 * keeping the extension that chooses the format) and renamed when complete, so an error or
 * Ctrl-C never leaves a partial file under the final name. Exit codes are sysexits: 64
 * usage (unknown option or parameter, bad value), 65 error in a filter, 66 input missing
 * or unreadable, 69 codec unavailable, 73 output exists (no -y) or cannot be created,
 * 74 I/O error while processing, 130 interrupted. A batch continues past a bad file and
 * exits with the first failure's code.
 */
#include "qpipe/run.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
    EX_OK = 0,
    EX_USAGE = 64,
    EX_PROGRAM = 65,
    EX_NOINPUT = 66,
    EX_UNAVAILABLE = 69,
    EX_SOFTWARE = 70,
    EX_CANTCREAT = 73,
    EX_IOERR = 74,
    EX_INTERRUPTED = 130,
};

volatile sig_atomic_t run_interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    run_interrupted = 1;
}

/* ---------------------------------------------------------------- options */

typedef struct Setting {
    const char *name, *value;
} Setting;

typedef struct RunArgs {
    const char *filter;         /* FILTER.q, or NULL with -f */
    const char *chain;          /* -f text */
    const char *in, *out;
    Setting *sets;
    int nsets;
    bool overwrite, quiet, verbose, help, dbl;
    int threads;
    const char *format;         /* --format ext */
    const char *progress;       /* --progress FILE or - */
    IoVideoOutOptions vo;
} RunArgs;

static void run_usage(FILE *out)
{
    fputs("usage: qpipe run FILTER.q IN OUT [--set name=value]... [options]\n"
          "       qpipe run -f \"denoise(sigma=10), sharpen(amount=0.6)\" IN OUT [options]\n"
          "       qpipe run FILTER.q --help      the filter's parameters\n"
          "\n"
          "IN and OUT: an image and an image; a folder or glob of images and a folder (same\n"
          "names); a video and a video.\n"
          "\n"
          "options:\n"
          "  --set name=value     set a parameter of the filter (repeatable)\n"
          "  -f CHAIN             filters in order; a name is presets/NAME.q or a path\n"
          "  -y                   overwrite existing outputs\n"
          "  -q / -v              quiet / verbose (engine, kernels, timings)\n"
          "  --format EXT         image format of a folder's outputs (png, tif, jpg, ppm)\n"
          "  --codec C --crf N --preset P --pix-fmt F --bitrate B[k|M]\n"
          "                       video encoder (default libx264, crf 18, preset medium)\n"
          "  --progress FILE|-    FFmpeg-style key=value progress blocks\n"
          "  --double --threads N as for qpipe exec\n",
          out);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("qpipe run: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(qpipe run --help for usage)\n", stderr);
    return EX_USAGE;
}

static int64_t parse_bitrate(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v <= 0)
        return -1;
    if (*end == 'k' || *end == 'K')
        v *= 1e3, end++;
    else if (*end == 'M' || *end == 'm')
        v *= 1e6, end++;
    return *end ? -1 : (int64_t)v;
}

/* Parse argv into a; 0 or an exit code. */
static int parse_args(int argc, char **argv, RunArgs *a)
{
    const char *pos[3];
    int npos = 0;
    a->vo.crf = 18;
    a->sets = calloc((size_t)argc + 1, sizeof *a->sets);
    if (!a->sets)
        return EX_SOFTWARE;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool more = i + 1 < argc;
#define VALUE() (more ? argv[++i] : NULL)
        if (!strcmp(s, "--help") || !strcmp(s, "-h"))
            a->help = true;
        else if (!strcmp(s, "-y"))
            a->overwrite = true;
        else if (!strcmp(s, "-q"))
            a->quiet = true;
        else if (!strcmp(s, "-v") || !strcmp(s, "--verbose"))
            a->verbose = true;
        else if (!strcmp(s, "--double"))
            a->dbl = true;
        else if (s[0] == '-' && s[1] && !more && strcmp(s, "-"))
            return bad_usage("option '%s' needs a value (or is unknown)", s);
        else if (!strcmp(s, "--set") || !strncmp(s, "--set=", 6)) {
            const char *kv = s[5] == '=' ? s + 6 : VALUE();
            const char *eq = strchr(kv, '=');
            if (!eq || eq == kv)
                return bad_usage("--set needs name=value, not '%s'", kv);
            a->sets[a->nsets].name = strndup(kv, (size_t)(eq - kv));
            a->sets[a->nsets++].value = eq + 1;
        } else if (!strcmp(s, "-f"))
            a->chain = VALUE();
        else if (!strcmp(s, "--format"))
            a->format = VALUE();
        else if (!strcmp(s, "--codec"))
            a->vo.codec = VALUE();
        else if (!strcmp(s, "--preset"))
            a->vo.preset = VALUE();
        else if (!strcmp(s, "--pix-fmt"))
            a->vo.pix_fmt = VALUE();
        else if (!strcmp(s, "--progress"))
            a->progress = VALUE();
        else if (!strcmp(s, "--crf")) {
            char *end;
            const char *v = VALUE();
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 0 || n > 63)
                return bad_usage("--crf needs a number from 0 to 63, not '%s'", v);
            a->vo.crf = (int)n;
        } else if (!strcmp(s, "--bitrate")) {
            const char *v = VALUE();
            a->vo.bitrate = parse_bitrate(v);
            if (a->vo.bitrate < 0)
                return bad_usage("--bitrate needs bits per second (5M, 800k), not '%s'", v);
            a->vo.crf = -1;
        } else if (!strcmp(s, "--threads")) {
            char *end;
            const char *v = VALUE();
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 1 || n > 1024)
                return bad_usage("--threads needs a number from 1 to 1024, not '%s'", v);
            a->threads = (int)n;
        } else if (s[0] == '-' && s[1])
            return bad_usage("unknown option '%s'", s);
        else if (npos < 3)
            pos[npos++] = s;
        else
            return bad_usage("too many arguments at '%s'", s);
#undef VALUE
    }
    int k = 0;
    if (!a->chain && npos > 0)
        a->filter = pos[k++];
    if (a->help)
        return 0;
    if (!a->filter && !a->chain)
        return bad_usage("%s", "missing FILTER.q (or -f CHAIN)");
    if (npos - k != 2)
        return bad_usage("%s", "needs IN and OUT after the filter");
    a->in = pos[k];
    a->out = pos[k + 1];
    return 0;
}

/* ---------------------------------------------------------------- the chain */

int run_chain_init(const RunChain *c, const RtFilterInfo *info)
{
    for (int i = 0; i < c->n; i++) {
        int rc = rt_filter_init(c->f[i], info);
        if (rc)
            return rc;
    }
    return 0;
}

int run_chain_apply(const RunChain *c, Value x, Value *y)
{
    Value cur = x;
    rt_retain(cur);
    for (int i = 0; i < c->n; i++) {
        Value next;
        int rc = rt_filter_process(c->f[i], cur, &next);
        rt_release(cur);
        if (rc) {
            *y = rt_undef();
            return rc;
        }
        cur = next;
    }
    *y = cur;
    return 0;
}

static void list_params(const RtFilter *f)
{
    fprintf(stderr, "parameters of %s:", rt_filter_path(f));
    if (!rt_filter_nparams(f))
        fprintf(stderr, " (none)");
    fputc('\n', stderr);
    for (int i = 0; i < rt_filter_nparams(f); i++) {
        const RtFilterParam *p = rt_filter_param(f, i);
        fprintf(stderr, "  %s (default %s)\n", p->name, p->default_text ? p->default_text : "none");
    }
}

static RtFilter *load_filter(const char *path, const RunArgs *a, const RunEnv *env, int *rc)
{
    RtOptions opt = {
        .dbl = a->dbl,
        .threads = a->threads,
        .module_path = env->module_path,
        .kernel_dir = env->kernel_dir,
        .verbose = a->verbose,
    };
    return rt_filter_load(env->host, &opt, path, stderr, stderr, rc);
}

/* Load the filters of "a(x=1), b, c(y=2)" (chain_text.c) in order, with their settings. */
static int load_chain_text(const char *text, const RunArgs *a, const RunEnv *env, RunChain *c)
{
    RunChainItem *items;
    int n, rc = 0;
    char err[512];
    if (run_chain_parse(text, env->presets_dir, &items, &n, err, sizeof err)) {
        fprintf(stderr, "qpipe run: %s\n", err);
        return EX_USAGE;
    }
    for (int i = 0; i < n && !rc; i++) {
        RtFilter *f = load_filter(items[i].path, a, env, &rc);
        if (!f) {
            rc = rc ? rc : EX_SOFTWARE;
            break;
        }
        c->f[c->n++] = f;
        if (run_chain_settings(f, items[i].settings, err, sizeof err)) {
            fprintf(stderr, "qpipe run: %s\n", err);
            list_params(f);
            rc = EX_USAGE;
        }
    }
    run_chain_items_free(items, n);
    return rc;
}

/* --set name=value: to the filter that has the name (every one of a chain that does). */
static int apply_sets(const RunArgs *a, RunChain *c)
{
    for (int s = 0; s < a->nsets; s++) {
        int hits = 0;
        char err[512] = "";
        for (int i = 0; i < c->n; i++) {
            RtFilter *f = c->f[i];
            bool has = false;
            for (int k = 0; k < rt_filter_nparams(f); k++)
                has |= !strcmp(rt_filter_param(f, k)->name, a->sets[s].name);
            if (!has && c->n > 1)
                continue;
            if (rt_filter_set(f, a->sets[s].name, a->sets[s].value, err, sizeof err)) {
                fprintf(stderr, "qpipe run: %s\n", err);
                list_params(f);
                return EX_USAGE;
            }
            hits++;
        }
        if (!hits) {
            fprintf(stderr, "qpipe run: no filter of the chain has a parameter '%s'\n", a->sets[s].name);
            for (int i = 0; i < c->n; i++)
                list_params(c->f[i]);
            return EX_USAGE;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- progress */

double run_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void run_progress(RunProgress *p, int64_t done, int64_t total, double fps_in, bool end)
{
    double now = run_now();
    if (!end && now - p->last < 0.5)
        return;
    p->last = now;
    double el = now - p->start;
    double fps = el > 0 ? done / el : 0;
    if (p->tty) {
        fprintf(stderr, "\rframe %lld", (long long)done);
        if (total > 0)
            fprintf(stderr, "/%lld", (long long)total);
        fprintf(stderr, "  %.1f fps", fps);
        if (total > 0 && fps > 0 && !end) {
            long eta = (long)((total - done) / fps + 0.5);
            fprintf(stderr, "  ETA %ld:%02ld", eta / 60, eta % 60);
        }
        fputs(end ? "   \n" : "   ", stderr);
        p->line_shown = !end;
    }
    if (p->file) {
        fprintf(p->file, "frame=%lld\nfps=%.2f\n", (long long)done, fps);
        if (total > 0)
            fprintf(p->file, "total_frames=%lld\n", (long long)total);
        if (fps_in > 0)
            fprintf(p->file, "out_time_us=%lld\n", (long long)(done / fps_in * 1e6));
        fprintf(p->file, "elapsed=%.3f\nprogress=%s\n", el, end ? "end" : "continue");
        fflush(p->file);
    }
}

/* ---------------------------------------------------------------- outputs */

/* dir/.qpipe-PID-base: the same folder (rename stays atomic) and the same extension. */
static char *temp_name(const char *out)
{
    char *a = strdup(out), *b = strdup(out);
    char *t = NULL;
    if (a && b) {
        const char *dir = dirname(a), *base = basename(b);
        size_t len = strlen(dir) + strlen(base) + 40;
        if ((t = malloc(len)))
            snprintf(t, len, "%s/.qpipe-%ld-%s", dir, (long)getpid(), base);
    }
    free(a);
    free(b);
    return t;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Run one image through the chain into out. An exit code; the message is printed. */
static int run_image(const RunChain *c, const char *in, const char *out, const RunArgs *a)
{
    if (exists(out) && !a->overwrite) {
        fprintf(stderr, "qpipe run: %s exists (use -y to overwrite)\n", out);
        return EX_CANTCREAT;
    }
    char err[1024] = "";
    double t0 = run_now();
    Value x = io_image_read(in, IO_IMAGE_RGB, c->dbl, err, sizeof err);
    if (x.kind == V_UNDEF) {
        fprintf(stderr, "qpipe run: %s\n", err[0] ? err : in);
        return EX_NOINPUT;
    }
    double t1 = run_now();
    RtFilterInfo info = {(int)x.a->dims[1], (int)x.a->dims[0], 0, 1};
    Value y = rt_undef();
    int rc = run_chain_init(c, &info);
    if (!rc)
        rc = run_chain_apply(c, x, &y);
    rt_release(x);
    if (rc) {
        fprintf(stderr, "qpipe run: %s: the filter failed\n", in);
        return rc;
    }
    double t2 = run_now();
    char *tmp = temp_name(out);
    IoImageWrite wo = {.bits = 8};
    if (!tmp || io_image_write(tmp, y.a, &wo, err, sizeof err) < 0) {
        fprintf(stderr, "qpipe run: %s\n", tmp ? err : "out of memory");
        if (tmp)
            unlink(tmp);
        free(tmp);
        rt_release(y);
        return EX_CANTCREAT;
    }
    rt_release(y);
    if (run_interrupted || rename(tmp, out)) {
        if (!run_interrupted)
            fprintf(stderr, "qpipe run: cannot write %s: %s\n", out, strerror(errno));
        unlink(tmp);
        free(tmp);
        return run_interrupted ? EX_INTERRUPTED : EX_CANTCREAT;
    }
    free(tmp);
    if (a->verbose)
        fprintf(stderr, "qpipe run: %s -> %s: read %.1f ms, filter %.1f ms, write %.1f ms\n", in, out,
                (t1 - t0) * 1e3, (t2 - t1) * 1e3, (run_now() - t2) * 1e3);
    return 0;
}

static bool has_glob(const char *s) { return strpbrk(s, "*?[") != NULL; }

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The images of a folder or glob, sorted. */
static char **list_images(const char *in, size_t *n)
{
    *n = 0;
    char **list = NULL;
    size_t cap = 0;
    if (has_glob(in) && !is_dir(in)) {
        glob_t g;
        if (glob(in, 0, NULL, &g) == 0) {
            for (size_t i = 0; i < g.gl_pathc; i++)
                if (!is_dir(g.gl_pathv[i]) && io_is_image(g.gl_pathv[i])) {
                    if (*n == cap && !(list = realloc(list, (cap = cap * 2 + 16) * sizeof *list)))
                        break;
                    list[(*n)++] = strdup(g.gl_pathv[i]);
                }
            globfree(&g);
        }
    } else {
        DIR *d = opendir(in);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            size_t len = strlen(in) + strlen(e->d_name) + 2;
            char *p = malloc(len);
            if (!p)
                break;
            snprintf(p, len, "%s/%s", in, e->d_name);
            if (is_dir(p) || !io_is_image(p)) {
                free(p);
                continue;
            }
            if (*n == cap && !(list = realloc(list, (cap = cap * 2 + 16) * sizeof *list)))
                break;
            list[(*n)++] = p;
        }
        if (d)
            closedir(d);
    }
    if (list)
        qsort(list, *n, sizeof *list, cmp_str);
    return list;
}

/* A folder or glob of images into the folder out: same names, --format's extension. */
static int run_batch(const RunChain *c, const RunArgs *a)
{
    size_t n;
    char **list = list_images(a->in, &n);
    if (!n) {
        fprintf(stderr, "qpipe run: no images in %s\n", a->in);
        free(list);
        return EX_NOINPUT;
    }
    if (!is_dir(a->out) && mkdir(a->out, 0777) && errno != EEXIST) {
        fprintf(stderr, "qpipe run: cannot create the folder %s: %s\n", a->out, strerror(errno));
        for (size_t i = 0; i < n; i++)
            free(list[i]);
        free(list);
        return EX_CANTCREAT;
    }
    int first = 0, failed = 0;
    RunProgress pr = {.tty = !a->quiet && isatty(2), .start = run_now()};
    for (size_t i = 0; i < n && !run_interrupted; i++) {
        char *b = strdup(list[i]);
        const char *base = basename(b);
        size_t len = strlen(a->out) + strlen(base) + (a->format ? strlen(a->format) : 0) + 4;
        char *out = malloc(len);
        snprintf(out, len, "%s/%s", a->out, base);
        if (a->format) {
            char *dot = strrchr(out + strlen(a->out) + 1, '.');
            if (dot)
                *dot = '\0';
            strcat(out, ".");
            strcat(out, a->format[0] == '.' ? a->format + 1 : a->format);
        }
        int rc = run_image(c, list[i], out, a);
        if (rc) {
            failed++;
            if (!first)
                first = rc;
        }
        if (pr.tty)
            run_progress(&pr, (int64_t)i + 1, (int64_t)n, 0, false);
        free(out);
        free(b);
        free(list[i]);
        list[i] = NULL;
    }
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
    if (pr.line_shown)
        fputc('\n', stderr);
    if (run_interrupted)
        return EX_INTERRUPTED;
    if (failed)
        fprintf(stderr, "qpipe run: %d of %zu images failed\n", failed, n);
    else if (!a->quiet)
        fprintf(stderr, "qpipe run: %zu images written to %s\n", n, a->out);
    return first;
}

static int run_video(const RunChain *c, const RunArgs *a)
{
    if (exists(a->out) && !a->overwrite) {
        fprintf(stderr, "qpipe run: %s exists (use -y to overwrite)\n", a->out);
        return EX_CANTCREAT;
    }
    char *tmp = temp_name(a->out);
    if (!tmp)
        return EX_SOFTWARE;
    RunProgress pr = {.tty = !a->quiet && isatty(2), .quiet = a->quiet, .verbose = a->verbose, .start = run_now()};
    if (a->progress) {
        pr.file = !strcmp(a->progress, "-") ? stdout : fopen(a->progress, "w");
        if (!pr.file) {
            fprintf(stderr, "qpipe run: cannot write --progress %s: %s\n", a->progress, strerror(errno));
            free(tmp);
            return EX_CANTCREAT;
        }
    }
    char err[1024] = "";
    int rc = pipe_run_video(c, a->in, tmp, &a->vo, &pr, err, sizeof err);
    if (pr.file && pr.file != stdout)
        fclose(pr.file);
    if (!rc && (run_interrupted || rename(tmp, a->out))) {
        rc = run_interrupted ? EX_INTERRUPTED : EX_CANTCREAT;
        snprintf(err, sizeof err, "cannot write %s: %s", a->out, strerror(errno));
    }
    if (rc) {
        unlink(tmp);
        if (rc == EX_INTERRUPTED)
            fprintf(stderr, "qpipe run: interrupted; %s not written\n", a->out);
        else if (err[0])
            fprintf(stderr, "qpipe run: %s\n", err);
    } else if (!a->quiet) {
        fprintf(stderr, "qpipe run: wrote %s\n", a->out);
    }
    free(tmp);
    return rc;
}

/* ---------------------------------------------------------------- entry */

int cmd_run(int argc, char **argv, const RunEnv *env)
{
    RunArgs a = {0};
    int rc = parse_args(argc, argv, &a);
    RunChain c = {.f = calloc((size_t)argc + 2, sizeof *c.f)};
    if (rc || !c.f)
        goto done;
    if (a.help && !a.filter && !a.chain) {
        run_usage(stdout);
        goto done;
    }
    c.dbl = a.dbl;
    rt_host_set_threads(env->host, a.threads);
    if (a.chain)
        rc = load_chain_text(a.chain, &a, env, &c);
    else if ((c.f[0] = load_filter(a.filter, &a, env, &rc)))
        c.n = 1;
    if (rc)
        goto done;
    if (a.help) {
        for (int i = 0; i < c.n; i++)
            rt_filter_help(c.f[i], stdout);
        goto done;
    }
    if ((rc = apply_sets(&a, &c)))
        goto done;
    if (a.verbose) {
        fprintf(stderr, "qpipe run: engine CPU (%s precision); filters:", a.dbl ? "double" : "single");
        for (int i = 0; i < c.n; i++)
            fprintf(stderr, " %s", rt_filter_path(c.f[i]));
        fputc('\n', stderr);
    }

    struct sigaction sa = {.sa_handler = on_sigint};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    if (is_dir(a.in) || (has_glob(a.in) && !exists(a.in))) {
        rc = run_batch(&c, &a);
    } else if (!exists(a.in)) {
        fprintf(stderr, "qpipe run: %s: no such file\n", a.in);
        rc = EX_NOINPUT;
    } else if (io_is_image(a.in)) {
        if (is_dir(a.out)) {
            char *b = strdup(a.in);
            size_t len = strlen(a.out) + strlen(a.in) + 2;
            char *out = malloc(len);
            snprintf(out, len, "%s/%s", a.out, basename(b));
            rc = run_image(&c, a.in, out, &a);
            free(out);
            free(b);
        } else {
            rc = run_image(&c, a.in, a.out, &a);
        }
        if (!rc && !a.quiet)
            fprintf(stderr, "qpipe run: wrote %s\n", a.out);
    } else {
        rc = run_video(&c, &a);
    }
    if (run_interrupted)
        rc = EX_INTERRUPTED;
done:
    for (int i = 0; c.f && i < c.n; i++)
        rt_filter_free(c.f[i]);
    free(c.f);
    for (int i = 0; i < a.nsets; i++)
        free((char *)a.sets[i].name);
    free(a.sets);
    return rc;
}
