/*
 * kaccess.c - the pass "access": access-mode lowering (kg_pass_access binds the kernel's
 * parameters: the environment struct, how qpk_run fills it from the qp_arg array, and how
 * each body reads it).
 *
 * Arrays are read and written through per-site accessor functions that implement the
 * array's access mode ('safe, 'checked, 'mirror, 'circular, 'clamped, 'unchecked), so the
 * index expressions are evaluated once and the C compiler inlines everything into the loop
 * nest. Also here: element writes (saturating for 'sat), atomics, and arrays made inside
 * a kernel (shared(…) per block, zeros(n) per position).
 */
#include "lang/kgen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- arrays */

static const char *mode_suffix(int mode)
{
    static const char *const m[] = {"safe", "checked", "mirror", "circular", "clamped", "unchecked"};
    return m[mode];
}

/* An accessor for array v with k indices: read ("r"), write ("w") or pointer ("p").
 * With vt set, it takes the position as one vector of that type instead of k numbers. */
static void accessor(Gen *g, Var *v, int k, char kind, const char *vt, char *out, size_t len)
{
    const LangKType *t = &v->t;
    const char *T = kg_elem_c(t->elem);
    snprintf(out, len, "qpa%d_%s", g->accessors++, v->name);
    Buf *h = &g->head;
    kg_bprintf(h, "QP_DEVICE %s%s %s(%s *QP_RESTRICT p, const int64_t *d, qp_status *st, int line",
               kind == 'r' ? T : kind == 'w' ? "void" : T, kind == 'p' ? " *" : "", out, T);
    if (vt)
        kg_bprintf(h, ", %s pv", vt);
    else
        for (int i = 0; i < k; i++)
            kg_bprintf(h, ", int64_t i%d", i);
    if (kind == 'w')
        kg_bprintf(h, ", %s x", T);
    kg_bput(h, ")\n{\n    (void)st; (void)line;\n");
    if (vt)
        for (int i = 0; i < k; i++)
            kg_bprintf(h, "    int64_t i%d = pv.v[%d];\n", i, i);
    /* the extent each index runs over: all elements for one index (linear), the
     * array's dims for several (1 past the rank: a vec is a 1xN row, a mat MxNx1) */
    int rank = t->rank, lead = k > rank && rank == 1 ? 1 : 0;
    char dn[4][24];
    for (int i = 0; i < rank && i < 4; i++) {
        if (t->fixed[i])
            snprintf(dn[i], sizeof dn[i], "%d", t->fixed[i]);      /* baked: loops unroll */
        else
            snprintf(dn[i], sizeof dn[i], "d[%d]", i);
    }
    if (k == 1) {
        kg_bprintf(h, "    int64_t n0 = %s", dn[0]);
        for (int i = 1; i < rank; i++)
            kg_bprintf(h, " * %s", dn[i]);
        kg_bput(h, ";\n");
    } else {
        for (int i = 0; i < k; i++) {
            int dim = i - lead;
            if (dim >= 0 && dim < rank)
                kg_bprintf(h, "    int64_t n%d = %s;\n", i, dn[dim]);
            else
                kg_bprintf(h, "    int64_t n%d = 1;\n", i);
        }
    }
    /* the fast body runs only where every access is inside: no tests there */
    int mode = g->fast ? LANG_KMODE_UNCHECKED : t->mode;
    bool map = mode == LANG_KMODE_MIRROR || mode == LANG_KMODE_CIRCULAR || mode == LANG_KMODE_CLAMPED;
    if (map && kind == 'r') {
        for (int i = 0; i < k; i++)
            kg_bprintf(h, "    i%d = qp_idx_%s(i%d, n%d);\n", i, mode_suffix(mode), i, i);
    } else if (mode != LANG_KMODE_UNCHECKED) {
        kg_bput(h, "    if (");
        for (int i = 0; i < k; i++)
            kg_bprintf(h, "%s!qp_in(i%d, n%d)", i ? " || " : "", i, i);
        kg_bput(h, ") {\n");
        if (mode == LANG_KMODE_CHECKED) {
            kg_bput(h, "        int64_t at[4] = {");
            for (int i = 0; i < k; i++)
                kg_bprintf(h, "%si%d", i ? ", " : "", i);
            kg_bprintf(h, "};\n        qp_fail_index(st, line, \"%s\", %d, at, %d, d);\n", v->name, k, rank);
        }
        if (kind == 'r' && is_cplx_elem(t->elem))
            kg_bprintf(h, "        return %s_make(0, 0);\n    }\n", T);
        else
            kg_bprintf(h, "        return%s;\n    }\n", kind == 'w' ? "" : " 0");
    }
    /* row-major offset; with fewer indices than dims the trailing ones are 0 */
    kg_bput(h, "    int64_t off = ");
    if (k == 1) {
        kg_bput(h, "i0");
    } else {
        for (int i = 0; i < k; i++)
            kg_bput(h, "(");
        kg_bput(h, "0");
        for (int i = 0; i < k; i++)
            kg_bprintf(h, " * n%d + i%d)", i, i);
        for (int i = k - lead; i < rank; i++)
            kg_bprintf(h, " * %s", dn[i]);
    }
    kg_bput(h, ";\n");
    /* 'unchecked: the flat offset, as a GPU computes it (x[m, n, 1] of a one-channel image
     * is the next pixel, as Quasar programs rely on); outside the buffer the result is
     * undefined (spec 001): 0, a write is dropped, never a stray access */
    if (t->mode == LANG_KMODE_UNCHECKED && !g->fast && kind != 'p' && rank <= 4) {
        kg_bput(h, "    if ((uint64_t)off >= (uint64_t)(1");
        for (int i = 0; i < rank; i++)
            kg_bprintf(h, " * %s", dn[i]);
        if (kind == 'r' && is_cplx_elem(t->elem))
            kg_bprintf(h, "))\n        return %s_make(0, 0);\n", T);
        else
            kg_bprintf(h, "))\n        return%s;\n", kind == 'w' ? "" : " 0");
    }
    if (kind == 'r')
        kg_read_return(g, h, v);
    else if (kind == 'w')
        kg_bput(h, "    p[off] = x;\n}\n");
    else
        kg_bput(h, "    return p + off;\n}\n");
}

