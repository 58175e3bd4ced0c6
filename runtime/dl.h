/*
 * dl.h - libraries opened on first use (dlopen), not at exec (docs/runtime.md "Start-up").
 *
 * A family is a few shared libraries (FFmpeg's five, SDL2 + SDL2_ttf + libGL, Cairo,
 * OpenBLAS + LAPACKE, FFTW, SQLite) and exactly the functions qpipe calls in them. Each
 * family has one header (io/ffmpeg_dl.h, display/sdl_dl.h, display/cairo_dl.h,
 * runtime/blas_dl.h, runtime/fftw_dl.h, qpipe/sqlite_dl.h) that
 *   - includes the library's own headers,
 *   - lists the functions once, as an X-macro: FAM_FUNCS(X) with X(name) per function,
 *   - declares the table: one pointer per function typed __typeof__(&name) from the real
 *     declaration (RT_DL_FIELD), so that the compiler checks every call's signature,
 *   - and redirects each name to the table (#define name FAM(name)), so call sites do not
 *     change. A name in the list but not redirected is a link error (the library is not
 *     linked); a name redirected but not in the list is a compile error.
 * A file that calls the functions includes that header, after (or instead of) the
 * library's headers; a library header included after it would see its names redirected.
 *
 * The family is loaded once per process, thread-safely, by rt_dl_load: every soname is
 * opened (RTLD_LAZY | RTLD_LOCAL: a library's own DT_NEEDED entries resolve its
 * dependencies among themselves), then every listed function is looked up in them, in
 * order. A failure is remembered with its reason ("FFmpeg: libavcodec.so.59: cannot open
 * shared object file: ..."): asking again costs nothing. Libraries stay loaded until exit.
 *
 * Commands that need a family call rt_dl_load where they can still fail cleanly (the
 * video reader's open, the display's start, a linear-algebra builtin) and exit 69
 * (RT_EX_UNAVAILABLE) with the reason. The redirect itself goes through rt_dl_table,
 * which loads on a first call that came before any such check; if that load fails it
 * prints the reason and exits 69: a missed check is an exit, never a crash.
 */
#ifndef RT_DL_H
#define RT_DL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct RtDlFamily {
    const char *what;               /* "FFmpeg", for messages */
    const char *const *sonames;     /* NULL-terminated; opened in this order */
    const char *const *names;       /* the functions, in the order of slots */
    void **slots;                   /* the table, as n pointers */
    int n;
    _Atomic int state;              /* 0 not tried, 1 loaded, -1 failed */
    char why[512];
} RtDlFamily;

/* One field of a family's table; one name of its list. */
#define RT_DL_FIELD(name) __typeof__(&name) name;
#define RT_DL_NAME(name) #name,
#define RT_DL_COUNT(name) +1

/* Load f (once per process): true, or false with the reason in why ("FFmpeg: ..."). */
bool rt_dl_load(RtDlFamily *f, char *why, size_t len);
/* Whether f is loaded, without loading it (shutdown code: release only what was used). */
static inline bool rt_dl_loaded(RtDlFamily *f)
{
    return atomic_load_explicit(&f->state, memory_order_acquire) == 1;
}
/* Whether loading f was tried and failed (the reason: rt_dl_load's). */
static inline bool rt_dl_failed(RtDlFamily *f)
{
    return atomic_load_explicit(&f->state, memory_order_acquire) < 0;
}
/* Load f or print "qpipe: <reason>" and exit 69. */
void rt_dl_need(RtDlFamily *f);
/* f's table (void *: the caller casts to its family's type), loading it first if needed. */
static inline void *rt_dl_table(RtDlFamily *f)
{
    if (__builtin_expect(!rt_dl_loaded(f), 0))
        rt_dl_need(f);
    return f->slots;
}

/* "Open this soname or say why": dlopen(soname, flags), or NULL with dlerror's text in
 * why (also io/video_in.c's libavdevice, opened RTLD_GLOBAL for its registration). The
 * CUDA loader (runtime/cuda/loader.c) keeps its own: it searches folders and names. */
void *rt_dl_open(const char *soname, int flags, char *why, size_t len);

#endif
