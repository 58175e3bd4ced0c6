% Device functions calling device functions (spec 004 §2.4.2: add, sub, ident, orth) inside a kernel.
add = __device__ (x : scalar, y : scalar) -> x + y
sub = __device__ (x : scalar, y : scalar) -> x - y
orth = __device__ (x : vec2) -> [-x[1], x[0]]
ident = __device__ (x : scalar) -> sub(add(x, 2*x), 2*x)
function [] = __kernel__ my_kernel(X : mat, Y : mat, Z : mat, W : cube, pos : ivec2)
    Z[pos] = add(X[pos], Y[pos]) + ident(10)
    v = orth([X[pos], Y[pos]])
    W[pos[0], pos[1], 0..1] = v
endfunction
X = ones(2, 2)
Y = eye(2) * 3
Z = zeros(size(X))
W = zeros(2, 2, 2)
parallel_do(size(Z), X, Y, Z, W, my_kernel)
print Z
print W
% expect: [[14,11],[11,14]]
% expect: [[[-3,1],[0,1]],[[0,1],[-3,1]]]