/* The end of a read accessor: p[off]; in the CUDA text, for 'hwtex_const through the
 * read-only data cache (__ldg), for 'hwconst from qpk_const when the engine placed the
 * array there (its pointer then points into qpk_const: an address test, so an array left
 * in global memory reads as before). */
void kg_read_return(Gen *g, Buf *h, const Var *v)
{
    const char *T = kg_elem_c(v->t.elem);
    if (g->ks->cuda && !is_cplx_elem(v->t.elem) && (v->t.tex & LANG_KTEX_LDG)) {
        kg_bput(h, "#ifdef QP_CUDA\n    return __ldg(p + off);\n#else\n    return p[off];\n#endif\n}\n");
        return;
    }
    if (g->ks->cuda && (v->t.tex & LANG_KTEX_HWCONST)) {
        kg_bprintf(h, "#ifdef QP_CUDA\n    {\n        unsigned long long qc = (unsigned long long)(const void *)qpk_const, at = (unsigned long long)(const void *)p;\n"
                   "        if (at - qc < (unsigned long long)sizeof qpk_const)\n"
                   "            return ((const %s *)qpk_const)[(at - qc) / sizeof(%s) + off];\n    }\n#endif\n",
                   T, T);
    }
    kg_bput(h, "    return p[off];\n}\n");
}

/* The index expressions of a[...]: numbers, one position vector, or a constant range in
 * the last place (a slice: slice_at, slice_lo, slice_n). */
typedef struct Idx {
    Buf c[16];
    int k;
    int slice_at;               /* -1 when no range */
    int slice_lo, slice_n;
    Buf vec;                    /* a[pos]: the position vector's expression … */
    LangKType vec_t;            /* … and its type; k is then its length */
} Idx;

static void idx_free(Idx *x)
{
    for (int i = 0; i < x->k; i++)
        kg_g_free(x->c[i].s);
    kg_g_free(x->vec.s);
}

/* The arguments after (p, d, st, line) of an accessor call for indices x, with the
 * slice position replaced by element j. */
static void index_args(Gen *g, const Idx *x, int j, Buf *b)
{
    (void)g;
    if (x->vec.s) {
        kg_bprintf(b, ", %s", x->vec.s);
        return;
    }
    for (int i = 0; i < x->k; i++)
        if (i == x->slice_at)
            kg_bprintf(b, ", %d", x->slice_lo + j);
        else
            kg_bprintf(b, ", %s", x->c[i].s);
}

static const char *idx_vt(Gen *g, const Idx *x, char *tb, size_t len)
{
    return x->vec.s ? kg_ctype(g, x->vec_t, tb, len) : NULL;
}

bool kg_const_int(Node *n, int *out)
{
    if (n->kind == N_INT) {
        *out = (int)n->ival;
        return true;
    }
    if (n->kind == N_UNARY && n->op == T_MINUS && n->a->kind == N_INT) {
        *out = -(int)n->a->ival;
        return true;
    }
    return false;
}

static void indices(Gen *g, Node *n, Var *v, Idx *x)
{
    memset(x, 0, sizeof *x);
    x->slice_at = -1;
    for (int i = 0; i < n->args.n; i++) {
        Node *e = n->args.items[i];
        if (x->k >= 4)
            kg_unsupported(g, n, "more than 4 indices");
        if ((e->kind == N_RANGE && !e->b) || (e->kind == N_COLON_ALL && n->args.n == v->t.rank && v->t.fixed[i])) {
            /* x[m, n, 0..2], or x[m, n, :] over a baked dimension (an image's channels) */
            int lo = 0, hi = v->t.fixed[i] - 1;
            if (e->kind == N_RANGE &&
                (!kg_const_int(e->a, &lo) || !kg_const_int(e->c, &hi) || hi < lo || hi - lo >= GEN_MAX_VEC_LEN))
                kg_unsupported(g, e, "a range index needs constant bounds");
            if (x->slice_at >= 0)
                kg_unsupported(g, e, "two ranges in one index");
            x->slice_at = x->k;
            x->slice_lo = lo;
            x->slice_n = hi - lo + 1;
            kg_bprintf(&x->c[x->k++], "%d", lo);       /* replaced per element */
            continue;
        }
        if (e->kind == N_COLON_ALL || e->kind == N_SPREAD)
            kg_unsupported(g, e, "':' and '...' in a kernel index");
        Ex ie = kg_expr(g, e);
        if (ie.t.kind == LK_VEC && n->args.n == 1 && ie.t.n <= 4 &&
            (ie.t.n == v->t.rank || (v->t.rank >= 2 && ie.t.n > v->t.rank))) {
            /* a[pos]: the accessor takes the position vector and unpacks it; a longer one
             * than the rank (a mat given for a cube parameter, x[pos + [i, j, 0]]) indexes
             * the trailing dims of extent 1, as x[m, n, 0] does; not for a vec, whose
             * elements may lie along any one dim (a 1x1x3 pixel) */
            x->vec = ie.c;
            x->vec_t = ie.t;
            x->k = ie.t.n;
            continue;
        }
        if (!is_num(ie.t))
            kg_unsupported(g, e, "an index must be a number or a position vector");
        kg_bprintf(&x->c[x->k++], "(int64_t)(%s)", kg_bdone(&ie.c));
        kg_ex_free(&ie);
    }
}

LangKType kg_elem_type(Gen *g, LangKElem e)
{
    return is_cplx_elem(e) ? t_cplx(g) : is_real_elem(e) ? t_real(g) : t_int();
}

/* The cast that reads an element as a value of type et ("" for complex: read as is). */
static const char *read_cast(Gen *g, LangKType et, char *buf, size_t len)
{
    if (et.kind == LK_CPLX)
        return "";
    snprintf(buf, len, "(%s)", et.kind == LK_INT ? "int" : kg_elem_c(g->real));
    return buf;
}

/* ---------------------------------------------------------------- textures
 *
 * A read of a 'hwtex_linear / 'hwtex_nearest array (LangKType.tex) goes through a wrapper
 * that takes the position as reals and reads the neighbouring samples through the plain
 * accessor of the array's access mode, the arithmetic of runtime/texture.c: position i is
 * sample i, weights (1 - f, f) per interpolated dimension, a neighbour of weight 0 is not
 * read, nearest rounds halves up; with LANG_KTEX_COMPS the last index is a component.
 * Slices (x[p, q, 0..3]) call the wrapper once per element. */

