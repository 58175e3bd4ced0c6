% A __device__ lambda can be called from host code (the spec's sinc).
sinc = __device__ (x:scalar) -> x == 0 ? 1.0 : sin(x)/x
print sinc(0)
print sinc(1)
% expect: 1
% expect: 0.841471
