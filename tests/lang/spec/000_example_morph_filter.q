% spec: 000 "Example" (CUDA support guide)
% repaired: lines split by page layout joined (`morph_op : [__device__` / `(T, T) -> T])` and `init` / `, morph_op, pos)`)
% run: exec
% added: main, which runs the worked example as a dilation (a device lambda) and, through
% the explicit instantiation morph_filter[scalar], as an erosion with op_min
op_min = __device__ (x,y) -> min(x,y)

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

function [] = main()
    x = zeros(5, 5, 1)
    x[2, 2, 0] = 1
    x[0, 4, 0] = 2
    mask = ones(3, 3)
    y = morph_filter(x, mask, [1, 1], -1e30, __device__ (a, b) -> max(a, b))
    print y[:, :, 0]
    z = morph_filter[scalar](1 - x, mask, [1, 1], 1e30, op_min)
    print z[:, :, 0]
endfunction
% expect: [[0,0,0,2,2],[0,1,1,2,2],[0,1,1,1,0],[0,1,1,1,0],[0,0,0,0,0]]
% expect: [[1,1,1,-1,-1],[1,0,0,-1,-1],[1,0,0,0,1],[1,0,0,0,1],[1,1,1,1,1]]
