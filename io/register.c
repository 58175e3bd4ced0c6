/*
 * register.c - the builtins io/ adds to the runtime (io.h io_register): one table, one
 * line per builtin, implementations below it. Each builtin turns its arguments into the
 * io.h call and raises the message io/ wrote (which names the file) as a runtime error;
 * io/ frees everything before returning an error, so raising leaks nothing.
 */
#include "io/io.h"
#include "io/video_builtins.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <string.h>

static void io_imread(Rt *rt, int argc, Value *argv, int nout, Value *out);
static void io_imwrite(Rt *rt, int argc, Value *argv, int nout, Value *out);

static const RtBuiltin io_builtins[] = {
    {"imread", 1, 2, 1, 0, io_imread, "(file[, \"rgb\" | \"gray\"])"},
    {"imwrite", 2, 3, 0, 0, io_imwrite, "(file, x[, bits])"},
    {"vidopen", 1, 1, 1, 0, io_vidopen, "(file)"},
    {"vidreadframe", 1, 1, 1, 0, io_vidreadframe, "(stream)"},
    {"vidseek", 2, 2, 0, 0, io_vidseek, "(stream, seconds)"},
    {"vidclose", 1, 1, 0, 0, io_vidclose, "(stream)"},
    {"vidplay", 1, 2, 1, 0, io_vidplay, "(file[, filter])"},
    {"vidsave", 2, 3, 1, 0, io_vidsave, "(file, fps | stream[, codec | options])"},
    {"vidwriteframe", 2, 3, 0, 0, io_vidwriteframe, "(writer, frame[, seconds])"},
};

void io_register(RtHost *host)
{
    rt_host_register_builtins(host, io_builtins, (int)(sizeof io_builtins / sizeof *io_builtins));
}

/* ---------------------------------------------------------------- images */

#define IO_ERRLEN 512

/* imread(file[, mode]): H x W x C cube of scalars (docs/media.md). */
static void io_imread(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "imread: the file name"), found, sizeof found);
    IoImageMode mode = IO_IMAGE_AS_IS;
    if (argc > 1) {
        const char *m = rt_to_cstr(rt, argv[1], "imread: the mode");
        if (!strcmp(m, "rgb"))
            mode = IO_IMAGE_RGB;
        else if (!strcmp(m, "gray") || !strcmp(m, "grey"))
            mode = IO_IMAGE_GRAY;
        else
            rt_error(rt, "imread: unknown mode '%s' (\"rgb\" or \"gray\")", m);
    }
    char err[IO_ERRLEN];
    Value v = io_image_read(path, mode, rt->opt.dbl, err, sizeof err);
    if (v.kind == V_UNDEF)
        rt_error(rt, "imread: %s", err);
    out[0] = v;
}

/* imwrite(file, x[, bits]): 8-bit unless bits is 16 or 32 (or x is uint16). */
static void io_imwrite(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    const char *path = rt_to_cstr(rt, argv[0], "imwrite: the file name");
    if (argv[1].kind != V_ARRAY)
        rt_error(rt, "imwrite: '%s': expected an image array (2-D or 3-D)", path);
    IoImageWrite opt = {0};
    if (argc > 2) {
        int64_t bits = rt_to_int(rt, argv[2], "imwrite: bits");
        if (bits != 8 && bits != 16 && bits != 32)
            rt_error(rt, "imwrite: bits must be 8, 16 or 32, not %lld", (long long)bits);
        opt.bits = (int)bits;
    }
    char err[IO_ERRLEN];
    if (io_image_write(path, argv[1].a, &opt, err, sizeof err) < 0)
        rt_error(rt, "imwrite: %s", err);
}
