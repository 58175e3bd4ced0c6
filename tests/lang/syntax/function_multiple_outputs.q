% run: dump
% pins: a function with several outputs, called with multiple assignment
function [x, y] = compute(a, b)
    x = a + b
    y = a * b
endfunction
[u, v] = compute(2,3)
% expect: function compute (x y) (a b)
% expect:   (= x (+ a b))
% expect:   (= y (* a b))
% expect: (= [u v] (call compute 2 3))
