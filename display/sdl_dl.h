/*
 * sdl_dl.h - the window's libraries, opened on first use (runtime/dl.h): the functions
 * qpipe calls in SDL2, SDL2_ttf and libGL, and their table. Included by the files of
 * display/ that call them.
 */
#ifndef DISP_SDL_DL_H
#define DISP_SDL_DL_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1    /* the prototypes give the table its types */
#endif
#include <GL/gl.h>
#include <GL/glext.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h). */
#define DISP_SDL_FUNCS(X) \
    X(SDL_ConvertSurfaceFormat) \
    X(SDL_CreateWindow) \
    X(SDL_DestroyWindow) \
    X(SDL_FreeSurface) \
    X(SDL_GL_CreateContext) \
    X(SDL_GL_DeleteContext) \
    X(SDL_GL_GetDrawableSize) \
    X(SDL_GL_MakeCurrent) \
    X(SDL_GL_SetAttribute) \
    X(SDL_GL_SetSwapInterval) \
    X(SDL_GL_SwapWindow) \
    X(SDL_GetDisplayBounds) \
    X(SDL_GetError) \
    X(SDL_GetMouseState) \
    X(SDL_GetWindowID) \
    X(SDL_InitSubSystem) \
    X(SDL_LockSurface) \
    X(SDL_PollEvent) \
    X(SDL_Quit) \
    X(SDL_QuitSubSystem) \
    X(SDL_SetHint) \
    X(SDL_SetWindowTitle) \
    X(SDL_UnlockSurface) \
    X(SDL_WaitEventTimeout) \
    X(SDL_WasInit) \
    X(TTF_CloseFont) \
    X(TTF_FontLineSkip) \
    X(TTF_Init) \
    X(TTF_OpenFont) \
    X(TTF_Quit) \
    X(TTF_RenderUTF8_Blended) \
    X(TTF_WasInit) \
    X(glActiveTexture) \
    X(glAttachShader) \
    X(glBindBuffer) \
    X(glBindTexture) \
    X(glBindVertexArray) \
    X(glBlendFunc) \
    X(glBufferData) \
    X(glClear) \
    X(glClearColor) \
    X(glCompileShader) \
    X(glCreateProgram) \
    X(glCreateShader) \
    X(glDeleteBuffers) \
    X(glDeleteProgram) \
    X(glDeleteShader) \
    X(glDeleteTextures) \
    X(glDeleteVertexArrays) \
    X(glDisable) \
    X(glDrawArrays) \
    X(glEnable) \
    X(glFinish) \
    X(glGenBuffers) \
    X(glGenTextures) \
    X(glGenVertexArrays) \
    X(glGetProgramiv) \
    X(glGetShaderInfoLog) \
    X(glGetShaderiv) \
    X(glGetString) \
    X(glGetUniformLocation) \
    X(glLinkProgram) \
    X(glMapBufferRange) \
    X(glPixelStorei) \
    X(glScissor) \
    X(glShaderSource) \
    X(glTexImage2D) \
    X(glTexParameteri) \
    X(glTexSubImage2D) \
    X(glUniform1i) \
    X(glUniform4f) \
    X(glUnmapBuffer) \
    X(glUseProgram) \
    X(glViewport)

enum { DISP_SDL_N = 0 DISP_SDL_FUNCS(RT_DL_COUNT) };
typedef union DispSdlApi {
    struct {
        DISP_SDL_FUNCS(RT_DL_FIELD)
    };
    void *slot[DISP_SDL_N];
} DispSdlApi;
_Static_assert(sizeof(DispSdlApi) == DISP_SDL_N * sizeof(void *), "one pointer per function");

extern RtDlFamily disp_sdl_dl;
#define DISP_SDL_FN(name) (((DispSdlApi *)rt_dl_table(&disp_sdl_dl))->name)

