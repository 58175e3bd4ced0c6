/*
 * dl.c - the loader of the libraries opened on first use (dl.h): open a family's sonames,
 * fill its table, remember a failure with its reason.
 */
#include "runtime/dl.h"

#include "runtime/rt.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One lock for every family: a load happens a few times per process at most. */
static pthread_mutex_t dl_mu = PTHREAD_MUTEX_INITIALIZER;

void *rt_dl_open(const char *soname, int flags, char *why, size_t len)
{
    dlerror();
    void *h = dlopen(soname, flags);
    if (!h) {
        const char *e = dlerror();
        snprintf(why, len, "%s", e ? e : soname);
    }
    return h;
}

/* Open every soname and look every function up; false with f->why set. The handles of a
 * family that fails stay open (a library that loaded may be in use by another family). */
static bool load(RtDlFamily *f)
{
    void *libs[8];
    int nlibs = 0;
    for (const char *const *s = f->sonames; *s; s++) {
        char why[400];
        if (nlibs == (int)(sizeof libs / sizeof libs[0]))
            abort();                /* a family of more than 8 libraries: raise the bound */
        libs[nlibs] = rt_dl_open(*s, RTLD_LAZY | RTLD_LOCAL, why, sizeof why);
        if (!libs[nlibs]) {
            snprintf(f->why, sizeof f->why, "%s: %s", f->what, why);
            return false;
        }
        nlibs++;
    }
    for (int i = 0; i < f->n; i++) {
        f->slots[i] = NULL;
        for (int k = 0; k < nlibs && !f->slots[i]; k++)
            f->slots[i] = dlsym(libs[k], f->names[i]);
        if (!f->slots[i]) {
            snprintf(f->why, sizeof f->why, "%s: no function %s in %s%s (a different version?)", f->what,
                     f->names[i], f->sonames[0], nlibs > 1 ? " and the others" : "");
            return false;
        }
    }
    return true;
}

bool rt_dl_load(RtDlFamily *f, char *why, size_t len)
{
    int s = atomic_load_explicit(&f->state, memory_order_acquire);
    if (!s) {
        pthread_mutex_lock(&dl_mu);
        s = atomic_load_explicit(&f->state, memory_order_relaxed);
        if (!s) {
            s = load(f) ? 1 : -1;
            atomic_store_explicit(&f->state, s, memory_order_release);
        }
        pthread_mutex_unlock(&dl_mu);
    }
    if (s < 0 && why)
        snprintf(why, len, "%s", f->why);
    return s > 0;
}

void rt_dl_need(RtDlFamily *f)
{
    char why[600];
    if (rt_dl_load(f, why, sizeof why))
        return;
    fprintf(stderr, "qpipe: %s\n", why);
    fflush(NULL);
    exit(RT_EX_UNAVAILABLE);
}
