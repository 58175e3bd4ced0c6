% spec: 004 §2.3 "Automatic parallelization" (reference manual excerpt)
% repaired: "N..N" is "-N..N"
% run: parse
% example: the equivalent parallel program
im = imread("image_big.tif")
im_out = zeros(size(im))
N = 5
mask = ones(2*N+1,2*N+1)/(2*N+1)^2
function []=__kernel__ parallel_func(im:cube,im_out:cube,mask:mat,N:int,pos:ivec2)
    a = [0.,0.,0.]
    for k=-N..N
        for l=-N..N
            a += mask[N+k,N+l] * im[pos[0]+k,pos[1]+l,0..2]
        endfor
    endfor
    im_out[pos[0],pos[1],0..2] = a
endfunction
parallel_do(size(im,0..1),im,im_out,mask,N,parallel_func)
