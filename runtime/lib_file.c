/*
 * lib_file.c - fopen, fclose and fprintf: text written to files, MATLAB style.
 *
 * A file is named by an integer file id, as in MATLAB: `fid = fopen("log.txt", "w")`,
 * `fprintf(fid, "%d\n", x)`, `fclose(fid)`. Ids 1 and 2 are the program's output and
 * stderr and are always open; fopen gives 3, 4, … and -1 when the file cannot be opened
 * (`[fid, msg] = fopen(…)` also returns the reason). `fprintf(format, …)` without an id
 * writes to the program's output. The formatting is printf's (lib_string.c).
 *
 * Files opened by fopen are ordinary streams, written as the program goes (a log can be
 * followed while it grows), unlike save/csvwrite, which replace a file in one rename.
 * Files still open when the program ends are closed by rt_free (rt_files_close_all).
 */
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/lib_data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define FID_FIRST 3             /* 0, 1, 2: stdin, the program's output, stderr */

/* The open files of one run: files[i] has id FID_FIRST + i, NULL once closed. */
struct RtFiles {
    FILE **f;
    int n;
};

void rt_files_close_all(Rt *rt)
{
    struct RtFiles *t = rt->files;
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        if (t->f[i])
            fclose(t->f[i]);
    free(t->f);
    free(t);
    rt->files = NULL;
}

/* The stream of fid, or NULL when it is not open. */
static FILE *stream_of(Rt *rt, int64_t fid)
{
    if (fid == 1)
        return rt->out;
    if (fid == 2)
        return stderr;
    struct RtFiles *t = rt->files;
    if (!t || fid < FID_FIRST || fid - FID_FIRST >= t->n)
        return NULL;
    return t->f[fid - FID_FIRST];
}

/* Give f an id; -1 when memory runs out (f is then closed). */
static int64_t add_file(Rt *rt, FILE *f)
{
    if (!rt->files && !(rt->files = calloc(1, sizeof *rt->files))) {
        fclose(f);
        return -1;
    }
    struct RtFiles *t = rt->files;
    for (int i = 0; i < t->n; i++)
        if (!t->f[i]) {
            t->f[i] = f;
            return FID_FIRST + i;
        }
    FILE **grown = realloc(t->f, (size_t)(t->n + 1) * sizeof *grown);
    if (!grown) {
        fclose(f);
        return -1;
    }
    t->f = grown;
    t->f[t->n++] = f;
    return FID_FIRST + t->n - 1;
}

static bool valid_mode(const char *m)
{
    if (!*m || !strchr("rwa", m[0]))
        return false;
    for (const char *p = m + 1; *p; p++)
        if (!strchr("+bt", *p))
            return false;
    return strlen(m) <= 3;
}

/* [fid, message] = fopen(file[, mode]): mode "r" (default), "w", "a", with "+", "b", "t". */
void lib_fopen(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    const char *path = rt_to_cstr(rt, argv[0], "fopen: the file name");
    const char *mode = argc > 1 ? rt_to_cstr(rt, argv[1], "fopen: the mode") : "r";
    if (!valid_mode(mode))
        rt_error(rt, "fopen: unknown mode '%s' (expected r, w or a, with +, b or t)", mode);
    char cmode[8];
    size_t k = 0;
    for (const char *p = mode; *p; p++)
        if (*p != 't')
            cmode[k++] = *p;
    cmode[k] = '\0';
    char found[4096];
    if (mode[0] == 'r')
        path = rt_input_path(rt, path, found, sizeof found);
    FILE *f = fopen(path, cmode);
    const char *why = f ? "" : strerror(errno);
    int64_t fid = f ? add_file(rt, f) : -1;
    if (f && fid < 0)
        rt_out_of_memory(rt);
    out[0] = rt_int(fid);
    if (nout > 1 && (out[1] = rt_string_cstr(why)).kind == V_UNDEF)
        rt_out_of_memory(rt);
}

/* fclose(fid) or fclose("all"): 0 when closed, -1 when a write failed on closing. */
void lib_fclose(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    struct RtFiles *t = rt->files;
    if (argv[0].kind == V_STRING) {
        if (strcmp(argv[0].s->text, "all"))
            rt_error(rt, "fclose: expected a file id or \"all\", not '%s'", argv[0].s->text);
        int rc = 0;
        for (int i = 0; t && i < t->n; i++)
            if (t->f[i]) {
                rc |= fclose(t->f[i]);
                t->f[i] = NULL;
            }
        out[0] = rt_int(rc ? -1 : 0);
        return;
    }
    int64_t fid = rt_to_int(rt, argv[0], "fclose: the file id");
    if (fid == 1 || fid == 2) {
        out[0] = rt_int(0);     /* the standard streams stay open */
        return;
    }
    FILE *f = stream_of(rt, fid);
    if (!f)
        rt_error(rt, "fclose: %lld is not an open file id", (long long)fid);
    t->f[fid - FID_FIRST] = NULL;
    out[0] = rt_int(fclose(f) ? -1 : 0);
}

/* fprintf([fid, ]format, args…): formatted text to a file; the number of bytes. */
void lib_fprintf(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    FILE *f = rt->out;
    int first = 0;
    if (argv[0].kind != V_STRING) {
        int64_t fid = rt_to_int(rt, argv[0], "fprintf: the file id");
        if (!(f = stream_of(rt, fid)))
            rt_error(rt, "fprintf: %lld is not an open file id (fopen gives one)", (long long)fid);
        if (argc < 2)
            rt_error(rt, "fprintf: the format is missing");
        first = 1;
    }
    StrBuf sb = {0};
    rt_sprintf_as(rt, "fprintf", rt_to_cstr(rt, argv[first], "the format of fprintf"), argc - first - 1,
                  argv + first + 1, &sb);
    size_t written = sb.len ? fwrite(sb.s, 1, sb.len, f) : 0;
    bool failed = written != sb.len;
    sb_free(&sb);
    if (failed)
        rt_error(rt, "fprintf: write failed: %s", strerror(errno));
    out[0] = rt_int((int64_t)written);
}
