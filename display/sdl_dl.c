/*
 * sdl_dl.c - the window's table (sdl_dl.h): SDL2 (its soname is the same for every 2.x),
 * SDL2_ttf (which needs SDL2) and libGL (GLVND's, or Mesa's, soname 1).
 */
#include "display/sdl_dl.h"

static const char *const sonames[] = {"libSDL2-2.0.so.0", "libSDL2_ttf-2.0.so.0", "libGL.so.1", NULL};
static const char *const names[] = {DISP_SDL_FUNCS(RT_DL_NAME)};
static DispSdlApi api;
RtDlFamily disp_sdl_dl = {.what = "SDL2/OpenGL", .sonames = sonames, .names = names, .slots = api.slot, .n = DISP_SDL_N};
