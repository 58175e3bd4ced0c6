/* lib_stubs.c - TEMPORARY weak definitions so the tree links while the builtin library
 * is being written; each real lib_*.c definition overrides its stub. Removed when all exist. */
#include "runtime/interp.h"
#include "runtime/lib.h"

#define BUILTIN(name, min, max, nout, flags, sig) \
    __attribute__((weak)) void lib_##name(Rt *rt, int argc, Value *argv, int nout_, Value *out) \
    { (void)argc; (void)argv; (void)nout_; (void)out; rt_error(rt, "'%s' is not implemented yet", #name); }
#include "runtime/lib.def"
#undef BUILTIN

__attribute__((weak)) void rt_sprintf(Rt *rt, const char *fmt, int argc, const Value *argv, StrBuf *sb)
{ (void)fmt; (void)argc; (void)argv; (void)sb; rt_error(rt, "sprintf is not implemented yet"); }
__attribute__((weak)) void rt_parallel_for(int64_t n, int64_t grain, RtRangeFn fn, void *ctx)
{ (void)grain; if (n > 0) fn(ctx, 0, n); }
__attribute__((weak)) int rt_pool_threads(void) { return 1; }
__attribute__((weak)) void rt_pool_init(int nthreads) { (void)nthreads; }
__attribute__((weak)) void rt_pool_shutdown(void) {}
__attribute__((weak)) double rt_rand_uniform(Rt *rt) { (void)rt; return 0.5; }
__attribute__((weak)) double rt_rand_normal(Rt *rt) { (void)rt; return 0; }
__attribute__((weak)) void rt_rand_seed(Rt *rt, uint64_t seed) { (void)rt; (void)seed; }
