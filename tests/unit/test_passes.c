/*
 * test_passes.c - QPIPE_DUMP=passes: the kernel compiler prints, on stderr, each pass in
 * the order of lang/kpasses.c's table (lockstep, access, infer, stencil, emit) with its
 * time, and what it produced; without the switch it prints nothing. The facts checked are
 * the program's, worked out by hand: a 3-tap stencil over a clamped image has no barriers,
 * its accumulator `s` is a scalar (its first assignment is 0.0), every access has a known
 * range so the interior body exists, and the emitted text defines qpk_run; a kernel with
 * syncthreads runs in lockstep and gets no interior body; a kernel with syncthreads(warp)
 * runs all passes in lockstep, its barrier QPK_SYNCWARP() (lang/kwarp.c); one that takes a
 * partition of a thread block, which compiled kernels do not take, stops in "infer" with the
 * reason.
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char program[] =
    "function [] = __kernel__ blur3(x : cube'clamped, y : cube, pos : ivec3)\n"
    "    s = 0.0\n"
    "    for d = -1..1\n"
    "        s += x[pos[0] + d, pos[1], pos[2]]\n"
    "    endfor\n"
    "    y[pos] = s / 3\n"
    "endfunction\n"
    "function [] = __kernel__ turn(x : vec, y : vec, pos : int, blkpos : int, blkdim : int)\n"
    "    t = shared(blkdim)\n"
    "    t[blkpos] = x[pos]\n"
    "    syncthreads\n"
    "    y[pos] = t[blkdim - 1 - blkpos]\n"
    "endfunction\n"
    "function [] = __kernel__ warp(x : vec, y : vec, pos : int)\n"
    "    y[pos] = x[pos]\n"
    "    syncthreads(warp)\n"
    "    y[pos] += 1\n"
    "endfunction\n"
    "function [] = __kernel__ tile(y : vec, this_thread_block : thread_block, pos : int)\n"
    "    t = this_thread_block.partition(4)\n"
    "    y[pos] = t.thread_idx\n"
    "endfunction\n"
    "x = rand(8, 8, 3)\n"
    "y = zeros(size(x))\n"
    "parallel_do(size(x), x, y, blur3)\n"
    "v = 0..7\n"
    "w = zeros(8)\n"
    "parallel_do([[8], [4]], v, w, turn)\n"
    "parallel_do([[8], [4]], v, w, warp)\n"
    "parallel_do([[8], [4]], w, tile)\n";

/* Run the program with QPIPE_DUMP set to `dump` (NULL: unset); stderr's text, malloc'd. */
static char *run(const char *dump, int *rc)
{
    char path[] = "/tmp/qpipe_test_passes_XXXXXX.q", errpath[] = "/tmp/qpipe_test_passes_XXXXXX";
    int fd = mkstemps(path, 2), efd = mkstemp(errpath);
    if (fd < 0 || efd < 0 || write(fd, program, sizeof program - 1) != (ssize_t)(sizeof program - 1))
        return NULL;
    close(fd);
    if (dump)
        setenv("QPIPE_DUMP", dump, 1);
    else
        unsetenv("QPIPE_DUMP");
    fflush(stderr);
    int saved = dup(2);
    dup2(efd, 2);
    RtOptions opt = {.kernel_dir = "kernels"};
    FILE *devnull = fopen("/dev/null", "w");
    RtHost *host = rt_host_new(&opt);
    Rt *rt = host ? rt_new(host, &opt, devnull, devnull) : NULL;
    *rc = rt ? rt_run_file(rt, path, 0, NULL) : 70;
    rt_free(rt);
    rt_host_free(host);
    fclose(devnull);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    unlink(path);
    off_t n = lseek(efd, 0, SEEK_END);
    char *text = malloc((size_t)n + 1);
    if (text && pread(efd, text, (size_t)n, 0) == n)
        text[n] = 0;
    close(efd);
    unlink(errpath);
    return text;
}

/* The text from the line "kernel NAME (" up to the next "kernel " line. */
static const char *section(const char *text, const char *name, size_t *len)
{
    char head[64];
    snprintf(head, sizeof head, "kernel %s (", name);
    const char *s = strstr(text, head);
    if (!s)
        return NULL;
    const char *e = strstr(s + 1, "\nkernel ");
    *len = e ? (size_t)(e - s) : strlen(s);
    return s;
}

static bool has(const char *s, size_t len, const char *what)
{
    const char *p = strstr(s, what);
    return p && p < s + len;
}

