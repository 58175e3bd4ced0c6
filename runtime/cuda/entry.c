/*
 * entry.c - the launchable entry of a kernel text (ptx.h rt_cuda_entry_text).
 *
 * The generated text (lang/emit_c.c) has, under QP_CUDA, `__global__ qpk_cuda(qpk_env
 * qp_e, ...)`: its environment struct is laid out per kernel, so the host cannot build it
 * from the runtime's qp_arg array. The CPU entry (qpk_run, or qpk_blocks for lockstep
 * kernels) starts with the lines that fill it from the array: `qpk_env e;` then one
 * statement per field, up to the first line of the loop nest. Those lines are copied into
 * a new __global__ entry that takes the array (in device memory) and calls qpk_cuda,
 * turned into a device function. This couples to the shape of emit_c.c's output; when
 * the shape is not found the kernel is not launched on the GPU (the caller says why).
 */
#include "runtime/cuda/ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char global_head[] = "extern \"C\" __global__ void qpk_cuda(qpk_env qp_e,";
static const char device_head[] = "QP_DEVICE void qpk_cuda_env(qpk_env qp_e,";

char *rt_cuda_entry_text(const char *text, char *err, size_t errlen)
{
    if (strstr(text, "__global__ void " RT_CUDA_ENTRY "(")) {     /* added before */
        char *copy = strdup(text);
        if (!copy)
            snprintf(err, errlen, "out of memory");
        return copy;
    }
    const char *g = strstr(text, global_head);
    const char *cpu = g ? strstr(g, "\n#else\nQP_EXPORT void qpk_") : NULL;
    const char *env = cpu ? strstr(cpu, "\n    qpk_env e;\n") : NULL;
    if (!env) {
        snprintf(err, errlen, "the kernel text has no qpk_cuda entry and environment to unpack");
        return NULL;
    }
    const char *from = env + strlen("\n    qpk_env e;\n");
    const char *to = NULL;
    static const char *const ends[] = {"\n    const int64_t D0", "\n    int64_t bidx["};
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
        const char *e = strstr(from - 1, ends[i]);
        if (e && (!to || e < to))
            to = e + 1;
    }
    if (!to) {
        snprintf(err, errlen, "the kernel text's environment has no end");
        return NULL;
    }
    size_t n = strlen(text), body = (size_t)(to - from);
    static const char tail_head[] =
        "\n#ifdef QP_CUDA\n"
        "extern \"C\" __global__ void " RT_CUDA_ENTRY "(const qp_arg *args, qp_status *qp_st, qp_arg qp_dims, "
        "qp_arg qp_blkd)\n{\n"
        "    const int64_t *dims = qp_dims.d, *blk = qp_blkd.d;\n"
        "    (void)dims; (void)blk;\n"
        "    qpk_env e;\n";
    static const char tail_end[] = "    qpk_cuda_env(e, qp_st, qp_dims, qp_blkd);\n}\n#endif\n";
    char *out = malloc(n + sizeof tail_head + body + sizeof tail_end + 64);
    if (!out) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    size_t at = (size_t)(g - text);
    char *p = out;
    memcpy(p, text, at);
    p += at;
    memcpy(p, device_head, strlen(device_head));
    p += strlen(device_head);
    const char *rest = g + strlen(global_head);
    memcpy(p, rest, strlen(rest));
    p += strlen(rest);
    memcpy(p, tail_head, strlen(tail_head));
    p += strlen(tail_head);
    memcpy(p, from, body);
    p += body;
    memcpy(p, tail_end, strlen(tail_end) + 1);
    return out;
}
