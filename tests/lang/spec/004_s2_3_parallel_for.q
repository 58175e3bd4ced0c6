% spec: 004 §2.3 "Automatic parallelization" (reference manual excerpt)
% repaired: "size(im,0)1" is "size(im,0)-1" (and for dimension 1)
% run: parse
% example: {!parallel for}
{!parallel for}
for m=0..size(im,0)-1
    for n=0..size(im,1)-1
    endfor
endfor
