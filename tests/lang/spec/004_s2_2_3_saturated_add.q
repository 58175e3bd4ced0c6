% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: typographic apostrophe is "'"; "size(a,0)1" is "size(a,0)-1" (and for dimension 1)
% run: exec
% example: sum of two uint8 matrices with saturation
function y : mat[uint8'sat] = add(a : mat[uint8], b : mat[uint8])
    for m=0..size(a,0)-1
        for n=0..size(a,1)-1
            y[m,n] = a[m,n] + b[m,n]
        endfor
    endfor
endfunction
