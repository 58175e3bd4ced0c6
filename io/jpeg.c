/*
 * jpeg.c - JPEG files through libjpeg-turbo (image.h): gray and colour (decoded to RGB),
 * 8 bits, turned upright by the Exif orientation (orient.c) as OpenCV's imread and photo
 * viewers show them; written with 4:2:0 chroma at the caller's quality (95 by default).
 *
 * libjpeg reports errors through error_exit, which here keeps the message and longjmps
 * back to the setjmp of the function, which frees what it owns. The warning "premature
 * end of JPEG file" (libjpeg pads a truncated file with gray) is raised as an error, so a
 * truncated file is reported rather than decoded half gray. As in png.c, everything a jump
 * may leave half-made is reached through a pointer, so no local needs `volatile`.
 */
#include "io/image.h"

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct JpegJob {
    struct jpeg_error_mgr mgr;      /* first: libjpeg hands back a pointer to it */
    jmp_buf jump;
    char msg[JMSG_LENGTH_MAX];
    FILE *f;
    IoPixels px;
} JpegJob;

static void jpeg_error_exit(j_common_ptr cinfo)
{
    JpegJob *job = (JpegJob *)cinfo->err;
    job->mgr.format_message(cinfo, job->msg);
    longjmp(job->jump, 1);
}

static void jpeg_emit(j_common_ptr cinfo, int level)
{
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF)
        jpeg_error_exit(cinfo);
}

static void job_init(JpegJob *job)
{
    jpeg_std_error(&job->mgr);
    job->mgr.error_exit = jpeg_error_exit;
    job->mgr.emit_message = jpeg_emit;
}

/* ---------------------------------------------------------------- reading */

static int read_body(struct jpeg_decompress_struct *d, JpegJob *job, const char *path, char *err, size_t errlen)
{
    jpeg_stdio_src(d, job->f);
    jpeg_save_markers(d, JPEG_APP0 + 1, 0xffff);     /* Exif: the orientation */
    jpeg_read_header(d, TRUE);
    int orientation = 1;
    for (jpeg_saved_marker_ptr m = d->marker_list; m && orientation == 1; m = m->next)
        if (m->marker == JPEG_APP0 + 1)
            orientation = io_exif_orientation(m->data, m->data_length);
    if (d->jpeg_color_space == JCS_CMYK || d->jpeg_color_space == JCS_YCCK) {
        snprintf(err, errlen, "'%s': unsupported JPEG variant (CMYK)", path);
        return -1;
    }
    d->out_color_space = d->num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    if (io_check_pixels(path, d->image_width, d->image_height, err, errlen) < 0)
        return -1;          /* before jpeg_start_decompress, which allocates by the size */
    jpeg_start_decompress(d);
    job->px = (IoPixels){.w = (int)d->output_width, .h = (int)d->output_height, .c = d->output_components, .bits = 8};
    if (io_pixels_alloc(&job->px, path, err, errlen) < 0)
        return -1;
    size_t stride = (size_t)job->px.w * (size_t)job->px.c;
    while (d->output_scanline < d->output_height) {
        JSAMPROW row = (JSAMPROW)job->px.data + (size_t)d->output_scanline * stride;
        jpeg_read_scanlines(d, &row, 1);
    }
    jpeg_finish_decompress(d);       /* frees the saved markers: read above */
    return io_pixels_orient(&job->px, orientation, path, err, errlen);
}

int io_jpeg_read(const char *path, IoPixels *px, char *err, size_t errlen)
{
    JpegJob *job = calloc(1, sizeof *job);
    struct jpeg_decompress_struct *d = calloc(1, sizeof *d);
    volatile int rc = -1;
    if (!job || !d) {
        snprintf(err, errlen, "'%s': out of memory", path);
        goto done;
    }
    job->f = fopen(path, "rb");
    if (!job->f) {
        io_err_open(path, err, errlen);
        goto done;
    }
    job_init(job);
    d->err = &job->mgr;
    if (setjmp(job->jump)) {
        bool eof = job->mgr.msg_code == JWRN_JPEG_EOF || job->mgr.msg_code == JERR_INPUT_EMPTY;
        bool notjpeg = job->mgr.msg_code == JERR_NO_SOI;
        snprintf(err, errlen, notjpeg ? "'%s' is not a JPEG file (libjpeg: %s)"
                              : eof ? "'%s' is truncated (libjpeg: %s)"
                                    : "'%s' is corrupt or unsupported (libjpeg: %s)", path, job->msg);
        goto destroy;
    }
    jpeg_create_decompress(d);
    rc = read_body(d, job, path, err, errlen);
destroy:
    jpeg_destroy_decompress(d);
done:
    if (job && job->f)
        fclose(job->f);
    if (job && rc == 0)
        *px = job->px;
    else if (job)
        io_pixels_free(&job->px);
    free(job);
    free(d);
    return rc;
}

/* ---------------------------------------------------------------- writing */

int io_jpeg_write(const char *path, const char *name, const IoPixels *px, int quality, char *err, size_t errlen)
{
    if (px->bits != 8 || (px->c != 1 && px->c != 3)) {
        snprintf(err, errlen, "'%s': JPEG holds 8-bit gray or RGB", name);
        return -1;
    }
    JpegJob *job = calloc(1, sizeof *job);
    struct jpeg_compress_struct *c = calloc(1, sizeof *c);
    volatile int rc = -1;
    if (!job || !c) {
        snprintf(err, errlen, "'%s': out of memory", name);
        goto done;
    }
    job->f = fopen(path, "wb");
    if (!job->f) {
        snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
        goto done;
    }
    job_init(job);
    c->err = &job->mgr;
    if (setjmp(job->jump)) {
        snprintf(err, errlen, "cannot write '%s' (libjpeg: %s)", name, job->msg);
        goto destroy;
    }
    jpeg_create_compress(c);
    jpeg_stdio_dest(c, job->f);
    c->image_width = (JDIMENSION)px->w;
    c->image_height = (JDIMENSION)px->h;
    c->input_components = px->c;
    c->in_color_space = px->c == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(c);
    jpeg_set_quality(c, quality, TRUE);
    jpeg_start_compress(c, TRUE);
    size_t stride = (size_t)px->w * (size_t)px->c;
    while (c->next_scanline < c->image_height) {
        JSAMPROW row = (JSAMPROW)px->data + (size_t)c->next_scanline * stride;
        jpeg_write_scanlines(c, &row, 1);
    }
    jpeg_finish_compress(c);
    rc = 0;
destroy:
    jpeg_destroy_compress(c);
done:
    if (job && job->f && fclose(job->f) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write '%s': %s", name, strerror(errno));
        rc = -1;
    }
    free(job);
    free(c);
    return rc;
}
