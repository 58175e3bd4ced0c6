% Spec 004 §2.4.2: device lambdas add, sub, mul, orth and ident (a device function calling device functions), used by my_kernel.
% adapted: minus signs restored; Z printed, and v = orth(...) written to W so that its value is observable.
add = __device__ (x : scalar, y : scalar) -> x + y
sub = __device__ (x : scalar, y : scalar) -> x - y
mul = __device__ (x : scalar, y : scalar) -> x * y
orth = __device__ (x : vec2) -> [-x[1], x[0]]
ident = __device__ (x : scalar) -> sub(add(x, 2*x), 2*x)
function [] = __kernel__ my_kernel (X : mat, Y : mat, Z : mat, W : mat, pos : ivec2)
    Z[pos] = add(X[pos], Y[pos])
    v = orth([X[pos], Y[pos]])
    W[pos] = mul(v[0], ident(v[1]))
endfunction
X = ones(4,4)
Y = eye(4)
Z = zeros(size(X))
W = zeros(size(X))
parallel_do(size(Z),X,Y,Z,W,my_kernel)
print Z
print W
% expect: [[2,1,1,1],[1,2,1,1],[1,1,2,1],[1,1,1,2]]
% expect: [[-1,0,0,0],[0,-1,0,0],[0,0,-1,0],[0,0,0,-1]]
