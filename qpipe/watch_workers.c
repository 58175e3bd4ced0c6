/*
 * watch_workers.c - start, feed, hear and reap the worker processes of `qpipe watch`
 * (watch_workers.h; the protocol: watch.h).
 *
 * A worker is the same binary (/proc/self/exe) run as `qpipe run --watch-worker`. It gets
 * PR_SET_PDEATHSIG(SIGKILL) before exec so that it never outlives a watch process that is
 * killed (a restart then sweeps its temporary), and SIGINT ignored (a Ctrl-C on the
 * terminal reaches the whole process group; the watch process decides what it means).
 * The answer and stderr pipes are non-blocking: the watch process polls them with inotify
 * and its signal pipe.
 */
#include "qpipe/watch_workers.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

enum { EX_SOFTWARE = 70 };

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

int ww_start(WatchWorker *k, char *const argv[])
{
    int req[2] = {-1, -1}, res[2] = {-1, -1}, err[2] = {-1, -1};
    if (pipe2(req, O_CLOEXEC) || pipe2(res, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
        int e = errno;
        for (int i = 0; i < 2; i++) {
            close_fd(&req[i]);
            close_fd(&res[i]);
            close_fd(&err[i]);
        }
        errno = e;
        return -1;
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(EX_SOFTWARE);
        signal(SIGINT, SIG_IGN);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        dup2(req[0], 0);
        dup2(res[1], 3);
        dup2(err[1], 2);
        for (int fd = 0; fd <= 3; fd++)
            fcntl(fd, F_SETFD, 0);  /* dup2 onto itself would keep O_CLOEXEC */
        execv("/proc/self/exe", argv);
        _exit(EX_SOFTWARE);
    }
    int e = errno;
    close(req[0]);
    close(res[1]);
    close(err[1]);
    if (pid < 0) {
        close(req[1]);
        close(res[0]);
        close(err[0]);
        errno = e;
        return -1;
    }
    *k = (WatchWorker){.pid = pid, .req = req[1], .res = res[0], .err = err[0]};
    fcntl(k->res, F_SETFL, O_NONBLOCK);
    fcntl(k->err, F_SETFL, O_NONBLOCK);
    return 0;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t k = write(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

int ww_send(WatchWorker *k, const char *in, const char *out, bool overwrite)
{
    size_t len = strlen(in) + strlen(out) + 8;
    char *req = malloc(len);
    if (!req)
        return -1;
    int n = snprintf(req, len, "%s\n%s\n%d\n", in, out, overwrite);
    int rc = k->req < 0 ? -1 : write_all(k->req, req, (size_t)n);
    free(req);
    return rc;
}

int ww_next_answer(WatchWorker *k, int *rc)
{
    for (;;) {
        char *nl = memchr(k->res_buf, '\n', k->res_len);
        if (nl) {
            *nl = '\0';
            bool ready = !strcmp(k->res_buf, "ready");
            int v = atoi(k->res_buf);
            size_t used = (size_t)(nl + 1 - k->res_buf);
            memmove(k->res_buf, nl + 1, k->res_len - used);
            k->res_len -= used;
            if (ready) {
                k->ready = true;
                continue;
            }
            *rc = v;
            return 1;
        }
        if (k->res_len == sizeof k->res_buf - 1)
            k->res_len = 0;     /* not the protocol: drop it */
        ssize_t n = k->res < 0 ? 0 : read(k->res, k->res_buf + k->res_len, sizeof k->res_buf - 1 - k->res_len);
        if (n > 0) {
            k->res_len += (size_t)n;
            continue;
        }
        if (n == 0)
            return -1;
        return errno == EAGAIN || errno == EINTR ? 0 : -1;
    }
}

void ww_drain_err(WatchWorker *k, bool echo)
{
    char buf[WW_ERRBUF_MAX];
    ssize_t n = -1;
    while (k->err >= 0 && (n = read(k->err, buf, sizeof buf)) > 0) {
        if (echo)
            (void)!write(2, buf, (size_t)n);
        if (k->err_len + (size_t)n > WW_ERRBUF_MAX) {
            size_t drop = k->err_len + (size_t)n - WW_ERRBUF_MAX;
            memmove(k->err_buf, k->err_buf + drop, k->err_len - drop);
            k->err_len -= drop;
        }
        memcpy(k->err_buf + k->err_len, buf, (size_t)n);
        k->err_len += (size_t)n;
    }
    if (n == 0)
        close_fd(&k->err);
}

const char *ww_error(WatchWorker *k, const char *fallback)
{
    while (k->err_len && (k->err_buf[k->err_len - 1] == '\n' || k->err_buf[k->err_len - 1] == ' '))
        k->err_len--;
    k->err_buf[k->err_len] = '\0';
    return k->err_len ? k->err_buf : fallback;
}

void ww_clear_err(WatchWorker *k) { k->err_len = 0; }

int ww_reap(WatchWorker *k, char *why, size_t whylen)
{
    int status = 0;
    close_fd(&k->req);      /* a worker that still runs sees its stdin end and exits */
    if (k->pid > 0)
        while (waitpid(k->pid, &status, 0) < 0 && errno == EINTR)
            ;
    ww_drain_err(k, false);
    if (why && WIFSIGNALED(status))
        snprintf(why, whylen, "the worker process died of signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (why)
        snprintf(why, whylen, "the worker process exited with %d", WEXITSTATUS(status));
    close_fd(&k->res);
    close_fd(&k->err);
    k->pid = 0;
    k->ready = false;
    k->res_len = 0;
    return status;
}
