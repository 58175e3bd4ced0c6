/*
 * fuzz_parse.c - libFuzzer target over the Quasar front end.
 *
 * Each input is taken as the text of a source file named "fuzz.q" and goes the whole way
 * through lang/: lexer and parser, name resolution (imports are searched from the current
 * folder; module_path is NULL) and the AST dump. The front end must report bad input as
 * diagnostics, never crash, hang or leak; ASan, UBSan and LeakSanitizer watch for that.
 * Diagnostics are collected silently (lang_diag_new(NULL)); the dump goes to /dev/null,
 * opened once for the whole run. Built and run by `make fuzz` (see README.md here).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lang/lang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *dev_null;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    LangDiag *d;
    LangModule *m;

    if (!dev_null)
        dev_null = fopen("/dev/null", "w");
    d = lang_diag_new(NULL);
    if (!d)
        return 0;
    m = lang_parse("fuzz.q", (const char *)data, size, d);
    if (m) {
        lang_resolve(m, NULL, d);
        if (dev_null)
            lang_dump(m, dev_null);
        lang_module_free(m);
    }
    lang_diag_free(d);
    return 0;
}
