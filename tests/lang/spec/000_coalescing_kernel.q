% spec: 000 "Memory coalescing transform" (CUDA support guide)
% repaired: nothing
% run: parse
function [] = __kernel__ kernel(im : mat'unchecked, im_out : mat'unchecked, pos : ivec2)
    {!tuning_param name="$param_memcoalescing"; default=true}
    im_out[pos[1],pos[0]] = im[pos[1],pos[0]]
endfunction

parallel_do(size(im_out, [1,0]), im, im_out, kernel)
