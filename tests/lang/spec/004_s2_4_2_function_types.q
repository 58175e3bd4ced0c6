% spec: 004 §2.4.2 "Device functions" (reference manual excerpt)
% repaired: "->" restored
% run: parse
% example: types of kernel and device functions
imfilter_kernel_nonsep_mirror_ext : _
[__kernel__(cube,cube,mat,ivec2,ivec3) -> ()]
lerp : [__device__(scalar,scalar,scalar) -> scalar]
orth : [__device__(vec2) -> vec2]
