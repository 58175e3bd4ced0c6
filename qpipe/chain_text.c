/*
 * chain_text.c - the text of `-f CHAIN` (run.h run_chain_parse), shared by `qpipe run` and
 * `qpipe preview`: "denoise(sigma=10), sharpen(amount=0.6), my.q" split at its top-level
 * commas into items, each a filter file (a path when it has a '/' or ends in .q, else
 * PRESETS/NAME.q) and the text of its settings ("sigma=10", or NULL).
 */
#include "qpipe/run.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static char *resolve_name(const char *name, const char *presets)
{
    size_t n = strlen(name);
    if (strchr(name, '/') || (n > 2 && !strcmp(name + n - 2, ".q")))
        return strdup(name);
    size_t len = strlen(presets ? presets : "presets") + n + 4;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%s/%s.q", presets ? presets : "presets", name);
    return p;
}

void run_chain_items_free(RunChainItem *items, int n)
{
    for (int i = 0; items && i < n; i++) {
        free(items[i].name);
        free(items[i].path);
        free(items[i].settings);
    }
    free(items);
}

int run_chain_parse(const char *text, const char *presets, RunChainItem **items, int *n, char *err,
                    size_t errlen)
{
    *items = NULL;
    *n = 0;
    char *copy = strdup(text);
    RunChainItem *list = calloc(strlen(text) / 2 + 2, sizeof *list);   /* items are >= 1 char + ',' */
    if (!copy || !list) {
        free(copy);
        free(list);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0, depth = 0, count = 0;
    char *item = copy;
    for (char *p = copy;; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        if (*p && (*p != ',' || depth > 0))
            continue;
        bool last = !*p;
        *p = '\0';
        char *it = trim(item);
        char *open = strchr(it, '(');
        char *args = NULL;
        if (open) {
            char *close = strrchr(open, ')');
            if (!close || trim(close + 1)[0]) {
                snprintf(err, errlen, "-f: cannot read '%s' (expected name(k=v, ...))", it);
                rc = -1;
                break;
            }
            *open = '\0';
            *close = '\0';
            args = open + 1;
            it = trim(it);
        }
        if (!*it) {
            snprintf(err, errlen, "-f: an empty filter name in '%s'", text);
            rc = -1;
            break;
        }
        list[count].name = strdup(it);
        list[count].path = resolve_name(it, presets);
        list[count].settings = args ? strdup(args) : NULL;
        RunChainItem *made = &list[count++];
        if (!made->name || !made->path || (args && !made->settings)) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        if (last)
            break;
        item = p + 1;
    }
    free(copy);
    if (rc) {
        run_chain_items_free(list, count);
        return -1;
    }
    *items = list;
    *n = count;
    return 0;
}

int run_chain_settings(RtFilter *f, const char *settings, char *err, size_t errlen)
{
    if (!settings)
        return 0;
    char *text = strdup(settings);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    char *save = NULL;
    for (char *tok = strtok_r(text, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        tok = trim(tok);
        if (!*tok)
            continue;
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, errlen, "'%s' in the chain needs name=value", tok);
            rc = -1;
            break;
        }
        *eq = '\0';
        if (rt_filter_set(f, trim(tok), trim(eq + 1), err, errlen))
            rc = -1;
    }
    free(text);
    return rc;
}
