% run: dump
% pins: one output written in brackets prints like the bare form
function [y] = f(x)
    y = x
endfunction
% expect: function f (y) (x)
% expect:   (= y x)
