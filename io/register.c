/*
 * register.c - the builtins io/ adds to the runtime (io.h io_register).
 */
#include "io/io.h"
#include "runtime/lib.h"

/* Filled by the image and video files as they land; empty until then. */
static const RtBuiltin io_builtins[] = {
    {"__io_placeholder", 0, 0, 0, 0, NULL, "()"},
};

void io_register(void)
{
    rt_register_builtins(io_builtins, 0);
}
