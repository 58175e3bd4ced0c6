/*
 * dump.c - the tree as text, in the format of docs/ast-dump.md.
 *
 * Tests pin the structure the parser builds through this output, so it is compact and
 * stable: statements one per line, indented blocks, expressions as S-expressions, and
 * types written back in normalized source form.
 */
#include "lang/ast.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void dump_expr(FILE *out, const Node *n);
static void dump_type(FILE *out, const LangType *t, bool bare);

static void dump_real(FILE *out, double v, bool mark_real)
{
    char buf[64];
    if (isinf(v)) {
        fputs(v > 0 ? "inf" : "-inf", out);
        return;
    }
    if (isnan(v)) {
        fputs("nan", out);
        return;
    }
    if (v == floor(v) && fabs(v) < 1e16) {        /* integral: 19000.0, not 1.9e+04 */
        fprintf(out, mark_real ? "%.0f.0" : "%.0f", v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {      /* shortest form that reads back */
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, out);
    if (mark_real && !strpbrk(buf, ".e"))
        fputs(".0", out);
}

static void dump_list(FILE *out, const NodeList *l, const char *sep)
{
    for (int i = 0; i < l->n; i++) {
        if (i)
            fputs(sep, out);
        dump_expr(out, l->items[i]);
    }
}

static void dump_types(FILE *out, LangType *const *ts, int n, const char *sep)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(sep, out);
        dump_type(out, ts[i], false);
    }
}

/* `bare` leaves off the brackets of a function type (inside a union or a chain). */
static void dump_type(FILE *out, const LangType *t, bool bare)
{
    if (!t) {
        fputs("??", out);
        return;
    }
    switch (t->kind) {
    case TY_UNKNOWN:
        fputs("??", out);
        break;
    case TY_MODS:
        break;
    case TY_POINTER:
        fputc('^', out);
        dump_type(out, t->target, false);
        break;
    case TY_TUPLE:
        fputc('(', out);
        dump_types(out, t->elems, t->nelems, ", ");
        fputc(')', out);
        break;
    case TY_UNION:
        fputc('[', out);
        for (int i = 0; i < t->nelems; i++) {
            if (i)
                fputc('|', out);
            dump_type(out, t->elems[i], true);
        }
        fputc(']', out);
        break;
    case TY_FUNC:
        if (!bare)
            fputc('[', out);
        if (t->fn_flags & NODE_KERNEL)
            fputs("__kernel__ ", out);
        if (t->fn_flags & NODE_DEVICE)
            fputs("__device__ ", out);
        if (t->variadic)
            fputs("...", out);
        if (t->nelems == 1 && !t->variadic) {
            dump_type(out, t->elems[0], false);
        } else if (t->variadic && t->nelems == 1) {
            dump_type(out, t->elems[0], false);
        } else {
            fputc('(', out);
            dump_types(out, t->elems, t->nelems, ", ");
            fputc(')', out);
        }
        fputs(" -> ", out);
        if (t->nresults == 1 && t->results[0]->kind == TY_FUNC) {
            dump_type(out, t->results[0], true);
        } else if (t->nresults == 1) {
            dump_type(out, t->results[0], false);
        } else {
            fputc('(', out);
            dump_types(out, t->results, t->nresults, ", ");
            fputc(')', out);
        }
        if (!bare)
            fputc(']', out);
        break;
    case TY_NAME:
        fputs(t->name, out);
        if (t->has_elems) {
            fputc('[', out);
            dump_types(out, t->elems, t->nelems, ",");
            fputc(']', out);
        }
        if (t->has_dim) {
            fputc('{', out);
            if (t->dim)
                dump_expr(out, t->dim);
            else
                fputc(':', out);
            fputc('}', out);
        }
        if (t->has_sizes) {
            fputc('(', out);
            for (int i = 0; i < t->nsizes; i++) {
                if (i)
                    fputc(',', out);
                if (t->sizes[i])
                    dump_expr(out, t->sizes[i]);
                else
                    fputc(':', out);
            }
            fputc(')', out);
        }
        break;
    }
    for (int i = 0; i < t->nmods; i++)
        fprintf(out, "'%s", t->mods[i]);
}

static void dump_param(FILE *out, const Node *n)
{
    if (n->flags & NODE_VARIADIC)
        fputs("...", out);
    fputs(n->name, out);
    if (n->type) {
        fputc(':', out);
        dump_type(out, n->type, false);
    }
    if (n->a) {
        fputc('=', out);
        dump_expr(out, n->a);
    }
}

static void dump_params(FILE *out, const NodeList *l)
{
    fputc('(', out);
    for (int i = 0; i < l->n; i++) {
        if (i)
            fputc(' ', out);
        dump_param(out, l->items[i]);
    }
    fputc(')', out);
}

