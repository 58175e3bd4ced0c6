% Spec 004 §2.4.2: device functions passed as function pointers; arithmetic_op takes fn : binary_function ([__device__ (scalar, scalar) -> scalar]).
% adapted: minus signs restored (`x  y`), a 2x3x2 cube instead of 50x50x3, B deterministic instead of rand; sub and mul launched as well.
% Definition of a __device__ function type
type binary_function : [__device__ (scalar, scalar) -> scalar]
add = __device__ (x : scalar, y : scalar) -> x + y
sub = __device__ (x : scalar, y : scalar) -> x - y
mul = __device__ (x : scalar, y : scalar) -> x * y
function [] = __kernel__ arithmetic_op(Y : cube, _
    A : cube, B : cube, fn : binary_function, pos : ivec3)
    Y[pos] = fn(A[pos], B[pos])
endfunction
A = ones(2,3,2)
B = reshape(0..11, [2, 3, 2]) / 4
Y = zeros(size(A))
parallel_do(size(Y),Y,A,B,add,arithmetic_op)
print Y
parallel_do(size(Y),Y,A,B,sub,arithmetic_op)
print Y
parallel_do(size(Y),Y,A,B,mul,arithmetic_op)
print Y
% expect: [[[1,1.25],[1.5,1.75],[2,2.25]],[[2.5,2.75],[3,3.25],[3.5,3.75]]]
% expect: [[[1,0.75],[0.5,0.25],[0,-0.25]],[[-0.5,-0.75],[-1,-1.25],[-1.5,-1.75]]]
% expect: [[[0,0.25],[0.5,0.75],[1,1.25]],[[1.5,1.75],[2,2.25],[2.5,2.75]]]
