/*
 * video_damage.c - what a reader saw go wrong, said in words (io.h IoVideoDamage).
 *
 * video_in.c counts while it reads: packets the decoder refused and frames it flagged
 * corrupt (decode errors), frames the container declared that never came (missing: the
 * decoder swallowed them, or the stream stopped before its declared end), and frames whose
 * timestamps did not increase (repaired or dropped as ffmpeg does). This file only decides
 * what counts as damage and writes the report; qpipe/ decides the exit code.
 */
#include "io/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool io_damage_any(const IoVideoDamage *d)
{
    return d->decode_errors > 0 || d->missing > 0 || d->truncated;
}

/* " at 1.200, 1.240 s" (", …" when there were more) appended to buf. */
static int cmp_time(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void times(char *buf, size_t len, const double *times_in, int64_t count)
{
    double t[IO_DAMAGE_TIMES];
    memcpy(t, times_in, sizeof t);
    size_t n = strlen(buf);
    int listed = count < IO_DAMAGE_TIMES ? (int)count : IO_DAMAGE_TIMES;
    int shown = 0;
    qsort(t, (size_t)listed, sizeof *t, cmp_time);     /* decode order is not display order */
    for (int i = 0; i < listed && n < len; i++) {
        if (isnan(t[i]))
            continue;
        n += (size_t)snprintf(buf + n, len - n, "%s%.3f", shown ? ", " : " at ", t[i]);
        shown++;
    }
    if (shown && n < len)
        snprintf(buf + n, len - n, "%s s", count > listed ? ", ..." : "");
}

static void add(char *buf, size_t len, const char *fmt, long long v)
{
    size_t n = strlen(buf);
    if (n < len)
        snprintf(buf + n, len - n, fmt, v);
}

void io_damage_describe(const IoVideoDamage *d, char *buf, size_t len)
{
    if (!len)
        return;
    buf[0] = '\0';
    if (d->decode_errors) {
        add(buf, len, d->decode_errors > 1 ? "%lld decode errors" : "%lld decode error", (long long)d->decode_errors);
        times(buf, len, d->error_at, d->decode_errors);
        strncat(buf, "\n", len - strlen(buf) - 1);
    }
    if (d->missing > 0 || d->truncated) {
        size_t n = strlen(buf);
        if (d->truncated)
            snprintf(buf + n, len - n, "%lld frame%s missing: the stream ends at %.3f s of %.3f s declared\n",
                     (long long)d->missing, d->missing == 1 ? "" : "s", d->ends_at, d->declared_end);
        else
            snprintf(buf + n, len - n, "%lld frame%s missing (from %.3f s on)\n", (long long)d->missing,
                     d->missing == 1 ? "" : "s", d->missing_from);
    }
    if (d->ts_repaired || d->ts_dropped) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "timestamps that did not increase: %lld frame%s re-timed, %lld dropped",
                 (long long)d->ts_repaired, d->ts_repaired == 1 ? "" : "s", (long long)d->ts_dropped);
        times(buf, len, d->ts_at, d->ts_repaired + d->ts_dropped);
        strncat(buf, "\n", len - strlen(buf) - 1);
    }
}
