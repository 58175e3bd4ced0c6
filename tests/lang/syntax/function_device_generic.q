% run: dump
% pins: a generic __device__ function with one output
function y = __device__ norm[T](x : vec[T])
    y = sqrt(sum(x .* x))
endfunction
% expect: function __device__ norm[T] (y) (x:vec[T])
% expect:   (= y (call sqrt (call sum (.* x x))))
