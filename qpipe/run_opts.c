/*
 * run_opts.c - the video options of `qpipe run` (run.h RunMedia), spelled as FFmpeg users
 * know them: what is read (-ss, -t, -to, --frames/-frames:v, -an, -sn, --fps of image
 * sequences), what to do with damaged input (--ignore-damage), and the encoder (--codec,
 * --crf, --preset, --pix-fmt, --bitrate). cmd_run.c hands each argument here first.
 *
 * TIME is seconds ("90", "2.5") or [HH:]MM:SS[.frac] ("1:30", "00:01:30.250"), as ffmpeg
 * reads a duration.
 */
#include "qpipe/run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { EX_USAGE = 64 };

void run_media_init(RunMedia *m)
{
    memset(m, 0, sizeof *m);
    m->vo.crf = 18;
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("qpipe run: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(qpipe run --help for usage)\n", stderr);
    return EX_USAGE;
}

double run_parse_time(const char *s)
{
    double parts[3];
    int n = 0;
    const char *p = s;
    for (;;) {
        if (n == 3 || (!(*p >= '0' && *p <= '9') && *p != '.'))
            return -1;
        char *end;
        parts[n++] = strtod(p, &end);
        if (end == p)
            return -1;
        if (!*end)
            break;
        if (*end != ':' || memchr(p, '.', (size_t)(end - p)))
            return -1;          /* a fraction only in the last part */
        p = end + 1;
    }
    double t = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && parts[i] >= 60)
            return -1;          /* minutes and seconds below 60 after a colon */
        t = t * 60 + parts[i];
    }
    return isfinite(t) ? t : -1;
}

