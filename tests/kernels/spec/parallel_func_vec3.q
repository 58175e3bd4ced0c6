% Spec 004 §2.3: parallel_func, the kernel the loop parallelizer generates: a vec3 accumulator a += mask[N+k,N+l] * im[pos[0]+k,pos[1]+l,0..2] over a (2N+1)^2 window, written with im_out[pos[0],pos[1],0..2] = a.
% adapted: "for k=N..N" is -N..N (minus lost); a 4x4x3 synthetic image with N = 1; results printed times 9, rounded.
im = zeros(4, 4, 3)
for i = 0..3
    for j = 0..3
        for c = 0..2
            im[i, j, c] = mod(i * 4 + j + c * 7, 5)
        endfor
    endfor
endfor
im_out = zeros(size(im))
N = 1
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
print round(im_out[:, :, 0] * 9)
print round(im_out[:, :, 1] * 9)
print round(im_out[:, :, 2] * 9)
% expect: [[5,8,9,8],[12,15,14,9],[16,21,15,8],[12,16,12,5]]
% expect: [[8,15,16,11],[9,18,22,16],[8,14,18,15],[5,8,9,8]]
% expect: [[11,12,8,4],[16,21,15,8],[15,22,21,12],[8,15,16,11]]
