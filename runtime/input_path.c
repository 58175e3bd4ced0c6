/*
 * input_path.c - where a file a program reads is found (interp.h rt_input_path).
 *
 * A relative name is looked up from the working directory first, as every command-line
 * tool does. When nothing is there, it is looked up beside the module whose code is
 * running, then beside the program's main file: Quasar's IDE runs a program in its own
 * folder, so published programs read their sample images by bare name
 * (`imread("lena_big.tif")`), and `qpipe exec samples/denoise.q` from elsewhere finds
 * samples/lena_big.tif. Only reads look there (imread, load, csvread, fopen for
 * reading, lut3d_read, vidopen, vidplay); a file a program writes goes where its name says.
 */
#include "runtime/interp.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* dir(module)/path into buf when that file exists. */
static bool beside(const RtModule *mod, const char *path, char *buf, size_t len)
{
    if (!mod || !mod->path)
        return false;
    const char *slash = strrchr(mod->path, '/');
    if (!slash)
        return false;
    int n = snprintf(buf, len, "%.*s/%s", (int)(slash - mod->path), mod->path, path);
    return n > 0 && (size_t)n < len && access(buf, F_OK) == 0;
}

const char *rt_input_path(Rt *rt, const char *path, char *buf, size_t len)
{
    if (!path || !*path || path[0] == '/' || access(path, F_OK) == 0)
        return path;
    const RtModule *root = rt->modules;
    if (beside(rt->cur_mod, path, buf, len) || (root != rt->cur_mod && beside(root, path, buf, len)))
        return buf;
    return path;        /* the error names the file as the program wrote it */
}