static Ex tex_read(Gen *g, Node *n, Var *v)
{
    const LangKType *t = &v->t;
    if (is_cplx_elem(t->elem))
        kg_unsupported(g, n, "a texture read of a complex array");
    Buf c[4] = {{0}};
    Buf vec = {0};
    LangKType vec_t = {0};
    int k = 0, slice_at = -1, slice_lo = 0, slice_n = 0;
    for (int i = 0; i < n->args.n; i++) {
        Node *e = n->args.items[i];
        if (k >= 4)
            kg_unsupported(g, n, "more than 4 indices");
        if ((e->kind == N_RANGE && !e->b) || (e->kind == N_COLON_ALL && n->args.n == t->rank && t->fixed[i])) {
            int lo = 0, hi = t->fixed[i] - 1;
            if (e->kind == N_RANGE &&
                (!kg_const_int(e->a, &lo) || !kg_const_int(e->c, &hi) || hi < lo || hi - lo >= GEN_MAX_VEC_LEN))
                kg_unsupported(g, e, "a range index needs constant bounds");
            if (slice_at >= 0)
                kg_unsupported(g, e, "two ranges in one index");
            slice_at = k, slice_lo = lo, slice_n = hi - lo + 1;
            kg_bprintf(&c[k++], "%d", lo);
            continue;
        }
        if (e->kind == N_COLON_ALL || e->kind == N_SPREAD)
            kg_unsupported(g, e, "':' and '...' in a kernel index");
        Ex ie = kg_expr(g, e);
        if (ie.t.kind == LK_VEC && n->args.n == 1 && ie.t.n <= 4 &&
            (ie.t.n == t->rank || (t->rank >= 2 && ie.t.n > t->rank))) {
            vec = ie.c, vec_t = ie.t, k = ie.t.n;
            continue;
        }
        if (!is_num(ie.t))
            kg_unsupported(g, e, "an index must be a number or a position vector");
        kg_bprintf(&c[k++], "(double)(%s)", kg_bdone(&ie.c));
        kg_ex_free(&ie);
    }
    char acc[64], tw[64], cn[80], vtb[32], rb[32];
    bool fast = g->fast;
    g->fast = false;    /* the neighbours keep the texture's mode in the interior body too */
    accessor(g, v, k, 'r', NULL, acc, sizeof acc);
    g->fast = fast;
    snprintf(tw, sizeof tw, "qpt%d_%s", g->accessors++, v->name);
    kg_cname(v->name, cn, sizeof cn);
    bool linear = t->tex & LANG_KTEX_LINEAR;
    int comp = (t->tex & LANG_KTEX_COMPS) && k >= 2 && k == t->rank ? k - 1 : -1;
    LangKType rt = linear ? t_real(g) : kg_elem_type(g, t->elem);
    const char *R = rt.kind == LK_INT ? "int" : kg_elem_c(g->real);
    Buf *h = &g->head;
    bool hw = kg_tex_hw_mode(g, t) != 0;      /* a texture object under CUDA (ktexhw.c) */
    kg_bprintf(h, "QP_DEVICE %s %s(%s *QP_RESTRICT p, const int64_t *d, qp_status *st, int line%s", R, tw,
            kg_elem_c(t->elem), hw ? ", unsigned long long qp_tex" : "");
    if (vec.s)
        kg_bprintf(h, ", %s pv", kg_ctype(g, vec_t, vtb, sizeof vtb));
    else
        for (int i = 0; i < k; i++)
            kg_bprintf(h, ", double c%d", i);
    kg_bput(h, ")\n{\n");
    if (vec.s)
        for (int i = 0; i < k; i++)
            kg_bprintf(h, "    double c%d = (double)pv.v[%d];\n", i, i);
    int interp[4], m = 0;
    for (int i = 0; i < k; i++) {
        if (i == slice_at || i == comp) {
            kg_bprintf(h, "    int64_t l%d = (int64_t)c%d;\n", i, i);
        } else if (!linear) {
            /* floor without libm (a call the loop cannot vectorise): truncate, then step down */
            kg_bprintf(h, "    double h%d = c%d + 0.5;\n    int64_t l%d = (int64_t)h%d;\n    l%d -= (double)l%d > h%d;\n",
                    i, i, i, i, i, i, i);
        } else {
            kg_bprintf(h, "    int64_t l%d = (int64_t)c%d;\n    l%d -= (double)l%d > c%d;\n    %s f%d = (%s)(c%d - (double)l%d);\n",
                    i, i, i, i, i, R, i, R, i, i);
            interp[m++] = i;
        }
    }
    if (hw)
        kg_tex_hw_fetch(g, h, t, k, linear, R);
    if (!linear || !m) {
        kg_bprintf(h, "    return (%s)%s(p, d, st, line", R, acc);
        for (int i = 0; i < k; i++)
            kg_bprintf(h, ", l%d", i);
        kg_bput(h, ");\n}\n");
    } else {
        /* one term per corner, unrolled; a neighbour of weight 0 may lie outside: read it
         * only where reading outside is harmless ('safe gives 0, the others map inside) */
        bool skip = t->mode == LANG_KMODE_CHECKED || t->mode == LANG_KMODE_UNCHECKED;
        kg_bprintf(h, "    %s r = 0, w;\n", R);
        for (int corner = 0; corner < 1 << m; corner++) {
            kg_bput(h, "    w = 1");
            for (int j = 0; j < m; j++)
                kg_bprintf(h, corner >> j & 1 ? " * f%d" : " * (1 - f%d)", interp[j]);
            kg_bprintf(h, ";\n    %sr += w * (%s)%s(p, d, st, line", skip ? "if (w != 0)\n        " : "", R, acc);
            for (int i = 0, j = 0; i < k; i++)
                if (j < m && interp[j] == i)
                    kg_bprintf(h, ", l%d + %d", i, corner >> j++ & 1);
                else
                    kg_bprintf(h, ", l%d", i);
            kg_bput(h, ");\n");
        }
        kg_bput(h, "    return r;\n}\n");
    }
    Buf b = {0};
    int reads = slice_at >= 0 ? slice_n : 1;
    LangKType vt = t_vec(rt.kind == LK_INT ? LKE_I32 : g->real, slice_n);
    if (slice_at >= 0)
        kg_bprintf(&b, "%s_make(", kg_ctype(g, vt, rb, sizeof rb));
    for (int j = 0; j < reads; j++) {
        kg_bprintf(&b, "%s%s(%s, %s_d, qp_st, %d", j ? ", " : "", tw, cn, cn, n->loc.line);
        if (hw)
            kg_bprintf(&b, ", %s_tex", cn);
        if (vec.s)
            kg_bprintf(&b, ", %s", vec.s);
        else
            for (int i = 0; i < k; i++)
                if (i == slice_at)
                    kg_bprintf(&b, ", %d.0", slice_lo + j);
                else
                    kg_bprintf(&b, ", %s", c[i].s);
        kg_bput(&b, ")");
    }
    if (slice_at >= 0)
        kg_bput(&b, ")");
    for (int i = 0; i < k; i++)
        kg_g_free(c[i].s);
    kg_g_free(vec.s);
    return (Ex){b, slice_at >= 0 ? vt : rt};
}

