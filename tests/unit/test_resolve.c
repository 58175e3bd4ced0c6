/*
 * test_resolve.c - closures: which outer names a lambda or inner function captures.
 *
 * The interpreter binds captured values when a lambda is defined, so the resolver must
 * record exactly the names of enclosing functions that a body uses, and nothing that is
 * local, a parameter, global, or builtin.
 */
#include "lang/ast.h"
#include "lang/lang.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void check(int ok, const char *name, const char *why)
{
    if (ok)
        printf("ok %s\n", name);
    else {
        printf("not ok %s: %s\n", name, why);
        failures++;
    }
}

/* The first node of `kind` in a depth-first walk. */
static Node *find(Node *n, NodeKind kind, const char *name)
{
    if (!n)
        return NULL;
    if (n->kind == kind && (!name || (n->name && !strcmp(n->name, name))))
        return n;
    Node *kids[] = {n->a, n->b, n->c};
    for (int i = 0; i < 3; i++) {
        Node *f = find(kids[i], kind, name);
        if (f)
            return f;
    }
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < lists[l]->n; i++) {
            Node *f = find(lists[l]->items[i], kind, name);
            if (f)
                return f;
        }
    return NULL;
}

static Node *find_in(LangModule *m, NodeKind kind, const char *name)
{
    for (int i = 0; i < m->body.n; i++) {
        Node *f = find(m->body.items[i], kind, name);
        if (f)
            return f;
    }
    return NULL;
}

/* The captures of `n` as one space-separated string, sorted as recorded. */
static const char *captures(const Node *n, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; n && i < n->ncaptures; i++) {
        strncat(buf, i ? " " : "", size - strlen(buf) - 1);
        strncat(buf, n->captures[i], size - strlen(buf) - 1);
    }
    return buf;
}

static LangModule *resolve(const char *src, int *errors)
{
    LangDiag *d = lang_diag_new(NULL);
    LangModule *m = lang_parse("test.q", src, strlen(src), d);
    lang_resolve(m, NULL, d);
    *errors = lang_diag_errors(d);
    lang_diag_free(d);
    return m;
}

int main(void)
{
    char buf[256];
    int errors;
    LangModule *m = resolve("function y = outer(a, b)\n"
                            "    scale = 2\n"
                            "    f = x -> x * scale + a\n"
                            "    function z = inner(t)\n"
                            "        w = t\n"
                            "        z = w + b + sum(t)\n"
                            "    endfunction\n"
                            "    y = f(inner(a))\n"
                            "endfunction\n", &errors);
    check(errors == 0, "closure_program_resolves", "unexpected errors");
    Node *lam = find_in(m, N_LAMBDA, NULL);
    check(lam && !strcmp(captures(lam, buf, sizeof buf), "scale a"), "lambda_captures_outer_locals",
          buf);
    Node *inner = find_in(m, N_FUNCTION, "inner");
    check(inner && !strcmp(captures(inner, buf, sizeof buf), "b"), "inner_function_captures_param", buf);
    Node *outer = find_in(m, N_FUNCTION, "outer");
    check(outer && outer->ncaptures == 0, "top_function_captures_nothing", captures(outer, buf, sizeof buf));
    lang_module_free(m);

    /* a lambda inside a lambda: the inner one's use of the outermost name is a capture of
     * both; the curried parameter x is a capture of the inner lambda only */
    m = resolve("function r = g(k)\n"
                "    add = x -> y -> x + y + k\n"
                "    r = add(1)(2)\n"
                "endfunction\n", &errors);
    check(errors == 0, "curried_program_resolves", "unexpected errors");
    Node *outer_lam = find_in(m, N_LAMBDA, NULL);
    Node *inner_lam = outer_lam ? find(outer_lam->a, N_LAMBDA, NULL) : NULL;
    check(outer_lam && !strcmp(captures(outer_lam, buf, sizeof buf), "k"), "outer_lambda_captures_k", buf);
    check(inner_lam && !strcmp(captures(inner_lam, buf, sizeof buf), "x k"), "inner_lambda_captures_x_k", buf);
    lang_module_free(m);

    /* top-level variables are captured by value (004 §2.1: a function captures the value
     * at the time it is defined); functions, types and builtins are not; an unknown name
     * is an error */
    m = resolve("limit = 3\nfunction r = twice(v)\n  r = 2 * v\nendfunction\n"
                "h = v -> twice(min(v, limit)) + pi\nq = u -> u + nosuch\n", &errors);
    check(errors == 1, "unknown_name_is_one_error", "expected exactly one error");
    lam = find_in(m, N_LAMBDA, NULL);
    check(lam && !strcmp(captures(lam, buf, sizeof buf), "limit"), "top_level_lambda_captures_variable",
          buf);
    lang_module_free(m);
    return failures != 0;
}
