/*
 * interop_cuda.c - which path a frame takes to the window, and the device path through
 * the engine's GL hook (interop_cuda.h).
 *
 * Registrations are kept per texture (few windows and panes: a short list), with the size
 * they were made at: a texture specified again at another size is registered again. They
 * are undone before the texture is freed (window.c, player.c) or re-sized by the host path.
 */
#include "display/interop_cuda.h"
#include "runtime/engine.h"
#include "runtime/rt.h"

#include "display/sdl_dl.h"

#include <stdio.h>
#include <string.h>

#define MAX_REGS 32

typedef struct Reg {
    unsigned tex;
    int w, h;
    uint64_t handle;
    const RtEngineGl *gl;
} Reg;

static struct {
    Reg regs[MAX_REGS];
    char vendor[128], renderer[160];
    bool gl_read;
    char broken[320];           /* an interop call failed: interop is off, this is why */
    bool said[DISP_WHY_COUNT];
} I;

DispPath disp_interop_decide(const DispInteropCase *c, DispWhy *kind, char *why, size_t len)
{
    DispWhy k = DISP_WHY_NONE;
    if (!c->engine_gl) {
        k = DISP_WHY_ENGINE;
        snprintf(why, len, "the engine is %s (%s), not CUDA", c->engine ? c->engine : "none",
                 c->engine_why && *c->engine_why ? c->engine_why : "--engine cpu");
    } else if (!c->gl_vendor || !strstr(c->gl_vendor, "NVIDIA")) {
        k = DISP_WHY_GL;
        snprintf(why, len, "the OpenGL driver is not NVIDIA's (%s, %s)", c->gl_vendor ? c->gl_vendor : "unknown",
                 c->gl_renderer ? c->gl_renderer : "unknown");
    } else if (c->broken) {
        k = DISP_WHY_BROKEN;
        snprintf(why, len, "CUDA–GL interop failed: %s", c->broken);
    } else if (!c->real) {
        k = DISP_WHY_TYPE;
        snprintf(why, len, "an element type the device conversion does not take");
    } else if (!c->has_device || !c->device_valid) {
        k = DISP_WHY_STALE;
        snprintf(why, len, "the frame's current copy is on the host%s",
                 c->has_device ? " (its device copy is stale)" : " (it has no device copy)");
    } else if (len) {
        why[0] = '\0';
    }
    *kind = k;
    return k == DISP_WHY_NONE ? DISP_PATH_DEVICE : DISP_PATH_HOST;
}

static Reg *find(unsigned tex)
{
    for (int i = 0; tex && i < MAX_REGS; i++)
        if (I.regs[i].tex == tex)
            return &I.regs[i];
    return NULL;
}

void disp_interop_forget(DispTex *t)
{
    Reg *r = find(t->tex);
    if (r) {
        r->gl->unreg(r->handle);
        *r = (Reg){0};
    }
}

void disp_interop_resize(DispTex *t, int w, int h)
{
    Reg *r = find(t->tex);
    if (r && (r->w != w || r->h != h))
        disp_interop_forget(t);
}

/* The strings of the current GL context (one context serves every window: read once). */
static void read_gl(void)
{
    if (I.gl_read)
        return;
    I.gl_read = true;
    const char *v = (const char *)glGetString(GL_VENDOR), *r = (const char *)glGetString(GL_RENDERER);
    snprintf(I.vendor, sizeof I.vendor, "%s", v ? v : "");
    snprintf(I.renderer, sizeof I.renderer, "%s", r ? r : "");
}

static void say(bool verbose, DispWhy kind, const char *why)
{
    if (!verbose || I.said[kind])
        return;
    I.said[kind] = true;
    if (kind == DISP_WHY_NONE)
        fprintf(stderr, "qpipe: display: frames are copied device to device (CUDA–GL interop)\n");
    else
        fprintf(stderr, "qpipe: display: frames go through the host: %s\n", why);
}

/* t registered at w x h with gl (made at that size first). NULL with why. */
static Reg *registered(DispTex *t, int w, int h, const RtEngineGl *gl, char *why, size_t len)
{
    disp_interop_resize(t, w, h);
    disp_gl_tex_size(t, w, h);
    Reg *r = find(t->tex);
    if (r)
        return r;
    for (int i = 0; !r && i < MAX_REGS; i++)
        if (!I.regs[i].tex)
            r = &I.regs[i];
    if (!r) {
        snprintf(why, len, "more than %d textures registered", MAX_REGS);
        return NULL;
    }
    if (gl->reg(t->tex, &r->handle, why, len) != 0)
        return NULL;
    r->tex = t->tex, r->w = w, r->h = h, r->gl = gl;
    return r;
}

bool disp_interop_show(DispTex *t, const RtArray *a, double lo, double hi, int engine, bool verbose)
{
    char ewhy[256] = "", why[400];
    const RtEngine *e = rt_engine_for(engine, ewhy, sizeof ewhy);
    read_gl();
    const RtBuffer *b = a->buf;
    DispInteropCase c = {.engine = e ? e->name : NULL, .engine_why = ewhy, .engine_gl = e && e->gl,
                         .gl_vendor = I.vendor, .gl_renderer = I.renderer, .broken = I.broken[0] ? I.broken : NULL,
                         .real = rt_elem_is_numeric(a->elem) && !rt_elem_is_complex(a->elem),
                         .has_device = b && b->device, .device_valid = b && (b->flags & RT_BUF_DEVICE_VALID)};
    DispWhy kind;
    if (disp_interop_decide(&c, &kind, why, sizeof why) == DISP_PATH_HOST) {
        say(verbose, kind, why);
        return false;
    }
    int w = a->rank == 1 ? (int)a->dims[0] : (int)a->dims[1], h = a->rank == 1 ? 1 : (int)a->dims[0];
    Reg *r = registered(t, w, h, e->gl, why, sizeof why);
    if (r && e->gl->show(r->handle, a, lo, hi, why, sizeof why) == 0) {
        say(verbose, DISP_WHY_NONE, "");
        return true;
    }
    /* off for the rest of the run: a failing driver would fail every frame */
    snprintf(I.broken, sizeof I.broken, "%.300s", why);
    c.broken = I.broken;
    disp_interop_decide(&c, &kind, why, sizeof why);
    say(verbose, kind, why);
    return false;
}