Ex kg_array_read(Gen *g, Node *n, Var *v)
{
    if (v->t.tex)
        return tex_read(g, n, v);       /* 'hwtex_linear / 'hwtex_nearest (above) */
    Node *fi0, *fe;
    bool fneg;
    if (g->fast && g->flat && kg_flat_access(g, n, &fi0, &fe, &fneg)) {
        char acc[64];
        kg_flat_accessor(g, v, 'r', acc, sizeof acc);
        LangKType et = kg_elem_type(g, v->t.elem);
        Buf b = {0};
        char cb[32];
        kg_bprintf(&b, "(%s%s(", read_cast(g, et, cb, sizeof cb), acc);
        kg_flat_args(g, n, v, &b);
        kg_bput(&b, "))");
        return (Ex){b, et};
    }
    Idx x;
    kg_note_access(g, n, v);
    indices(g, n, v, &x);
    char acc[64], cn[80], vtb[32];
    accessor(g, v, x.k, 'r', idx_vt(g, &x, vtb, sizeof vtb), acc, sizeof acc);
    kg_cname(v->name, cn, sizeof cn);
    LangKType et = kg_elem_type(g, v->t.elem);
    Ex r;
    if (x.slice_at >= 0 && et.kind == LK_CPLX) {
        idx_free(&x);
        kg_unsupported(g, n, "a slice of a complex array");
    }
    if (x.slice_at >= 0) {
        /* x[m, n, 0..2]: a vector of reads */
        char tb[32];
        LangKType vt = t_vec(et.kind == LK_INT ? LKE_I32 : g->real, x.slice_n);
        const char *vn = kg_ctype(g, vt, tb, sizeof tb);
        Buf b = {0};
        kg_bprintf(&b, "%s_make(", vn);
        for (int j = 0; j < x.slice_n; j++) {
            kg_bprintf(&b, "%s(%s)%s(%s, %s_d, qp_st, %d", j ? ", " : "", kg_elem_c(vt.elem), acc, cn, cn, n->loc.line);
            index_args(g, &x, j, &b);
            kg_bput(&b, ")");
        }
        kg_bput(&b, ")");
        r.c = b;
        r.t = vt;
    } else {
        Buf b = {0};
        char cb[32];
        kg_bprintf(&b, "(%s%s(%s, %s_d, qp_st, %d", read_cast(g, et, cb, sizeof cb), acc, cn, cn, n->loc.line);
        index_args(g, &x, 0, &b);
        kg_bput(&b, "))");
        r.c = b;
        r.t = et;
    }
    idx_free(&x);
    return r;
}

const char *kg_atomic_name(int op)
{
    switch (op) {
    case T_PLUSEQ: return "add";
    case T_MINUSEQ: return "sub";
    case T_STAREQ: case T_DOTSTAREQ: return "mul";
    case T_SLASHEQ: case T_DOTSLASHEQ: return "div";
    case T_CARETEQ: case T_DOTCARETEQ: return "pow";
    case T_MAXEQ: return "max";
    case T_MINEQ: return "min";
    case T_ANDEQ: return "and";
    case T_OREQ: return "or";
    case T_TILDEEQ: return "xor";
    default: return NULL;
    }
}

int kg_base_op(int op)
{
    switch (op) {
    case T_PLUSEQ: return T_PLUS;
    case T_MINUSEQ: return T_MINUS;
    case T_STAREQ: return T_STAR;
    case T_DOTSTAREQ: return T_DOTSTAR;
    case T_SLASHEQ: return T_SLASH;
    case T_DOTSLASHEQ: return T_DOTSLASH;
    case T_CARETEQ: return T_CARET;
    case T_DOTCARETEQ: return T_DOTCARET;
    default: return 0;
    }
}

static const char *atomic_suffix(LangKElem e)
{
    return e == LKE_F32 ? "f32" : e == LKE_F64 ? "f64" : e == LKE_I32 ? "i32" : NULL;
}

/* (a[i] op= v) and (a[i] <- v), (a[i] <- (e, v)) as values: the new value for compound
 * operators, the old one for exchanges (spec 000). Evaluated through a pointer temporary
 * declared with the locals. */
