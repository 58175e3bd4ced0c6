% Several outputs are assigned with a multiple assignment.
function [s, d] = sumdiff(a, b)
    s = a + b
    d = a - b
endfunction
[u, v] = sumdiff(5, 3)
print u, " ", v
[_, w] = sumdiff(10, 4)
print w
% expect: 8 2
% expect: 6
