/*
 * cmd_run.c - `qpipe run`: a filter (or a chain of them) over an image, a folder or glob
 * of images, or a video (run.h; DESIGN.md "Filters", "Errors").
 *
 *   qpipe run FILTER.q IN OUT [--set name=value]… [options]
 *   qpipe run -f "denoise(sigma=10), sharpen(amount=0.6)" IN OUT [options]
 *   qpipe run FILTER.q --help
 *
 * Every output is written under a temporary name in its target folder and renamed when
 * complete, never over a file that appeared meanwhile without -y (outfile.h), so an error
 * or Ctrl-C never leaves a partial file under the final name. Ctrl-C stops the filter at
 * its next loop iteration or call (signals.h). Exit codes are sysexits: 64 usage (unknown
 * option or parameter, bad value), 65 error in a filter or an input larger than
 * --max-pixels, 66 input missing or unreadable, 69 codec unavailable, 70 a kernel crashed,
 * 73 output exists (no -y) or cannot be created, 74 I/O error while processing, 130
 * interrupted. A batch continues past a bad file and exits with the first failure's code.
 */
#include "qpipe/presets.h"
#include "qpipe/run.h"

#include "qpipe/inputs.h"
#include "qpipe/outfile.h"
#include "qpipe/signals.h"
#include "qpipe/watch.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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
    int threads, engine;
    bool no_overwrite;          /* -n: skip outputs that exist */
    bool follow_symlinks;       /* --follow-symlinks: links out of an input folder too */
    int64_t max_pixels;         /* --max-pixels; 0 = io's default */
    const char *format;         /* --format ext */
    const char *progress;       /* --progress FILE or - */
    RunMedia media;             /* video options (run_opts.c) */
    bool watch_worker;          /* --watch-worker: serve `qpipe watch` (watch.h), no IN/OUT */
    int shard_i, shard_n;       /* --shard i/N (parts.c); shard_n 0: all files */
} RunArgs;

static void run_usage(FILE *out)
{
    fputs("usage: qpipe run FILTER.q IN OUT [--set name=value]... [options]\n"
          "       qpipe run -f \"denoise(sigma=10), sharpen(amount=0.6)\" IN OUT [options]\n"
          "       qpipe run FILTER.q --help      the filter's parameters\n"
          "\n"
          "FILTER.q: a .q file, or the name of a preset (qpipe presets lists them).\n"
          "IN and OUT: an image and an image; a folder or glob of images and a folder (same\n"
          "names); a video and a video. A video may be an image sequence's pattern\n"
          "(img%04d.png: IN read at --fps, OUT one image per frame). '-' is stdin/stdout:\n"
          "video as Matroska (--format nut|y4m|mkv), images as PNG (--format EXT); '--'\n"
          "ends the options (for names that start with '-').\n"
          "\n"
          "options:\n"
          "  --set name=value     set a parameter of the filter (repeatable)\n"
          "  -f CHAIN             filters in order; a name is presets/NAME.q or a path\n"
          "  -y                   overwrite existing outputs\n"
          "  -n                   never overwrite: skip outputs that exist (exit 0)\n"
          "  --max-pixels N       refuse inputs of more pixels per picture (default 268435456)\n"
          "  --follow-symlinks    follow links in an input folder that point out of it\n"
          "  -q / -v              quiet / verbose (engine, kernels, timings)\n"
          "  --format EXT         image format of a folder's outputs (png, tif, jpg, ppm), or\n"
          "                       the container on stdout (mkv, nut, y4m; png for an image);\n"
          "                       null with OUT '-': filter, convert, encode, write nothing\n"
          "  --progress FILE|-    FFmpeg-style key=value progress blocks\n"
          "  --shard i/N          a folder's i-th (from 0) of N slices of files by sorted name\n"
          "  --double --threads N (-threads N) as for qpipe exec\n"
          "  --engine cpu|cuda|auto  where kernels run (default auto: CUDA when a device answers)\n"
          "  --gpu N              the CUDA device to run on (default 0)\n"
          "\n",
          out);
    run_media_usage(out);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("qpipe run: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(qpipe run --help for usage)\n", stderr);
    return EX_USAGE;
}