Ex kg_atomic_expr(Gen *g, Node *n)
{
    Node *target = n->a;
    if (target->kind != N_INDEX || target->a->kind != N_IDENT)
        kg_unsupported(g, n, "an atomic operation on something that is not an array element");
    Var *v = kg_find_var(g, target->a->name);
    if (!v || v->kind != VAR_ARRAY)
        kg_unsupported(g, n, "an atomic operation on '%s'", target->a->name);
    const char *sfx = atomic_suffix(v->t.elem);
    bool cas = n->kind == N_EXCHANGE && n->b->kind == N_TUPLE && n->b->args.n == 2;
    const char *an = n->kind == N_EXCHANGE ? (cas ? "cas" : "xchg") : kg_atomic_name(n->op);
    bool real = is_real_elem(v->t.elem);
    if (!sfx || !an || v->t.sat || (real && (!strcmp(an, "and") || !strcmp(an, "or") || !strcmp(an, "xor"))))
        kg_unsupported(g, n, "this atomic operation on '%s'", v->name);
    Idx x;
    kg_note_access(g, target, v);
    indices(g, target, v, &x);
    if (x.slice_at >= 0)
        kg_unsupported(g, n, "an atomic operation on a slice");
    Ex e1 = cas ? kg_expr(g, n->b->args.items[0]) : kg_ex_text(t_int(), "0");
    Ex e2 = kg_expr(g, cas ? n->b->args.items[1] : n->b);
    if (!is_num(e1.t) || !is_num(e2.t))
        kg_unsupported(g, n, "an atomic operation with a vector");
    char acc[64], cn[80], vtb[32];
    accessor(g, v, x.k, 'p', idx_vt(g, &x, vtb, sizeof vtb), acc, sizeof acc);
    kg_cname(v->name, cn, sizeof cn);
    const char *T = kg_elem_c(v->t.elem);
    int t = g->temps++;
    kg_bprintf(&g->fn->decl, "    %s *qpp%d = 0;\n", T, t);
    Buf b = {0};
    kg_bprintf(&b, "((qpp%d = %s(%s, %s_d, qp_st, %d", t, acc, cn, cn, n->loc.line);
    index_args(g, &x, 0, &b);
    kg_bprintf(&b, ")) ? (%s)qp_atomic_%s_%s(qpp%d, ", real ? kg_elem_c(g->real) : "int", an, sfx, t);
    if (cas)
        kg_bprintf(&b, "(%s)(%s), ", T, kg_bdone(&e1.c));
    kg_bprintf(&b, "(%s)(%s)) : 0)", T, kg_bdone(&e2.c));
    kg_ex_free(&e1), kg_ex_free(&e2);
    idx_free(&x);
    return (Ex){b, real ? t_real(g) : t_int()};
}

/* Value x (of type t) as stored into an element of v: converted to the element type, and
 * saturated for a 'sat array as the interpreter's rt_set_int / rt_set_real do. */
static void stored(Gen *g, const Var *v, LangKType t, const char *x, Buf *b)
{
    const char *T = kg_elem_c(v->t.elem);
    if (is_cplx_elem(v->t.elem)) {
        if (t.kind == LK_CPLX)
            kg_bput(b, x);
        else if (is_num(t))
            kg_bprintf(b, "%s_make((double)(%s), 0)", T, x);
        else
            kg_unsupported(g, NULL, "storing this value in a complex array");
        return;
    }
    if (t.kind == LK_CPLX)
        kg_unsupported(g, NULL, "storing a complex value in the real array '%s'", v->name);
    if (v->t.sat) {
        /* ORDER ELEM: int8 uint8 int16 uint16 int32 uint32 */
        static const char *const lo[] = {"-128", "0", "-32768", "0", "-2147483648", "0"};
        static const char *const hi[] = {"127", "255", "32767", "65535", "2147483647", "4294967295"};
        int e = (int)v->t.elem;
        if (e < 0 || e > 5)
            kg_unsupported(g, NULL, "saturating stores into 64-bit integers");
        if (t.kind == LK_INT)
            kg_bprintf(b, "(%s)qp_sat_i((int64_t)(%s), %sLL, %sLL)", T, x, lo[e], hi[e]);
        else
            kg_bprintf(b, "(%s)qp_sat_r((double)(%s), %s.0, %s.0)", T, x, lo[e], hi[e]);
    } else if (is_real_elem(v->t.elem) || t.kind == LK_INT) {
        kg_bprintf(b, "(%s)(%s)", T, x);
    } else {
        /* integers stored in narrower arrays wrap, as rt_set_real does through int64 */
        kg_bprintf(b, "(%s)(int64_t)(%s)", T, x);
    }
}

void kg_array_write(Gen *g, Node *stmt, Node *target, Var *v, Node *rhs)
{
    Node *fi0, *fe;
    bool fneg;
    if (g->fast && g->flat && stmt->op == T_EQ && kg_flat_access(g, target, &fi0, &fe, &fneg)) {
        Ex e = kg_expr(g, rhs);
        if (!is_num(e.t) && e.t.kind != LK_CPLX)
            kg_unsupported(g, stmt, "storing a vector in one element");
        char acc[64];
        kg_flat_accessor(g, v, 'w', acc, sizeof acc);
        kg_bprintf(OUT(g), "%*s%s(", IND(g), acc);
        kg_flat_args(g, target, v, OUT(g));
        kg_bput(OUT(g), ", ");
        stored(g, v, e.t, kg_bdone(&e.c), OUT(g));
        kg_bput(OUT(g), ");\n");
        kg_ex_free(&e);
        return;
    }
    Idx x;
    if (stmt->op == T_EQ)
        kg_note_access(g, target, v);
    indices(g, target, v, &x);
    Ex e = kg_expr(g, rhs);
    char acc[64], cn[80], vtb[32];
    const char *pvt = idx_vt(g, &x, vtb, sizeof vtb);
    kg_cname(v->name, cn, sizeof cn);
    const char *T = kg_elem_c(v->t.elem);
    bool real = is_real_elem(v->t.elem);
    if (stmt->op != T_EQ && x.slice_at < 0) {
        kg_ex_free(&e);
        idx_free(&x);
        Ex a = kg_atomic_expr(g, stmt);
        kg_bprintf(OUT(g), "%*s(void)(%s);\n", IND(g), kg_bdone(&a.c));
        kg_ex_free(&a);
        return;
    }
    if (stmt->op != T_EQ) {
        /* compound on a slice: element by element, each atomic */
        const char *an = kg_atomic_name(stmt->op);
        bool vec = e.t.kind == LK_VEC;
        if (!an || v->t.sat || (vec && e.t.n != x.slice_n) || (!vec && !is_num(e.t)) ||
            !(v->t.elem == LKE_F32 || v->t.elem == LKE_F64 || v->t.elem == LKE_I32) ||
            (!real && (stmt->op == T_SLASHEQ || stmt->op == T_DOTSLASHEQ)) ||
            (real && (stmt->op == T_ANDEQ || stmt->op == T_OREQ || stmt->op == T_TILDEEQ)))
            kg_unsupported(g, stmt, "this compound assignment on '%s'", v->name);
        accessor(g, v, x.k, 'p', pvt, acc, sizeof acc);
        int t = g->temps++;
        char tb[32];
        const char *sfx = v->t.elem == LKE_F32 ? "f32" : v->t.elem == LKE_F64 ? "f64" : "i32";
        kg_bprintf(OUT(g), "%*s{ %s qpv%d = %s;\n", IND(g), kg_ctype(g, e.t, tb, sizeof tb), t, kg_bdone(&e.c));
        for (int j = 0; j < x.slice_n; j++) {
            /* a vector gives each element its own operand, a number the same one */
            kg_bprintf(OUT(g), "%*s  { %s *qpp = %s(%s, %s_d, qp_st, %d", IND(g), T, acc, cn, cn, stmt->loc.line);
            index_args(g, &x, j, OUT(g));
            if (vec)
                kg_bprintf(OUT(g), "); if (qpp) qp_atomic_%s_%s(qpp, (%s)qpv%d.v[%d]); }\n", an, sfx, T, t, j);
            else
                kg_bprintf(OUT(g), "); if (qpp) qp_atomic_%s_%s(qpp, (%s)qpv%d); }\n", an, sfx, T, t);
        }
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
    } else if (x.slice_at >= 0) {
        if (e.t.kind != LK_VEC || e.t.n != x.slice_n)
            kg_unsupported(g, stmt, "assigning this value to a slice of %d elements", x.slice_n);
        accessor(g, v, x.k, 'w', pvt, acc, sizeof acc);
        int t = g->temps++;
        char tb[32];
        kg_bprintf(OUT(g), "%*s{ %s qpt%d = %s;\n", IND(g), kg_ctype(g, e.t, tb, sizeof tb), t, kg_bdone(&e.c));
        for (int j = 0; j < x.slice_n; j++) {
            kg_bprintf(OUT(g), "%*s  %s(%s, %s_d, qp_st, %d", IND(g), acc, cn, cn, stmt->loc.line);
            index_args(g, &x, j, OUT(g));
            char el[48];
            snprintf(el, sizeof el, "qpt%d.v[%d]", t, j);
            kg_bput(OUT(g), ", ");
            stored(g, v, kg_elem_type(g, e.t.elem), el, OUT(g));
            kg_bput(OUT(g), ");\n");
        }
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
    } else {
        if (!is_num(e.t) && e.t.kind != LK_CPLX)
            kg_unsupported(g, stmt, "storing a vector in one element");
        accessor(g, v, x.k, 'w', pvt, acc, sizeof acc);
        kg_bprintf(OUT(g), "%*s%s(%s, %s_d, qp_st, %d", IND(g), acc, cn, cn, stmt->loc.line);
        index_args(g, &x, 0, OUT(g));
        kg_bput(OUT(g), ", ");
        stored(g, v, e.t, kg_bdone(&e.c), OUT(g));
        kg_bput(OUT(g), ");\n");
    }
    kg_ex_free(&e);
    idx_free(&x);
}

