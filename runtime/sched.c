/*
 * sched.c - the program's scheduling attributes that the runtime acts on:
 * `{!sched gpu_index=N}` at a module's top level picks the CUDA device (rt.h
 * rt_engine_program_gpu), read when the module's top level starts to run (interp.c
 * run_module), before its kernels are compiled. Other {!sched ...} settings are for the
 * kernel compiler (lang/) and are passed over here.
 */
#include "runtime/interp.h"
#include "runtime/rt.h"

#include <string.h>

void rt_sched_attribute(Rt *rt, Node *n)
{
    if (n->kind != N_ATTRIBUTE || strcmp(n->name, "sched"))
        return;
    for (int i = 0; i < n->args.n; i++) {
        Node *it = n->args.items[i];
        if (it->kind != N_ATTR_ITEM || strcmp(it->name, "gpu_index"))
            continue;
        rt->cur = it;
        if (!it->a || it->a->kind != N_INT || it->a->ival < 0 || it->a->ival >= RT_ENGINE_MAX_GPUS)
            rt_error(rt, "gpu_index needs a device number from 0 to %d", RT_ENGINE_MAX_GPUS - 1);
        if (rt->opt.engine == RT_ENGINE_CPU)
            continue;
        int cur = 0;
        if (rt_engine_program_gpu((int)it->a->ival, &cur) < 0)
            rt_warn(rt, "{!sched gpu_index=%d} is ignored: the CUDA engine already runs on device %d "
                    "(--gpu %d chooses it before the program starts)", (int)it->a->ival, cur, (int)it->a->ival);
    }
}