#define SDL_ConvertSurfaceFormat DISP_SDL_FN(SDL_ConvertSurfaceFormat)
#define SDL_CreateWindow DISP_SDL_FN(SDL_CreateWindow)
#define SDL_DestroyWindow DISP_SDL_FN(SDL_DestroyWindow)
#define SDL_FreeSurface DISP_SDL_FN(SDL_FreeSurface)
#define SDL_GL_CreateContext DISP_SDL_FN(SDL_GL_CreateContext)
#define SDL_GL_DeleteContext DISP_SDL_FN(SDL_GL_DeleteContext)
#define SDL_GL_GetDrawableSize DISP_SDL_FN(SDL_GL_GetDrawableSize)
#define SDL_GL_MakeCurrent DISP_SDL_FN(SDL_GL_MakeCurrent)
#define SDL_GL_SetAttribute DISP_SDL_FN(SDL_GL_SetAttribute)
#define SDL_GL_SetSwapInterval DISP_SDL_FN(SDL_GL_SetSwapInterval)
#define SDL_GL_SwapWindow DISP_SDL_FN(SDL_GL_SwapWindow)
#define SDL_GetDisplayBounds DISP_SDL_FN(SDL_GetDisplayBounds)
#define SDL_GetError DISP_SDL_FN(SDL_GetError)
#define SDL_GetMouseState DISP_SDL_FN(SDL_GetMouseState)
#define SDL_GetWindowID DISP_SDL_FN(SDL_GetWindowID)
#define SDL_InitSubSystem DISP_SDL_FN(SDL_InitSubSystem)
#define SDL_LockSurface DISP_SDL_FN(SDL_LockSurface)
#define SDL_PollEvent DISP_SDL_FN(SDL_PollEvent)
#define SDL_Quit DISP_SDL_FN(SDL_Quit)
#define SDL_QuitSubSystem DISP_SDL_FN(SDL_QuitSubSystem)
#define SDL_SetHint DISP_SDL_FN(SDL_SetHint)
#define SDL_SetWindowTitle DISP_SDL_FN(SDL_SetWindowTitle)
#define SDL_UnlockSurface DISP_SDL_FN(SDL_UnlockSurface)
#define SDL_WaitEventTimeout DISP_SDL_FN(SDL_WaitEventTimeout)
#define SDL_WasInit DISP_SDL_FN(SDL_WasInit)
#define TTF_CloseFont DISP_SDL_FN(TTF_CloseFont)
#define TTF_FontLineSkip DISP_SDL_FN(TTF_FontLineSkip)
#define TTF_Init DISP_SDL_FN(TTF_Init)
#define TTF_OpenFont DISP_SDL_FN(TTF_OpenFont)
#define TTF_Quit DISP_SDL_FN(TTF_Quit)
#define TTF_RenderUTF8_Blended DISP_SDL_FN(TTF_RenderUTF8_Blended)
#define TTF_WasInit DISP_SDL_FN(TTF_WasInit)
#define glActiveTexture DISP_SDL_FN(glActiveTexture)
#define glAttachShader DISP_SDL_FN(glAttachShader)
#define glBindBuffer DISP_SDL_FN(glBindBuffer)
#define glBindTexture DISP_SDL_FN(glBindTexture)
#define glBindVertexArray DISP_SDL_FN(glBindVertexArray)
#define glBlendFunc DISP_SDL_FN(glBlendFunc)
#define glBufferData DISP_SDL_FN(glBufferData)
#define glClear DISP_SDL_FN(glClear)
#define glClearColor DISP_SDL_FN(glClearColor)
#define glCompileShader DISP_SDL_FN(glCompileShader)
#define glCreateProgram DISP_SDL_FN(glCreateProgram)
#define glCreateShader DISP_SDL_FN(glCreateShader)
#define glDeleteBuffers DISP_SDL_FN(glDeleteBuffers)
#define glDeleteProgram DISP_SDL_FN(glDeleteProgram)
#define glDeleteShader DISP_SDL_FN(glDeleteShader)
#define glDeleteTextures DISP_SDL_FN(glDeleteTextures)
#define glDeleteVertexArrays DISP_SDL_FN(glDeleteVertexArrays)
#define glDisable DISP_SDL_FN(glDisable)
#define glDrawArrays DISP_SDL_FN(glDrawArrays)
#define glEnable DISP_SDL_FN(glEnable)
#define glFinish DISP_SDL_FN(glFinish)
#define glGenBuffers DISP_SDL_FN(glGenBuffers)
#define glGenTextures DISP_SDL_FN(glGenTextures)
#define glGenVertexArrays DISP_SDL_FN(glGenVertexArrays)
#define glGetProgramiv DISP_SDL_FN(glGetProgramiv)
#define glGetShaderInfoLog DISP_SDL_FN(glGetShaderInfoLog)
#define glGetShaderiv DISP_SDL_FN(glGetShaderiv)
#define glGetString DISP_SDL_FN(glGetString)
#define glGetUniformLocation DISP_SDL_FN(glGetUniformLocation)
#define glLinkProgram DISP_SDL_FN(glLinkProgram)
#define glMapBufferRange DISP_SDL_FN(glMapBufferRange)
#define glPixelStorei DISP_SDL_FN(glPixelStorei)
#define glScissor DISP_SDL_FN(glScissor)
#define glShaderSource DISP_SDL_FN(glShaderSource)
#define glTexImage2D DISP_SDL_FN(glTexImage2D)
#define glTexParameteri DISP_SDL_FN(glTexParameteri)
#define glTexSubImage2D DISP_SDL_FN(glTexSubImage2D)
#define glUniform1i DISP_SDL_FN(glUniform1i)
#define glUniform4f DISP_SDL_FN(glUniform4f)
#define glUnmapBuffer DISP_SDL_FN(glUnmapBuffer)
#define glUseProgram DISP_SDL_FN(glUseProgram)
#define glViewport DISP_SDL_FN(glViewport)

#endif