/* s = shared(dims…), shared_zeros(dims…), shared[T](dims…): one array per block, made
 * by the first thread that reaches the statement. */
bool kg_shared_alloc(Gen *g, Node *n)
{
    Node *t = n->a, *c = n->b;
    if (n->op != T_EQ || t->kind != N_IDENT || c->kind != N_CALL)
        return false;
    Node *callee = c->a;
    LangKElem elem = g->real;
    if (callee->kind == N_INDEX && callee->a->kind == N_IDENT && callee->args.n == 1 &&
        ((Node *)callee->args.items[0])->kind == N_IDENT) {
        static const char *const names[] = {"int8", "uint8", "int16", "uint16", "int", "uint32", "int64",
                                            "uint64", "single", "double"};
        const char *tn = ((Node *)callee->args.items[0])->name;
        bool found = !strcmp(tn, "scalar");
        for (int i = 0; i < 10 && !found; i++)
            if (!strcmp(names[i], tn)) {
                elem = (LangKElem)i;
                found = true;
            }
        if (!found)
            kg_unsupported(g, n, "shared[%s]", tn);
        callee = callee->a;
    }
    if (callee->kind != N_IDENT || (strcmp(callee->name, "shared") && strcmp(callee->name, "shared_zeros")))
        return false;
    if (!g->fn->lockstep)
        kg_unsupported(g, n, "shared memory without syncthreads");
    if (c->args.n < 1 || c->args.n > 4)
        kg_unsupported(g, n, "shared memory of %d dimensions", c->args.n);
    if (kg_find_var(g, t->name))
        kg_unsupported(g, n, "'%s' assigned before its shared(…)", t->name);
    char cn[80];
    kg_cname(t->name, cn, sizeof cn);
    const char *T = kg_elem_c(elem);
    kg_bprintf(&g->fn->decl, "    %s *%s = 0;\n    int64_t %s_d[4] = {1, 1, 1, 1};\n", T, cn, cn);
    kg_bprintf(&g->shared_free, "    QPK_SHARED_FREE(%s);\n", cn);
    kg_bprintf(OUT(g), "%*sif (!%s) {\n", IND(g), cn);
    int64_t elems = 1;
    for (int i = 0; i < c->args.n; i++) {
        int k;
        if (kg_const_int(c->args.items[i], &k) && k > 0 && elems <= ((int64_t)1 << 40))
            elems *= k;
        else
            elems = -1;
        Ex d = kg_expr(g, c->args.items[i]);
        if (!is_num(d.t))
            kg_unsupported(g, n, "shared memory sized by a vector");
        kg_bprintf(OUT(g), "%*s    %s_d[%d] = (int64_t)(%s);\n", IND(g), cn, i, kg_bdone(&d.c));
        kg_ex_free(&d);
    }
    /* natively a block's arrays are cut from its dynamic __shared__ memory (qpk_shared_take) */
    static const int size[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
    if (elems < 0)
        g->shared_dyn = true;
    else
        g->shared_bytes += (elems * size[elem] + 15) / 16 * 16;
    if (!g->shared_top)
        g->no_native = "a shared(…) statement that not every thread of the block reaches";
    if (g->ks->cuda)
        kg_bprintf(OUT(g), "#if QPK_NATIVE_CUDA\n%*s    %s = (%s *)qpk_shared_take(qpk_shared, &qp_shoff, (unsigned long long)(%s_d[0] * %s_d[1] * %s_d[2] * %s_d[3]) * sizeof(%s));\n#else\n",
                   IND(g), cn, T, cn, cn, cn, cn, T);
    kg_bprintf(OUT(g), "%*s    %s = (%s *)qp_calloc((unsigned long long)(%s_d[0] * %s_d[1] * %s_d[2] * %s_d[3]) + 1, sizeof(%s));\n%s",
               IND(g), cn, T, cn, cn, cn, cn, T, g->ks->cuda ? "#endif\n" : "");
    kg_bprintf(OUT(g), "%*s    if (!%s) { qp_fail(qp_st, 3, %d); goto qp_end; }\n%*s}\n", IND(g), cn, n->loc.line,
               IND(g));
    LangKType at = {.kind = LK_ARRAY, .elem = elem, .rank = c->args.n, .mode = LANG_KMODE_SAFE};
    Var *v = kg_add_var(g, t->name, VAR_ARRAY, at);
    v->shared = true;
    return true;
}

/* zeros(n) / ones(n) whose size is not a constant up to GEN_MAX_VEC_LEN, or of several dims:
 * dynamic kernel memory (spec 001), an array per position. */
static bool dyn_zeros(Node *c)
{
    int len;
    return c && c->kind == N_CALL && c->a->kind == N_IDENT && (!strcmp(c->a->name, "zeros") || !strcmp(c->a->name, "ones")) &&
           c->args.n >= 1 && c->args.n <= 4 &&
           !(c->args.n == 1 && kg_const_int(c->args.items[0], &len) && len >= 1 && len <= GEN_MAX_VEC_LEN);
}

/* r = zeros(n) with n not a small constant: the statement that makes a dynamic array. */
bool kg_is_dyn_alloc(Node *n) { return n->kind == N_ASSIGN && dyn_zeros(n->b); }

/* r = zeros(n…): calloc'd at the statement (the old block freed), freed at qp_end. */
bool kg_dyn_alloc(Gen *g, Node *n)
{
    Node *t = n->a, *c = n->b;
    if (n->op != T_EQ || t->kind != N_IDENT || !dyn_zeros(c))
        return false;
    if (!g->fn->kernel || !g->fn->dyn)
        kg_unsupported(g, n, "'%s' of a size that is not a constant up to %d (dynamic kernel memory) here",
                       c->a->name, GEN_MAX_VEC_LEN);
    Var *v = kg_find_var(g, t->name);
    if (v && (!v->dyn || v->t.rank != c->args.n))
        kg_unsupported(g, n, "'%s' assigned both a dynamic array and something else", t->name);
    char cn[80];
    kg_cname(t->name, cn, sizeof cn);
    const char *T = kg_elem_c(g->real);
    if (!v) {
        kg_bprintf(&g->fn->decl, "    %s *%s = 0;\n    int64_t %s_d[4] = {1, 1, 1, 1};\n", T, cn, cn);
        kg_bprintf(&g->fn->dyn_free, "    qp_free(%s);\n", cn);
        LangKType at = {.kind = LK_ARRAY, .elem = g->real, .rank = c->args.n, .mode = LANG_KMODE_SAFE};
        v = kg_add_var(g, t->name, VAR_ARRAY, at);
        v->dyn = true;
    }
    kg_bprintf(OUT(g), "%*s{\n", IND(g));
    for (int i = 0; i < c->args.n; i++) {
        Ex d = kg_expr(g, c->args.items[i]);
        if (!is_num(d.t))
            kg_unsupported(g, n, "a dynamic array sized by a vector");
        kg_bprintf(OUT(g), "%*s    int64_t qpn%d = (int64_t)(%s);\n%*s    %s_d[%d] = qpn%d < 0 ? 0 : qpn%d;\n", IND(g), i,
                   kg_bdone(&d.c), IND(g), cn, i, i, i);
        kg_ex_free(&d);
    }
    kg_bprintf(OUT(g), "%*s    int64_t qpn = %s_d[0] * %s_d[1] * %s_d[2] * %s_d[3];\n", IND(g), cn, cn, cn, cn);
    kg_bprintf(OUT(g), "%*s    qp_free(%s);\n%*s    %s = (%s *)qp_calloc((unsigned long long)qpn + 1, sizeof(%s));\n",
               IND(g), cn, IND(g), cn, T, T);
    kg_bprintf(OUT(g), "%*s    if (!%s) { qp_fail(qp_st, 3, %d); goto qp_end; }\n", IND(g), cn, n->loc.line);
    if (!strcmp(c->a->name, "ones"))
        kg_bprintf(OUT(g), "%*s    for (int64_t qpk = 0; qpk < qpn; qpk++) %s[qpk] = 1;\n", IND(g), cn);
    kg_bprintf(OUT(g), "%*s}\n", IND(g));
    return true;
}

/* ---------------------------------------------------------------- the kernel */

static void special_decl(Gen *g, const LangKParam *p, Buf *d)
{
    char tb[32], cn[80];
    kg_cname(p->name, cn, sizeof cn);
    int r = g->ks->rank;
    static const char *const src[] = {"", "qp_pos", "qp_bpos", "qp_bidx", "qp_blk", "qp_bcnt"};
    if (p->special == LANG_KSPEC_WARPSIZE) {
        kg_bprintf(d, "    int %s = 1;\n", cn);
        kg_add_var(g, p->name, VAR_LOCAL, t_int())->special = p->special;
        return;
    }
    if (p->type.kind == LK_INT) {
        kg_bprintf(d, "    int %s = (int)%s[0];\n", cn, src[p->special]);
        kg_add_var(g, p->name, VAR_LOCAL, t_int())->special = p->special;
        return;
    }
    LangKType t = t_vec(LKE_I32, r);
    const char *vt = kg_ctype(g, t, tb, sizeof tb);
    kg_bprintf(d, "    %s %s = %s_make(", vt, cn, vt);
    for (int i = 0; i < r; i++)
        kg_bprintf(d, "%s(int32_t)%s[%d]", i ? ", " : "", src[p->special], i);
    kg_bput(d, ");\n");
    kg_add_var(g, p->name, VAR_LOCAL, t)->special = p->special;
}

/* Register the parameters of the kernel in a fresh function context; with env/unpack,
 * also write the environment struct and how qpk_run fills it (first pass only). */
void kg_kernel_params(Gen *g, Buf *env, Buf *unpack, Buf *pre)
{
    const LangKernelSpec *ks = g->ks;
    Node *fn = ks->fn;
    char tb[32], cn[80];
    int arg = 0;
    for (int i = 0; i < ks->nparams; i++) {
        const LangKParam *p = &ks->params[i];
        kg_cname(p->name, cn, sizeof cn);
        if (p->special) {
            if (g->fn->lockstep) {
                /* per thread: filled when the block starts */
                LangKType t = p->type.kind == LK_INT || p->special >= LANG_KSPEC_WARPSIZE ? t_int()
                                                                                          : t_vec(LKE_I32, ks->rank);
                kg_bprintf(&g->thr, "    %s %s;\n", kg_ctype(g, t, tb, sizeof tb), cn);
                Var *v = kg_add_var(g, p->name, VAR_LOCAL, t);
                v->per_thread = true;
                v->special = p->special;
            } else {
                special_decl(g, p, pre);
            }
            continue;
        }
        switch (p->type.kind) {
        case LK_ARRAY: {
            const char *T = kg_elem_c(p->type.elem);
            if (env) {
                if ((p->type.tex & LANG_KTEX_HWCONST) && ks->cuda && arg < 64)
                    g->hwconst |= (uint64_t)1 << arg;
                kg_bprintf(env, "    %s *%s;\n    int64_t %s_d[4];\n", T, cn, cn);
                kg_bprintf(unpack, "    e.%s = (%s *)args[%d].p;\n", cn, T, arg);
                for (int k = 0; k < 4; k++)
                    kg_bprintf(unpack, "    e.%s_d[%d] = args[%d].d[%d];\n", cn, k, arg, k);
                kg_tex_hw_param(g, &p->type, arg, cn, env, unpack);
            }
            kg_bprintf(pre, "    %s *%s %s = qp_e->%s;\n    const int64_t *%s_d = qp_e->%s_d;\n", T,
                       ks->may_alias ? "" : "QP_RESTRICT", cn, cn, cn, cn);
            kg_tex_hw_pre(g, &p->type, cn, pre);
            kg_add_var(g, p->name, VAR_ARRAY, p->type);
            break;
        }
        case LK_INT:
            if (env) {
                kg_bprintf(env, "    int %s;\n", cn);
                kg_bprintf(unpack, "    e.%s = (int)args[%d].i;\n", cn, arg);
            }
            kg_bprintf(pre, "    int %s = qp_e->%s;\n", cn, cn);
            kg_add_var(g, p->name, VAR_LOCAL, t_int())->param = true;
            break;
        case LK_REAL:
            if (env) {
                kg_bprintf(env, "    %s %s;\n", kg_elem_c(g->real), cn);
                kg_bprintf(unpack, "    e.%s = (%s)args[%d].r;\n", cn, kg_elem_c(g->real), arg);
            }
            kg_bprintf(pre, "    %s %s = qp_e->%s;\n", kg_elem_c(g->real), cn, cn);
            kg_add_var(g, p->name, VAR_LOCAL, t_real(g));
            break;
        case LK_CPLX:
            if (env) {
                kg_bprintf(env, "    %s %s;\n", cplx_c(g), cn);
                kg_bprintf(unpack, "    e.%s = %s_make(args[%d].r, args[%d].im);\n", cn, cplx_c(g), arg, arg);
            }
            kg_bprintf(pre, "    %s %s = qp_e->%s;\n", cplx_c(g), cn, cn);
            kg_add_var(g, p->name, VAR_LOCAL, t_cplx(g));
            break;
        case LK_VEC: {
            const char *vt = kg_ctype(g, p->type, tb, sizeof tb);
            if (env) {
                kg_bprintf(env, "    %s %s;\n", vt, cn);
                /* passed as an array of doubles */
                kg_bprintf(unpack, "    for (int k = 0; k < %d; k++) e.%s.v[k] = (%s)((const double *)args[%d].p)[k];\n",
                           p->type.n, cn, kg_elem_c(p->type.elem), arg);
            }
            kg_bprintf(pre, "    %s %s = qp_e->%s;\n", vt, cn, cn);
            kg_add_var(g, p->name, VAR_LOCAL, p->type);
            break;
        }
        case LK_FUNC:
            kg_add_var(g, p->name, VAR_FUNC, p->type);
            continue;       /* no argument: specialised into the code */
        default:
            kg_unsupported(g, NULL, "parameter '%s' has a type kernels cannot take", p->name);
        }
        arg++;
    }
    for (int i = 0; fn->kind == N_FUNCTION && i < fn->args2.n; i++) {
        Node *o = fn->args2.items[i];
        kg_cname(o->name, cn, sizeof cn);
        if (env) {
            kg_bprintf(env, "    double *%s;\n", cn);
            kg_bprintf(unpack, "    e.%s = (double *)args[%d].p;\n", cn, arg++);
        }
        kg_bprintf(pre, "    double *%s = qp_e->%s;\n", cn, cn);
        kg_add_var(g, o->name, VAR_OUTPUT, t_real(g));
    }
}

/* The pass: the kernel's function context with its parameters bound, the environment
 * struct and how qpk_run fills it. */
void kg_pass_access(Gen *g)
{
    const LangKernelSpec *ks = g->ks;
    Node *fn = ks->fn;
    kg_bput(&g->env, "typedef struct qpk_env {\n");
    Fn *f = kg_g_calloc(sizeof *f);
    g->fn = g->body_fn = f;
    f->kernel = true;
    f->lockstep = g->barriers;
    f->indent = 4;
    bool dyn = false;
    if (fn->kind == N_LAMBDA)
        dyn = kg_tree_any(fn->a, kg_is_dyn_alloc);
    else
        for (int i = 0; i < fn->body.n && !dyn; i++)
            dyn = kg_tree_any(fn->body.items[i], kg_is_dyn_alloc);
    f->dyn = dyn && !g->barriers;
    kg_kernel_params(g, &g->env, &g->unpack, &g->pre);
    g->nbound = f->nvars;
    if (kg_takes_blkcnt(g)) {
        kg_bput(&g->env, "    int64_t qp_cnt[4];      /* blkcnt: blocks per dim */\n");
        kg_bprintf(&g->unpack, "    for (int k = 0; k < %d; k++) e.qp_cnt[k] = (dims[k] + blk[k] - 1) / blk[k];\n", ks->rank);
    }
    kg_bput(&g->env, "    int qp_unused;\n} qpk_env;\n");
}
