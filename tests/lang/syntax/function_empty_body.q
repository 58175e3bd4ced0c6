% run: dump
% pins: a function with an empty body prints only its header
function [] = f()
endfunction
x = 1
% expect: function f () ()
% expect: (= x 1)
