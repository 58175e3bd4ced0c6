/*
 * io.h - the front door of io/: image and video files in and out of runtime arrays.
 *
 * Images (image.c, png.c, tiff.c, jpeg.c, ppm.c): imread gives an H x W x C cube of
 * scalars (C = 1, 3 or 4; 0..255 for 8-bit files, the ranges of docs/media.md otherwise);
 * imwrite rounds and saturates. Video (video_in.c, video_out.c, FFmpeg): a reader decodes
 * frames into H x W x 3 cubes of scalars 0..255 (packed RGB, the stream's colour matrix and
 * range) and keeps the other streams' packets; a writer encodes frames and copies those
 * packets, so audio, subtitles and data pass through untouched.
 *
 * Errors: functions return NULL or a negative number and write a message naming the file
 * and the library's reason into err. Nothing here calls exit().
 */
#ifndef IO_H
#define IO_H

#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Add imread, imwrite, vidopen, vidreadframe, vidseek, vidclose, vidwriteframe, vidsave and
 * vidplay to the builtins (once, before programs run). */
void io_register(void);

/* ---------------------------------------------------------------- images */

typedef enum IoImageMode {
    IO_IMAGE_AS_IS,             /* the file's channels */
    IO_IMAGE_RGB,               /* 3 channels (gray repeated, alpha dropped) */
    IO_IMAGE_GRAY,              /* 1 channel (luma of colour images) */
} IoImageMode;

typedef struct IoImageWrite {
    int bits;                   /* 8 (default), 16, or 32 (float TIFF) */
    int quality;                /* JPEG, 1..100; 0 = 95 */
} IoImageWrite;

/* A new array (cube H x W x C of the program's scalar type), or V_UNDEF with err set.
 * dbl: scalars are double (--double). */
Value io_image_read(const char *path, IoImageMode mode, bool dbl, char *err, size_t errlen);
/* Write a 2-D or 3-D numeric array; the format comes from the file name's extension.
 * 0 on success, negative with err set. */
int io_image_write(const char *path, const RtArray *img, const IoImageWrite *opt, char *err, size_t errlen);
/* Is this file name an image qpipe can read (by extension)? */
bool io_is_image(const char *path);

/* ---------------------------------------------------------------- video */

typedef struct IoVideoIn IoVideoIn;
typedef struct IoVideoOut IoVideoOut;
/* A decoded or to-be-encoded picture (FFmpeg's AVFrame): what a frame pipeline passes
 * between threads, 3 MB of 4:2:0 where the RGB cube of floats is 24 MB at 1080p. */
typedef struct AVFrame IoPicture;

typedef struct IoVideoInfo {
    int width, height;
    double fps;                 /* average frame rate */
    int64_t frame_count;        /* from the container; -1 when unknown */
    double duration_sec;
    int bits_per_color;
} IoVideoInfo;

typedef struct IoVideoOutOptions {
    const char *codec;          /* NULL: by extension (libx264 for .mp4/.mkv/.mov) */
    const char *preset;         /* x264 preset, default "medium" */
    const char *pix_fmt;        /* NULL: the encoder's default for the input */
    int crf;                    /* default 18; -1 to leave it */
    int64_t bitrate;            /* bits/s; 0 = unset */
} IoVideoOutOptions;

IoVideoIn *io_vin_open(const char *path, char *err, size_t errlen);
void io_vin_info(const IoVideoIn *in, IoVideoInfo *info);
/* The next frame: 1 with *frame a new H x W x 3 array and *pts its timestamp (in the
 * stream's time base), 0 at the end, negative on error. dbl as for images. */
int io_vin_read(IoVideoIn *in, bool dbl, Value *frame, int64_t *pts, char *err, size_t errlen);
int io_vin_seek(IoVideoIn *in, double seconds, char *err, size_t errlen);
void io_vin_close(IoVideoIn *in);
/* io_vin_read in two steps, for a pipeline that decodes on one thread and converts on
 * another: the next picture as decoded (1, 0 at the end, negative on error; the caller
 * frees it with io_picture_free), then its H x W x 3 array. Conversion state is the
 * reader's: one thread converts (io_vin_read converts too). */
int io_vin_read_picture(IoVideoIn *in, IoPicture **pic, int64_t *pts, char *err, size_t errlen);
int io_vin_convert(IoVideoIn *in, const IoPicture *pic, bool dbl, Value *frame, char *err, size_t errlen);
void io_picture_free(IoPicture **pic);

/* A writer for frames of w x h, timed and tagged like `src` (time base, frame rate,
 * colour properties), copying src's other streams. Writes to `path` exactly (the caller
 * chooses a temporary name and renames). */
IoVideoOut *io_vout_open(const char *path, IoVideoIn *src, int w, int h, const IoVideoOutOptions *opt,
                         char *err, size_t errlen);
int io_vout_write(IoVideoOut *out, const RtArray *frame, int64_t pts, char *err, size_t errlen);
/* io_vout_write in two steps, which may run on two threads: the frame as a new picture in
 * the encoder's format (converting is one thread's job), then the picture encoded at pts
 * (sending is another's; it takes the picture, and frees it even on error). */
int io_vout_convert(IoVideoOut *out, const RtArray *frame, IoPicture **pic, char *err, size_t errlen);
int io_vout_send(IoVideoOut *out, IoPicture *pic, int64_t pts, char *err, size_t errlen);
/* Flush the encoder, the copied streams and the trailer; frees out. */
int io_vout_close(IoVideoOut *out, char *err, size_t errlen);
/* Free without finishing the file (after an error). */
void io_vout_abort(IoVideoOut *out);


#endif