/* Parse argv into a; 0 or an exit code. */
static int parse_args(int argc, char **argv, RunArgs *a)
{
    int rc;
    const char *pos[3];
    int npos = 0;
    bool options = true;        /* until "--" */
    run_media_init(&a->media);
    a->sets = calloc((size_t)argc + 1, sizeof *a->sets);
    if (!a->sets)
        return EX_SOFTWARE;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool more = i + 1 < argc;
#define VALUE() (more ? argv[++i] : NULL)
        int m = options && s[0] == '-' && s[1] ? run_media_option(argc, argv, &i, &a->media) : 0;
        if (m > 1)
            return m;
        if (m == 1)
            continue;
        if (!options || !strcmp(s, "-"))
            goto positional;
        if (!strcmp(s, "--"))
            options = false;
        else if (!strcmp(s, "--help") || !strcmp(s, "-h"))
            a->help = true;
        else if (!strcmp(s, "-y"))
            a->overwrite = true;
        else if (!strcmp(s, "-n"))
            a->no_overwrite = true;
        else if (!strcmp(s, "--follow-symlinks"))
            a->follow_symlinks = true;
        else if (!strcmp(s, "-q"))
            a->quiet = true;
        else if (!strcmp(s, "-v") || !strcmp(s, "--verbose"))
            a->verbose = true;
        else if (!strcmp(s, "--double"))
            a->dbl = true;
        else if (!strcmp(s, "--watch-worker"))
            a->watch_worker = true;
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
        else if (!strcmp(s, "--progress"))
            a->progress = VALUE();
        else if (!strcmp(s, "--shard")) {
            if ((rc = run_parse_part(s, VALUE(), &a->shard_i, &a->shard_n)))
                return rc;
        }
        else if (!strcmp(s, "--threads") || !strcmp(s, "-threads")) {
            char *end;
            const char *v = VALUE();
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 1 || n > 1024)
                return bad_usage("--threads needs a number from 1 to 1024, not '%s'", v);
            a->threads = (int)n;
        } else if (!strcmp(s, "--engine")) {
            const char *v = VALUE();
            a->engine = rt_engine_parse(v);
            if (a->engine < 0)
                return bad_usage("--engine is cpu, cuda or auto, not '%s'", v);
        } else if (!strcmp(s, "--gpu")) {
            const char *v = VALUE();
            int g = rt_engine_parse_gpu(v);
            if (g < 0)
                return bad_usage("--gpu needs a device number from 0 to 63, not '%s'", v ? v : "");
            rt_engine_set_gpu(g, NULL);
        } else if (!strcmp(s, "--max-pixels")) {
            char *end;
            const char *v = VALUE();
            long long n = strtoll(v, &end, 10);
            if (!*v || *end || n < 1)
                return bad_usage("--max-pixels needs a positive number of pixels, not '%s'", v);
            a->max_pixels = n;
        } else if (s[0] == '-' && s[1])
            return bad_usage("unknown option '%s'", s);
        else {
        positional:
            if (npos == 3)
                return bad_usage("too many arguments at '%s'", s);
            pos[npos++] = s;
        }
#undef VALUE
    }
    if ((rc = run_media_finish(&a->media)))
        return rc;
    int k = 0;
    if (!a->chain && npos > 0)
        a->filter = pos[k++];
    if (a->help)
        return 0;
    if (a->overwrite && a->no_overwrite)
        return bad_usage("%s", "-y and -n contradict each other");
    if (!a->filter && !a->chain)
        return bad_usage("%s", "missing FILTER.q (or -f CHAIN)");
    if (a->watch_worker && npos == k)
        return 0;
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
        .engine = a->engine,
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
        char *path = presets_resolve(items[i].name, env, "qpipe run: -f", &rc);
        RtFilter *f = path ? load_filter(path, a, env, &rc) : NULL;
        free(path);
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

/* An output that exists before the run: an error without -y or -n; with -n a note and
 * *skip (FFmpeg's -n). 0 or an exit code. */
static int check_existing(const char *out, const RunArgs *a, bool *skip)
{
    *skip = false;
    if (a->overwrite || !exists(out))
        return 0;
    if (a->no_overwrite) {
        if (!a->quiet)
            fprintf(stderr, "qpipe run: %s exists; skipped (-n)\n", out);
        *skip = true;
        return 0;
    }
    fprintf(stderr, "qpipe run: %s exists (use -y to overwrite, -n to skip)\n", out);
    return EX_CANTCREAT;
}

/* Run one image through the chain into out (run_file.c). An exit code; the message is
 * printed. */
static int run_image(const RunChain *c, const char *in, const char *out, const RunArgs *a)
{
    bool skip;
    int rc = check_existing(out, a, &skip);
    if (rc || skip)
        return rc;
    char err[1024] = "";
    RunFileTimes t;
    rc = run_image_file(c, in, out, a->overwrite, &t, err, sizeof err);
    if (rc)
        fprintf(stderr, "qpipe run: %s\n", err);
    else if (a->verbose)
        fprintf(stderr, "qpipe run: %s -> %s: read %.1f ms, filter %.1f ms, write %.1f ms\n", in, out,
                t.read * 1e3, t.filter * 1e3, t.write * 1e3);
    return rc;
}

