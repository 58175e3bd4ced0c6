/*
 * cairo_dl.h - Cairo, opened on first use (runtime/dl.h): the functions qpipe calls in
 * libcairo (figures: plot, imshow's saved pictures), and their table.
 */
#ifndef DISP_CAIRO_DL_H
#define DISP_CAIRO_DL_H

#include <cairo.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h). */
#define DISP_CAIRO_FUNCS(X) \
    X(cairo_clip) \
    X(cairo_create) \
    X(cairo_debug_reset_static_data) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_fill_preserve) \
    X(cairo_get_source) \
    X(cairo_image_surface_create) \
    X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_height) \
    X(cairo_image_surface_get_stride) \
    X(cairo_image_surface_get_width) \
    X(cairo_line_to) \
    X(cairo_move_to) \
    X(cairo_paint) \
    X(cairo_pattern_set_filter) \
    X(cairo_rectangle) \
    X(cairo_rel_line_to) \
    X(cairo_restore) \
    X(cairo_rotate) \
    X(cairo_save) \
    X(cairo_scale) \
    X(cairo_select_font_face) \
    X(cairo_set_dash) \
    X(cairo_set_font_size) \
    X(cairo_set_line_join) \
    X(cairo_set_line_width) \
    X(cairo_set_source_rgb) \
    X(cairo_set_source_surface) \
    X(cairo_show_text) \
    X(cairo_status) \
    X(cairo_status_to_string) \
    X(cairo_stroke) \
    X(cairo_surface_destroy) \
    X(cairo_surface_flush) \
    X(cairo_surface_mark_dirty) \
    X(cairo_surface_status) \
    X(cairo_surface_write_to_png_stream) \
    X(cairo_text_extents) \
    X(cairo_translate)

enum { DISP_CAIRO_N = 0 DISP_CAIRO_FUNCS(RT_DL_COUNT) };
typedef union DispCairoApi {
    struct {
        DISP_CAIRO_FUNCS(RT_DL_FIELD)
    };
    void *slot[DISP_CAIRO_N];
} DispCairoApi;
_Static_assert(sizeof(DispCairoApi) == DISP_CAIRO_N * sizeof(void *), "one pointer per function");

extern RtDlFamily disp_cairo_dl;
#define DISP_CAIRO_FN(name) (((DispCairoApi *)rt_dl_table(&disp_cairo_dl))->name)

#define cairo_clip DISP_CAIRO_FN(cairo_clip)
#define cairo_create DISP_CAIRO_FN(cairo_create)
#define cairo_debug_reset_static_data DISP_CAIRO_FN(cairo_debug_reset_static_data)
#define cairo_destroy DISP_CAIRO_FN(cairo_destroy)
#define cairo_fill DISP_CAIRO_FN(cairo_fill)
#define cairo_fill_preserve DISP_CAIRO_FN(cairo_fill_preserve)
#define cairo_get_source DISP_CAIRO_FN(cairo_get_source)
#define cairo_image_surface_create DISP_CAIRO_FN(cairo_image_surface_create)
#define cairo_image_surface_get_data DISP_CAIRO_FN(cairo_image_surface_get_data)
#define cairo_image_surface_get_height DISP_CAIRO_FN(cairo_image_surface_get_height)
#define cairo_image_surface_get_stride DISP_CAIRO_FN(cairo_image_surface_get_stride)
#define cairo_image_surface_get_width DISP_CAIRO_FN(cairo_image_surface_get_width)
#define cairo_line_to DISP_CAIRO_FN(cairo_line_to)
#define cairo_move_to DISP_CAIRO_FN(cairo_move_to)
#define cairo_paint DISP_CAIRO_FN(cairo_paint)
#define cairo_pattern_set_filter DISP_CAIRO_FN(cairo_pattern_set_filter)
#define cairo_rectangle DISP_CAIRO_FN(cairo_rectangle)
#define cairo_rel_line_to DISP_CAIRO_FN(cairo_rel_line_to)
#define cairo_restore DISP_CAIRO_FN(cairo_restore)
#define cairo_rotate DISP_CAIRO_FN(cairo_rotate)
#define cairo_save DISP_CAIRO_FN(cairo_save)
#define cairo_scale DISP_CAIRO_FN(cairo_scale)
#define cairo_select_font_face DISP_CAIRO_FN(cairo_select_font_face)
#define cairo_set_dash DISP_CAIRO_FN(cairo_set_dash)
#define cairo_set_font_size DISP_CAIRO_FN(cairo_set_font_size)
#define cairo_set_line_join DISP_CAIRO_FN(cairo_set_line_join)
#define cairo_set_line_width DISP_CAIRO_FN(cairo_set_line_width)
#define cairo_set_source_rgb DISP_CAIRO_FN(cairo_set_source_rgb)
#define cairo_set_source_surface DISP_CAIRO_FN(cairo_set_source_surface)
#define cairo_show_text DISP_CAIRO_FN(cairo_show_text)
#define cairo_status DISP_CAIRO_FN(cairo_status)
#define cairo_status_to_string DISP_CAIRO_FN(cairo_status_to_string)
#define cairo_stroke DISP_CAIRO_FN(cairo_stroke)
#define cairo_surface_destroy DISP_CAIRO_FN(cairo_surface_destroy)
#define cairo_surface_flush DISP_CAIRO_FN(cairo_surface_flush)
#define cairo_surface_mark_dirty DISP_CAIRO_FN(cairo_surface_mark_dirty)
#define cairo_surface_status DISP_CAIRO_FN(cairo_surface_status)
#define cairo_surface_write_to_png_stream DISP_CAIRO_FN(cairo_surface_write_to_png_stream)
#define cairo_text_extents DISP_CAIRO_FN(cairo_text_extents)
#define cairo_translate DISP_CAIRO_FN(cairo_translate)

#endif
