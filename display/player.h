/*
 * player.h - the window of `qpipe preview` (player.c): an input and the outputs of one or
 * more filters, compared side by side or with a wipe, with an overlay line, a status line, a
 * timeline and an error overlay.
 *
 * The player only shows and asks: qpipe/cmd_preview.c decodes, filters and decides; it hands
 * the player pictures (slot 0 the input, slot 1 the filter's output, slots 2… the outputs of
 * the --compare filters) and lines of text, and gets back what the user asked for
 * (DispAction) from disp_player_poll. Everything about looking (layout, zoom and pan, the
 * wipe's split, the pixel values under the cursor) is the player's own.
 *
 * Layouts: side by side (default: the input left, the chosen output right), wipe (`w`: one
 * picture, the input left of a split line and the output right of it; drag the line), only
 * the input (`a`), only the output (`b`). `1`…`9` choose which output is shown (1 the filter,
 * 2… the --compare filters). `+`/`-`/the wheel zoom, dragging pans, `0` resets; both pictures
 * share the view. Text is drawn with SDL2_ttf (text.h).
 */
#ifndef DISP_PLAYER_H
#define DISP_PLAYER_H

#include "runtime/rt.h"
#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DISP_PLAYER_SLOTS 10

typedef struct DispPlayer DispPlayer;

typedef enum DispActionKind {
    DISP_ACT_NONE,
    DISP_ACT_QUIT,              /* q, Esc, the close button */
    DISP_ACT_PAUSE,             /* space: pause or resume */
    DISP_ACT_STEP,              /* left/right: n = -1 or +1 frame (pauses) */
    DISP_ACT_SEEK_BY,           /* shift+left/right: n = -1 or +1 second */
    DISP_ACT_SEEK_TO,           /* Home (frame 0), End (n = -1: the last), the timeline (frame n) */
    DISP_ACT_SAVE,              /* s: save the shown output as PNG */
    DISP_ACT_PARAM_SELECT,      /* [ and ]: n = -1 or +1 */
    DISP_ACT_PARAM_CHANGE,      /* , and .: n = -1 or +1 step */
} DispActionKind;

typedef struct DispAction {
    DispActionKind kind;
    int64_t n;
} DispAction;

/* A window titled title for pictures of w x h (nslots pictures: the input and the outputs),
 * converting pictures on pool (the host's; NULL: serial); NULL without a display, with the
 * reason in err (the caller exits 69). */
DispPlayer *disp_player_new(RtPool *pool, const char *title, int w, int h, char *err, size_t errlen);
void disp_player_free(DispPlayer *p);
/* The run's --engine choice (rt.h RT_ENGINE_*; default auto): pictures whose device copy
 * is current are shown from the device through it (CUDA–GL interop, interop_cuda.h);
 * verbose (-v): say once on stderr how pictures reach the window, and why. */
void disp_player_use_engine(DispPlayer *p, int engine, bool verbose);
/* Show img in slot (0 the input, 1… the outputs); the player keeps a reference to img (to
 * read the values under the cursor) and converts it with the range 0…255. NULL clears it. */
void disp_player_set(DispPlayer *p, int slot, Value img);
/* The line at the top (frame, time, filter time, fps) and the line of the status bar
 * (parameters); the pixel values under the cursor are added by the player. */
void disp_player_set_text(DispPlayer *p, const char *overlay, const char *status);
/* An error shown over the picture in red (several lines allowed), or NULL to clear it. */
void disp_player_set_error(DispPlayer *p, const char *msg);
/* Where playback is: frame of count (count < 1: unknown, no timeline). */
void disp_player_set_position(DispPlayer *p, int64_t frame, int64_t count);
/* Which output slot is shown (1…), for the caller's `s`. */
int disp_player_output_slot(const DispPlayer *p);
/* Draw and present. */
void disp_player_draw(DispPlayer *p);
/* Wait up to timeout seconds for the user; true with *act set when they asked for something
 * the caller handles (events only about looking are handled here and redraw). */
bool disp_player_poll(DispPlayer *p, double timeout, DispAction *act);

#endif
