/*
 * test_interop.c - the display's CUDA–GL interop without a GPU (docs/preview.md "CUDA–GL
 * interop"): which path a frame takes and why (display/interop_cuda.c's decision, case by
 * case), the engines' hooks (the CPU has none; the CUDA engine's refuses with a reason
 * where there is no device or no device copy), and the device conversion's text
 * (runtime/cuda/rgba.c): compiled by NVRTC for sm_90 and assembled by ptxas, and compiled
 * by the C compiler and run on the host over images of every real element type, gray, RGB
 * and RGBA, the default range, other ranges and the step, against display/convert.c's bytes
 * for the same arrays.
 *
 * Prints `ok NAME` or `not ok NAME: REASON` per check (docs/testing.md "Unit tests").
 */
#include "display/convert.h"
#include "display/interop_cuda.h"
#include "runtime/cuda/gl.h"
#include "runtime/cuda/ptx.h"
#include "runtime/cuda/rgba.h"
#include "runtime/engine.h"
#include "runtime/interp.h"
#include "runtime/rt.h"

#include "tests/unit/check.h"
#include "tests/unit/ptxas.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------- the decision */

static const char *decided(const DispInteropCase *c, DispPath want, DispWhy want_kind, const char *want_text)
{
    char text[400];
    DispWhy kind;
    DispPath p = disp_interop_decide(c, &kind, text, sizeof text);
    if (p != want || kind != want_kind)
        return why("path %d kind %d (%s), expected path %d kind %d", p, kind, text, want, want_kind);
    if (want_text && !strstr(text, want_text))
        return why("reason '%s' does not say '%s'", text, want_text);
    return NULL;
}

static void test_decide(void)
{
    const DispInteropCase good = {.engine = "cuda", .engine_why = "", .engine_gl = true,
                                  .gl_vendor = "NVIDIA Corporation", .gl_renderer = "NVIDIA H100/PCIe/SSE2",
                                  .real = true, .has_device = true, .device_valid = true};
    DispInteropCase c = good;
    report("decide_device_when_all_hold", decided(&c, DISP_PATH_DEVICE, DISP_WHY_NONE, NULL));

    c = good;
    c.engine = "cpu", c.engine_gl = false, c.engine_why = "the CUDA driver (libcuda.so.1) not found";
    report("decide_host_cpu_engine_says_why",
           decided(&c, DISP_PATH_HOST, DISP_WHY_ENGINE, "the engine is cpu (the CUDA driver (libcuda.so.1) not found)"));
    c.engine_why = "";
    report("decide_host_engine_cpu_chosen", decided(&c, DISP_PATH_HOST, DISP_WHY_ENGINE, "(--engine cpu)"));

    c = good;
    c.gl_vendor = "Mesa", c.gl_renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
    report("decide_host_mesa_llvmpipe",
           decided(&c, DISP_PATH_HOST, DISP_WHY_GL, "not NVIDIA's (Mesa, llvmpipe (LLVM 15.0.6, 256 bits))"));
    c.gl_vendor = NULL;
    report("decide_host_gl_unknown", decided(&c, DISP_PATH_HOST, DISP_WHY_GL, "unknown"));

    c = good;
    c.broken = "cuGraphicsGLRegisterImage: CUDA_ERROR_INVALID_GRAPHICS_CONTEXT";
    report("decide_host_after_a_failed_call",
           decided(&c, DISP_PATH_HOST, DISP_WHY_BROKEN, "failed: cuGraphicsGLRegisterImage: CUDA_ERROR_INVALID"));

    c = good;
    c.real = false;
    report("decide_host_element_type", decided(&c, DISP_PATH_HOST, DISP_WHY_TYPE, NULL));

    c = good;
    c.device_valid = false;
    report("decide_host_device_copy_stale", decided(&c, DISP_PATH_HOST, DISP_WHY_STALE, "device copy is stale"));
    c.has_device = false;
    report("decide_host_no_device_copy", decided(&c, DISP_PATH_HOST, DISP_WHY_STALE, "no device copy"));

    /* the order of the reasons: the engine first, then GL, an earlier failure, the frame */
    c = good;
    c.engine_gl = false, c.engine = "cpu", c.gl_vendor = "Mesa", c.has_device = false;
    const char *bad = decided(&c, DISP_PATH_HOST, DISP_WHY_ENGINE, NULL);
    c.engine_gl = true;
    if (!bad)
        bad = decided(&c, DISP_PATH_HOST, DISP_WHY_GL, NULL);
    c.gl_vendor = "NVIDIA Corporation", c.broken = "x";
    if (!bad)
        bad = decided(&c, DISP_PATH_HOST, DISP_WHY_BROKEN, NULL);
    report("decide_reasons_in_order", bad);
}

