/*
 * video_builtins.h - the video builtins of Quasar's video module (video_builtins.c), for
 * the table in register.c. Calling convention: runtime/lib.h RtBuiltinFn.
 */
#ifndef IO_VIDEO_BUILTINS_H
#define IO_VIDEO_BUILTINS_H

#include "runtime/lib.h"

void io_vidopen(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidreadframe(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidseek(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidplay(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidclose(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidsave(Rt *rt, int argc, Value *argv, int nout, Value *out);
void io_vidwriteframe(Rt *rt, int argc, Value *argv, int nout, Value *out);

#endif
