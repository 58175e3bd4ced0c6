/*
 * main.c - the qpipe command line: subcommands and exit codes.
 *
 * Only this folder decides exit codes (sysexits, DESIGN.md "Errors"): 0 success,
 * 64 usage, 65 an error in the Quasar program, 66 an input missing or unreadable,
 * 70 internal error or a crash in a compiled kernel, 73 an output (a figure file) that
 * cannot be created, 130 interrupted (Ctrl-C, SIGTERM: signals.h).
 */
#include "lang/lang.h"
#include "runtime/rt.h"
#include "io/io.h"
#include "display/display.h"
#include "qpipe/presets.h"
#include "qpipe/run.h"
#include "qpipe/scaleout.h"
#include "qpipe/signals.h"
#include "qpipe/watch.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef QPIPE_VERSION
#define QPIPE_VERSION "0.1.0"
#endif

enum {
    EXIT_USAGE = 64,
    EXIT_DATAERR = 65,
    EXIT_NOINPUT = 66,
    EXIT_SOFTWARE = 70,
    EXIT_CANTCREAT = 73,
};

static void usage(FILE *out)
{
    fputs("usage: qpipe COMMAND [ARGS]\n"
          "\n"
          "commands:\n"
          "  check FILE.q...       parse, resolve names and imports, report errors\n"
          "  parse [--dump] FILE.q parse only; --dump prints the syntax tree\n"
          "  exec [OPTIONS] FILE.q [ARGS...]\n"
          "                        run a Quasar program; ARGS go to its main function\n"
          "  run FILTER.q IN OUT [--set name=value]... [OPTIONS]\n"
          "                        run a filter over an image, a folder of images or a video\n"
          "                        (qpipe run --help; qpipe run FILTER.q --help)\n"
          "  presets               list the preset filters (qpipe run NAME IN OUT)\n"
          "  preview FILTER.q IN [--set name=value]... [--compare OTHER.q] [OPTIONS]\n"
          "                        play IN through the filter in a window, reloading the\n"
          "                        filter when its file changes (qpipe preview --help)\n"
          "  watch FILTER.q IN OUT [--set name=value]... [OPTIONS]\n"
          "                        process every image and video arriving in IN, exactly\n"
          "                        once (qpipe watch --help; docs/watch.md)\n"
          "  slurm FILTER.q IN OUT [--tasks N] [--wait] [--dry-run] [OPTIONS]\n"
          "                        run it as Slurm jobs (qpipe slurm --help)\n"
          "  assemble ORIGINAL OUT PART...\n"
          "                        join the parts of run --segment i/N into OUT\n"
          "  emit --c|--cuda FILE.q [ARGS...]\n"
          "                        run the program and print the kernels it generates\n"
          "  help                  this text\n"
          "\n"
          "options:\n"
          "  --version             print the version\n"
          "  --double              (exec) scalar is double precision (default single)\n"
          "  --seed N              (exec) seed of rand/randn, for reproducible runs\n"
          "  --threads N           (exec) worker threads (default: all cores)\n"
          "  -v                    (exec) say which kernels are compiled or interpreted\n"
          "  --gpu N               (exec) the CUDA device to run on (default 0)\n"
          "  --engine E            (exec) cpu, cuda or auto (default): where kernels run; auto\n"
          "                        uses CUDA when a device answers (docs/cuda.md)\n"
          "  --max-pixels N        (exec) imread and video refuse pictures of more pixels\n"
          "                        (default 268435456)\n"
          "  --figures DIR         (exec) write the program's figures (imshow, plot, ...) as\n"
          "                        DIR/figure1.png, ... when it ends (no window opens)\n"
          "  --no-wait             (exec) do not keep imshow's windows open when the\n"
          "                        program ends (by default qpipe waits until they are closed)\n"
          "\n"
          "Modules named by `import` are searched in the program's folder, then in the\n"
          "folders of QPIPE_PATH (colon-separated), then in the standard module folder.\n",
          out);
}

/* A folder of the installation: $env when set, else `sub` beside the build folder that
 * holds the binary (presets/, kernels/). */
static char *install_dir(const char *env_name, const char *sub)
{
    const char *env = getenv(env_name);
    if (env && *env)
        return strdup(env);
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *dir = dirname(dirname(exe));
    size_t len = strlen(dir) + strlen(sub) + 2;
    char *out = malloc(len);
    if (out)
        snprintf(out, len, "%s/%s", dir, sub);
    return out;
}

/* The standard module folder: presets/, or QPIPE_MODULES. */
static char *standard_modules(void) { return install_dir("QPIPE_MODULES", "presets"); }

/* The folder of kernels/qp_kernel.h: kernels/, or QPIPE_KERNELS. */
static char *kernel_dir(void) { return install_dir("QPIPE_KERNELS", "kernels"); }

