/*
 * run.h - `qpipe run`: filters over images, folders of images and video (cmd_run.c), and
 * the threaded video path (pipeline.c).
 *
 * cmd_run.c parses the command line, loads the filter chain (runtime/rt.h rt_filter_*),
 * decides what IN and OUT are, and owns the output's temporary name, the exit code and
 * progress. pipeline.c runs one video through the chain: a decoder thread, the calling
 * thread running the filters (the interpreter is single-threaded: only this thread ever
 * runs Quasar code), and an encoder thread, joined by bounded queues of frames.
 */
#ifndef QPIPE_RUN_H
#define QPIPE_RUN_H

#include "io/io.h"
#include "runtime/rt.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What main.c knows about the installation. */
typedef struct RunEnv {
    const char *const *module_path;     /* import search path, NULL-terminated */
    const char *kernel_dir;             /* folder of qp_kernel.h */
    const char *presets_dir;            /* where chain names (denoise, sharpen …) are found */
    RtHost *host;                       /* the process's pool, JIT and FFT (main.c) */
} RunEnv;

int cmd_run(int argc, char **argv, const RunEnv *env);
/* `qpipe preview FILTER.q IN` (cmd_preview.c). An exit code. */
int cmd_preview(int argc, char **argv, const RunEnv *env);

/* The items of `-f CHAIN` text (chain_text.c): "denoise(sigma=10), sharpen, my.q". */
typedef struct RunChainItem {
    char *name;                         /* as written (presets_resolve: a preset's name or a path) */
    char *path;                         /* NAME → PRESETS/NAME.q; a path as given */
    char *settings;                     /* "k=v, k2=v2" inside the parentheses, or NULL */
} RunChainItem;

/* Split text at its top-level commas. 0 with *items (n of them; run_chain_items_free), or
 * -1 with err set (the caller exits 64). */
int run_chain_parse(const char *text, const char *presets_dir, RunChainItem **items, int *n, char *err,
                    size_t errlen);
void run_chain_items_free(RunChainItem *items, int n);
/* Apply an item's settings to its filter. 0, or -1 with err set (exit 64). */
int run_chain_settings(RtFilter *f, const char *settings, char *err, size_t errlen);

/* The filters of a chain, applied in order. */
typedef struct RunChain {
    RtFilter **f;
    int n;
    bool dbl;                           /* frames in double precision (--double) */
    RtPool *pool;                       /* the host's: frames are converted on it */
} RunChain;

/* y = fn(…f2(f1(x))) for one frame (an image: a stream of one frame, so a windowed
 * filter's window is the image 2R+1 times): x borrowed, *y a new reference. An exit code. */
int run_chain_apply(const RunChain *c, Value x, Value *y);

/* The chain over a stream of frames (chain_stream.c; docs/filters.md "A window of
 * frames"): a filter of temporal radius R makes frame t once frame t+R came, so frames
 * come out delayed by the sum of the radii; flush makes the rest, the windows clamped to
 * the last frame. N frames in, N out, in order. */
typedef struct RunStream RunStream;
RunStream *run_stream_new(const RunChain *c);
/* Frames the chain holds back: the sum of its filters' radii. */
int run_stream_delay(const RunStream *s);
/* x borrowed; *y the next output frame (a new reference) or V_UNDEF while the windows
 * fill. An exit code. */
int run_stream_push(RunStream *s, Value x, Value *y);
/* At the end of the stream: *y the next held-back frame, V_UNDEF when none is left. */
int run_stream_flush(RunStream *s, Value *y);
/* Forget the frames held (a seek): the next frame starts a new stream. */
void run_stream_reset(RunStream *s);
/* Let a push return while the last kernels of its frames still run on the GPU (rt.h
 * rt_filter_set_overlap; off again when the stream is freed): the caller then calls
 * run_stream_settle before it reads an output's elements. Whether any filter overlaps
 * (none on the CPU engine). */
bool run_stream_set_overlap(RunStream *s, bool on);
/* The kernels' status of the pushes before the last (all: of every push) read: 0, or an
 * exit code after a kernel's error was printed. */
int run_stream_settle(RunStream *s, bool all);
void run_stream_free(RunStream *s);
/* init(info) of every filter. An exit code. */
int run_chain_init(const RunChain *c, const RtFilterInfo *info);

/* Progress and verbosity (cmd_run.c). */
typedef struct RunProgress {
    bool tty;                           /* stderr is a terminal and not -q: a status line */
    bool quiet;
    bool verbose;
    FILE *file;                         /* --progress: key=value blocks, or NULL */
    double start, last;                 /* seconds (monotonic) */
    bool line_shown;
} RunProgress;

double run_now(void);
/* Frames done of total (-1: unknown); `end` closes the status line and writes progress=end. */
void run_progress(RunProgress *p, int64_t done, int64_t total, double fps_in, bool end);

