/*
 * text.h - lines of text as RGBA pictures, rendered by FreeType through SDL2_ttf (text.c).
 *
 * The window's overlay, status line and error messages are drawn with a real font: DejaVu
 * Sans Mono from fonts-dejavu-core (QPIPE_FONT names another TrueType file). A line is
 * rendered antialiased into a texture of its own size (white or the given colour on
 * transparent), which gl.c blends over the picture.
 */
#ifndef DISP_TEXT_H
#define DISP_TEXT_H

#include "display/gl.h"

#include <stddef.h>

/* Open the font (once). 0, or -1 with the reason in err. */
int disp_text_init(char *err, size_t errlen);
void disp_text_fini(void);
/* Render text (UTF-8, one line) in colour rgb into t. 0, or -1 (nothing drawn). */
int disp_text_render(DispTex *t, const char *text, const unsigned char rgb[3]);
/* The height of a line in pixels. */
int disp_text_height(void);

#endif
