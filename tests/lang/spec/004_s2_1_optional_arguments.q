% spec: 004 §2.1 "Optional function arguments" (reference manual excerpt)
% repaired: nothing
% run: exec
function [y, k] = my_func(b : mat, a : scalar = 4)
    print a + b
    y = k = 0
endfunction
my_func(2)
% expect: 6
