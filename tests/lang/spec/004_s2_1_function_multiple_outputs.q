% spec: 004 §2.1 "Functions" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: multiple output arguments
function [x, y] = compute(a, b)
    x = a + b
    y = a * b
endfunction
[u, v] = compute(2,3)
print u, " ", v
% expect: 5 6
