% spec: 002 "Example" (CUDA support guide, 2015 edition)
% repaired: typographic quotes in the parameter types (`cube[T] 'mirror'`, `mat[T] 'unchecked'` / `hwconst`) restored to `cube[T]'mirror`, `mat[T]'unchecked'hwconst`; lines split by page layout joined
% run: parse
% note: old-style end keywords: `end` for `for`/`function`, `endif` for `if` (as 004 describes
% for older versions; not a mix).
op_min = __device__ (x,y) -> min(x,y)

function y = morph_filter[T](x : cube[T], mask : mat[T], ctr : ivec2, init : T, morph_op : [__device__ (T, T) -> T])
    function [] = __kernel__ kernel (x : cube[T]'mirror, y, mask : mat[T]'unchecked'hwconst, ctr, init, morph_op, pos)
        {!kernel_transform enable="localwindow"}
        res = init
        for m=0..size(mask,0)-1
            for n=0..size(mask,1)-1
                if mask[m,n] != 0
                    res = morph_op(res, x[pos+[m-ctr[0], n-ctr[1], 0]])
                endif
            end
        end
        y[pos] = res
    end

y = cube[T](size(x))
parallel_do(size(x), x, y, mask, ctr, init, morph_op, kernel)
end