/* QPIPE_PATH entries, then the standard folder; NULL-terminated. */
static char **module_path(void)
{
    const char *env = getenv("QPIPE_PATH");
    char *copy = strdup(env ? env : "");
    size_t n = 2;
    for (const char *c = copy; c && *c; c++)
        n += *c == ':';
    char **path = calloc(n + 1, sizeof *path);
    if (!copy || !path) {
        free(copy);
        free(path);
        return NULL;
    }
    size_t k = 0;
    for (char *save = NULL, *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
        path[k++] = strdup(tok);
    char *std = standard_modules();
    if (std)
        path[k++] = std;
    free(copy);
    return path;
}

static void free_path(char **path)
{
    for (size_t i = 0; path && path[i]; i++)
        free(path[i]);
    free(path);
}

static int input_exit_code(const char *file)
{
    struct stat st;
    return stat(file, &st) != 0 ? EXIT_NOINPUT : EXIT_DATAERR;
}

static int cmd_parse(int argc, char **argv)
{
    int dump = 0;
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--dump"))
            dump = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "qpipe parse: unknown option '%s'\n", argv[i]);
            return EXIT_USAGE;
        } else if (!file)
            file = argv[i];
        else {
            fprintf(stderr, "qpipe parse: one file at a time\n");
            return EXIT_USAGE;
        }
    }
    if (!file) {
        fprintf(stderr, "qpipe parse: missing FILE.q\n");
        return EXIT_USAGE;
    }
    LangDiag *d = lang_diag_new(stderr);
    if (!d)
        return EXIT_SOFTWARE;
    LangModule *m = lang_parse_file(file, d);
    int rc = 0;
    if (!m)
        rc = input_exit_code(file);
    else if (lang_diag_errors(d))
        rc = EXIT_DATAERR;
    else if (dump)
        lang_dump(m, stdout);
    lang_module_free(m);
    lang_diag_free(d);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    if (argc == 0) {
        fprintf(stderr, "qpipe check: missing FILE.q\n");
        return EXIT_USAGE;
    }
    char **path = module_path();
    int rc = 0;
    for (int i = 0; i < argc; i++) {
        LangDiag *d = lang_diag_new(stderr);
        if (!d) {
            rc = EXIT_SOFTWARE;
            break;
        }
        LangModule *m = lang_parse_file(argv[i], d);
        if (!m) {
            int code = input_exit_code(argv[i]);
            if (code > rc)
                rc = code;
        } else {
            if (!lang_diag_errors(d))
                lang_resolve(m, (const char *const *)path, d);
            if (lang_diag_errors(d) && rc < EXIT_DATAERR)
                rc = EXIT_DATAERR;
        }
        lang_module_free(m);
        lang_diag_free(d);
    }
    free_path(path);
    return rc;
}

/* Options come before FILE; everything after FILE belongs to the program. `emit` runs
 * the program for the kernels it generates (qpipe emit --c / --cuda). */
