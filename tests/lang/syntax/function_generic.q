% run: dump
% pins: generic functions f[T](...) and generic parameters with types
function y = first[T](x : vec[T])
    y = x[0]
endfunction
function [y, k] = __kernel__ f[T, N : int](a : vec, b = 2, ...c : vec)
    y = k = a
endfunction
% expect: function first[T] (y) (x:vec[T])
% expect:   (= y (index x 0))
% expect: function __kernel__ f[T N:int] (y k) (a:vec b=2 ...c:vec)
% expect:   (= y (= k a))
