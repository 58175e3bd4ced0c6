/*
 * lib.c - the table of builtin descriptors (lib.def) and the named constants.
 */
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <float.h>
#include <math.h>
#include <string.h>

static const RtBuiltin builtins[] = {
#define BUILTIN(name, min, max, nout, flags, sig) {#name, min, max, nout, flags, lib_##name, sig},
#include "runtime/lib.def"
#undef BUILTIN
};

const RtBuiltin *rt_builtins(int *count)
{
    *count = (int)(sizeof builtins / sizeof *builtins);
    return builtins;
}

/* The runtime's own table is constant data, compiled in, the same for every host: it stays
 * static. The tables of the folders above (io/, display/) are registered into the host
 * (host.c rt_host_register_builtins) and searched after it. */
const RtBuiltin *rt_find_builtin(const Rt *rt, const char *name)
{
    /* a linear scan: it runs once per name when a module is bound, never while running */
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (!strcmp(builtins[i].name, name))
            return &builtins[i];
    return rt_host_find_builtin(rt->host, name);
}

static const char *const constants[] = {"pi", "eps", "inf", "nan", "true", "false", "nullptr"};

int rt_find_constant(const char *name)
{
    for (size_t i = 0; i < sizeof constants / sizeof *constants; i++)
        if (!strcmp(constants[i], name))
            return (int)i;
    return -1;
}

Value rt_constant(const Rt *rt, int index)
{
    switch (index) {
    case 0: return rt_real(rt_round(rt, M_PI));
    case 1: return rt_real(rt->opt.dbl ? DBL_EPSILON : FLT_EPSILON);
    case 2: return rt_real(INFINITY);
    case 3: return rt_real(NAN);
    case 4: return rt_int(1);
    case 5: return rt_int(0);
    default: return (Value){.kind = V_NULL};
    }
}
