/*
 * display.h - the display module's front door: `imshow`, `hold` and `sync_framerate`
 * (DESIGN.md "display/").
 *
 * There is no window yet (the display issue): the three functions check their arguments,
 * and imshow warns once per run that nothing is shown, as DESIGN.md specifies for a machine
 * without a display. Programs that show frames (the seeds' playback loop, vidplay) run
 * unchanged, and will show them when the window comes.
 */
#ifndef DISP_DISPLAY_H
#define DISP_DISPLAY_H

/* Register the display builtins with the runtime (before running programs). */
void disp_register(void);

#endif
