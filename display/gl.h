/*
 * gl.h - the OpenGL 3.3 core renderer every window draws with (gl.c).
 *
 * One GL context serves all the windows of the process (they share its textures), so a
 * frame uploaded once can be drawn in any window. A DispTex is a texture with its own pixel
 * unpack buffer: an upload maps the buffer, the caller's conversion writes the RGBA8 pixels
 * straight into it (the one pass over the pixels on the CPU), and glTexSubImage2D copies it
 * to the texture on the GPU side (a streaming upload: the buffer is orphaned each time so
 * the driver never waits on the previous frame). Drawing places a texture (or a part of it)
 * into a rectangle of window pixels, sampled nearest-neighbour, clipped to a pane; text and
 * the solid bars behind it are drawn blended over the picture.
 *
 * Coordinates are window pixels with y down, the origin at the top-left corner.
 */
#ifndef DISP_GL_H
#define DISP_GL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct DispTex {
    unsigned tex, pbo;
    int w, h;                   /* allocated size */
    size_t pbo_bytes;           /* the pixel buffer's storage */
} DispTex;

typedef struct DispRect {
    double x, y, w, h;
} DispRect;

/* Compile the program and make the vertex array, in the current context. 0, or -1 with a
 * reason in err. */
int disp_gl_init(char *err, size_t errlen);
void disp_gl_fini(void);

/* Start drawing a window of w x h pixels: viewport, clear to the background. */
void disp_gl_begin(int w, int h);

/* Map the unpack buffer of t for a w x h RGBA8 frame (resizing t when needed): write
 * w*h*4 bytes, rows top first, to the returned pointer, then call disp_gl_upload_end.
 * NULL when the driver cannot map it. */
unsigned char *disp_gl_upload_begin(DispTex *t, int w, int h);
void disp_gl_upload_end(DispTex *t);
/* Make t a w x h RGBA8 texture (its storage specified again only when the size changes),
 * bound, its contents left as they are: what another writer (CUDA–GL interop) fills. */
void disp_gl_tex_size(DispTex *t, int w, int h);
void disp_gl_tex_free(DispTex *t);

/* Draw texels src of t (in texels) into dst (window pixels), clipped to clip. */
void disp_gl_image(const DispTex *t, DispRect src, DispRect dst, DispRect clip);
/* Texture t (RGBA8 with alpha, e.g. rendered text) blended at (x, y), one texel a pixel. */
void disp_gl_text(const DispTex *t, double x, double y);
/* A blended solid rectangle; rgba 0..1. */
void disp_gl_fill(DispRect r, const float rgba[4]);
/* Wait until everything drawn so far is done (the benchmark's way to time the GPU side). */
void disp_gl_finish(void);

#endif
