/*
 * run_file.c - one input file through the chain into one output file: the per-file path
 * that `qpipe run` (cmd_run.c) and `qpipe watch` (its worker, cmd_watch.c) share (run.h).
 *
 * Both functions write under a temporary name beside the output and rename it when the
 * output is complete (outfile.h), so a failure or an interruption never leaves a partial
 * file under the final name. They print nothing of their own: the reason of a failure is
 * returned in err (without a command prefix) and the caller decides how to show it (run:
 * on stderr; watch: in its journal and log). The filter's own diagnostics still go to the
 * error stream the filter was loaded with.
 */
#include "qpipe/run.h"

#include "qpipe/outfile.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

enum { EX_PROGRAM = 65, EX_NOINPUT = 66, EX_CANTCREAT = 73, EX_INTERRUPTED = 130 };

/* The exit code of an input that could not be read: larger than --max-pixels is an error
 * in the data (65), anything else an unreadable input (66). */
static int read_failure(void) { return io_failed_too_large() ? EX_PROGRAM : EX_NOINPUT; }

/* The depth an output keeps: a 16-bit (float) image stays 16-bit (float) where the output
 * format holds it. */
static int output_bits(const char *in, const char *out)
{
    const char *ext = strrchr(out, '.');
    int bits = io_image_bits(in);
    if (!ext || bits < 16)
        return 8;
    bool tif = !strcasecmp(ext, ".tif") || !strcasecmp(ext, ".tiff");
    if (!tif && strcasecmp(ext, ".png") && strcasecmp(ext, ".ppm") && strcasecmp(ext, ".pgm") &&
        strcasecmp(ext, ".pnm"))
        return 8;
    return bits == 32 && tif ? 32 : 16;
}

/* Whether the output format keeps an alpha channel (PNG, TIFF). */
static bool holds_alpha(const char *out)
{
    const char *ext = strrchr(out, '.');
    return ext && (!strcasecmp(ext, ".png") || !strcasecmp(ext, ".tif") || !strcasecmp(ext, ".tiff"));
}

int run_image_file(const RunChain *c, const char *in, const char *out, bool overwrite, RunFileTimes *times,
                   char *err, size_t errlen)
{
    err[0] = '\0';
    double t0 = run_now();
    if (!io_is_image(out) && io_is_video_name(out)) {
        /* .webp, .gif: FFmpeg's encoder, one frame with its defaults (a folder run's
         * --format webp; a single file's own options come through cmd_run.c) */
        RunMedia m;
        run_media_init(&m);
        RunProgress pr = {.quiet = true};
        int rc = run_video_file(c, in, out, &m, &pr, overwrite, err, errlen);
        if (times)
            *times = (RunFileTimes){0, run_now() - t0, 0};
        return rc;
    }
    /* the filters see RGB; an input's alpha goes back beside a result of the same size, as
     * ffmpeg's filters pass it through (a result of another size, or a format without
     * alpha, has none) */
    Value alpha;
    Value x = io_image_read_rgb(in, c->dbl, &alpha, err, errlen);
    if (x.kind == V_UNDEF) {
        if (!err[0])
            snprintf(err, errlen, "%s: cannot read", in);
        return read_failure();
    }
    double t1 = run_now();
    RtFilterInfo info = {(int)x.a->dims[1], (int)x.a->dims[0], 0, 1};
    Value y = rt_undef();
    int rc = run_chain_init(c, &info);
    if (!rc)
        rc = run_chain_apply(c, x, &y);
    rt_release(x);
    if (!rc && alpha.kind == V_ARRAY && holds_alpha(out)) {
        Value ya = io_image_with_alpha(y.a, alpha.a);
        if (ya.kind == V_ARRAY) {
            rt_release(y);
            y = ya;
        }
    }
    rt_release(alpha);
    if (rc) {
        if (rc == EX_INTERRUPTED || run_interrupted)
            snprintf(err, errlen, "interrupted; %s not written", out);
        else
            snprintf(err, errlen, "%s: the filter failed", in);
        return rc;
    }
    double t2 = run_now();
    OutFile o;
    if ((rc = outfile_begin(&o, out, err, errlen))) {
        rt_release(y);
        return rc;
    }
    IoImageWrite wo = {.bits = output_bits(in, out), .temp_of = out};
    if (io_image_write(o.tmp, y.a, &wo, err, errlen) < 0) {
        outfile_fix_message(&o, err, errlen);
        rc = EX_CANTCREAT;
    } else if (run_interrupted) {
        snprintf(err, errlen, "interrupted; %s not written", out);
        rc = EX_INTERRUPTED;
    } else {
        rc = outfile_commit(&o, overwrite, err, errlen);
    }
    rt_release(y);
    outfile_end(&o);
    if (times)
        *times = (RunFileTimes){t1 - t0, t2 - t1, run_now() - t2};
    return rc;
}

int run_video_file(const RunChain *c, const char *in, const char *out, const RunMedia *m, RunProgress *pr,
                   bool overwrite, char *err, size_t errlen)
{
    err[0] = '\0';
    OutFile o = {.slot = -1};
    int rc = outfile_begin(&o, out, err, errlen);
    if (rc)
        return rc;
    rc = pipe_run_video(c, in, o.tmp, m, pr, err, errlen);
    if (rc == EX_NOINPUT && io_failed_too_large())
        rc = EX_PROGRAM;
    if (!rc && run_interrupted)
        rc = EX_INTERRUPTED;
    else if (!rc)
        rc = outfile_commit(&o, overwrite, err, errlen);
    if (rc == EX_INTERRUPTED || (rc && run_interrupted)) {
        rc = EX_INTERRUPTED;
        snprintf(err, errlen, "interrupted; %s not written", out);
    } else if (rc) {
        outfile_fix_message(&o, err, errlen);
    }
    outfile_end(&o);
    return rc;
}
