/*
 * presets.h - presets by name (presets.c): the filters of the presets folder, found by
 * their name as `qpipe run NAME IN OUT` and `-f "NAME(k=v)"` take them, listed by
 * `qpipe presets`; and the check of the encoder's --preset before a run starts.
 *
 * A filter argument is a path when it has a '/', ends in ".q" or names an existing file;
 * otherwise it is the name of RunEnv.presets_dir/NAME.q. A name that is no preset is a
 * usage error (64) whose message lists the presets there are.
 */
#ifndef QPIPE_PRESETS_H
#define QPIPE_PRESETS_H

#include "qpipe/run.h"

/* The file a filter argument names (a new string), or NULL after printing why (to stderr,
 * prefixed by `who`) with *rc set: 64 for an unknown preset, 70 when out of memory. */
char *presets_resolve(const char *arg, const RunEnv *env, const char *who, int *rc);

/* `qpipe presets`: every preset with its one-line description and its parameters
 * (default, type, range) on stdout. An exit code. */
int cmd_presets(int argc, char **argv, const RunEnv *env);

/* --preset P for the encoder that `codec` (NULL: chosen by the extension of `out`) names:
 * 0, or 64 after printing the presets it knows, when the encoder is x264 or x265 and P is
 * not one of theirs. Other encoders check their own presets when they open. */
int presets_check_encoder(const char *preset, const char *codec, const char *out);

#endif
