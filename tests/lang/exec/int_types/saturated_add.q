% The spec's add of two uint8 matrices into a result with saturation.
function y : mat[uint8'sat] = add(a : mat[uint8], b : mat[uint8])
    y = mat[uint8](size(a,0), size(a,1))
    for m=0..size(a,0)-1
        for n=0..size(a,1)-1
            y[m,n] = a[m,n] + b[m,n]
        endfor
    endfor
endfunction
a = mat[uint8](2, 2)
b = mat[uint8](2, 2)
a[0,0] = 200
a[0,1] = 10
a[1,1] = 255
b[0,0] = 100
b[0,1] = 20
b[1,1] = 1
print add(a, b)
% expect: [[255,30],[0,255]]
