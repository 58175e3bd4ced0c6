% run: dump
% pins: a __kernel__ function nested in a host function and launched with parallel_do
function y = double_all(x : vec)
    function [] = __kernel__ k(x : vec, y : vec, pos : int)
        y[pos] = 2 * x[pos]
    endfunction
    y = zeros(size(x))
    parallel_do(size(x), x, y, k)
endfunction
% expect: function double_all (y) (x:vec)
% expect:   function __kernel__ k () (x:vec y:vec pos:int)
% expect:     (= (index y pos) (* 2 (index x pos)))
% expect:   (= y (call zeros (call size x)))
% expect:   (call parallel_do (call size x) x y k)
