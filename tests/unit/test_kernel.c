/*
 * test_kernel.c - what parallel_do records on buffers for the CUDA engine: an array a
 * kernel never writes is 'const (no copy back), one it writes before any read is 'nocopy
 * (no upload), one it updates in place is neither. Checked after a run, on the program's
 * globals, both with the JIT and in the interpreter (QPIPE_CC=none).
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char program[] =
    "function [] = __kernel__ k(x : vec, y : vec, u : vec, pos : int)\n"
    "    y[pos] = x[pos] * 2\n"
    "    u[pos] += 1\n"
    "endfunction\n"
    "x = ones(8)\n"
    "y = zeros(8)\n"
    "u = zeros(8)\n"
    "parallel_do(8, x, y, u, k)\n";

static unsigned flags_of(Rt *rt, const char *name)
{
    Value v = rt->globals[rt_global_slot(rt, name)];
    return v.kind == V_ARRAY ? v.a->buf->flags : 0xffffffffu;
}

static void run(const char *mode)
{
    char path[] = "/tmp/qpipe_test_kernel_XXXXXX.q";
    int fd = mkstemps(path, 2);
    if (fd < 0 || write(fd, program, sizeof program - 1) != (ssize_t)(sizeof program - 1)) {
        report(mode, "cannot write the program");
        return;
    }
    close(fd);
    RtOptions opt = {.kernel_dir = "kernels"};
    FILE *devnull = fopen("/dev/null", "w");
    RtHost *host = rt_host_new(&opt);
    Rt *rt = rt_new(host, &opt, devnull, devnull);
    int rc = rt_run_file(rt, path, 0, NULL);
    char name[128], why[128];
    snprintf(name, sizeof name, "%s_runs", mode);
    snprintf(why, sizeof why, "exit code %d", rc);
    report(name, rc ? why : NULL);
    snprintf(name, sizeof name, "%s_read_only_is_const", mode);
    report(name, flags_of(rt, "x") & RT_BUF_CONST ? NULL : "x is not marked 'const");
    snprintf(name, sizeof name, "%s_write_only_is_nocopy", mode);
    unsigned fy = flags_of(rt, "y");
    report(name, (fy & RT_BUF_NOCOPY) && !(fy & RT_BUF_CONST) ? NULL : "y is not marked 'nocopy alone");
    snprintf(name, sizeof name, "%s_updated_is_neither", mode);
    report(name, flags_of(rt, "u") & (RT_BUF_CONST | RT_BUF_NOCOPY) ? "u is marked" : NULL);
    rt_free(rt);
    rt_host_free(host);
    fclose(devnull);
    unlink(path);
}

int main(void)
{
    run("compiled");
    setenv("QPIPE_CC", "none", 1);
    run("interpreted");
    return failures != 0;
}
