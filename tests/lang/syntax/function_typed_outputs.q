% run: dump
% pins: typed outputs print as name:T, with one output and with several
function [y : vec, n : int] = f(x : vec)
    y = x
    n = numel(x)
endfunction
function z : scalar = g(x : scalar)
    z = x
endfunction
% expect: function f (y:vec n:int) (x:vec)
% expect:   (= y x)
% expect:   (= n (call numel x))
% expect: function g (z:scalar) (x:scalar)
% expect:   (= z x)
