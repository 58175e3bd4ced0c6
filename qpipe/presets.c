/*
 * presets.c - presets by name (presets.h): resolving `denoise` to presets/denoise.q, the
 * listing of `qpipe presets`, and the check of the encoder's --preset.
 *
 * A preset is a .q file of the presets folder that defines process at its top level (the
 * folder also holds the standard modules, which do not). The listing loads each one as a
 * filter (rt_filter_load: its module code runs, nothing is compiled until a frame comes)
 * and prints its description (the file's first comment line, "% NAME.q - what it does",
 * else the first line of the comment above process) and its parameters.
 */
#include "qpipe/presets.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum { EX_USAGE = 64, EX_NOINPUT = 66, EX_SOFTWARE = 70 };

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *folder(const RunEnv *env)
{
    return env->presets_dir ? env->presets_dir : "presets";
}

static char *join(const char *dir, const char *name, const char *ext)
{
    size_t len = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%s/%s%s", dir, name, ext);
    return p;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The preset names of the folder, sorted, NULL-terminated (NULL when out of memory). */
static char **preset_names(const RunEnv *env, int *n)
{
    *n = 0;
    int cap = 16;
    char **names = calloc((size_t)cap + 1, sizeof *names);
    DIR *d = opendir(folder(env));
    struct dirent *e;
    while (names && d && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 3 || e->d_name[0] == '.' || strcmp(e->d_name + len - 2, ".q"))
            continue;
        char *path = join(folder(env), e->d_name, "");
        bool ok = path && is_file(path) && rt_filter_defines_process(path);
        free(path);
        if (!ok)
            continue;
        if (*n == cap) {
            char **grown = realloc(names, ((size_t)(cap *= 2) + 1) * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[*n] = strndup(e->d_name, len - 2);
        names[++*n] = NULL;
    }
    if (d)
        closedir(d);
    if (names)
        qsort(names, (size_t)*n, sizeof *names, cmp_name);
    return names;
}

static void free_names(char **names)
{
    for (int i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
}

char *presets_resolve(const char *arg, const RunEnv *env, const char *who, int *rc)
{
    size_t n = strlen(arg);
    bool path = strchr(arg, '/') || (n > 2 && !strcmp(arg + n - 2, ".q")) || is_file(arg);
    char *file = path ? strdup(arg) : join(folder(env), arg, ".q");
    if (!file) {
        *rc = EX_SOFTWARE;
        fprintf(stderr, "%s: out of memory\n", who);
        return NULL;
    }
    if (path || (is_file(file) && rt_filter_defines_process(file)))
        return file;            /* a missing path is reported by the loader (66) */
    free(file);
    int count;
    char **names = preset_names(env, &count);
    fprintf(stderr, "%s: unknown preset '%s' (not a file, and no %s/%s.q filter); the presets are:",
            who, arg, folder(env), arg);
    for (int i = 0; names && names[i]; i++)
        fprintf(stderr, "%s %s", i ? "," : "", names[i]);
    fprintf(stderr, "%s\n(qpipe presets describes them)\n", count ? "" : " none");
    free_names(names);
    *rc = EX_USAGE;
    return NULL;
}

/* ---------------------------------------------------------------- qpipe presets */

/* The text after "NAME.q - " on the file's first line, else the first line of the comment
 * above process; into buf. */
static const char *description(const char *path, const RtFilter *f, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *in = fopen(path, "r");
    char line[512];
    if (in && fgets(line, sizeof line, in)) {
        char *dash = strstr(line, ".q - ");
        if (line[0] == '%' && dash) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(buf, len, "%s", dash + 5);
        }
    }
    if (in)
        fclose(in);
    if (!buf[0])
        snprintf(buf, len, "%.*s", (int)strcspn(rt_filter_doc(f), "\n"), rt_filter_doc(f));
    return buf;
}

static const char *kind_word(RtParamKind k)
{
    return k == RT_PARAM_INT ? "int" : k == RT_PARAM_SCALAR ? "scalar" : k == RT_PARAM_STRING ? "string" : "value";
}

static void print_preset(const char *name, const char *path, const RtFilter *f)
{
    char desc[512];
    printf("%-18s %s\n", name, description(path, f, desc, sizeof desc));
    for (int i = 0; i < rt_filter_nparams(f); i++) {
        const RtFilterParam *p = rt_filter_param(f, i);
        char setting[128];
        snprintf(setting, sizeof setting, "%s=%s", p->name, p->default_text ? p->default_text : "(required)");
        printf("    %-26s %s", setting, kind_word(p->kind));
        if (p->has_min || p->has_max) {
            printf(", range ");
            if (p->has_min)
                printf("%g", p->min);
            printf("..");
            if (p->has_max)
                printf("%g", p->max);
        }
        putchar('\n');
    }
}

int cmd_presets(int argc, char **argv, const RunEnv *env)
{
    if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
        puts("usage: qpipe presets\n\nLists the filters of the presets folder with their parameters:\n"
             "`qpipe run NAME IN OUT --set name=value` or `-f \"NAME(name=value)\"` runs one.");
        return 0;
    }
    if (argc > 0) {
        fprintf(stderr, "qpipe presets: unexpected argument '%s' (qpipe presets --help)\n", argv[0]);
        return EX_USAGE;
    }
    int count;
    char **names = preset_names(env, &count);
    if (!names)
        return EX_SOFTWARE;
    if (!count) {
        fprintf(stderr, "qpipe presets: no presets in %s\n", folder(env));
        free_names(names);
        return EX_NOINPUT;
    }
    printf("Presets in %s (qpipe run NAME IN OUT --set name=value; -f \"NAME(name=value), ...\"):\n\n",
           folder(env));
    FILE *sink = fopen("/dev/null", "w");
    RtOptions opt = {.module_path = env->module_path, .kernel_dir = env->kernel_dir};
    for (int i = 0; i < count; i++) {
        char *path = join(folder(env), names[i], ".q");
        int rc = 0;
        RtFilter *f = path && sink ? rt_filter_load(env->host, &opt, path, sink, sink, &rc) : NULL;
        if (f)
            print_preset(names[i], path, f);
        else
            printf("%-18s (does not load: qpipe run %s --help says why)\n", names[i], names[i]);
        rt_filter_free(f);
        free(path);
    }
    if (sink)
        fclose(sink);
    free_names(names);
    return 0;
}

/* ---------------------------------------------------------------- the encoder's --preset */

/* x264's presets, which x265 shares (x264.h x264_preset_names). */
static const char *const x264_presets[] = {
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
};

/* Whether the encoder is x264 or x265: named so, or chosen for this extension (the
 * containers for which io/video_out.c picks libx264). */
static bool x26x(const char *codec, const char *out)
{
    if (codec)
        return !strcasecmp(codec, "libx264") || !strcasecmp(codec, "libx265") || !strcasecmp(codec, "h264") ||
               !strcasecmp(codec, "hevc") || !strcasecmp(codec, "libx264rgb");
    const char *dot = out ? strrchr(out, '.') : NULL;
    if (!dot || strchr(dot, '/'))
        return false;
    return !strcasecmp(dot, ".mp4") || !strcasecmp(dot, ".mkv") || !strcasecmp(dot, ".mov") ||
           !strcasecmp(dot, ".m4v");
}

int presets_check_encoder(const char *preset, const char *codec, const char *out)
{
    if (!preset || !x26x(codec, out))
        return 0;
    for (size_t i = 0; i < sizeof x264_presets / sizeof *x264_presets; i++)
        if (!strcmp(preset, x264_presets[i]))
            return 0;
    fprintf(stderr, "qpipe run: unknown --preset '%s' for the encoder %s; its presets are:", preset,
            codec ? codec : "libx264");
    for (size_t i = 0; i < sizeof x264_presets / sizeof *x264_presets; i++)
        fprintf(stderr, "%s %s", i ? "," : "", x264_presets[i]);
    fputc('\n', stderr);
    return EX_USAGE;
}
