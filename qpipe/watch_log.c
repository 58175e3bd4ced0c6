/*
 * watch_log.c - the events of `qpipe watch` on stderr and as JSON lines (watch_log.h).
 */
#include "qpipe/watch_log.h"

#include <string.h>
#include <time.h>

static void json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* Is this an event a terminal user sees (one line per file)? */
static bool per_file(const char *event)
{
    return !strcmp(event, "done") || !strcmp(event, "failed") || !strcmp(event, "retry");
}

void wlog_event(WatchLog *l, const char *event, const char *input, const char *output, double seconds,
                const char *error)
{
    if (!l->quiet && (!l->tty || per_file(event) || l->verbose)) {
        fprintf(stderr, "qpipe watch: %-7s %s", event, input ? input : "");
        if (output)
            fprintf(stderr, " -> %s", output);
        if (seconds >= 0)
            fprintf(stderr, " (%.2f s)", seconds);
        if (error) {
            /* the first line of the error; the journal keeps all of it */
            const char *nl = strchr(error, '\n');
            fprintf(stderr, ": %.*s", nl ? (int)(nl - error) : (int)strlen(error), error);
        }
        fputc('\n', stderr);
    }
    if (!l->json)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char when[64];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    fprintf(l->json, "{\"time\":\"%s.%03ldZ\",\"event\":", when, ts.tv_nsec / 1000000);
    json_string(l->json, event);
    fputs(",\"input\":", l->json);
    json_string(l->json, input);
    fputs(",\"output\":", l->json);
    json_string(l->json, output);
    if (seconds >= 0)
        fprintf(l->json, ",\"seconds\":%.3f", seconds);
    else
        fputs(",\"seconds\":null", l->json);
    fputs(",\"error\":", l->json);
    json_string(l->json, error);
    fputs("}\n", l->json);
    fflush(l->json);
}
