/*
 * ptxas.h - for the unit tests of CUDA text: ptxas_problem(ptx) is NULL when the ptxas of
 * the toolkit NVRTC came from ($CUDA_HOME, default /usr/local/cuda) assembles the PTX for
 * sm_90, else the reason (check.h's why()).
 */
#ifndef TESTS_UNIT_PTXAS_H
#define TESTS_UNIT_PTXAS_H

#include "tests/unit/check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *ptxas_problem(const char *ptx)
{
    const char *home = getenv("CUDA_HOME");
    char ptxas[512], file[] = "/tmp/qpipe_test_ptxas_XXXXXX.ptx", cmd[1200];
    snprintf(ptxas, sizeof ptxas, "%s/bin/ptxas", home && *home ? home : "/usr/local/cuda");
    if (access(ptxas, X_OK) != 0)
        return why("no %s", ptxas);
    int fd = mkstemps(file, 4);
    if (fd < 0)
        return "mkstemps failed";
    ssize_t n = (ssize_t)strlen(ptx);
    bool ok = write(fd, ptx, (size_t)n) == n;
    close(fd);
    snprintf(cmd, sizeof cmd, "'%s' -arch=sm_90 -o /dev/null '%s' 2>&1", ptxas, file);
    int rc = ok ? system(cmd) : -1;
    unlink(file);
    return rc == 0 ? NULL : why("ptxas -arch=sm_90 failed (status %d)", rc);
}

#endif
