/*
 * ktexhw.c - 'hwtex_nearest / 'hwtex_linear(n) arrays read through CUDA texture objects in
 * the CUDA text (docs/cuda.md "The CUDA text"; the engine's side: runtime/cuda/texture.h).
 *
 * A texture argument that the hardware can take (single-precision data, 2-D or 3-D, or 2-D
 * with its channels in a last dimension; an access mode other than 'checked, whose errors
 * a texture cannot raise) gets a field NAME_tex in the environment (the handle the engine
 * puts in its qp_arg.i; 0 when it made no texture, and always 0 on the CPU) and a line in
 * `#define QPK_TEX "ARG,F,R,M,C;..."`. Its read wrapper (kaccess.c tex_read) then starts,
 * under QP_CUDA, with a tex2D/tex3D fetch when the handle is not 0, and otherwise reads
 * global memory with the arithmetic of runtime/texture.c.
 *
 * Position i is texel i, sampled at its centre i + 0.5, so CUDA's linear filter
 * (x - 0.5 split into floor and fraction) takes the CPU's neighbours and weights; nearest
 * rounds the position in the text (halves up, as the CPU) and fetches the texel's centre.
 * Wrap and mirror need normalized coordinates: the centre divided by the size. The
 * hardware keeps the filter weights in 9-bit fixed point (8 fraction bits), so a linear
 * read differs from the CPU's by at most about 1/256 of the neighbours' range; nearest
 * and integer positions read exactly.
 */
#include "lang/kgen.h"

#include <stdio.h>

/* The address mode char of texture.h, or 0 when the array reads global memory. */
char kg_tex_hw_mode(const Gen *g, const LangKType *t)
{
    if (!g->ks->cuda || !(t->tex & (LANG_KTEX_LINEAR | LANG_KTEX_NEAREST)) || t->elem != LKE_F32)
        return 0;
    bool comps = t->tex & LANG_KTEX_COMPS;
    if (comps ? t->rank != 3 : t->rank != 2 && t->rank != 3)
        return 0;
    switch (t->mode) {
    case LANG_KMODE_SAFE:
        return 'b';
    case LANG_KMODE_MIRROR:
        return 'm';
    case LANG_KMODE_CIRCULAR:
        return 'w';
    case LANG_KMODE_CLAMPED:
    case LANG_KMODE_UNCHECKED:  /* outside is undefined: clamping is as good as anything */
        return 'c';
    default:
        return 0;               /* 'checked: the read must raise its error */
    }
}

void kg_tex_hw_param(Gen *g, const LangKType *t, int arg, const char *cn, Buf *env, Buf *unpack)
{
    char m = kg_tex_hw_mode(g, t);
    if (!m)
        return;
    kg_bprintf(env, "    unsigned long long %s_tex;\n", cn);
    kg_bprintf(unpack, "    e.%s_tex = (unsigned long long)args[%d].i;\n", cn, arg);
    kg_bprintf(&g->texspec, "%d,%c,%d,%c,%d;", arg, t->tex & LANG_KTEX_LINEAR ? 'l' : 'n', t->rank, m,
               t->tex & LANG_KTEX_COMPS ? 1 : 0);
}

void kg_tex_hw_pre(Gen *g, const LangKType *t, const char *cn, Buf *pre)
{
    if (kg_tex_hw_mode(g, t))
        kg_bprintf(pre, "    const unsigned long long %s_tex = qp_e->%s_tex;\n    (void)%s_tex;\n", cn, cn, cn);
}

void kg_tex_hw_fetch(Gen *g, Buf *h, const LangKType *t, int k, bool linear, const char *R)
{
    char m = kg_tex_hw_mode(g, t);
    bool comps = t->tex & LANG_KTEX_COMPS;
    int ns = comps ? k - 1 : k;             /* the spatial dimensions */
    if (!m || k != t->rank) {
        kg_bput(h, "    (void)qp_tex;\n");
        return;
    }
    bool norm = m == 'w' || m == 'm';
    kg_bput(h, "#ifdef QP_CUDA\n");
    kg_bprintf(h, "    if (qp_tex%s) {\n", comps ? " && l2 >= 0 && l2 < d[2]" : "");
    char xyz[3][96];
    for (int j = 0; j < ns; j++) {
        int i = ns - 1 - j;     /* CUDA's x is the last spatial dimension */
        char base[40];
        snprintf(base, sizeof base, linear ? "c%d + 0.5" : "(double)l%d + 0.5", i);
        if (norm)
            snprintf(xyz[j], sizeof xyz[j], "(float)((%s) / (double)d[%d])", base, i);
        else
            snprintf(xyz[j], sizeof xyz[j], "(float)(%s)", base);
    }
    const char *fn = ns == 3 ? "tex3D" : "tex2D";
    kg_bprintf(h, "        %s qv = %s<%s>((cudaTextureObject_t)qp_tex", comps ? "float4" : "float", fn,
               comps ? "float4" : "float");
    for (int j = 0; j < ns; j++)
        kg_bprintf(h, ", %s", xyz[j]);
    kg_bput(h, ");\n");
    if (comps)
        kg_bprintf(h, "        return (%s)(l2 == 0 ? qv.x : l2 == 1 ? qv.y : l2 == 2 ? qv.z : qv.w);\n", R);
    else
        kg_bprintf(h, "        return (%s)qv;\n", R);
    kg_bput(h, "    }\n#else\n    (void)qp_tex;\n#endif\n");
}
