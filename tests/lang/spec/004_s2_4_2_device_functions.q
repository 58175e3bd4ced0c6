% spec: 004 §2.4.2 "Device functions" (reference manual excerpt)
% repaired: "->" restored; "x  y" is "x - y"; "[x[1], x[0]]" is "[-x[1], x[0]]"
% run: parse
% example: device functions called from a kernel
add = __device__ (x : scalar, y : scalar) -> x + y
sub = __device__ (x : scalar, y : scalar) -> x - y
mul = __device__ (x : scalar, y : scalar) -> x * y
orth = __device__ (x : vec2) -> [-x[1], x[0]]
ident = __device__ (x : scalar) -> sub(add(x, 2*x), 2*x)
function [] = __kernel__ my_kernel (X : mat, Y : mat, Z : mat, pos : ivec2)
    Z[pos] = add(X[pos], Y[pos])
    v = orth([X[pos], Y[pos]])
endfunction
X = ones(4,4)
Y = eye(4)
Z = zeros(size(X))
parallel_do(size(Z),X,Y,Z,my_kernel)
