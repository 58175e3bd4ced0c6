/*
 * figure.h - the figures a program draws (figure.c) and their rendering (render.c).
 *
 * A figure is a grid of axes (subplot(rows, cols, k); one axes by default). An axes holds
 * either an image (imshow, kept as 8-bit RGB after the display range is applied) or plot
 * series (plot), with a title, axis labels and legend entries. figure.c keeps the figures
 * of the run and implements the builtins that change them; render.c draws one figure with
 * Cairo into a PNG. Figures are only recorded when an output folder was given
 * (qpipe exec --figures DIR): without one there is nothing to show them on.
 */
#ifndef DISP_FIGURE_H
#define DISP_FIGURE_H

#include "runtime/lib.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum DispAxesKind { DISP_AX_EMPTY, DISP_AX_IMAGE, DISP_AX_PLOT } DispAxesKind;

typedef struct DispSeries {
    double *x, *y;
    int64_t n;
    double rgb[3];
    int dash;                   /* 0 solid, 1 dashed (--), 2 dotted (:), 3 dash-dot (-.) */
} DispSeries;

typedef struct DispAxes {
    DispAxesKind kind;
    unsigned char *pix;         /* DISP_AX_IMAGE: w*h*3 bytes, row-major RGB */
    int w, h;
    DispSeries *series;         /* DISP_AX_PLOT */
    int nseries;
    char *title, *xlabel, *ylabel;
    char **legend;
    int nlegend;
} DispAxes;

typedef struct DispFigure {
    int id;                     /* figureID.png */
    int rows, cols;
    DispAxes *axes;             /* rows*cols, row by row */
    int cur;                    /* current axes */
    bool cairo;                 /* its window shows Cairo's drawing (window.c), not imshow's texture */
    int *links;                 /* ids of figures connected by handle.connect(other) */
    int nlinks;
} DispFigure;

/* Draw f and write it to path as PNG (temporary name, then rename). 0, or -1 with err. */
int disp_render_png(const DispFigure *f, const char *path, char *err, size_t errlen);

/* Draw f as RGBA8 (rows top first) into a new buffer of *w x *h, as its PNG would look (for a
 * window); NULL when out of memory. */
unsigned char *disp_render_rgba(const DispFigure *f, int *w, int *h);

/* The figure builtins (figure.c), registered by display.c. */
void disp_fig_figure(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_imshow(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_plot(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_hold(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_title(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_xlabel(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_ylabel(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_legend(Rt *rt, int argc, Value *argv, int nout, Value *out);
void disp_fig_subplot(Rt *rt, int argc, Value *argv, int nout, Value *out);

/* display.c: the one warning per drawing function when nothing is shown. */
void disp_warn_no_display(Rt *rt, const char *fn);
/* Whether figures are being recorded (an output folder was given). */
bool disp_recording(void);

#endif