static void dump_expr(FILE *out, const Node *n)
{
    switch (n->kind) {
    case N_INT: fprintf(out, "%lld", (long long)n->ival); break;
    case N_REAL: dump_real(out, n->rval, true); break;
    case N_IMAG: dump_real(out, n->rval, false); fputc('j', out); break;
    case N_STRING: fprintf(out, "\"%s\"", n->name); break;
    case N_IDENT: fputs(n->name, out); break;
    case N_PLACEHOLDER: fputc('_', out); break;
    case N_COLON_ALL: fputc(':', out); break;
    case N_BAD: fputs("<error>", out); break;
    case N_UNARY:
        fprintf(out, "(%s ", n->op == T_MINUS ? "neg" : n->op == T_PLUS ? "pos" : "!");
        dump_expr(out, n->a);
        fputc(')', out);
        break;
    case N_BINARY:
        fprintf(out, "(%s ", lang_tok_name(n->op));
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_expr(out, n->b);
        fputc(')', out);
        break;
    case N_ASSIGN:
        fprintf(out, "(%s ", lang_tok_name(n->op));
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_expr(out, n->b);
        fputc(')', out);
        break;
    case N_EXCHANGE:
        fputs("(<- ", out);
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_expr(out, n->b);
        fputc(')', out);
        break;
    case N_TERNARY:
        fputs("(? ", out);
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_expr(out, n->b);
        fputc(' ', out);
        dump_expr(out, n->c);
        fputc(')', out);
        break;
    case N_RANGE:
        fputs("(.. ", out);
        dump_expr(out, n->a);
        if (n->b) {
            fputc(' ', out);
            dump_expr(out, n->b);
        }
        fputc(' ', out);
        dump_expr(out, n->c);
        fputc(')', out);
        break;
    case N_CALL:
    case N_INDEX:
        fputs(n->kind == N_CALL ? "(call " : "(index ", out);
        dump_expr(out, n->a);
        if (n->args.n)
            fputc(' ', out);
        dump_list(out, &n->args, " ");
        fputc(')', out);
        break;
    case N_FIELD:
        fputs("(. ", out);
        dump_expr(out, n->a);
        fprintf(out, " %s)", n->name);
        break;
    case N_NAMED_ARG:
        fprintf(out, "(:= %s ", n->name);
        dump_expr(out, n->a);
        fputc(')', out);
        break;
    case N_SPREAD:
        fputs("(... ", out);
        dump_expr(out, n->a);
        fputc(')', out);
        break;
    case N_MATRIX:
        fputc('[', out);
        dump_list(out, &n->args, " ");
        fputc(']', out);
        break;
    case N_CELL:
    case N_SEQ:
    case N_TUPLE:
        fputs(n->kind == N_CELL ? "(cell" : n->kind == N_SEQ ? "(seq" : "(tuple", out);
        if (n->args.n)
            fputc(' ', out);
        dump_list(out, &n->args, " ");
        fputc(')', out);
        break;
    case N_LAMBDA:
        fputs("(lambda ", out);
        if (n->flags & NODE_KERNEL)
            fputs("__kernel__ ", out);
        if (n->flags & NODE_DEVICE)
            fputs("__device__ ", out);
        dump_params(out, &n->args);
        fputc(' ', out);
        dump_expr(out, n->a);
        fputc(')', out);
        break;
    case N_TYPED:
        fputs("(: ", out);
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_type(out, n->type, false);
        fputc(')', out);
        break;
    case N_MODIFIED:
        if (n->a->kind == N_IDENT || n->a->kind == N_MODIFIED) {
            dump_expr(out, n->a);
            fprintf(out, "'%s", n->name);
        } else {
            fputs("(' ", out);
            dump_expr(out, n->a);
            fprintf(out, " %s)", n->name);
        }
        break;
    case N_TYPE_DIMS:
        dump_expr(out, n->a);
        fputc('{', out);
        if (n->b)
            dump_expr(out, n->b);
        else
            fputc(':', out);
        fputc('}', out);
        break;
    default:
        fprintf(out, "<%s>", lang_node_what(n->kind));
        break;
    }
}

static void indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", out);
}

static void dump_block(FILE *out, const NodeList *body, int depth);

