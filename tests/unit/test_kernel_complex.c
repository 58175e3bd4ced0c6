/*
 * test_kernel_complex.c - kernels with complex scalars and complex arrays are compiled by
 * the CPU engine, not sent to the interpreter. The golden tests (tests/kernels/types/
 * complex_*.q) check the values, which the interpreter gives too; this checks the path:
 * a run with -v must say the kernel was compiled (or loaded from the kernel cache) and
 * never that it "runs in the interpreter". qpipe prints those lines on the process's
 * stderr, so it is redirected to a temporary file for the run.
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char program[] =
    "function [] = __kernel__ ck(x : cmat, y : cmat, r : mat, c : cscalar, pos : ivec2)\n"
    "    z = x[pos] * c - 2j\n"
    "    y[pos] = conj(z) / (1 + 1j) + exp(z * 0.1)\n"
    "    r[pos] = abs(z) + angle(z) + real(z) - imag(z)\n"
    "endfunction\n"
    "x = complex(ones(4, 5), zeros(4, 5))\n"
    "y = x * 0\n"
    "r = zeros(4, 5)\n"
    "parallel_do(size(x), x, y, r, 1-1j, ck)\n";

static char *write_temp(const char *text, const char *suffix)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/qpipe_test_cplx_XXXXXX%s", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd < 0)
        return NULL;
    size_t n = strlen(text);
    bool ok = write(fd, text, n) == (ssize_t)n;
    close(fd);
    return ok ? path : NULL;
}

/* Run the program with -v, stderr into `log`; the exit code. */
static int run_logged(const char *prog, const char *log)
{
    fflush(stderr);
    int saved = dup(2);
    FILE *lf = fopen(log, "w");
    if (saved < 0 || !lf)
        return -1;
    dup2(fileno(lf), 2);
    RtOptions opt = {.kernel_dir = "kernels", .verbose = true};
    FILE *devnull = fopen("/dev/null", "w");
    RtHost *host = rt_host_new(&opt);
    Rt *rt = rt_new(host, &opt, devnull, devnull);
    int rc = rt_run_file(rt, prog, 0, NULL);
    rt_free(rt);
    rt_host_free(host);
    fclose(devnull);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fclose(lf);
    return rc;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    size_t k;
    while (s && (k = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (cap - n < 2) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                s = NULL;
            }
            s = t;
        }
    }
    fclose(f);
    if (s)
        s[n] = 0;
    return s;
}

int main(void)
{
    char prog[64], log[64];
    const char *p = write_temp(program, ".q");
    if (!p) {
        report("complex_kernel_compiled", "cannot write the program");
        return 1;
    }
    snprintf(prog, sizeof prog, "%s", p);
    const char *l = write_temp("", ".log");
    if (!l) {
        unlink(prog);
        report("complex_kernel_compiled", "cannot make the log");
        return 1;
    }
    snprintf(log, sizeof log, "%s", l);
    int rc = run_logged(prog, log);
    char *text = read_all(log);
    const char *bad = rc ? why("exit code %d: %s", rc, text ? text : "")
                    : !text ? "cannot read the log"
                    : strstr(text, "runs in the interpreter") ? why("%s", text)
                    : !strstr(text, "kernel 'ck' compiled") && !strstr(text, "kernel 'ck' loaded")
                        ? why("no 'compiled' line in: %s", text)
                        : NULL;
    report("complex_kernel_compiled", bad);
    free(text);
    unlink(prog);
    unlink(log);
    return failures != 0;
}