/* ---------------------------------------------------------------- the hooks */

static void test_hooks(void)
{
    report("cpu_engine_has_no_gl_hook", rt_cpu_engine.gl ? "rt_cpu_engine.gl is set" : NULL);
    const RtEngineGl *gl = rt_cuda_engine.gl;
    report("cuda_engine_has_gl_hook", gl && gl->reg && gl->unreg && gl->show ? NULL : "missing");
    if (!gl || !gl->reg || !gl->show)
        return;
    /* no GL context here (and, on this machine, no device): refused with a reason */
    char text[256] = "";
    uint64_t h = 0;
    int rc = gl->reg(1, &h, text, sizeof text);
    report("cuda_gl_register_without_context_says_why", rc == -1 && text[0] ? NULL : why("rc %d '%s'", rc, text));
    int64_t dims[3] = {4, 5, 3};
    Value x = rt_array_new(RT_F32, 3, dims);
    text[0] = '\0';
    rc = gl->show(h, x.a, 0, 255, text, sizeof text);
    report("cuda_gl_show_host_only_frame_refused",
           rc == -1 && strstr(text, "no current device copy") ? NULL : why("rc %d '%s'", rc, text));
    rt_release(x);
}

/* ---------------------------------------------------------------- the text on the GPU */

static void test_nvrtc(const char *tmp)
{
    char cache[600];
    snprintf(cache, sizeof cache, "%s/cache", tmp);
    rt_cuda_ptx_configure(NULL, cache);
    bool cached = false;
    char err[1024] = "";
    char *ptx = rt_cuda_ptx("qpipe_rgba", rt_cuda_rgba_text(), 90, &cached, err, sizeof err);
    report("rgba_text_nvrtc_sm_90",
           ptx && strstr(ptx, ".entry qpr_rgba") && strstr(ptx, ".target sm_90") ? NULL : why("%s", ptx ? "no .entry qpr_rgba" : err));
    report("rgba_text_ptxas_sm_90", ptx ? ptxas_problem(ptx) : "no PTX");
    free(ptx);
    rt_cuda_ptx_shutdown();
}

/* ---------------------------------------------------------------- the text on the host */

typedef void (*RgbaHost)(const void *src, int elem, int ch, int w, int h, double lo, double hi, int mode,
                         unsigned char *dst, unsigned long long pitch);

/* The text compiled by the system C compiler into a shared object: its loop entry. */
static RgbaHost host_build(const char *tmp, void **lib, const char **bad)
{
    char src[600], so[600], cmd[1600];
    snprintf(src, sizeof src, "%s/rgba.c", tmp);
    snprintf(so, sizeof so, "%s/rgba.so", tmp);
    FILE *f = fopen(src, "w");
    if (!f || fputs(rt_cuda_rgba_text(), f) < 0) {
        if (f)
            fclose(f);
        *bad = "cannot write the text";
        return NULL;
    }
    fclose(f);
    const char *cc = getenv("QPIPE_CC");
    snprintf(cmd, sizeof cmd, "%s -std=c99 -O2 -Wall -Werror -fPIC -shared -o '%s' '%s'",
             cc && *cc && strcmp(cc, "none") ? cc : "cc", so, src);
    int rc = system(cmd);
    *lib = rc == 0 ? dlopen(so, RTLD_NOW | RTLD_LOCAL) : NULL;
    RgbaHost fn = *lib ? (RgbaHost)(uintptr_t)dlsym(*lib, "qpr_rgba_host") : NULL;
    if (!fn)
        *bad = rc ? why("'%s' failed (status %d)", cmd, rc) : "no qpr_rgba_host in the object";
    return fn;
}

/* An h x w image of ch channels (ch 0: a matrix) of type e filled from vals (cycled), both
 * through convert.c and through the text: NULL when every byte agrees. */
