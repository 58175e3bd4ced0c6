/*
 * display.h - the display module's front door: the figure builtins (imshow, plot, figure,
 * hold, title, xlabel, ylabel, legend, subplot), sync_framerate, and the figure files of
 * `qpipe exec --figures DIR` (DESIGN.md "display/", docs/figures.md).
 *
 * Without --figures, imshow shows its image in a window (SDL2 + OpenGL, window.h) when a
 * display exists; hold("on") says whether it is still open; sync_framerate paces the
 * frames. Without a display the builtins check their arguments, return what programs
 * expect (figure handles; hold gives 0, "no window open") and each drawing function warns
 * once per run that nothing is shown. With --figures the figures are recorded and written
 * as PNG files when the program ends, and no window opens.
 */
#ifndef DISP_DISPLAY_H
#define DISP_DISPLAY_H

#include "runtime/rt.h"

#include <stddef.h>

/* Register the display builtins into the host (before making runtimes on it). */
void disp_register(RtHost *host);

/* Record figures for writing into dir (created if missing; NULL: do not record). 0, or
 * -1 with errno set when the folder cannot be made. */
int disp_figures_begin(const char *dir);
/* Write every recorded figure as DIR/figureN.png and forget them all. 0, or -1 with the
 * failing file and reason in err (RT_EX_UNAVAILABLE when Cairo could not be loaded). */
int disp_figures_finish(char *err, size_t errlen);

/* Handle events until every window is closed by the user (q, Esc, close button): the end
 * of `qpipe exec` without --no-wait. Returns at once when none is open. */
void disp_wait_windows(void);
/* Close every window and release SDL and OpenGL (before exit). */
void disp_shutdown(void);

#endif
