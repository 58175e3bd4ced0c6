/*
 * texture.c - the texture arguments of a kernel text and their CUDA descriptors
 * (texture.h). Pure functions: no driver call, so they are unit-tested without a GPU;
 * engine.c makes the driver calls with what they build.
 *
 * The text's reads (lang/kaccess.c) sample at texel centres of unnormalized coordinates
 * (position i of the CPU's texture.c is texel i, read at i + 0.5) for clamp and border,
 * and of normalized ones ((i + 0.5) / n) for wrap and mirror, which CUDA allows only
 * there; the descriptor's flag must say the same.
 */
#include "runtime/cuda/texture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rt_cuda_tex_specs(const char *text, RtCudaTexSpec *out, int max)
{
    static const char key[] = "\n#define QPK_TEX \"";
    const char *p = text ? strstr(text, key) : NULL;
    if (!p)
        return 0;
    p += strlen(key);
    int n = 0;
    while (*p && *p != '"' && n < max) {
        int arg, rank, comps, used = 0;
        char f, m;
        if (sscanf(p, "%d,%c,%d,%c,%d;%n", &arg, &f, &rank, &m, &comps, &used) == 5 && used > 0) {
            if (arg >= 0 && (f == 'l' || f == 'n') && (rank == 2 || rank == 3) && strchr("cwmb", m) && m &&
                (comps == 0 || comps == 1))
                out[n++] = (RtCudaTexSpec){.arg = arg, .linear = f == 'l', .rank = rank, .mode = m, .comps = comps};
            p += used;
        } else {
            const char *semi = strchr(p, ';');
            if (!semi)
                break;
            p = semi + 1;
        }
    }
    return n;
}

bool rt_cuda_tex_describe(const RtCudaTexSpec *s, const int64_t dims[4], RtCuArray3DDesc *ad, RtCuMemcpy3D *cp,
                          RtCuTexDesc *td, char *why, size_t len)
{
    int64_t w, h, d = 0, ch = 1;
    if (s->rank == 2 && !s->comps) {
        h = dims[0], w = dims[1];
    } else if (s->rank == 3 && !s->comps) {
        d = dims[0], h = dims[1], w = dims[2];
    } else if (s->rank == 3 && s->comps) {
        h = dims[0], w = dims[1], ch = dims[2];
    } else {
        snprintf(why, len, "a texture of rank %d%s", s->rank, s->comps ? " with channels" : "");
        return false;
    }
    if (ch != 1 && ch != 2 && ch != 4) {
        snprintf(why, len, "%lld channels (a CUDA array has 1, 2 or 4)", (long long)ch);
        return false;
    }
    /* the limits of compute capability 5.0 and later (sm_90 has the same) */
    int64_t maxw = d ? 16384 : 131072, maxh = d ? 16384 : 65536;
    if (w < 1 || h < 1 || w > maxw || h > maxh || (d && (d < 1 || d > 16384))) {
        snprintf(why, len, "%lld x %lld x %lld texels: past CUDA's texture limits", (long long)w, (long long)h,
                 (long long)d);
        return false;
    }
    memset(ad, 0, sizeof *ad);
    ad->Width = (size_t)w;
    ad->Height = (size_t)h;
    ad->Depth = (size_t)d;      /* 0: a 2-D array */
    ad->Format = RT_CU_AD_FORMAT_FLOAT;
    ad->NumChannels = (unsigned)ch;
    memset(cp, 0, sizeof *cp);
    cp->srcMemoryType = RT_CU_MEMORYTYPE_DEVICE;
    cp->srcPitch = (size_t)(w * ch) * sizeof(float);
    cp->srcHeight = (size_t)h;
    cp->dstMemoryType = RT_CU_MEMORYTYPE_ARRAY;
    cp->WidthInBytes = cp->srcPitch;
    cp->Height = (size_t)h;
    cp->Depth = (size_t)(d ? d : 1);
    memset(td, 0, sizeof *td);
    int am = s->mode == 'w'   ? RT_CU_TR_ADDRESS_MODE_WRAP
             : s->mode == 'm' ? RT_CU_TR_ADDRESS_MODE_MIRROR
             : s->mode == 'b' ? RT_CU_TR_ADDRESS_MODE_BORDER
                              : RT_CU_TR_ADDRESS_MODE_CLAMP;
    for (int i = 0; i < 3; i++)
        td->addressMode[i] = am;
    td->filterMode = s->linear ? RT_CU_TR_FILTER_MODE_LINEAR : RT_CU_TR_FILTER_MODE_POINT;
    if (s->mode == 'w' || s->mode == 'm')
        td->flags = RT_CU_TRSF_NORMALIZED_COORDINATES;   /* wrap and mirror need them */
    td->maxAnisotropy = 1;
    return true;        /* borderColor: zeros ('safe reads 0 outside) */
}
