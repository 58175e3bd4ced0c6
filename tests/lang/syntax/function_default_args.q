% run: dump
% pins: parameters with types and default values, the defaults being expressions
function [y, k] = my_func(b : mat, a : scalar = 4)
    y = k = 0
endfunction
function [y, k] = my_func2(b : mat, a : mat = eye(4))
    y = k = a
endfunction
function [y, k] = my_func3(b : mat, a : mat = A .* B, c = 2 * b)
    y = k = c
endfunction
% expect: function my_func (y k) (b:mat a:scalar=4)
% expect:   (= y (= k 0))
% expect: function my_func2 (y k) (b:mat a:mat=(call eye 4))
% expect:   (= y (= k a))
% expect: function my_func3 (y k) (b:mat a:mat=(.* A B) c=(* 2 b))
% expect:   (= y (= k c))
