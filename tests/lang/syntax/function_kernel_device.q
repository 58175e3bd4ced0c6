% run: dump
% pins: __kernel__ and __device__ functions, with empty and non-empty outputs
function [] = __kernel__ fill(y : vec, pos : int)
    y[pos] = 1
endfunction
function y = __device__ twice(x : scalar)
    y = 2 * x
endfunction
function z : scalar = __device__ sq(x : scalar)
    z = x * x
endfunction
% expect: function __kernel__ fill () (y:vec pos:int)
% expect:   (= (index y pos) 1)
% expect: function __device__ twice (y) (x:scalar)
% expect:   (= y (* 2 x))
% expect: function __device__ sq (z:scalar) (x:scalar)
% expect:   (= z (* x x))