static int cmd_run_program(RtHost *host, int argc, char **argv, bool emit)
{
    RtOptions opt = {0};
    const char *figures = NULL;
    bool no_wait = false;
    int i = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *a = argv[i];
        char *end = NULL;
        if (!strcmp(a, "--double")) {
            opt.dbl = true;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            opt.verbose = true;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            opt.seed = strtoull(argv[++i], &end, 10);
            opt.seeded = true;
            if (!*argv[i] || *end) {
                fprintf(stderr, "qpipe exec: --seed needs a non-negative integer, not '%s'\n", argv[i]);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            long n = strtol(argv[++i], &end, 10);
            if (!*argv[i] || *end || n < 1 || n > 1024) {
                fprintf(stderr, "qpipe exec: --threads needs a number from 1 to 1024, not '%s'\n", argv[i]);
                return EXIT_USAGE;
            }
            opt.threads = (int)n;
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            const char *e = argv[++i];
            opt.engine = rt_engine_parse(e);
            if (opt.engine < 0) {
                fprintf(stderr, "qpipe exec: --engine is cpu, cuda or auto, not '%s'\n", e);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--gpu") && i + 1 < argc) {
            int g = rt_engine_parse_gpu(argv[++i]);
            if (g < 0) {
                fprintf(stderr, "qpipe exec: --gpu needs a device number from 0 to 63, not '%s'\n", argv[i]);
                return EXIT_USAGE;
            }
            rt_engine_set_gpu(g, NULL);
        } else if (!strcmp(a, "--max-pixels") && i + 1 < argc) {
            long long n = strtoll(argv[++i], &end, 10);
            if (!*argv[i] || *end || n < 1) {
                fprintf(stderr, "qpipe exec: --max-pixels needs a positive number of pixels, not '%s'\n", argv[i]);
                return EXIT_USAGE;
            }
            io_set_max_pixels(n);
        } else if (!strcmp(a, "--no-wait") && !emit) {
            no_wait = true;
        } else if (!strcmp(a, "--figures") && i + 1 < argc && !emit) {
            figures = argv[++i];
        } else if (emit && (!strcmp(a, "--c") || !strcmp(a, "--cuda"))) {
            /* --cuda: the text the engines compile, whose QP_CUDA parts (native blocks,
             * __shared__, __syncthreads) NVRTC sees; --c: the text without them */
            opt.plain_c = !strcmp(a, "--c");
        } else {
            fprintf(stderr, "qpipe %s: unknown option '%s'\n", emit ? "emit" : "exec", a);
            return EXIT_USAGE;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "qpipe exec: missing FILE.q\n");
        return EXIT_USAGE;
    }
    if (opt.engine == RT_ENGINE_CUDA || opt.verbose) {
        char why[256];
        const char *eng = rt_engine_choose(opt.engine, why, sizeof why);
        if (!eng) {
            fprintf(stderr, "qpipe exec: --engine cuda: %s\n", why);
            return RT_EX_UNAVAILABLE;
        }
        if (opt.verbose)
            fprintf(stderr, "qpipe: engine %s (%s)\n", eng, *why ? why : "--engine cpu");
    }
    if (disp_figures_begin(figures) != 0) {
        fprintf(stderr, "qpipe exec: cannot create the figure folder '%s': %s\n", figures, strerror(errno));
        return EXIT_CANTCREAT;
    }
    char **path = module_path();
    opt.module_path = (const char *const *)path;
    rt_host_set_threads(host, opt.threads);
    FILE *out = stdout;
    if (emit) {
        /* qpipe emit: the program runs with its output discarded; the kernels are printed */
        opt.emit = stdout;
        out = fopen("/dev/null", "w");
    }
    Rt *rt = out ? rt_new(host, &opt, out, stderr) : NULL;
    if (!rt) {
        free_path(path);
        disp_figures_begin(NULL);
        fprintf(stderr, "qpipe: out of memory\n");
        return EXIT_SOFTWARE;
    }
    signals_install(emit ? "qpipe emit: " : "qpipe exec: ");
    int rc = rt_run_file(rt, argv[i], argc - i - 1, argv + i + 1);
    if (!no_wait)
        disp_wait_windows();    /* imshow's windows stay until the user closes them */
    disp_shutdown();
    rt_free(rt);
    if (rc == RT_EX_INTERRUPTED)
        fprintf(stderr, "qpipe %s: interrupted\n", emit ? "emit" : "exec");
    char err[512];
    int frc = disp_figures_finish(err, sizeof err);     /* also after an error: what was drawn */
    if (frc) {
        fprintf(stderr, "qpipe exec: cannot write figure %s\n", err);
        if (rc == 0)
            rc = frc == RT_EX_UNAVAILABLE ? frc : EXIT_CANTCREAT;
    }
    if (emit)
        fclose(out);
    free_path(path);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
        printf("qpipe %s\n", QPIPE_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "parse"))
        return cmd_parse(argc - 2, argv + 2);
    if (!strcmp(cmd, "check"))
        return cmd_check(argc - 2, argv + 2);
    if (!strcmp(cmd, "assemble") || !strcmp(cmd, "slurm"))     /* scaleout.h */
        return cmd[0] == 'a' ? cmd_assemble(argc - 2, argv + 2) : cmd_slurm(argc - 2, argv + 2);
    if (!strcmp(cmd, "exec") || !strcmp(cmd, "emit") || !strcmp(cmd, "run") || !strcmp(cmd, "preview") ||
        !strcmp(cmd, "presets") || !strcmp(cmd, "watch")) {
        /* the process's pool, JIT and FFT state, shared by every runtime the command makes */
        char *kdir = kernel_dir();
        RtHost *host = rt_host_new(&(RtOptions){.kernel_dir = kdir});
        if (!host) {
            free(kdir);
            fprintf(stderr, "qpipe: out of memory\n");
            return EXIT_SOFTWARE;
        }
        io_register(host);          /* imread, vidopen … */
        disp_register(host);        /* imshow, hold, sync_framerate */
        int rc;
        if (cmd[0] == 'e') {
            rc = cmd_run_program(host, argc - 2, argv + 2, cmd[1] == 'm');
        } else {
            char **path = module_path();
            char *presets = standard_modules();
            RunEnv env = {(const char *const *)path, kdir, presets, host};
            rc = !strcmp(cmd, "run")       ? cmd_run(argc - 2, argv + 2, &env)
                 : !strcmp(cmd, "watch")   ? cmd_watch(argc - 2, argv + 2, &env)
                 : !strcmp(cmd, "preview") ? cmd_preview(argc - 2, argv + 2, &env)
                                           : cmd_presets(argc - 2, argv + 2, &env);
            disp_shutdown();        /* windows a filter's imshow opened */
            free_path(path);
            free(presets);
        }
        rt_host_free(host);
        free(kdir);
        return rc;
    }
    fprintf(stderr, "qpipe: unknown command '%s'\n", cmd);
    usage(stderr);
    return EXIT_USAGE;
}