static bool is_image_ext(const char *ext)
{
    char name[64];
    snprintf(name, sizeof name, "x.%s", ext[0] == '.' ? ext + 1 : ext);
    return io_is_image(name);
}

/* An image from stdin or to stdout (run_stdio.c): through temporary files. */
static int run_image_pipe(const RunChain *c, RunArgs *a)
{
    char err[1024] = "";
    char *in = NULL, *out = NULL;
    int rc = 0;
    if (!strcmp(a->in, "-") && !(in = run_stdin_image(err, sizeof err))) {
        fprintf(stderr, "qpipe run: %s\n", err);
        return EX_NOINPUT;
    }
    bool out_std = !strcmp(a->out, "-");
    if (out_std && !(out = run_stdout_image_name(a->format))) {
        fprintf(stderr, "qpipe run: cannot make a temporary file: %s\n", strerror(errno));
        rc = EX_CANTCREAT;
    }
    if (!rc)
        rc = run_image(c, in ? in : a->in, out ? out : a->out, a);
    if (!rc && out && run_copy_to_stdout(out)) {
        fprintf(stderr, "qpipe run: cannot write to stdout: %s\n", strerror(errno));
        rc = EX_IOERR;
    }
    if (!rc && !a->quiet)
        fprintf(stderr, "qpipe run: wrote %s\n", out_std ? "to stdout" : a->out);
    run_remove_temp(in);
    run_remove_temp(out);
    free(in);
    free(out);
    return rc;
}

/* OUTDIR/NAME of an input for a batch: the input's name made safe (outfile_safe_name),
 * with --format's extension. NULL when out of memory. */
static char *batch_output(const char *input, const RunArgs *a)
{
    const char *slash = strrchr(input, '/');
    bool changed;
    char *base = outfile_safe_name(slash ? slash + 1 : input, &changed);
    if (!base)
        return NULL;
    if (changed)
        fprintf(stderr, "qpipe run: warning: the output of this input is named '%s' (a name must stay in %s and "
                "hold no control characters)\n", base, a->out);
    const char *ext = a->format ? (a->format[0] == '.' ? a->format + 1 : a->format) : NULL;
    size_t len = strlen(a->out) + strlen(base) + (ext ? strlen(ext) : 0) + 4;
    char *out = malloc(len);
    if (out) {
        snprintf(out, len, "%s/%s", a->out, base);
        if (ext) {
            char *dot = strrchr(out + strlen(a->out) + 1, '.');
            if (dot)
                *dot = '\0';
            strcat(out, ".");
            strcat(out, ext);
        }
    }
    free(base);
    return out;
}

/* A folder or glob of images into the folder out: same names, --format's extension. */
static int run_batch(const RunChain *c, const RunArgs *a)
{
    size_t n;
    char **list = inputs_list_images(a->in, a->follow_symlinks, &n);
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
    int first = 0, failed = 0, skipped = 0;
    RunProgress pr = {.tty = !a->quiet && isatty(2), .start = run_now()};
    size_t from = 0, to = n, all = n;
    if (a->shard_n)
        run_shard_slice(n, a->shard_i, a->shard_n, &from, &to);
    for (size_t i = from; i < to && !run_interrupted; i++) {
        char *out = batch_output(list[i], a);
        bool skip = false;
        int rc = !out ? EX_SOFTWARE : a->no_overwrite && exists(out) ? check_existing(out, a, &skip)
                                                                      : run_image(c, list[i], out, a);
        skipped += skip;
        if (rc && rc != EX_INTERRUPTED) {
            failed++;
            if (!first)
                first = rc;
        }
        if (pr.tty)
            run_progress(&pr, (int64_t)(i - from) + 1, (int64_t)(to - from), 0, false);
        free(out);
    }
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
    n = to - from;
    if (a->shard_n && !a->quiet)
        fprintf(stderr, "qpipe run: --shard %d/%d: images %zu to %zu of %zu\n", a->shard_i, a->shard_n, from + 1,
                to, all);
    if (pr.line_shown)
        fputc('\n', stderr);
    if (run_interrupted)
        return EX_INTERRUPTED;
    if (failed)
        fprintf(stderr, "qpipe run: %d of %zu images failed\n", failed, n);
    else if (!a->quiet && skipped)
        fprintf(stderr, "qpipe run: %zu images written to %s, %d skipped (they exist)\n", n - (size_t)skipped,
                a->out, skipped);
    else if (!a->quiet)
        fprintf(stderr, "qpipe run: %zu images written to %s\n", n, a->out);
    return first;
}

