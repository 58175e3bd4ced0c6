% spec: 000 "Kernel tiling" (CUDA support guide)
% repaired: the example was extracted on one line; line breaks restored at statement boundaries
% run: parse
function [ ] = __kernel__ filter (im8 : mat[uint8], im_out : mat[uint8], K : int, pos : ivec(2))
    [m,n] = pos
    r2 = vec[int](4)
    for x=0..K-1
        r2 += im8[m,n+x+(0..3)]
    endfor
    im_out[m,n+(0..3)] = int(r2/(2*K))
endfunction
