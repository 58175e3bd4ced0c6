% run: dump
% pins: several functions with the same name (overloads) are all kept
function y = f(x : scalar)
    y = x
endfunction
function y = f(x : vec)
    y = sum(x)
endfunction
function y = f(x : mat, n : int)
    y = x * n
endfunction
% expect: function f (y) (x:scalar)
% expect:   (= y x)
% expect: function f (y) (x:vec)
% expect:   (= y (call sum x))
% expect: function f (y) (x:mat n:int)
% expect:   (= y (* x n))