static int run_video(const RunChain *c, RunArgs *a)
{
    /* stdout and image sequences are written in place (nothing to rename); a failed
     * sequence's images are removed */
    bool std_out = !strcmp(a->out, "-"), seq = !std_out && io_is_sequence(a->out) && !exists(a->out);
    bool direct = std_out || seq;
    char first[4096];
    const char *check = seq && io_sequence_name(a->out, 0, first, sizeof first) == 0 ? first : a->out;
    int rc = 0;
    if (!std_out) {
        bool skip;
        rc = check_existing(check, a, &skip);
        if (rc || skip)
            return rc;
    }
    /* --format null: FFmpeg's `-f null -`: every frame decoded, filtered, converted and
     * encoded (wrapped_avframe unless --codec), then dropped by libavformat's null muxer;
     * nothing is written, so stdout stays free for --progress - */
    bool discard = a->format && !strcmp(a->format, "null");
    if (discard && !std_out) {
        fprintf(stderr, "qpipe run: --format null discards the output: OUT must be '-', not %s\n", a->out);
        return EX_USAGE;
    }
    if (std_out && !discard && a->progress && !strcmp(a->progress, "-")) {
        fprintf(stderr, "qpipe run: --progress - and OUT - both want stdout\n");
        return EX_USAGE;
    }
    if (std_out && a->format)
        a->media.vo.format = !strcmp(a->format, "y4m") ? "yuv4mpegpipe" : !strcmp(a->format, "mkv") ? "matroska"
                             : a->format;
    a->media.seg_lead = 0;
    for (int i = 0; i < c->n; i++)
        a->media.seg_lead += rt_filter_radius(c->f[i]);
    if (a->media.seg_n && (rc = run_segment_range(a->in, &a->media)))
        return rc;
    char err[1024] = "";
    RunProgress pr = {.tty = !a->quiet && isatty(2), .quiet = a->quiet, .verbose = a->verbose, .start = run_now()};
    if (a->progress) {
        pr.file = !strcmp(a->progress, "-") ? stdout : fopen(a->progress, "w");
        if (!pr.file) {
            fprintf(stderr, "qpipe run: cannot write --progress %s: %s\n", a->progress, strerror(errno));
            return EX_CANTCREAT;
        }
    }
    /* a file: written under a temporary name and renamed (run_file.c) */
    rc = direct ? pipe_run_video(c, a->in, a->out, &a->media, &pr, err, sizeof err)
                : run_video_file(c, a->in, a->out, &a->media, &pr, a->overwrite, err, sizeof err);
    if (pr.file && pr.file != stdout)
        fclose(pr.file);
    if (direct && rc == EX_NOINPUT && io_failed_too_large())
        rc = EX_PROGRAM;
    if (direct && !rc && run_interrupted)
        rc = EX_INTERRUPTED;
    if (rc == EX_INTERRUPTED || (rc && run_interrupted)) {
        rc = EX_INTERRUPTED;
        fprintf(stderr, "qpipe run: interrupted; %s not written\n", a->out);
    } else if (rc && err[0]) {
        fprintf(stderr, "qpipe run: %s\n", err);
    } else if (!rc && !a->quiet) {
        if (discard)
            fprintf(stderr, "qpipe run: output discarded (--format null)\n");
        else
            fprintf(stderr, "qpipe run: wrote %s\n", std_out ? "to stdout" : a->out);
    }
    return rc;
}

/* IN an image: OUT an image, or a folder that gets IN's name. */
static int run_one_image(const RunChain *c, const RunArgs *a)
{
    char *out = NULL;
    if (is_dir(a->out)) {
        const char *slash = strrchr(a->in, '/');
        const char *base = slash ? slash + 1 : a->in;
        size_t len = strlen(a->out) + strlen(base) + 2;
        if ((out = malloc(len)))
            snprintf(out, len, "%s/%s", a->out, base);
    }
    const char *path = is_dir(a->out) ? out : a->out;
    if (!path)
        return EX_SOFTWARE;
    bool skip;
    int rc = check_existing(path, a, &skip);
    if (!rc && !skip) {
        rc = run_image(c, a->in, path, a);
        if (!rc && !a->quiet)
            fprintf(stderr, "qpipe run: wrote %s\n", path);
    }
    free(out);
    return rc;
}

/* ---------------------------------------------------------------- entry */