/* Set by SIGINT: every loop stops at the next frame. */
extern volatile sig_atomic_t run_interrupted;

/* What `qpipe run` reads of a video and how it writes it (run_opts.c). */
typedef struct RunMedia {
    IoVideoInOptions vin;       /* -ss, -to (and -t as end), -an, -sn, --fps */
    IoVideoOutOptions vo;       /* --codec, --crf, --preset, --pix-fmt, --bitrate; format for "-" */
    double duration;            /* -t: seconds after -ss; 0 none */
    int64_t max_frames;         /* --frames N (-frames:v N); 0 all */
    bool ignore_damage;         /* --ignore-damage: damaged input warns, exit 0 */
    int seg_i, seg_n;           /* --segment i/N: the i-th (from 0) of N parts; seg_n 0: none */
    int warmup;                 /* --warmup N: frames before the segment filtered, not written */
    int64_t seg_from, seg_write, seg_end;   /* pts (parts.c run_segment_range): decode from,
                                               write from, stop before (INT64_MAX: the end) */
    double seg_seek;            /* seconds to seek to before decoding; <= 0: none */
    int seg_lead;               /* the chain's temporal delay (sum of its radii): frames read
                                 * past each end of a segment so its windows see them */
    int64_t seg_read_end;       /* pts the decoding stops before (seg_end plus seg_lead frames) */
} RunMedia;

/* Exit code of a run whose input was damaged (decode errors, missing frames, a stream
 * ending early) without --ignore-damage: EX_DATAERR of sysexits. */
#define RUN_EXIT_DAMAGED 65

/* Defaults (crf 18, nothing trimmed). */
void run_media_init(RunMedia *m);
/* The media option at argv[*i]: 1 when it was one (*i advanced past its value), 0 when it
 * is not a media option, or 64 after printing a usage error. */
int run_media_option(int argc, char **argv, int *i, RunMedia *m);
/* After every option: -t and -to into the reader's end. 0 or 64 (printed). */
int run_media_finish(RunMedia *m);
/* The lines of run's usage text about them. */
void run_media_usage(FILE *out);
/* "90", "1:30", "01:01:30.5" as seconds; -1 when it is none of these. */
double run_parse_time(const char *s);

/* The i-th of N parts of a job (parts.c), i from 0 as SLURM_ARRAY_TASK_ID of --array=0-(N-1)
 * and Kubernetes' JOB_COMPLETION_INDEX. "i/N" into *i, *n: 0, or 64 after printing a usage
 * error that names opt. */
int run_parse_part(const char *opt, const char *text, int *i, int *n);
/* --shard: the files [*from, *to) of total, sorted by name: contiguous, sizes differ by 1 at most. */
void run_shard_slice(size_t total, int i, int n, size_t *from, size_t *to);
/* --segment: m->seg_from/seg_write/seg_end of the video `in` from its key frames (the
 * boundaries of N segments are the key frames nearest to k/N of its frames, so the
 * segments partition its frames) and m->seg_seek. 0, or an exit code after printing why
 * (64: more segments than key frames; 66: unreadable). */
int run_segment_range(const char *in, RunMedia *m);

/* Images through pipes (run_stdio.c). stdin read whole into a temporary file named by
 * its signature (.png …): its path, or NULL with err set. */
char *run_stdin_image(char *err, size_t errlen);
/* A temporary name, with format's extension (default png), for an image bound for stdout. */
char *run_stdout_image_name(const char *format);
int run_copy_to_stdout(const char *path);
/* Remove a temporary file of the two above and its private folder. */
void run_remove_temp(const char *path);

/* Run the video `in` ("-": stdin) through the chain into `out` (written exactly there;
 * the caller renames; "-": stdout; a pattern img%04d.png: one image per frame). An exit
 * code; on failure err says why and nothing is left at `out`. Damage of the input is
 * reported on stderr, and is RUN_EXIT_DAMAGED unless m->ignore_damage. */
int pipe_run_video(const RunChain *c, const char *in, const char *out, const RunMedia *m,
                   RunProgress *pr, char *err, size_t errlen);

/* One input file into one output file (run_file.c), as `qpipe run` does each file and
 * `qpipe watch` each arrival: written under a temporary name and renamed when complete
 * (over an existing output only with overwrite). An exit code; on failure err says why
 * (no command prefix, nothing printed) and nothing is left at `out`. */
typedef struct RunFileTimes {
    double read, filter, write;         /* seconds */
} RunFileTimes;
int run_image_file(const RunChain *c, const char *in, const char *out, bool overwrite, RunFileTimes *times,
                   char *err, size_t errlen);
int run_video_file(const RunChain *c, const char *in, const char *out, const RunMedia *m, RunProgress *pr,
                   bool overwrite, char *err, size_t errlen);

#endif