static void dump_stmt(FILE *out, const Node *n, int depth)
{
    indent(out, depth);
    if (n->label && (n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_REPEAT)) {
        fprintf(out, "%s:\n", n->label);
        indent(out, depth);
    }
    switch (n->kind) {
    case N_PRINT:
    case N_ERROR_STMT:
        fputs(n->kind == N_PRINT ? "(print" : "(error", out);
        if (n->args.n)
            fputc(' ', out);
        dump_list(out, &n->args, " ");
        fputs(")\n", out);
        break;
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            const Node *arm = n->args.items[i];
            if (i)
                indent(out, depth);
            if (!arm->a) {
                fputs("else\n", out);
            } else {
                fputs(i ? "elseif " : "if ", out);
                dump_expr(out, arm->a);
                fputc('\n', out);
            }
            dump_block(out, &arm->body, depth + 1);
        }
        break;
    case N_FOR:
        fprintf(out, "for %s ", n->name);
        dump_expr(out, n->a);
        fputc('\n', out);
        dump_block(out, &n->body, depth + 1);
        break;
    case N_WHILE:
        fputs("while ", out);
        dump_expr(out, n->a);
        fputc('\n', out);
        dump_block(out, &n->body, depth + 1);
        break;
    case N_REPEAT:
        fputs("repeat\n", out);
        dump_block(out, &n->body, depth + 1);
        indent(out, depth);
        fputs("until ", out);
        dump_expr(out, n->a);
        fputc('\n', out);
        break;
    case N_MATCH:
        fputs("match ", out);
        dump_expr(out, n->a);
        fputc('\n', out);
        for (int i = 0; i < n->args.n; i++) {
            const Node *c = n->args.items[i];
            indent(out, depth + 1);
            fputs("case ", out);
            dump_list(out, &c->args, " ");
            fputc('\n', out);
            dump_block(out, &c->body, depth + 2);
        }
        break;
    case N_TRY:
        fputs("try\n", out);
        dump_block(out, &n->body, depth + 1);
        indent(out, depth);
        if (n->name)
            fprintf(out, "catch %s\n", n->name);
        else
            fputs("catch\n", out);
        dump_block(out, &n->args2, depth + 1);
        break;
    case N_BREAK:
    case N_CONTINUE:
        fputs(n->kind == N_BREAK ? "break" : "continue", out);
        if (n->label)
            fprintf(out, " %s", n->label);
        fputc('\n', out);
        break;
    case N_RETURN:
        fputs("return\n", out);
        break;
    case N_SYNCTHREADS:
        fprintf(out, n->name ? "(syncthreads %s)\n" : "(syncthreads)\n", n->name);
        break;
    case N_IMPORT:
        fprintf(out, "(import \"%s\")\n", n->name);
        break;
    case N_PRAGMA:
        fprintf(out, "(pragma \"%s\")\n", n->name);
        break;
    case N_ATTRIBUTE:
        fprintf(out, "{!%s", n->name);
        for (int i = 0; i < n->args.n; i++) {
            const Node *it = n->args.items[i];
            fprintf(out, " %s", it->name);
            if (it->a) {
                fputc('=', out);
                dump_expr(out, it->a);
            }
        }
        fputs("}\n", out);
        break;
    case N_TYPEDEF: {
        if (n->op == CLASS_NONE) {
            fprintf(out, "(type %s ", n->name);
            dump_type(out, n->type, false);
            fputs(")\n", out);
            break;
        }
        fprintf(out, "type %s", n->name);
        if (n->args3.n) {
            fputc('[', out);
            for (int i = 0; i < n->args3.n; i++) {
                if (i)
                    fputc(' ', out);
                dump_param(out, n->args3.items[i]);
            }
            fputc(']', out);
        }
        fprintf(out, " : %s\n", n->op == CLASS_MUTABLE ? "mutable class"
                                : n->op == CLASS_DYNAMIC ? "dynamic class" : "class");
        for (int i = 0; i < n->args.n; i++) {
            const Node *f = n->args.items[i];
            indent(out, depth + 1);
            fprintf(out, "%s : ", f->name);
            dump_type(out, f->type, false);
            if (f->a) {
                fputs(" = ", out);
                dump_expr(out, f->a);
            }
            fputc('\n', out);
        }
        break;
    }
    case N_REDUCTION:
        fputs("(reduction ", out);
        dump_params(out, &n->args);
        fputc(' ', out);
        dump_expr(out, n->a);
        fputc(' ', out);
        dump_expr(out, n->b);
        if (n->c) {
            fputs(" where ", out);
            dump_expr(out, n->c);
        }
        fputs(")\n", out);
        break;
    case N_FUNCTION:
        fputs("function ", out);
        if (n->flags & NODE_KERNEL)
            fputs("__kernel__ ", out);
        if (n->flags & NODE_DEVICE)
            fputs("__device__ ", out);
        fputs(n->name, out);
        if (n->args3.n) {
            fputc('[', out);
            for (int i = 0; i < n->args3.n; i++) {
                if (i)
                    fputc(' ', out);
                dump_param(out, n->args3.items[i]);
            }
            fputc(']', out);
        }
        fputc(' ', out);
        dump_params(out, &n->args2);
        fputc(' ', out);
        dump_params(out, &n->args);
        fputc('\n', out);
        dump_block(out, &n->body, depth + 1);
        break;
    default:
        dump_expr(out, n);
        fputc('\n', out);
        break;
    }
}

static void dump_block(FILE *out, const NodeList *body, int depth)
{
    for (int i = 0; i < body->n; i++)
        dump_stmt(out, body->items[i], depth);
}

void lang_dump(const LangModule *m, FILE *out)
{
    dump_block(out, &m->body, 0);
}