int cmd_run(int argc, char **argv, const RunEnv *env)
{
    RunArgs a = {0};
    signals_install("qpipe run: ");     /* before the filters load: their top level may loop */
    int rc = parse_args(argc, argv, &a);
    RunChain c = {.f = calloc((size_t)argc + 2, sizeof *c.f)};
    if (rc || !c.f)
        goto done;
    if (a.help && !a.filter && !a.chain) {
        run_usage(stdout);
        goto done;
    }
    c.dbl = a.dbl;
    /* --engine auto asks for a device when a kernel first launches (a run of interpreted
     * filters never starts a driver); here only to refuse --engine cuda without one at
     * once, and to name the engine under -v */
    char engine_why[256] = "";
    const char *engine = a.engine == RT_ENGINE_CUDA || a.verbose ? rt_engine_choose(a.engine, engine_why,
                                                                                    sizeof engine_why) : "";
    if (!engine) {
        fprintf(stderr, "qpipe run: --engine cuda: %s\n", engine_why);
        rc = EX_UNAVAILABLE;
        goto done;
    }
    rt_host_set_threads(env->host, a.threads);
    c.pool = rt_host_pool(env->host);
    if (!a.help && !a.watch_worker && (rc = presets_check_encoder(a.media.vo.preset, a.media.vo.codec, a.out)))
        goto done;
    if (a.chain) {
        rc = load_chain_text(a.chain, &a, env, &c);
    } else {
        char *path = presets_resolve(a.filter, env, "qpipe run", &rc);
        if (path && (c.f[0] = load_filter(path, &a, env, &rc)))
            c.n = 1;
        free(path);
    }
    if (rc == EX_INTERRUPTED || (rc && run_interrupted)) {
        rc = EX_INTERRUPTED;
        fprintf(stderr, "qpipe run: interrupted while loading the filter; %s not written\n", a.out ? a.out : "");
    }
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
        fprintf(stderr, "qpipe run: engine %s (%s; %s precision); filters:", strcmp(engine, "cuda") ? "CPU" : "CUDA",
                *engine_why ? engine_why : "--engine cpu", a.dbl ? "double" : "single");
        for (int i = 0; i < c.n; i++)
            fprintf(stderr, " %s", rt_filter_path(c.f[i]));
        fputc('\n', stderr);
    }

    io_set_max_pixels(a.max_pixels);
    if (a.watch_worker) {
        rc = watch_worker_serve(&c, &a.media);
        goto done;
    }
    bool in_std = !strcmp(a.in, "-"), out_std = !strcmp(a.out, "-");
    bool image_pipe = (in_std || out_std) && (in_std ? (out_std ? a.format && is_image_ext(a.format)
                                                                : io_is_image(a.out))
                                                     : io_is_image(a.in));
    bool batch = !in_std && (is_dir(a.in) || (inputs_has_glob(a.in) && !exists(a.in)));
    bool video_file = !in_std && !batch && exists(a.in) && !io_is_image(a.in) && !io_is_sequence(a.in);
    if (a.shard_n && !batch) {
        fprintf(stderr, "qpipe run: --shard is for a folder or glob of images; %s is not one (a video is split "
                        "with --segment)\n", a.in);
        rc = EX_USAGE;
    } else if (a.media.seg_n && exists(a.in) && !video_file) {
        fprintf(stderr, "qpipe run: --segment is for a video file; %s is not one\n", a.in);
        rc = EX_USAGE;
    } else if (image_pipe) {
        rc = run_image_pipe(&c, &a);
    } else if (in_std || (io_is_sequence(a.in) && !exists(a.in))) {
        rc = run_video(&c, &a);
    } else if (is_dir(a.in) || (inputs_has_glob(a.in) && !exists(a.in))) {
        if (!is_dir(a.out) && io_is_video_name(a.out)) {
            fprintf(stderr, "qpipe run: %s is a video name: to make a video of images, name them with a "
                            "pattern (img%%04d.png, as FFmpeg's image2), not a folder or glob\n", a.out);
            rc = EX_USAGE;
        } else {
            rc = run_batch(&c, &a);
        }
    } else if (!exists(a.in)) {
        fprintf(stderr, "qpipe run: %s: no such file\n", a.in);
        rc = EX_NOINPUT;
    } else if (io_is_image(a.in) && !is_dir(a.out) && io_is_video_name(a.out)) {
        rc = run_video(&c, &a);     /* a still into .webp or .gif: one frame through FFmpeg's encoder */
    } else if (io_is_image(a.in)) {
        rc = run_one_image(&c, &a);
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
