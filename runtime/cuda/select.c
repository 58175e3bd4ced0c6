/*
 * select.c - which engine runs compiled kernels: --engine cpu|cuda|auto (rt.h
 * RtOptions.engine, engine.h rt_engine_for).
 *
 * auto takes the CUDA engine when a device answers (libraries found, a device, a driver
 * recent enough: cuda/engine.c's probe) and the CPU engine otherwise. The probe runs once
 * per process, when a kernel first needs an engine (or -v or --engine cuda asks); its answer
 * is kept by the engine.
 */
#include "runtime/cuda/cuda.h"
#include "runtime/engine.h"
#include "runtime/mem.h"
#include "runtime/rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const RtEngine *rt_engine_for(int choice, char *why, size_t len)
{
    char buf[256] = "";
    if (why && len)
        why[0] = '\0';
    if (choice == RT_ENGINE_CPU)
        return &rt_cpu_engine;
    bool cuda = rt_cuda_engine.available(NULL, buf, sizeof buf);     /* host-independent */
    if (why)
        snprintf(why, len, "%s", cuda ? "" : buf);
    if (cuda) {
        /* the run's video frames in page-locked memory (mem.h), for copies beside kernels */
        static const RtPinnedAlloc pinned = {rt_cuda_host_alloc, rt_cuda_host_free};
        rt_mem_set_pinned(&pinned);
        return &rt_cuda_engine;
    }
    return choice == RT_ENGINE_CUDA ? NULL : &rt_cpu_engine;
}

const RtEngine *rt_engine_known(int choice)
{
    if (choice == RT_ENGINE_CPU)
        return &rt_cpu_engine;
    return rt_cuda_probed() ? rt_engine_for(choice, NULL, 0) : NULL;
}

int rt_engine_parse(const char *text)
{
    static const char *const names[] = {[RT_ENGINE_AUTO] = "auto", [RT_ENGINE_CPU] = "cpu", [RT_ENGINE_CUDA] = "cuda"};
    for (int i = 0; text && i < (int)(sizeof names / sizeof *names); i++)
        if (!strcmp(text, names[i]))
            return i;
    return -1;
}

int rt_engine_parse_gpu(const char *text)
{
    char *end;
    long n = text && *text ? strtol(text, &end, 10) : -1;
    return n >= 0 && n < RT_ENGINE_MAX_GPUS && !*end && text[0] != '-' && text[0] != '+' ? (int)n : -1;
}

static int cli_gpu = -1;        /* --gpu N given */

bool rt_engine_set_gpu(int ordinal, int *current)
{
    cli_gpu = ordinal;
    return rt_cuda_set_device(ordinal, current);
}

int rt_engine_program_gpu(int ordinal, int *current)
{
    if (cli_gpu >= 0)
        return 0;
    return rt_cuda_set_device(ordinal, current) ? 1 : -1;
}

const char *rt_engine_choose(int choice, char *why, size_t len)
{
    const RtEngine *e = rt_engine_for(choice, why, len);
    if (e == &rt_cuda_engine) {
        int arch = 0;
        const char *dev = rt_cuda_device_name(&arch);
        snprintf(why, len, "%s, sm_%d", dev ? dev : "CUDA device", arch);
    }
    return e ? e->name : NULL;
}
