% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: typographic apostrophes are "'"; the header is a fragment: completed with an empty body and endfunction
% run: parse
% example: modifiers of kernel function arguments
function [] = __kernel__ imfilter_kernel_nonsep_mirror_ext(y : cube'unchecked,
x : cube'unchecked, mask : mat'unchecked'const, center : ivec2, pos : ivec3)
    % (body not given in the spec)
endfunction
