/*
 * gl.c - the OpenGL 3.3 core renderer (gl.h): one shader program, one empty vertex array
 * (the four corners of a quad come from gl_VertexID), textures with streaming uploads.
 */
#define GL_GLEXT_PROTOTYPES 1
#include "display/gl.h"

#include "display/sdl_dl.h"

#include <stdio.h>
#include <string.h>

static const char vs_text[] =
    "#version 330 core\n"
    "uniform vec4 u_rect;   /* x0 y0 x1 y1 in clip space */\n"
    "uniform vec4 u_uv;     /* u0 v0 u1 v1 */\n"
    "out vec2 v_uv;\n"
    "void main() {\n"
    "    vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "    gl_Position = vec4(mix(u_rect.x, u_rect.z, c.x), mix(u_rect.y, u_rect.w, c.y), 0.0, 1.0);\n"
    "    v_uv = mix(u_uv.xy, u_uv.zw, c);\n"
    "}\n";

static const char fs_text[] =
    "#version 330 core\n"
    "uniform sampler2D u_tex;\n"
    "uniform int u_mode;    /* 0 the texture, opaque; 1 the colour; 2 the texture, blended */\n"
    "uniform vec4 u_color;\n"
    "in vec2 v_uv;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "    if (u_mode == 1) o = u_color;\n"
    "    else if (u_mode == 0) o = vec4(texture(u_tex, v_uv).rgb, 1.0);\n"
    "    else o = texture(u_tex, v_uv);\n"
    "}\n";

static struct {
    GLuint prog, vao;
    GLint u_rect, u_uv, u_mode, u_color, u_tex;
    int w, h;                   /* the window being drawn */
} g;

static GLuint compile(GLenum kind, const char *text, char *err, size_t errlen)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &text, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[512] = "";
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        snprintf(err, errlen, "the %s shader does not compile: %s",
                 kind == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

int disp_gl_init(char *err, size_t errlen)
{
    GLuint vs = compile(GL_VERTEX_SHADER, vs_text, err, errlen);
    GLuint fs = vs ? compile(GL_FRAGMENT_SHADER, fs_text, err, errlen) : 0;
    if (!fs) {
        glDeleteShader(vs);
        return -1;
    }
    g.prog = glCreateProgram();
    glAttachShader(g.prog, vs);
    glAttachShader(g.prog, fs);
    glLinkProgram(g.prog);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(g.prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        snprintf(err, errlen, "the shader program does not link");
        glDeleteProgram(g.prog);
        g.prog = 0;
        return -1;
    }
    g.u_rect = glGetUniformLocation(g.prog, "u_rect");
    g.u_uv = glGetUniformLocation(g.prog, "u_uv");
    g.u_mode = glGetUniformLocation(g.prog, "u_mode");
    g.u_color = glGetUniformLocation(g.prog, "u_color");
    g.u_tex = glGetUniformLocation(g.prog, "u_tex");
    glGenVertexArrays(1, &g.vao);
    return 0;
}

void disp_gl_fini(void)
{
    if (g.vao)
        glDeleteVertexArrays(1, &g.vao);
    if (g.prog)
        glDeleteProgram(g.prog);
    memset(&g, 0, sizeof g);
}

void disp_gl_begin(int w, int h)
{
    g.w = w > 0 ? w : 1, g.h = h > 0 ? h : 1;
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, g.w, g.h);
    glClearColor(0.16f, 0.16f, 0.16f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(g.prog);
    glBindVertexArray(g.vao);
    glUniform1i(g.u_tex, 0);
    glActiveTexture(GL_TEXTURE0);
}

void disp_gl_tex_size(DispTex *t, int w, int h)
{
    if (!t->tex) {
        glGenTextures(1, &t->tex);
        glGenBuffers(1, &t->pbo);
    }
    glBindTexture(GL_TEXTURE_2D, t->tex);
    if (t->w != w || t->h != h) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        t->w = w, t->h = h;
    }
}

unsigned char *disp_gl_upload_begin(DispTex *t, int w, int h)
{
    disp_gl_tex_size(t, w, h);
    size_t bytes = (size_t)w * (size_t)h * 4;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, t->pbo);
    /* storage once per size; INVALIDATE_BUFFER lets the driver hand out fresh storage if
     * the last upload still reads it (a GPU driver's orphaning) and reuse it otherwise: an
     * orphan per frame costs a software driver a new allocation, its pages faulted in and
     * zeroed, for every frame */
    if (t->pbo_bytes != bytes) {
        glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)bytes, NULL, GL_STREAM_DRAW);
        t->pbo_bytes = bytes;
    }
    void *p = glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, (GLsizeiptr)bytes,
                               GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    if (!p)
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    return p;
}

void disp_gl_upload_end(DispTex *t)
{
    glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, t->w, t->h, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

void disp_gl_tex_free(DispTex *t)
{
    if (t->tex) {
        glDeleteTextures(1, &t->tex);
        glDeleteBuffers(1, &t->pbo);
    }
    *t = (DispTex){0};
}

/* The clip rectangle as a scissor box (GL counts y from the bottom). */
static void scissor(DispRect c)
{
    int x0 = (int)(c.x + 0.5), y0 = (int)(c.y + 0.5);
    int x1 = (int)(c.x + c.w + 0.5), y1 = (int)(c.y + c.h + 0.5);
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, g.h - y1, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0);
}

static void set_rect(DispRect r)
{
    glUniform4f(g.u_rect, (float)(2 * r.x / g.w - 1), (float)(1 - 2 * r.y / g.h),
                (float)(2 * (r.x + r.w) / g.w - 1), (float)(1 - 2 * (r.y + r.h) / g.h));
}

static void draw(void)
{
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

void disp_gl_image(const DispTex *t, DispRect src, DispRect dst, DispRect clip)
{
    if (!t->tex || t->w <= 0 || t->h <= 0)
        return;
    scissor(clip);
    glDisable(GL_BLEND);
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glUniform1i(g.u_mode, 0);
    set_rect(dst);
    glUniform4f(g.u_uv, (float)(src.x / t->w), (float)(src.y / t->h), (float)((src.x + src.w) / t->w),
                (float)((src.y + src.h) / t->h));
    draw();
}

void disp_gl_text(const DispTex *t, double x, double y)
{
    if (!t->tex)
        return;
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glUniform1i(g.u_mode, 2);
    set_rect((DispRect){x, y, t->w, t->h});
    glUniform4f(g.u_uv, 0, 0, 1, 1);
    draw();
}

void disp_gl_fill(DispRect r, const float rgba[4])
{
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUniform1i(g.u_mode, 1);
    glUniform4f(g.u_color, rgba[0], rgba[1], rgba[2], rgba[3]);
    set_rect(r);
    draw();
}

void disp_gl_finish(void)
{
    glFinish();
}
