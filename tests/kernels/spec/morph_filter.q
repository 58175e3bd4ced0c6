% Spec 000 "Example": the generic morph_filter[T] with a nested kernel (x : cube[T]'mirror, mask : mat[T]'unchecked'hwconst) and a
% function-typed morph_op; erosion with op_min on a scalar cube, dilation with op_max on an int cube (T = int).
% adapted: lines split by page layout joined; a 4x5x1 synthetic image; op_max added to show a second specialisation.
op_min = __device__ (x,y) -> min(x,y)
op_max = __device__ (x,y) -> max(x,y)

function y = morph_filter[T](x : cube[T], mask : mat[T], ctr : ivec2, init : T, morph_op : [__device__ (T, T) -> T])
    function [] = __kernel__ kernel (x : cube[T]'mirror, y, mask : mat[T]'unchecked'hwconst, ctr, init, morph_op, pos)
        {!kernel_transform enable="localwindow"}
        res = init
        for m=0..size(mask,0)-1
            for n=0..size(mask,1)-1
                if mask[m,n] != 0
                    res = morph_op(res,x[pos+[m-ctr[0],n-ctr[1],0]])
                endif
            endfor
        endfor
        y[pos] = res
    endfunction

y = cube[T](size(x))
parallel_do(size(x),x,y,mask,ctr,init,morph_op,kernel)
endfunction

x = zeros(4, 5, 1)
for i = 0..3
    for j = 0..4
        x[i, j, 0] = mod((i * 5 + j) * 7, 13)
    endfor
endfor
mask = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
y = morph_filter(x, mask, int([1, 1]), 1000.0, op_min)
print y[:, :, 0]
xi = cube[int](4, 5, 1)
xi[:, :, :] = x
maski = mat[int](3, 3)
maski[:, :] = mask
yi = morph_filter(xi, maski, int([1, 1]), -1000, op_max)
print yi[:, :, 0], " ", type(yi)
% expect: [[0,0,1,1,2],[0,3,1,0,2],[1,3,0,0,0],[1,1,2,0,3]]
% expect: [[9,7,10,8,11],[9,12,10,11,11],[12,12,12,9,11],[8,12,9,9,9]] cube[int]
