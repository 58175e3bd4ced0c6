/*
 * test_cuda_abi.c - our declarations of the driver's texture structs (runtime/cuda/texture.h)
 * and of the interop's 2-D copy (runtime/cuda/gl.h) against cuda.h's: same size, same member offsets, same constants. A static test: it is
 * compiled together with /usr/local/cuda/include/cuda.h (the toolkit on the test machine),
 * so a difference fails the build of this test; the run reports what was compared. Where
 * the header is missing the run says so and fails (the toolkit belongs to the test machine).
 */
#include "runtime/cuda/gl.h"
#include "runtime/cuda/texture.h"
#include "tests/unit/check.h"

#include <stddef.h>

#if defined(__has_include)
#if __has_include("/usr/local/cuda/include/cuda.h")
#include "/usr/local/cuda/include/cuda.h"
#define HAVE_CUDA_H 1
#endif
#endif

#ifdef HAVE_CUDA_H
#define SAME(ours, theirs, m) \
    _Static_assert(offsetof(ours, m) == offsetof(theirs, m), #ours "." #m " is not where cuda.h has it")
#define SAME_SIZE(ours, theirs) _Static_assert(sizeof(ours) == sizeof(theirs), #ours " is not cuda.h's size")

SAME_SIZE(RtCuArray3DDesc, CUDA_ARRAY3D_DESCRIPTOR);
SAME(RtCuArray3DDesc, CUDA_ARRAY3D_DESCRIPTOR, Depth);
SAME(RtCuArray3DDesc, CUDA_ARRAY3D_DESCRIPTOR, Format);
SAME(RtCuArray3DDesc, CUDA_ARRAY3D_DESCRIPTOR, NumChannels);
SAME(RtCuArray3DDesc, CUDA_ARRAY3D_DESCRIPTOR, Flags);

SAME_SIZE(RtCuMemcpy3D, CUDA_MEMCPY3D);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, srcMemoryType);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, srcDevice);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, srcPitch);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, srcHeight);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, dstMemoryType);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, dstArray);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, WidthInBytes);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, Height);
SAME(RtCuMemcpy3D, CUDA_MEMCPY3D, Depth);

SAME_SIZE(RtCuResourceDesc, CUDA_RESOURCE_DESC);
SAME(RtCuResourceDesc, CUDA_RESOURCE_DESC, res);
SAME(RtCuResourceDesc, CUDA_RESOURCE_DESC, res.array.hArray);
SAME(RtCuResourceDesc, CUDA_RESOURCE_DESC, flags);

SAME_SIZE(RtCuTexDesc, CUDA_TEXTURE_DESC);
SAME(RtCuTexDesc, CUDA_TEXTURE_DESC, filterMode);
SAME(RtCuTexDesc, CUDA_TEXTURE_DESC, flags);
SAME(RtCuTexDesc, CUDA_TEXTURE_DESC, maxAnisotropy);
SAME(RtCuTexDesc, CUDA_TEXTURE_DESC, borderColor);

_Static_assert((int)RT_CU_AD_FORMAT_FLOAT == (int)CU_AD_FORMAT_FLOAT, "format");
_Static_assert((int)RT_CU_TR_ADDRESS_MODE_WRAP == (int)CU_TR_ADDRESS_MODE_WRAP, "wrap");
_Static_assert((int)RT_CU_TR_ADDRESS_MODE_CLAMP == (int)CU_TR_ADDRESS_MODE_CLAMP, "clamp");
_Static_assert((int)RT_CU_TR_ADDRESS_MODE_MIRROR == (int)CU_TR_ADDRESS_MODE_MIRROR, "mirror");
_Static_assert((int)RT_CU_TR_ADDRESS_MODE_BORDER == (int)CU_TR_ADDRESS_MODE_BORDER, "border");
_Static_assert((int)RT_CU_TR_FILTER_MODE_POINT == (int)CU_TR_FILTER_MODE_POINT, "point");
_Static_assert((int)RT_CU_TR_FILTER_MODE_LINEAR == (int)CU_TR_FILTER_MODE_LINEAR, "linear");
_Static_assert((int)RT_CU_TRSF_NORMALIZED_COORDINATES == (int)CU_TRSF_NORMALIZED_COORDINATES, "normalized");
_Static_assert((int)RT_CU_RESOURCE_TYPE_ARRAY == (int)CU_RESOURCE_TYPE_ARRAY, "array");
_Static_assert((int)RT_CU_MEMORYTYPE_DEVICE == (int)CU_MEMORYTYPE_DEVICE, "device");
_Static_assert((int)RT_CU_MEMORYTYPE_ARRAY == (int)CU_MEMORYTYPE_ARRAY, "array memory");
_Static_assert(sizeof(RtCuTexObject) == sizeof(CUtexObject), "texture object handle");

SAME_SIZE(RtCuMemcpy2D, CUDA_MEMCPY2D);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, srcY);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, srcMemoryType);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, srcDevice);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, srcPitch);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, dstMemoryType);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, dstArray);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, dstPitch);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, WidthInBytes);
SAME(RtCuMemcpy2D, CUDA_MEMCPY2D, Height);
_Static_assert((int)RT_CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD == (int)CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD,
               "write discard");
#endif

int main(void)
{
#ifdef HAVE_CUDA_H
    report("texture_structs_match_cuda_h", NULL);
    report("interop_copy_struct_matches_cuda_h", NULL);
#else
    report("texture_structs_match_cuda_h", "no /usr/local/cuda/include/cuda.h to compare with");
#endif
    return failures != 0;
}