static const char *same_bytes(RtPool *pool, RgbaHost fn, RtElem e, int ch, int h, int w, const double *vals,
                              int nvals, double lo, double hi)
{
    int64_t dims[3] = {h, w, ch};
    Value x = rt_array_new(e, ch ? 3 : 2, dims);
    for (int64_t i = 0; i < x.a->n; i++)
        rt_set_real(x.a, i, vals[i % nvals], true);
    size_t n = (size_t)w * (size_t)h * 4;
    unsigned char *want = malloc(n), *got = malloc(n);
    const char *bad = want && got ? NULL : "out of memory";
    if (!bad) {
        memset(want, 7, n);
        memset(got, 9, n);
        disp_to_rgba(pool, x.a, lo, hi, want);
        fn(x.a->data, rt_cuda_rgba_elem(e), ch ? ch : 1, w, h, lo, hi, rt_cuda_rgba_mode(e, lo, hi), got,
           (unsigned long long)w * 4);
    }
    for (size_t i = 0; !bad && i < n; i++)
        if (got[i] != want[i])
            bad = why("elem %d ch %d [%g, %g] byte %zu (pixel %zu channel %zu): %d, convert.c %d (value %.17g)", (int)e,
                      ch, lo, hi, i, i / 4, i % 4, got[i], want[i],
                      rt_get_real(x.a, (int64_t)(i / 4) * (ch ? ch : 1) + (ch >= 3 && i % 4 < 3 ? (int64_t)(i % 4) : 0)));
    free(want);
    free(got);
    rt_release(x);
    return bad;
}

static void test_host(RtPool *pool, const char *tmp)
{
    void *lib = NULL;
    const char *bad = NULL;
    RgbaHost fn = host_build(tmp, &lib, &bad);
    report("rgba_text_compiles_as_c", bad);
    if (!fn)
        return;
    /* values around every rounding and clamping edge, and the integer types' extremes */
    double vals[600];
    int nv = 0;
    static const double edge[] = {0, 0.5, 1.5, 2.5, 127.5, 254.5, 255, 255.5, 300, -4, -0.5, 0.4999999, 0.5000001,
                                  NAN, INFINITY, -INFINITY, 1e30, -1e30, 127, 128, -128, 65535, -32768,
                                  4294967295.0, -2147483648.0, 9.2e18, 1.8e19, 77.25, 200.75};
    for (size_t i = 0; i < sizeof edge / sizeof *edge; i++)
        vals[nv++] = edge[i];
    uint32_t r = 2024;
    while (nv < 600) {
        r = r * 1103515245u + 12345u;
        double v = (double)((r >> 8) % 60000) / 100.0 - 150.0;     /* -150 .. 450 */
        vals[nv] = nv % 3 ? v : floor(v) + 0.5;
        nv++;
    }
    static const double ranges[][2] = {{0, 255}, {0, 1}, {-100, 900}, {17.5, 42.25}, {0, 800}, {400, 400}, {5, -5}};
    bad = NULL;
    for (RtElem e = RT_I8; e <= RT_F64 && !bad; e++)
        for (int ch = 0; ch <= 4 && !bad; ch++)
            for (size_t k = 0; ch != 2 && k < sizeof ranges / sizeof *ranges && !bad; k++)
                bad = same_bytes(pool, fn, e, ch, 7, 37, vals, nv, ranges[k][0], ranges[k][1]);
    report("rgba_text_bytes_equal_convert_c_every_type_range_channels", bad);
    /* the preview's frames: float32 RGB in [0, 255], wide enough for convert.c's SSE2 runs */
    float fv[997];
    for (int i = 0; i < 997; i++) {
        float k = (float)(i % 256) + 0.5f;
        fv[i] = i % 4 == 0 ? k : i % 4 == 1 ? nextafterf(k, -1000) : i % 4 == 2 ? nextafterf(k, 1000) : (float)i * 0.37f - 30;
    }
    double dv[997];
    for (int i = 0; i < 997; i++)
        dv[i] = fv[i];
    report("rgba_text_bytes_equal_convert_c_float32_rgb_frame", same_bytes(pool, fn, RT_F32, 3, 3, 1201, dv, 997, 0, 255));
    dlclose(lib);
}

int main(void)
{
    RtOptions opt = {.threads = 2};
    RtHost *host = rt_host_new(&opt);
    Rt *rt = rt_new(host, &opt, stdout, stderr);    /* starts the pool the conversion uses */
    char tmp[] = "/tmp/qpipe_test_interop_XXXXXX";
    if (!mkdtemp(tmp)) {
        report("tmpdir", "mkdtemp failed");
        return 1;
    }
    test_decide();
    test_hooks();
    test_nvrtc(tmp);
    test_host(rt->pool, tmp);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp);
    rt_free(rt);
    rt_host_free(host);
    return failures != 0;
}
