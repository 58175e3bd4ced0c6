% match inside a __device__ function returning a vector literal per case, called from a kernel.
function y = __device__ pick(h : int, a : scalar, b : scalar)
    match h with
    | 0 -> y = [a, b, 0]
    | 1 -> y = [b, a, 0]
    | _ -> y = [0, a + b, 1]
    endmatch
endfunction
function [] = __kernel__ k(y : mat, pos : int)
    y[pos, 0..2] = pick(pos, 2.5, 7)
endfunction
y = zeros(3, 3)
parallel_do(3, y, k)
print y
% expect: [[2.5,7,0],[7,2.5,0],[0,9.5,1]]