/* The "pass NAME:" lines of a section, names joined by spaces; each must give a time
 * ("N ms") or say why it stopped. */
static const char *pass_names(const char *s, size_t len, char *out, size_t cap)
{
    out[0] = 0;
    for (const char *p = s; p < s + len; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : s + len) {
        if (strncmp(p, "pass ", 5))
            continue;
        const char *colon = strchr(p + 5, ':');
        const char *eol = strchr(p, '\n');
        if (!colon || !eol || colon > eol)
            return "a pass line without a colon";
        bool timed = eol - colon > 4 && !strncmp(eol - 3, " ms", 3);
        if (!timed && strncmp(colon, ": stopped: ", 11))
            return "a pass line with neither a time nor a reason";
        size_t k = strlen(out);
        snprintf(out + k, cap - k, "%s%.*s", k ? " " : "", (int)(colon - p - 5), p + 5);
    }
    return NULL;
}

int main(void)
{
    int rc = 0;
    char *quiet = run(NULL, &rc);
    report("runs_without_dump", quiet && !rc ? NULL : why("exit code %d", rc));
    report("silent_without_dump", quiet && !strstr(quiet, "pass ") ? NULL : "pass lines without QPIPE_DUMP");
    free(quiet);

    char *text = run("stats,passes", &rc);
    report("runs_with_dump", text && !rc ? NULL : why("exit code %d", rc));
    if (!text)
        return 1;
    size_t len = 0;
    char names[256];
    const char *s = section(text, "blur3", &len);
    report("blur3_dumped", s ? NULL : "no section for kernel blur3");
    if (s) {
        const char *bad = pass_names(s, len, names, sizeof names);
        report("blur3_pass_order", bad      ? bad
                                   : strcmp(names, "lockstep access infer stencil emit")
                                       ? why("passes \"%s\"", names)
                                       : NULL);
        report("blur3_no_barriers", has(s, len, "barriers: no") ? NULL : "no \"barriers: no\"");
        report("blur3_clamped_param", has(s, len, "array x : array rank 3 of float32, 'clamped") ? NULL : "x not typed");
        report("blur3_local_types", has(s, len, "local s : scalar (float32)") && has(s, len, "local d : int")
                                        ? NULL
                                        : "s and d not typed");
        report("blur3_interior", has(s, len, "interior body: yes") ? NULL : "no interior body");
        report("blur3_emitted", has(s, len, "QP_EXPORT void qpk_run(") ? NULL : "no qpk_run in the text");
    }
    s = section(text, "turn", &len);
    report("turn_dumped", s ? NULL : "no section for kernel turn");
    if (s) {
        const char *bad = pass_names(s, len, names, sizeof names);
        report("turn_pass_order", bad      ? bad
                                  : strcmp(names, "lockstep access infer stencil emit")
                                      ? why("passes \"%s\"", names)
                                      : NULL);
        report("turn_lockstep", has(s, len, "barriers: yes") ? NULL : "no \"barriers: yes\"");
        report("turn_no_interior", has(s, len, "interior body: none") ? NULL : "an interior body with barriers");
        report("turn_blocks", has(s, len, "QP_EXPORT void qpk_blocks(") ? NULL : "no qpk_blocks in the text");
    }
    s = section(text, "warp", &len);
    report("warp_dumped", s ? NULL : "no section for kernel warp");
    if (s) {
        const char *bad = pass_names(s, len, names, sizeof names);
        report("warp_all_passes", bad                                                     ? bad
                                  : strcmp(names, "lockstep access infer stencil emit") ? why("passes \"%s\"", names)
                                                                                        : NULL);
        report("warp_lockstep", has(s, len, "barriers: yes") ? NULL : "no \"barriers: yes\"");
        report("warp_barrier", has(s, len, "QPK_SYNCWARP();") ? NULL : "no QPK_SYNCWARP() in the text");
    }
    s = section(text, "tile", &len);
    report("tile_dumped", s ? NULL : "no section for kernel tile");
    if (s) {
        const char *bad = pass_names(s, len, names, sizeof names);
        report("tile_stops_in_infer", bad                                   ? bad
                                      : strcmp(names, "lockstep access infer") ? why("passes \"%s\"", names)
                                                                               : NULL);
        report("tile_reason", has(s, len, "pass infer: stopped: line 20: 'partition'") ? NULL : "no reason given");
    }
    free(text);
    return failures != 0;
}
