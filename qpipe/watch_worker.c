/*
 * watch_worker.c - a worker process of `qpipe watch` (watch.h): `qpipe run --watch-worker`
 * after it loaded the chain, serving files one at a time until its stdin closes.
 *
 * SIGINT is ignored (a Ctrl-C on the terminal reaches the whole process group; the watch
 * process decides: it lets the current files finish, and on a second signal sends this
 * process SIGTERM, which interrupts the file and removes its temporary). SIGTERM and
 * crashes keep `qpipe run`'s handlers (signals.h). The worker dies with its watch process
 * (PR_SET_PDEATHSIG, set by the parent before exec), and the temporary it leaves then is
 * swept by the next run (outfile.h).
 */
#include "qpipe/watch.h"

#include "io/io.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EX_SOFTWARE = 70 };

/* fd 3: answers to the watch process. */
#define ANSWER_FD 3

static int answer(const char *text)
{
    size_t n = strlen(text);
    while (n) {
        ssize_t k = write(ANSWER_FD, text, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        text += k;
        n -= (size_t)k;
    }
    return 0;
}

/* One line of stdin without its newline, or NULL at the end. */
static char *read_line(char **buf, size_t *cap)
{
    ssize_t n = getline(buf, cap, stdin);
    if (n <= 0)
        return NULL;
    if ((*buf)[n - 1] == '\n')
        (*buf)[n - 1] = '\0';
    return *buf;
}

int watch_worker_serve(const RunChain *c, const RunMedia *m)
{
    signal(SIGINT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    if (answer("ready\n"))
        return EX_SOFTWARE;
    char *b1 = NULL, *b2 = NULL, *b3 = NULL;
    size_t c1 = 0, c2 = 0, c3 = 0;
    int rc = 0;
    while (!run_interrupted) {
        char *in = read_line(&b1, &c1), *out = in ? read_line(&b2, &c2) : NULL;
        char *ow = out ? read_line(&b3, &c3) : NULL;
        if (!ow)
            break;
        char err[2048] = "";
        bool overwrite = !strcmp(ow, "1");
        if (io_is_image(in)) {
            rc = run_image_file(c, in, out, overwrite, NULL, err, sizeof err);
        } else {
            RunProgress pr = {.quiet = true, .start = run_now()};
            rc = run_video_file(c, in, out, m, &pr, overwrite, err, sizeof err);
        }
        if (rc && err[0])
            fprintf(stderr, "%s\n", err);
        fflush(stderr);
        char line[32];
        snprintf(line, sizeof line, "%d\n", rc);
        if (answer(line))
            break;
    }
    free(b1);
    free(b2);
    free(b3);
    return run_interrupted ? 130 : 0;
}