static int time_value(const char *opt, const char *v, double *t)
{
    *t = v ? run_parse_time(v) : -1;
    if (*t < 0) {
        fprintf(stderr, "qpipe run: %s needs a time (seconds, or [HH:]MM:SS[.ms]), not '%s'\n"
                        "(qpipe run --help for usage)\n", opt, v ? v : "");
        return EX_USAGE;
    }
    return 0;
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

static bool is(const char *s, const char *a, const char *b)
{
    return !strcmp(s, a) || (b && !strcmp(s, b));
}

int run_media_option(int argc, char **argv, int *i, RunMedia *m)
{
    const char *s = argv[*i];
    if (is(s, "-an", NULL)) {
        m->vin.no_audio = true;
        return 1;
    }
    if (is(s, "-sn", NULL)) {
        m->vin.no_subtitles = true;
        return 1;
    }
    if (is(s, "--no-autorotate", "-noautorotate")) {
        m->vin.no_autorotate = true;
        return 1;
    }
    if (is(s, "--ignore-damage", NULL)) {
        m->ignore_damage = true;
        return 1;
    }
    static const char *const with_value[] = {"-ss", "-t", "-to", "--frames", "-frames:v", "-vframes",
                                             "--fps", "-r", "--codec", "-c:v", "--crf", "--preset",
                                             "--pix-fmt", "-pix_fmt", "--bitrate", "-b:v", "--segment",
                                             "--warmup", NULL};
    bool known = false;
    for (int k = 0; with_value[k]; k++)
        known |= !strcmp(s, with_value[k]);
    if (!known)
        return 0;
    if (*i + 1 >= argc)
        return usage_error("option '%s' needs a value", s);
    const char *v = argv[++*i];
    char *end;
    if (is(s, "-ss", NULL))
        return time_value(s, v, &m->vin.start) ? EX_USAGE : 1;
    if (is(s, "-t", NULL)) {
        if (time_value(s, v, &m->duration))
            return EX_USAGE;
        return m->duration > 0 ? 1 : usage_error("-t needs a duration above 0, not '%s'", v);
    }
    if (is(s, "-to", NULL)) {
        if (time_value(s, v, &m->vin.end))
            return EX_USAGE;
        return m->vin.end > 0 ? 1 : usage_error("-to needs a time above 0, not '%s'", v);
    }
    if (is(s, "--frames", "-frames:v") || is(s, "-vframes", NULL)) {
        long long n = strtoll(v, &end, 10);
        if (!*v || *end || n < 1)
            return usage_error("--frames needs a number of frames (1 or more), not '%s'", v);
        m->max_frames = n;
        return 1;
    }
    if (is(s, "--fps", "-r")) {
        double f = strtod(v, &end);
        if (!*v || *end || !(f > 0 && f <= 1000))
            return usage_error("--fps needs frames per second (above 0, up to 1000), not '%s'", v);
        m->vin.fps = f;
        return 1;
    }
    if (is(s, "--segment", NULL))
        return run_parse_part(s, v, &m->seg_i, &m->seg_n) ? EX_USAGE : 1;
    if (is(s, "--warmup", NULL)) {
        long n = strtol(v, &end, 10);
        if (!*v || *end || n < 0 || n > 100000)
            return usage_error("--warmup needs a number of frames from 0 to 100000, not '%s'", v);
        m->warmup = (int)n;
        return 1;
    }
    if (is(s, "--codec", "-c:v"))
        m->vo.codec = v;
    else if (is(s, "--preset", NULL))
        m->vo.preset = v;
    else if (is(s, "--pix-fmt", "-pix_fmt"))
        m->vo.pix_fmt = v;
    else if (is(s, "--crf", NULL)) {
        long n = strtol(v, &end, 10);
        if (!*v || *end || n < 0 || n > 63)
            return usage_error("--crf needs a number from 0 to 63, not '%s'", v);
        m->vo.crf = (int)n;
    } else if (is(s, "--bitrate", "-b:v")) {
        m->vo.bitrate = parse_bitrate(v);
        if (m->vo.bitrate < 0)
            return usage_error("--bitrate needs bits per second (5M, 800k), not '%s'", v);
        m->vo.crf = -1;
    }
    return 1;
}

int run_media_finish(RunMedia *m)
{
    if (m->duration > 0) {
        double end = m->vin.start + m->duration;
        if (m->vin.end <= 0 || end < m->vin.end)
            m->vin.end = end;      /* ffmpeg: the earlier of -t and -to wins */
    }
    if (m->seg_n && (m->vin.start > 0 || m->vin.end > 0 || m->max_frames)) {
        fprintf(stderr, "qpipe run: --segment splits the whole video: it does not go with -ss, -t, -to or "
                        "--frames\n(qpipe run --help for usage)\n");
        return EX_USAGE;
    }
    if (m->warmup && !m->seg_n) {
        fprintf(stderr, "qpipe run: --warmup is for --segment\n(qpipe run --help for usage)\n");
        return EX_USAGE;
    }
    if (m->seg_n) {
        m->vin.no_audio = m->vin.no_subtitles = m->vin.partial = true;  /* assembly copies them once */
    }
    if (m->vin.end > 0 && m->vin.end <= m->vin.start) {
        fprintf(stderr, "qpipe run: -to %g is not after -ss %g\n(qpipe run --help for usage)\n", m->vin.end,
                m->vin.start);
        return EX_USAGE;
    }
    return 0;
}

void run_media_usage(FILE *out)
{
    fputs("video (TIME: seconds, or [HH:]MM:SS[.ms]):\n"
          "  -ss TIME             start there (exact frame; timestamps then start at 0)\n"
          "  -t DURATION, -to TIME  stop after DURATION, or at TIME of the input\n"
          "  --frames N           at most N frames (also -frames:v N)\n"
          "  -an / -sn            leave out audio / subtitles\n"
          "  --no-autorotate      frames as stored, not turned upright by the video's\n"
          "                       rotation (phones' portrait video; ffmpeg -noautorotate)\n"
          "  --fps N              frame rate of an image sequence IN (default 25)\n"
          "  --ignore-damage      damaged input (decode errors, missing frames, a short\n"
          "                       stream) warns and exits 0; without it the run exits 65\n"
          "                       and writes nothing\n"
          "  --segment i/N        the i-th (from 0) of N parts split at key frames, video\n"
          "                       only, timestamps kept; qpipe assemble joins them\n"
          "  --warmup N           with --segment: N frames before it filtered, not written\n"
          "                       (filters with state across frames; docs/scale-out.md)\n"
          "  --codec C --crf N --preset P --pix-fmt F --bitrate B[k|M]\n"
          "                       video encoder (default libx264, crf 18, preset medium;\n"
          "                       the input's pixel format family and depth are kept)\n",
          out);
}
