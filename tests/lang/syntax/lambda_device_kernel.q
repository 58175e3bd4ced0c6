% run: dump
% pins: __device__ and __kernel__ lambdas, with a parameter list or one bare parameter
d = __device__ (x : scalar) -> 2*x
k = __kernel__ (y : vec, pos : int) -> y[pos] = 0
e = __device__ x -> x + 1
% expect: (= d (lambda __device__ (x:scalar) (* 2 x)))
% expect: (= k (lambda __kernel__ (y:vec pos:int) (= (index y pos) 0)))
% expect: (= e (lambda __device__ (x) (+ x 1)))
