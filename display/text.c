/*
 * text.c - text through SDL2_ttf (text.h).
 */
#include "display/text.h"

#include "display/sdl_dl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_POINTS 14

static const char *const font_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
};

static TTF_Font *font;

int disp_text_init(char *err, size_t errlen)
{
    if (font)
        return 0;
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, errlen, "SDL2_ttf: %s", TTF_GetError());
        return -1;
    }
    const char *env = getenv("QPIPE_FONT");
    if (env && *env)
        font = TTF_OpenFont(env, TEXT_POINTS);
    for (size_t i = 0; !font && i < sizeof font_paths / sizeof *font_paths; i++)
        font = TTF_OpenFont(font_paths[i], TEXT_POINTS);
    if (!font) {
        snprintf(err, errlen, "no font: install fonts-dejavu-core or set QPIPE_FONT (%s)", TTF_GetError());
        TTF_Quit();
        return -1;
    }
    return 0;
}

void disp_text_fini(void)
{
    if (font) {
        TTF_CloseFont(font);
        font = NULL;
        TTF_Quit();
    }
}

int disp_text_height(void)
{
    return font ? TTF_FontLineSkip(font) : 16;
}

int disp_text_render(DispTex *t, const char *text, const unsigned char rgb[3])
{
    if (!font || !text || !*text)
        return -1;
    SDL_Color c = {rgb[0], rgb[1], rgb[2], 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(font, text, c);
    if (!s)
        return -1;
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ABGR8888, 0);  /* bytes R G B A */
    SDL_FreeSurface(s);
    if (!rgba)
        return -1;
    unsigned char *dst = disp_gl_upload_begin(t, rgba->w, rgba->h);
    if (dst) {
        SDL_LockSurface(rgba);
        for (int y = 0; y < rgba->h; y++)
            memcpy(dst + (size_t)y * rgba->w * 4, (unsigned char *)rgba->pixels + (size_t)y * rgba->pitch,
                   (size_t)rgba->w * 4);
        SDL_UnlockSurface(rgba);
        disp_gl_upload_end(t);
    }
    SDL_FreeSurface(rgba);
    return dst ? 0 : -1;
}
